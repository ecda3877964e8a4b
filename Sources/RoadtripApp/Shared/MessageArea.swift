import TerminalUI

/// The message at the bottom of a screen, wrapped over the rows it needs (at most 4, and at most a third of the
/// screen): an error names the file, what happened and what to do, and clipping it to one line hid the last two.
enum MessageArea {
    /// Draws `message` at the bottom of `area`, `width` columns from `column`; returns the rows it took.
    static func draw(_ message: StatusMessage, on terminal: Terminal, in area: Rect, column: Int, width: Int) -> Int {
        let attributes: Attributes = message.kind == .error ? .error : .accent
        let limit = max(1, min(4, area.rows / 3))
        var lines = TextWrap.lines(message.text, width: width)
        if lines.isEmpty { lines = [""] }
        if lines.count > limit {
            // What does not fit ends in an ellipsis on the last row.
            lines = Array(lines.prefix(limit - 1)) + [TextWidth.clip(lines[(limit - 1)...].joined(separator: " "),
                                                                     to: width, ellipsis: terminal.symbols.ellipsis)]
        }
        for (offset, line) in lines.enumerated() {
            terminal.drawPadded(line, row: area.bottom - lines.count + offset, column: column, width: width,
                                attributes: attributes)
        }
        return lines.count
    }
}
