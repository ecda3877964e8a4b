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

    public func render(on terminal: Terminal, row: Int, width: Int) {
        terminal.drawPadded(text(divider: terminal.symbols.vertical), row: row, column: 0, width: width, attributes: .status)
    }
}
