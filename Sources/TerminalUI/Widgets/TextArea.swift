import SafeText

/// A multi-line text input for notes: lines wrap at the width it is drawn in, the cursor moves
/// by grapheme and by screen row, Enter starts a new line, and the view scrolls to the cursor. Used alone in a
/// dialog (the trip's notes) and as a form's field (a stop's notes).
public final class TextArea {
    /// The text, lines joined by "\n"; setting it puts the cursor at the end (CR LF becomes "\n").
    public var text: String {
        get { lines.map { String($0) }.joined(separator: "\n") }
        set {
            lines = TextWrap.paragraphs(newValue).map { Array($0) }
            line = lines.count - 1
            column = lines[line].count
            preferredX = nil
        }
    }
    /// The cursor: logical line, and grapheme index within it.
    public private(set) var line = 0
    public private(set) var column = 0
    /// Shown dimmed while the text is empty and the area is not focused.
    public var placeholder: String
    /// Longest text accepted, in graphemes (a line break is one): typing and pasting stop there.
    public var maxLength: Int?

    private var lines: [[Character]] = [[]]
    private var scroll = 0
    private var wrapWidth = Int.max
    private var pageRows = 1
    private var preferredX: Int?

    public init(text: String = "", placeholder: String = "", maxLength: Int? = nil) {
        self.placeholder = placeholder
        self.maxLength = maxLength
        self.text = text
    }

    /// Whether the cursor is on the first or last screen row (a form moves focus from there).
    public var isOnFirstRow: Bool { rowIndex(in: layout()) == 0 }
    public var isOnLastRow: Bool { let rows = layout(); return rowIndex(in: rows) == rows.count - 1 }

