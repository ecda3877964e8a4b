/// Places labels greedily on a grid of cells: each goes right of its marker, else left, above or below,
/// where it overlaps nothing placed before (labels keep a cell's gap from each other) and stays inside
/// the grid; one that fits nowhere is dropped.
struct MapLabelPlacer {
    let columns: Int
    let rows: Int
    private var taken: [Bool]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        taken = Array(repeating: false, count: self.columns * self.rows)
    }

    mutating func occupy(row: Int, column: Int, width: Int) {
        guard row >= 0, row < rows else { return }
        for c in max(0, column)..<max(max(0, column), min(columns, column + width)) { taken[row * columns + c] = true }
    }

    func isFree(row: Int, column: Int, width: Int) -> Bool {
        guard width > 0, row >= 0, row < rows, column >= 0, column + width <= columns else { return false }
        return (column..<column + width).allSatisfy { !taken[row * columns + $0] }
    }

    /// Finds a place for a label `width` cells wide beside a marker, takes it (with a free cell either
    /// side) and returns it.
    mutating func place(width: Int, besideRow row: Int, column: Int, markerWidth: Int) -> (row: Int, column: Int)? {
        let candidates = [(row, column + markerWidth + 1), (row, column - 1 - width),
                          (row - 1, column), (row + 1, column),
                          (row - 1, column + markerWidth - width), (row + 1, column + markerWidth - width)]
        guard let spot = candidates.first(where: { isFree(row: $0.0, column: $0.1, width: width) }) else { return nil }
        occupy(row: spot.0, column: spot.1 - 1, width: width + 2)
        return spot
    }
}
