/// Each column's widest cell over rows that come and go. It counts the cells of each width, so adding or removing a
/// row costs that row's cells only, and a column narrows when no cell of its widest width is left. Widths are
/// those of validated names (`Limits.nameLength`), so the counts stay short.
struct ColumnWidths: Equatable {
    /// Per column, how many cells are each width wide.
    private var counts: [[Int]]
    private(set) var widest: [Int]

    init(columns: Int) {
        counts = Array(repeating: [], count: columns)
        widest = Array(repeating: 0, count: columns)
    }

    mutating func add(_ width: Int, in column: Int) {
        if counts[column].count <= width {
            counts[column] += repeatElement(0, count: width + 1 - counts[column].count)
        }
        counts[column][width] += 1
        widest[column] = max(widest[column], width)
    }

    /// Takes away a cell `add` counted.
    mutating func remove(_ width: Int, in column: Int) {
        counts[column][width] -= 1
        guard width == widest[column], counts[column][width] == 0 else { return }
        widest[column] = counts[column][..<width].lastIndex { $0 > 0 } ?? 0
    }
}
