/// The terminal's size in character cells.
public struct TerminalSize: Equatable, Hashable, Sendable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// A rectangle of cells; screens and widgets lay themselves out inside one every frame.
public struct Rect: Equatable, Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var rows: Int
    public var columns: Int

    public init(row: Int, column: Int, rows: Int, columns: Int) {
        self.row = row
        self.column = column
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    /// The whole screen of a terminal of `size`.
    public init(size: TerminalSize) {
        self.init(row: 0, column: 0, rows: size.rows, columns: size.columns)
    }

    public var isEmpty: Bool { rows == 0 || columns == 0 }
    /// One past the last row.
    public var bottom: Int { row + rows }
    /// One past the last column.
    public var right: Int { column + columns }

    /// Shrinks by `margin` cells on every side (never below zero size).
    public func inset(by margin: Int) -> Rect {
        Rect(row: row + margin, column: column + margin, rows: rows - 2 * margin, columns: columns - 2 * margin)
    }

    /// A rectangle of at most the given size, centred in this one (dialogs).
    public func centered(rows wanted: Int, columns wantedColumns: Int) -> Rect {
        let r = min(max(0, wanted), rows)
        let c = min(max(0, wantedColumns), columns)
        return Rect(row: row + (rows - r) / 2, column: column + (columns - c) / 2, rows: r, columns: c)
    }

    /// The first `count` rows (clamped), e.g. a title line.
    public func top(_ count: Int) -> Rect {
        Rect(row: row, column: column, rows: min(max(0, count), rows), columns: columns)
    }

    /// Everything below the first `count` rows.
    public func dropTop(_ count: Int) -> Rect {
        let n = min(max(0, count), rows)
        return Rect(row: row + n, column: column, rows: rows - n, columns: columns)
    }

    /// The last `count` rows (clamped), e.g. a status or hint line.
    public func bottom(_ count: Int) -> Rect {
        let n = min(max(0, count), rows)
        return Rect(row: bottom - n, column: column, rows: n, columns: columns)
    }

    /// Everything above the last `count` rows.
    public func dropBottom(_ count: Int) -> Rect {
        Rect(row: row, column: column, rows: rows - min(max(0, count), rows), columns: columns)
    }

    public func contains(row r: Int, column c: Int) -> Bool {
        r >= row && r < bottom && c >= column && c < right
    }
}
