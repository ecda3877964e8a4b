/// The `?` overlay: a modal box listing key → action for the screen beneath, plus the application's keys that
/// work there. A line too long for the box wraps rather than being cut. Esc, `q`, `?` or Enter close it.
public final class HelpOverlay: Screen {
    public let title: String
    public let isModal = true
    public var keyHelp: [KeyHelp] { HelpOverlay.keys.help }
    public var statusHints: [KeyHelp] { HelpOverlay.keys.statusHints }
    /// The lines listed, screen keys first.
    public let entries: [KeyHelp]
    private let list = ListView()
    private weak var stack: ScreenStack?

    private static let keys = KeyTable<HelpOverlay>([
        .init([.escape, .character("q"), .character("?"), .enter], "close", hint: "close") { $0.close() },
    ] + ListView.keyRows { overlay, key in overlay.list.handle(key) })

    /// Help for `screen`; closes itself by removing itself from `stack`.
    public init(for screen: Screen, stack: ScreenStack) {
        title = "Help: \(screen.title)"
        entries = screen.keyHelp + HelpOverlay.globalKeys(for: screen) + Application.quitKeys.help
        self.stack = stack
    }

    /// The application's keys that work on `screen`: none where it takes every key, and never one the screen
    /// binds itself (its `q` is the one that counts).
    static func globalKeys(for screen: Screen) -> [KeyHelp] {
        guard !screen.takesEveryKey else { return [] }
        let bound = Set(screen.keyHelp.flatMap { $0.keys.split(separator: " ").map(String.init) })
        return Application.globalKeys.help.filter { help in !help.keys.split(separator: " ").contains { bound.contains(String($0)) } }
    }

    public func render(on terminal: Terminal, in area: Rect) {
        let lines = layout(in: area)
        list.count = lines.count
        let columns = lines.first.map { 4 + $0.keyWidth + 2 + $0.actionWidth } ?? 0
        let box = area.centered(rows: lines.count + 2, columns: max(columns, TextWidth.width(title) + 4))
        terminal.fill(box)
        terminal.drawBox(box, title: title, attributes: .accent)
        list.render(on: terminal, in: box.inset(by: 1)) { index, rowRect, selected in
            let line = lines[index]
            let attributes: Attributes = selected ? .selection : .normal
            terminal.draw(line.keys, row: rowRect.row, column: rowRect.column + 1, width: line.keyWidth,
                          attributes: selected ? attributes : .accent)
            terminal.draw(line.action, row: rowRect.row, column: rowRect.column + line.keyWidth + 3,
                          width: max(0, rowRect.columns - line.keyWidth - 3), attributes: attributes)
        }
    }

    /// One drawn line: an entry's keys and action, or the continuation of a wrapped one.
    private struct Line {
        let keys: String
        let action: String
        let keyWidth: Int
        let actionWidth: Int
    }

    /// The entries wrapped to the widest box the area allows (keys at most a third of it); one column less for
    /// the actions when the lines need a scrollbar.
    private func layout(in area: Rect) -> [Line] {
        let keyLimit = max(6, (area.columns - 6) / 3)
        let keyWidth = entries.flatMap { TextWrap.lines($0.keys, width: keyLimit) }.map(TextWidth.width).max() ?? 0
        let widest = entries.map { TextWidth.width($0.action) }.max() ?? 0
        var actionWidth = max(1, min(widest, area.columns - 6 - keyWidth))
        var lines = wrap(keyWidth: keyWidth, actionWidth: actionWidth)
        if lines.count + 2 > area.rows, actionWidth > 1 {
            actionWidth -= 1
            lines = wrap(keyWidth: keyWidth, actionWidth: actionWidth)
        }
        return lines
    }

    private func wrap(keyWidth: Int, actionWidth: Int) -> [Line] {
        entries.flatMap { entry -> [Line] in
            let keys = TextWrap.lines(entry.keys, width: keyWidth)
            let actions = TextWrap.lines(entry.action, width: actionWidth)
            return (0..<max(1, keys.count, actions.count)).map { index in
                Line(keys: index < keys.count ? keys[index] : "", action: index < actions.count ? actions[index] : "",
                     keyWidth: keyWidth, actionWidth: actionWidth)
            }
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        HelpOverlay.keys.handle(key, on: self)
        return .handled
    }

    private func close() {
        stack?.dismiss(self)
    }
}
