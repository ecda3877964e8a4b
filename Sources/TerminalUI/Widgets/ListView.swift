/// A scrolling list: selection, a scroll offset that keeps the selection visible, the usual
/// movement keys, a scrollbar and a "12/340" position. A View keeps one, sets `count` from its
/// view model, draws it every frame and forwards keys to `handle(_:)`.
public final class ListView {
    /// Number of rows; the selection and offset are clamped when it changes.
    public var count: Int {
        didSet {
            if count < 0 { count = 0 }
            clamp()
        }
    }
    /// Index of the selected row (0 when the list is empty).
    public private(set) var selection = 0
    /// Index of the first visible row.
    public private(set) var offset = 0
    /// Rows that fit, from the last `render` (PgUp/PgDn move by this).
    public private(set) var pageSize = 1
    /// Where the rows were drawn last, for mapping mouse clicks.
    public private(set) var lastRect = Rect(row: 0, column: 0, rows: 0, columns: 0)

    public init(count: Int = 0) {
        self.count = max(0, count)
    }

    /// The selected row, nil when the list is empty.
    public var selectedIndex: Int? { count > 0 ? selection : nil }

    /// The rows on screen.
    public var visibleRange: Range<Int> { offset..<min(count, offset + pageSize) }

    /// "12/340", or "" when empty.
    public var positionText: String { count > 0 ? "\(selection + 1)/\(count)" : "" }

    /// Selects a row (clamped) and scrolls it into view.
    public func select(_ index: Int) {
        selection = index
        clamp()
    }

    /// Handles ↑/↓/k/j, PgUp/PgDn, Home/End/g/G, the wheel and clicks on a row.
    /// Returns whether the key was a list key (the selection may not have moved).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        switch key {
        case .up, .character("k"): select(selection - 1)
        case .down, .character("j"): select(selection + 1)
        case .pageUp: select(selection - max(1, pageSize - 1))
        case .pageDown: select(selection + max(1, pageSize - 1))
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(count - 1)
        case .scrollUp: scroll(by: -3)
        case .scrollDown: scroll(by: 3)
        case .click(let row, let column):
            guard let index = index(atRow: row, column: column) else { return false }
            select(index)
        default: return false
        }
        return true
    }

    /// The row drawn at a screen cell, from the last render.
    public func index(atRow row: Int, column: Int) -> Int? {
        guard lastRect.contains(row: row, column: column) else { return nil }
        let index = offset + row - lastRect.row
        return index < count ? index : nil
    }

    /// Moves the view by `delta` rows, dragging the selection along only if it would leave the view.
    public func scroll(by delta: Int) {
        offset = max(0, min(offset + delta, count - pageSize))
        selection = min(max(selection, offset), max(offset, offset + pageSize - 1))
        clamp()
    }

    /// Draws the visible rows in `rect`. `drawRow` draws row `index` in its one-line rect; the
    /// selected row is already filled with `.selection` and `selected` tells it to use that style.
    /// A scrollbar takes the last column when the rows do not all fit.
    public func render(on terminal: Terminal, in rect: Rect,
                       drawRow: (_ index: Int, _ rowRect: Rect, _ selected: Bool) -> Void) {
        pageSize = max(1, rect.rows)
        clamp()
        let needsBar = count > rect.rows && rect.columns > 1
        let rowsRect = Rect(row: rect.row, column: rect.column, rows: rect.rows, columns: rect.columns - (needsBar ? 1 : 0))
        lastRect = rowsRect
        guard !rowsRect.isEmpty else { return }
        for (line, index) in visibleRange.enumerated() {
            let rowRect = Rect(row: rowsRect.row + line, column: rowsRect.column, rows: 1, columns: rowsRect.columns)
            let selected = index == selection
            if selected { terminal.fill(rowRect, attributes: .selection) }
            drawRow(index, rowRect, selected)
        }
        if needsBar { renderScrollbar(on: terminal, column: rect.right - 1, rows: rect.row..<rect.bottom) }
    }

    /// Convenience: each row is one line of text.
    public func render(on terminal: Terminal, in rect: Rect, text: (Int) -> String) {
        render(on: terminal, in: rect) { index, rowRect, selected in
            terminal.draw(text(index), row: rowRect.row, column: rowRect.column, width: rowRect.columns,
                          attributes: selected ? .selection : .normal)
        }
    }

    /// The list's keys as rows of a screen's key table (the ones `handle` moves by); `move` forwards the key to
    /// the screen's list and tells its presenter.
    public static func keyRows<Target>(_ move: @escaping (Target, Key) -> Void) -> [KeyTable<Target>.Row] {
        [
            .init([.up, .down, .character("k"), .character("j")], "move the selection", key: move),
            .init([.pageUp, .pageDown], "page up / down", key: move),
            .init([.home, .end, .character("g"), .character("G")], "first / last", key: move),
        ]
    }

    private func renderScrollbar(on terminal: Terminal, column: Int, rows: Range<Int>) {
        let height = rows.count
        guard height > 0, count > 0 else { return }
        let thumb = max(1, height * pageSize / count)
        let maxOffset = max(1, count - pageSize)
        let start = (height - thumb) * min(offset, maxOffset) / maxOffset
        // Each symbol measured once, not once a row.
        let ellipsis = terminal.symbols.ellipsis
        let thumbGlyphs = TextWidth.clippedGlyphs(terminal.symbols.scrollThumb, to: 1, ellipsis: ellipsis)
        let trackGlyphs = TextWidth.clippedGlyphs(terminal.symbols.scrollTrack, to: 1, ellipsis: ellipsis)
        for (line, row) in rows.enumerated() {
            for glyph in (start..<start + thumb).contains(line) ? thumbGlyphs : trackGlyphs {
                terminal.put(glyph, row: row, column: column, attributes: .muted)
            }
        }
    }

    private func clamp() {
        selection = count == 0 ? 0 : min(max(0, selection), count - 1)
        if selection < offset { offset = selection }
        if selection >= offset + pageSize { offset = selection - pageSize + 1 }
        offset = max(0, min(offset, count - pageSize))
    }
}
