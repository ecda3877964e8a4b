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
        let start = row * columns + column
        for cell in start..<start + width where taken[cell] { return false }
        return true
    }

    /// Finds a place for a label `width` cells wide beside a marker, takes it (with a free cell either
    /// side) and returns it: right of the marker, else left, above, below, above ending with it, below ending
    /// with it (tried one by one: a 500-stop map places thousands of labels a frame, without an array each).
    mutating func place(width: Int, besideRow row: Int, column: Int, markerWidth: Int) -> (row: Int, column: Int)? {
        for candidate in 0..<6 {
            let spot: (row: Int, column: Int)
            switch candidate {
            case 0: spot = (row, column + markerWidth + 1)
            case 1: spot = (row, column - 1 - width)
            case 2: spot = (row - 1, column)
            case 3: spot = (row + 1, column)
            case 4: spot = (row - 1, column + markerWidth - width)
            default: spot = (row + 1, column + markerWidth - width)
            }
            guard isFree(row: spot.row, column: spot.column, width: width) else { continue }
            occupy(row: spot.row, column: spot.column - 1, width: width + 2)
            return spot
        }
        return nil
    }
}
