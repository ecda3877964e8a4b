/// The seam between the UI and a real or simulated terminal. Screens draw through it every
/// frame (clear, draw everything, one `flush`), so a test can render into `MemoryTerminal`.
public protocol Terminal: AnyObject {
    /// Current size; changes only between events (a `.resize` key announces it).
    var size: TerminalSize { get }
    /// Glyphs this terminal can show (ASCII stand-ins in a non-UTF-8 locale).
    var symbols: Symbols { get }
    /// Blanks the whole drawing surface; the next `flush` sends only what changed.
    func clear()
    /// Puts one glyph at a cell. Callers keep it on screen (`draw` does); cells outside are ignored.
    func put(_ glyph: Glyph, row: Int, column: Int, attributes: Attributes)
    /// Puts `count` glyphs side by side from a cell, the i-th `glyph(i)`, all with `attributes`, as a `put` of each
    /// would: one call for a run of cells (a map puts thousands of cells a frame, in runs along its rows and labels).
    func put(count: Int, row: Int, column: Int, attributes: Attributes, glyph: (Int) -> Glyph)
    /// Shows the text cursor at a cell (the focused text field); otherwise it stays hidden.
    func showCursor(row: Int, column: Int)
    func hideCursor()
    /// Sends the frame to the screen in one go (ncurses: one `doupdate`).
    func flush()
    /// Waits for the next event: `timeout` in milliseconds, nil to wait as long as it takes.
    /// Returns nil when the timeout passed with no input.
    func readEvent(timeout: Int?) -> InputEvent?
    /// Makes a waiting `readEvent` return `.wake`. Safe to call from any thread.
    func wake()
    /// Asks the terminal to put `text` on the system clipboard. Returns whether the request was sent:
    /// a terminal never says whether it obeyed, so false means "this one is known not to take it".
    func copyToClipboard(_ text: String) -> Bool
}

extension Terminal {
    public func copyToClipboard(_ text: String) -> Bool { false }

    public func put(count: Int, row: Int, column: Int, attributes: Attributes, glyph: (Int) -> Glyph) {
        var column = column
        for index in 0..<max(0, count) {
            let glyph = glyph(index)
            put(glyph, row: row, column: column, attributes: attributes)
            column += glyph.width
        }
    }

    /// Draws `text` (sanitised) at a cell, clipped with an ellipsis to `width` columns and to the
    /// screen edge, never splitting a wide character. Returns the columns used.
    @discardableResult
    public func draw(_ text: String, row: Int, column: Int, width: Int? = nil, attributes: Attributes = .normal) -> Int {
        let size = self.size
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return 0 }
        let budget = min(width ?? Int.max, size.columns - column)
        var col = column
        // Printable ASCII that fits (most of what screens draw): a glyph per byte, no array of them, in one run.
        if text.utf8.count <= budget, TextWidth.isPrintableASCII(text) {
            var text = text
            // A no-op for Swift's own strings; it makes the bytes' buffer below always there.
            text.makeContiguousUTF8()
            let ascii = Glyph.printableASCII
            return text.utf8.withContiguousStorageIfAvailable { bytes in
                put(count: bytes.count, row: row, column: column, attributes: attributes) { ascii[Int(bytes[$0]) - 0x20] }
                return bytes.count
            }!
        }
        for glyph in TextWidth.clippedGlyphs(text, to: budget, ellipsis: symbols.ellipsis) {
            put(glyph, row: row, column: col, attributes: attributes)
            col += glyph.width
        }
        return col - column
    }

    /// Draws `text` and pads it with spaces to exactly `width` columns (selection bars, status lines).
    public func drawPadded(_ text: String, row: Int, column: Int, width: Int, attributes: Attributes = .normal) {
        let used = draw(text, row: row, column: column, width: width, attributes: attributes)
        fill(row: row, column: column + used, width: width - used, attributes: attributes)
    }

    /// Paints `width` blank cells with `attributes`.
    public func fill(row: Int, column: Int, width: Int, attributes: Attributes = .normal) {
        let size = self.size
        guard row >= 0, row < size.rows else { return }
        let start = max(0, column)
        let end = min(size.columns, column + width)
        guard start < end else { return }
        for col in start..<end { put(.space, row: row, column: col, attributes: attributes) }
    }

    /// Paints every cell of `rect` (a dialog's background).
    public func fill(_ rect: Rect, attributes: Attributes = .normal) {
        for row in rect.row..<rect.bottom { fill(row: row, column: rect.column, width: rect.columns, attributes: attributes) }
    }

    /// Draws a one-cell border around `rect`, with an optional title in the top edge.
    public func drawBox(_ rect: Rect, title: String? = nil, attributes: Attributes = .normal) {
        guard rect.rows >= 2, rect.columns >= 2 else { return }
        let s = symbols
        let inner = rect.columns - 2
        let horizontal = String(repeating: s.horizontal, count: inner)
        draw(s.topLeft + horizontal + s.topRight, row: rect.row, column: rect.column, attributes: attributes)
        draw(s.bottomLeft + horizontal + s.bottomRight, row: rect.bottom - 1, column: rect.column, attributes: attributes)
        for row in (rect.row + 1)..<(rect.bottom - 1) {
            draw(s.vertical, row: row, column: rect.column, attributes: attributes)
            draw(s.vertical, row: row, column: rect.right - 1, attributes: attributes)
        }
        if let title, inner > 2 {
            draw(" \(title) ", row: rect.row, column: rect.column + 1, width: inner, attributes: Attributes(attributes.role, attributes.style.union(.bold)))
        }
    }
}