    /// Editing and movement keys; returns false for keys it does not use (Tab, Esc, Ctrl-S…).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        var keepsPreferredX = false
        switch key {
        case .character(let c): if room > 0 { insert(String(c)) }
        case .paste(let text):
            // Cut to the room left before it is split (a huge paste is read only that far), line breaks included.
            let kept = String(text.lazy.filter { $0.isNewline || !TextArea.isControl($0) }.prefix(room))
            for (index, line) in kept.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
                if index > 0 { splitLine() }
                insert(String(line))
            }
        case .enter: if room > 0 { splitLine() }
        case .left:
            if column > 0 { column -= 1 } else if line > 0 { line -= 1; column = lines[line].count }
        case .right:
            if column < lines[line].count { column += 1 } else if line < lines.count - 1 { line += 1; column = 0 }
        case .up: moveRows(by: -1); keepsPreferredX = true
        case .down: moveRows(by: 1); keepsPreferredX = true
        case .pageUp: moveRows(by: -max(1, pageRows - 1)); keepsPreferredX = true
        case .pageDown: moveRows(by: max(1, pageRows - 1)); keepsPreferredX = true
        case .home, .ctrl("a"): column = 0
        case .end, .ctrl("e"): column = lines[line].count
        case .ctrlLeft: column = TextEditing.previousWordStart(lines[line], from: column)
        case .ctrlRight: column = TextEditing.nextWordEnd(lines[line], from: column)
        case .backspace: deleteBackward()
        case .delete, .ctrl("d"): deleteForward()
        case .ctrl("u"): lines[line].removeSubrange(0..<column); column = 0
        case .ctrl("k"): lines[line].removeSubrange(column...)
        case .ctrl("w"):
            let start = TextEditing.previousWordStart(lines[line], from: column)
            lines[line].removeSubrange(start..<column)
            column = start
        default:
            return false
        }
        if !keepsPreferredX { preferredX = nil }
        return true
    }

    /// Draws the wrapped text in `rect`; when `focused`, places the terminal cursor and scrolls to it, else shows the
    /// text from its start (a form's field that is not being edited).
    public func render(on terminal: Terminal, in rect: Rect, focused: Bool, attributes: Attributes = .normal) {
        guard !rect.isEmpty else { return }
        wrapWidth = rect.columns
        pageRows = rect.rows
        terminal.fill(rect, attributes: attributes)
        if lines == [[]], !focused, !placeholder.isEmpty {
            terminal.draw(placeholder, row: rect.row, column: rect.column, width: rect.columns, attributes: .muted)
            return
        }
        let rows = layout()
        let cursorRow = rowIndex(in: rows)
        scroll = min(max(scroll, cursorRow - rect.rows + 1), cursorRow)
        scroll = max(0, min(scroll, rows.count - rect.rows))
        let top = focused ? scroll : 0
        let end = min(rows.count, top + rect.rows)
        // Shown from its start and cut short: the last row says there is more, as a preview does.
        let cut = !focused && rows[end...].contains { !$0.range.isEmpty }
        for (offset, row) in rows[top..<end].enumerated() {
            var text = String(lines[row.line][row.range])
            if cut, offset == end - top - 1 {
                text = TextWidth.clip(text + " " + terminal.symbols.ellipsis, to: rect.columns, ellipsis: terminal.symbols.ellipsis)
            }
            terminal.draw(text, row: rect.row + offset, column: rect.column, width: rect.columns, attributes: attributes)
        }
        if focused {
            let row = rows[cursorRow]
            let x = TextEditing.width(lines[line][row.range.lowerBound..<column])
            terminal.showCursor(row: rect.row + cursorRow - scroll, column: rect.column + min(x, rect.columns - 1))
        }
    }

    // MARK: Layout

    /// One screen row: a slice of a logical line.
    private struct Row {
        let line: Int
        let range: Range<Int>
    }

    /// Wraps every line at `wrapWidth`; a line exactly filling its last row gets an empty row
    /// after it, where the cursor at its end is drawn.
    private func layout() -> [Row] {
        var rows: [Row] = []
        for (index, characters) in lines.enumerated() {
            var start = 0, width = 0
            for (position, character) in characters.enumerated() {
                let w = TextWidth.width(of: character)
                if width + w > wrapWidth, position > start {
                    rows.append(Row(line: index, range: start..<position))
                    start = position
                    width = 0
                }
                width += w
            }
            rows.append(Row(line: index, range: start..<characters.count))
            if width >= wrapWidth, !characters.isEmpty { rows.append(Row(line: index, range: characters.count..<characters.count)) }
        }
        return rows
    }

    /// The screen row holding the cursor: the last row of its line starting at or before it.
    private func rowIndex(in rows: [Row]) -> Int {
        rows.lastIndex { $0.line == line && $0.range.lowerBound <= column } ?? 0
    }

    private func moveRows(by delta: Int) {
        let rows = layout()
        let current = rowIndex(in: rows)
        let x = preferredX ?? TextEditing.width(lines[line][rows[current].range.lowerBound..<column])
        preferredX = x
        let target = rows[max(0, min(rows.count - 1, current + delta))]
        line = target.line
        var position = target.range.lowerBound, used = 0
        while position < target.range.upperBound {
            let w = TextWidth.width(of: lines[line][position])
            if used + w > x { break }
            used += w
            position += 1
        }
        // The end of a wrapped (not last) row is the start of the next one: stay on this row.
        let isLastRowOfLine = target.range.upperBound == lines[line].count
        if position == target.range.upperBound, !isLastRowOfLine, position > target.range.lowerBound { position -= 1 }
        column = position
    }

    // MARK: Editing

    /// Graphemes in the text, line breaks included.
    private var length: Int { lines.reduce(lines.count - 1) { $0 + $1.count } }

    /// How many more graphemes `maxLength` allows.
    private var room: Int { maxLength.map { max(0, $0 - length) } ?? Int.max }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: TerminalSafe.isUnsafe)
    }

    /// Inserts text of one line at the cursor, without its control characters (already cut to `room`).
    private func insert(_ text: String) {
        let text = text.filter { !TextArea.isControl($0) }
        guard !text.isEmpty else { return }
        let before = String(lines[line][..<column]) + text
        lines[line] = Array(before + String(lines[line][column...]))
        column = min(before.count, lines[line].count)
    }

    private func splitLine() {
        let rest = Array(lines[line][column...])
        lines[line].removeSubrange(column...)
        lines.insert(rest, at: line + 1)
        line += 1
        column = 0
    }

    private func deleteBackward() {
        if column > 0 {
            lines[line].remove(at: column - 1)
            column -= 1
        } else if line > 0 {
            let removed = lines.remove(at: line)
            line -= 1
            column = lines[line].count
            lines[line].append(contentsOf: removed)
        }
    }

    private func deleteForward() {
        if column < lines[line].count {
            lines[line].remove(at: column)
        } else if line < lines.count - 1 {
            lines[line].append(contentsOf: lines.remove(at: line + 1))
        }
    }
}
