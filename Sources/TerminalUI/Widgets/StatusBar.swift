/// The bottom line: the current screen's title, then its main keys ("a add  d delete  ? help").
public struct StatusBar {
    public var title: String
    public var keys: [KeyHelp]

    public init(title: String, keys: [KeyHelp]) {
        self.title = title
        self.keys = keys
    }

    /// The text of the bar before clipping, with `divider` between title and keys.
    public func text(divider: String = "\u{2502}") -> String {
        let keyText = keys.map { "\($0.keys) \($0.action)" }.joined(separator: "  ")
        return keyText.isEmpty ? " \(title)" : " \(title) \(divider) \(keyText)"
    }

    /// Hints that do not fit go from the right, but a last "help" hint stays: it is how to find the others;
    /// when even that does not fit, the title gives way.
    public func render(on terminal: Terminal, row: Int, width: Int) {
        let divider = terminal.symbols.vertical
        let help = keys.last.flatMap { $0.action == "help" ? $0 : nil }
        var shown = StatusBar(title: title, keys: keys)
        while TextWidth.width(shown.text(divider: divider)) > width, shown.keys.count > (help == nil ? 0 : 1) {
            shown.keys.remove(at: shown.keys.count - (help == nil ? 1 : 2))
        }
        var text = shown.text(divider: divider)
        if let help, TextWidth.width(text) > width {
            let tail = " \(divider) \(help.keys) \(help.action)"
            text = " " + TextWidth.clip(title, to: max(1, width - 1 - TextWidth.width(tail))) + tail
        }
        terminal.drawPadded(text, row: row, column: 0, width: width, attributes: .status)
    }
}
