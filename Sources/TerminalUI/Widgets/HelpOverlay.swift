/// The `?` overlay: a modal box listing key → action for the screen beneath, plus the global keys.
/// The application presents it when a screen ignores `?`; Esc, `q`, `?` or Enter close it.
public final class HelpOverlay: Screen {
    public let title: String
    public let isModal = true
    public let keyHelp = [KeyHelp("Esc", "close", inStatusBar: true)]
    /// The lines listed, screen keys first.
    public let entries: [KeyHelp]
    private let list: ListView
    private weak var stack: ScreenStack?

    /// Keys that work on every screen.
    public static let globalKeys = [
        KeyHelp("?", "this help"), KeyHelp("q", "back (quit on the first screen)"),
        KeyHelp("Esc", "back / cancel"), KeyHelp("Ctrl-C", "quit at once"),
    ]

    /// Help for `screen`; closes itself by removing itself from `stack`.
    public init(for screen: Screen, stack: ScreenStack) {
        title = "Help: \(screen.title)"
        entries = screen.keyHelp + HelpOverlay.globalKeys
        list = ListView(count: entries.count)
        self.stack = stack
    }

    public func render(on terminal: Terminal, in area: Rect) {
        let keyWidth = min(14, entries.map { TextWidth.width($0.keys) }.max() ?? 0)
        let lineWidth = entries.map { keyWidth + 2 + TextWidth.width($0.action) }.max() ?? 0
        let box = area.centered(rows: entries.count + 2, columns: max(lineWidth, TextWidth.width(title) + 2) + 4)
        terminal.fill(box)
        terminal.drawBox(box, title: title, attributes: .accent)
        let inner = box.inset(by: 1)
        list.render(on: terminal, in: inner) { index, rowRect, selected in
            let entry = entries[index]
            let attributes: Attributes = selected ? .selection : .normal
            terminal.draw(entry.keys, row: rowRect.row, column: rowRect.column + 1, width: min(keyWidth, rowRect.columns - 1),
                          attributes: selected ? attributes : .accent)
            terminal.draw(entry.action, row: rowRect.row, column: rowRect.column + keyWidth + 3,
                          width: rowRect.columns - keyWidth - 3, attributes: attributes)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .escape, .character("q"), .character("?"), .enter:
            stack?.dismiss(self)
        default:
            list.handle(key)
        }
        return .handled
    }
}
