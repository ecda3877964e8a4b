/// A question with several answers, each on a key ("[w] Write them to …"), as a modal. A line of `status`
/// under the choices says how the last attempt went (the dialog stays open when an answer fails).
/// Esc answers nil. `choose` runs with the dialog still on the stack; it calls `close()` when it is done.
public final class ChoiceDialog: Screen {
    public struct Choice: Equatable, Sendable {
        public let key: Character
        public let label: String

        public init(_ key: Character, _ label: String) {
            self.key = key
            self.label = label
        }
    }

    public let title: String
    public let message: String
    public let choices: [Choice]
    public let isModal = true
    public var keyHelp: [KeyHelp] { keys.help }
    public var statusHints: [KeyHelp] { keys.statusHints }
    /// Each choice on its key, then Esc.
    private var keys: KeyTable<ChoiceDialog> {
        KeyTable(choices.map { choice in .init([.character(choice.key)], choice.label) { $0.choose($0, choice.key) } }
            + [.init([.escape], "back", hint: "back") { $0.choose($0, nil) }])
    }
    /// What the last answer led to, shown under the choices ("Could not write …").
    public var status: String?
    private let choose: (ChoiceDialog, Character?) -> Void
    private var exit: DialogExit<Void>

    public init(title: String, message: String, choices: [Choice], stack: ScreenStack,
                choose: @escaping (ChoiceDialog, Character?) -> Void) {
        self.title = title
        self.message = message
        self.choices = choices
        self.choose = choose
        exit = DialogExit(stack: stack)
    }

    /// Takes the dialog off the stack (and anything above it: a prompt it opened).
    public func close() {
        exit.close(self)
    }

    public func render(on terminal: Terminal, in area: Rect) {
        let width = DialogFrame.contentWidth(in: area, title: title)
        // Each row of the key table, Esc too: what the dialog says its keys do is what they do.
        let choiceLines = keys.rows.flatMap { TextWrap.lines("[\($0.label)] \($0.help)", width: width) }
        let statusLines = status.map { TextWrap.lines($0, width: width) } ?? []
        // The answers come first: on a short terminal the message gives up its last lines, not the choices.
        let room = max(0, area.rows - 2 - choiceLines.count - statusLines.count - 1)
        var messageLines = TextWrap.lines(message, width: width)
        if messageLines.count > room {
            messageLines = Array(messageLines.prefix(room))
            if let last = messageLines.popLast() { messageLines.append(TextWidth.clip(last + " …", to: width)) }
        }
        let lines: [(String, Attributes)] = messageLines.map { ($0, .normal) } + (messageLines.isEmpty ? [] : [("", .normal)])
            + choiceLines.map { ($0, .accent) } + statusLines.map { ($0, .error) }
        let inner = DialogFrame.draw(on: terminal, in: area, title: title, contentRows: lines.count, contentColumns: width)
        for (index, line) in lines.prefix(max(0, inner.rows)).enumerated() {
            terminal.draw(line.0, row: inner.row + index, column: inner.column, width: inner.columns, attributes: line.1)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        keys.handle(key, on: self)
        return .handled  // a modal question swallows every other key
    }
}
