/// Asks for one line of text as a modal ("New trip", "Rename"): Enter does what the dialog is for, Esc closes it
/// and does nothing.
public final class PromptDialog: Screen {
    public let title: String
    /// What Enter does, as the line above the field, the status bar and the help name it ("import").
    public let action: String
    public let isModal = true
    public var keyHelp: [KeyHelp] { keys.help }
    public var statusHints: [KeyHelp] { keys.statusHints }
    /// The text being edited.
    public let field: TextField
    /// The validation message shown under the field, if any.
    public private(set) var error: String?
    private let submit: (String) -> String?
    private var exit: DialogExit<Void>

    /// `submit` does `action`, on Enter, with the dialog still open: it returns the error to show under the field
    /// (the dialog stays open with the text), or nil to close it.
    public init(title: String, action: String, text: String = "", stack: ScreenStack, submit: @escaping (String) -> String?) {
        self.title = title
        self.action = action
        self.field = TextField(text: text)
        // What the prompt offers (a folder and a name, the current name, a date) goes at the first typed character.
        field.selectAll()
        self.submit = submit
        exit = DialogExit(stack: stack)
    }

    private var prompt: String { "Enter to \(action), Esc to cancel" }

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
    private var keys: KeyTable<PromptDialog> {
        KeyTable([
            .init([.enter], action, hint: action) { $0.submitText() },
            .init([.escape], "cancel", hint: "cancel") { $0.exit.close($0) },
        ])
    }

    public func handle(_ key: Key) -> KeyResult {
        if !keys.handle(key, on: self), field.handle(key) { error = nil }
        return .handled  // typing never falls through to the screens' keys
    }

    private func submitText() {
        if let problem = submit(field.text) { error = problem } else { exit.close(self) }
    }
}
