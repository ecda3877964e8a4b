/// Asks for one line of text as a modal ("New trip", "Rename"): Enter submits, Esc cancels.
/// `validate` may return an error shown under the field, keeping the dialog open with the text.
public final class PromptDialog: Screen {
    public let title: String
    public let prompt: String
    public let isModal = true
    public var keyHelp: [KeyHelp] { PromptDialog.keys.help }
    public var statusHints: [KeyHelp] { PromptDialog.keys.statusHints }
    /// The text being edited.
    public let field: TextField
    /// The validation message shown under the field, if any.
    public private(set) var error: String?
    private let validate: (String) -> String?
    private weak var stack: ScreenStack?
    private var completion: ((String?) -> Void)?

    /// `completion` gets the text on Enter, nil on Esc, after the dialog has left the stack.
    public init(title: String, prompt: String, text: String = "", stack: ScreenStack,
                validate: @escaping (String) -> String? = { _ in nil }, completion: @escaping (String?) -> Void) {
        self.title = title
        self.prompt = prompt
        self.field = TextField(text: text)
        self.validate = validate
        self.stack = stack
        self.completion = completion
    }

    public func render(on terminal: Terminal, in area: Rect) {
        // Wider than the usual dialog when the text needs it (a long path), as far as the area goes.
        let width = max(DialogFrame.contentWidth(in: area, title: title),
                        min(area.columns - 6, TextWidth.width(field.text) + 1))
        // The whole reason, wrapped under the field (a file's path and why it was refused can be long).
        let errorLines = error.map { TextWrap.lines($0, width: width) } ?? []
        let inner = DialogFrame.draw(on: terminal, in: area, title: title, contentRows: 2 + errorLines.count, contentColumns: width)
        guard inner.rows > 0 else { return }
        var row = inner.row
        if inner.rows >= 2 {
            terminal.draw(prompt, row: row, column: inner.column, width: inner.columns)
            row += 1
        }
        field.render(on: terminal, in: Rect(row: row, column: inner.column, rows: 1, columns: inner.columns),
                     focused: true, attributes: Attributes(.normal, .underline))
        for (index, line) in errorLines.enumerated() where row + 1 + index < inner.bottom {
            terminal.draw(line, row: row + 1 + index, column: inner.column, width: inner.columns, attributes: .error)
        }
    }

    /// The dialog's own keys; the others edit the field.
    private static let keys = KeyTable<PromptDialog>([
        .init([.enter], "ok", hint: "ok") { $0.submit() },
        .init([.escape], "cancel", hint: "cancel") { $0.finish(nil) },
    ])

    public func handle(_ key: Key) -> KeyResult {
        if !PromptDialog.keys.handle(key, on: self), field.handle(key) { error = nil }
        return .handled  // typing never falls through to the screens' keys
    }

    private func submit() {
        let text = field.text
        if let problem = validate(text) { error = problem } else { finish(text) }
    }

    private func finish(_ result: String?) {
        stack?.dismiss(self)
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}
