/// Edits multi-line text (notes) in a large modal: Ctrl-S saves, Esc closes it and does nothing.
public final class TextAreaDialog: Screen {
    public let title: String
    public let isModal = true
    public var keyHelp: [KeyHelp] { TextAreaDialog.keys.help }
    public var statusHints: [KeyHelp] { TextAreaDialog.keys.statusHints }
    /// The text being edited.
    public let area: TextArea
    public private(set) var error: String?
    private let submit: (String) -> String?
    private var exit: DialogExit<Void>

    /// `submit` saves the text, on Ctrl-S, with the dialog still open: it returns the error to show under the text
    /// (the dialog stays open with what was typed), or nil to close it.
    public init(title: String, text: String, stack: ScreenStack, submit: @escaping (String) -> String?) {
        self.title = title
        self.area = TextArea(text: text)
        self.submit = submit
        exit = DialogExit(stack: stack)
    }

    public func render(on terminal: Terminal, in rect: Rect) {
        let width = max(1, min(72, rect.columns - 6))
        let rows = max(1, min(16, rect.rows - 4))
        let inner = DialogFrame.draw(on: terminal, in: rect, title: title, contentRows: rows + 1, contentColumns: width)
        guard inner.rows > 1 else { return }
        area.render(on: terminal, in: inner.dropBottom(1), focused: true)
        let footer = error ?? TextAreaDialog.keys.answerLine(width: inner.columns)
        terminal.draw(footer, row: inner.bottom - 1, column: inner.column, width: inner.columns,
                      attributes: error == nil ? .muted : .error)
    }

    /// The dialog's own keys; the others edit the text.
    private static let keys = KeyTable<TextAreaDialog>([
        .init([.ctrl("s")], "save", hint: "save") { $0.submitText() },
        .init([.escape], "cancel", hint: "cancel") { $0.exit.close($0) },
    ])

    public func handle(_ key: Key) -> KeyResult {
        if !TextAreaDialog.keys.handle(key, on: self), area.handle(key) { error = nil }
        return .handled  // typing never falls through to the screens' keys
    }

    private func submitText() {
        if let problem = submit(area.text) { error = problem } else { exit.close(self) }
    }
}
