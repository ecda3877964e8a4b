/// Edits multi-line text (notes) in a large modal: Ctrl-S saves, Esc cancels. `validate` may return
/// an error shown under the text, keeping the dialog open with what was typed.
public final class TextAreaDialog: Screen {
    public let title: String
    public let isModal = true
    public var keyHelp: [KeyHelp] { TextAreaDialog.keys.help }
    public var statusHints: [KeyHelp] { TextAreaDialog.keys.statusHints }
    /// The text being edited.
    public let area: TextArea
    public private(set) var error: String?
    private let validate: (String) -> String?
    private weak var stack: ScreenStack?
    private var completion: ((String?) -> Void)?

    /// `completion` gets the text on Ctrl-S, nil on Esc, after the dialog has left the stack.
    public init(title: String, text: String, stack: ScreenStack, validate: @escaping (String) -> String? = { _ in nil },
                completion: @escaping (String?) -> Void) {
        self.title = title
        self.area = TextArea(text: text)
        self.validate = validate
        self.stack = stack
        self.completion = completion
    }

    public func render(on terminal: Terminal, in rect: Rect) {
        let width = max(1, min(72, rect.columns - 6))
        let rows = max(1, min(16, rect.rows - 4))
        let inner = DialogFrame.draw(on: terminal, in: rect, title: title, contentRows: rows + 1, contentColumns: width)
        guard inner.rows > 1 else { return }
        area.render(on: terminal, in: inner.dropBottom(1), focused: true)
        let footer = error ?? "Ctrl-S save · Esc cancel"
        terminal.draw(footer, row: inner.bottom - 1, column: inner.column, width: inner.columns,
                      attributes: error == nil ? .muted : .error)
    }

    /// The dialog's own keys; the others edit the text.
    private static let keys = KeyTable<TextAreaDialog>([
        .init([.ctrl("s")], "save", hint: "save") { $0.submit() },
        .init([.escape], "cancel", hint: "cancel") { $0.finish(nil) },
    ])

    public func handle(_ key: Key) -> KeyResult {
        if !TextAreaDialog.keys.handle(key, on: self), area.handle(key) { error = nil }
        return .handled  // typing never falls through to the screens' keys
    }

    private func submit() {
        let text = area.text
        if let problem = validate(text) { error = problem } else { finish(text) }
    }

    private func finish(_ result: String?) {
        stack?.dismiss(self)
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}
