/// A yes/no question as a modal ("Delete “Route 66”?"): `y` confirms; `n`, Esc or `q` declines.
/// It removes itself from the stack, then calls `completion` with the answer.
public final class ConfirmDialog: Screen {
    public let title: String
    public let message: String
    public let isModal = true
    public var keyHelp: [KeyHelp] { ConfirmDialog.keys.help }
    public var statusHints: [KeyHelp] { ConfirmDialog.keys.statusHints }
    private var exit: DialogExit<Bool>

    public init(title: String, message: String, stack: ScreenStack, completion: @escaping (Bool) -> Void) {
        self.title = title
        self.message = message
        exit = DialogExit(stack: stack, answer: completion)
    }

    public func render(on terminal: Terminal, in area: Rect) {
        let width = DialogFrame.contentWidth(in: area, title: title)
        let lines = TextWrap.lines(message, width: width)
        let inner = DialogFrame.draw(on: terminal, in: area, title: title, contentRows: lines.count + 2, contentColumns: width)
        for (index, line) in lines.prefix(max(0, inner.rows - 2)).enumerated() {
            terminal.draw(line, row: inner.row + index, column: inner.column, width: inner.columns)
        }
        if inner.rows >= 1 {
            terminal.draw(ConfirmDialog.keys.answerLine(width: inner.columns), row: inner.bottom - 1, column: inner.column,
                          width: inner.columns, attributes: .accent)
        }
    }

    private static let keys = KeyTable<ConfirmDialog>([
        .init([.character("y"), .character("Y")], "yes", hint: "yes") { $0.exit.close($0, with: true) },
        .init([.character("n"), .character("N"), .character("q"), .escape], "no", hint: "no") { $0.exit.close($0, with: false) },
    ])

    public func handle(_ key: Key) -> KeyResult {
        ConfirmDialog.keys.handle(key, on: self)
        return .handled  // a modal question swallows every other key
    }
}
