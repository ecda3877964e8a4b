/// Asks for one line of text as a modal ("New trip", "Rename"): Enter does what the dialog is for, Esc closes it
/// and does nothing. A prompt given a completion (a path) completes the text before the cursor on Tab, as a shell
/// does: as far as every choice agrees, and a Tab that adds nothing lists the choices under the field.
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
    /// What the last Tab listed (the choices, or why there are none), under the field until the text changes.
    public private(set) var completionNote: [String] = []
    private let complete: ((String) -> TextCompletion)?
    private let submit: (String) -> String?
    private var exit: DialogExit<Void>

    /// The most rows a list of choices takes; the rest are counted on its last row.
    private static let choiceRows = 5

    /// `submit` does `action`, on Enter, with the dialog still open: it returns the error to show under the field
    /// (the dialog stays open with the text), or nil to close it. `complete`, when given, is what Tab does.
    public init(title: String, action: String, text: String = "", stack: ScreenStack,
                complete: ((String) -> TextCompletion)? = nil, submit: @escaping (String) -> String?) {
        self.title = title
        self.action = action
        self.field = TextField(text: text)
        // What the prompt offers (a folder and a name, the current name, a date) goes at the first typed character.
        field.selectAll()
        self.complete = complete
        self.submit = submit
        exit = DialogExit(stack: stack)
    }

    public func render(on terminal: Terminal, in area: Rect) {
        // Wider than the usual dialog when the text needs it (a long path), as far as the area goes.
        let width = max(DialogFrame.contentWidth(in: area, title: title),
                        min(area.columns - 6, TextWidth.width(field.text) + 1))
        // The whole reason, wrapped under the field (a file's path and why it was refused can be long).
        let errorLines = error.map { TextWrap.lines($0, width: width) } ?? []
        let noteLines = Self.pack(completionNote, width: width, rows: Self.choiceRows)
        let inner = DialogFrame.draw(on: terminal, in: area, title: title,
                                     contentRows: 2 + errorLines.count + noteLines.count, contentColumns: width)
        guard inner.rows > 0 else { return }
        var row = inner.row
        if inner.rows >= 2 {
            terminal.draw(keys.answerLine(width: inner.columns), row: row, column: inner.column, width: inner.columns)
            row += 1
        }
        field.render(on: terminal, in: Rect(row: row, column: inner.column, rows: 1, columns: inner.columns),
                     focused: true, attributes: Attributes(.normal, .underline))
        let below = errorLines.map { ($0, Attributes.error) } + noteLines.map { ($0, Attributes.muted) }
        for (index, (line, attributes)) in below.enumerated() where row + 1 + index < inner.bottom {
            terminal.draw(line, row: row + 1 + index, column: inner.column, width: inner.columns, attributes: attributes)
        }
    }

    /// `items` side by side, two spaces apart, in at most `rows` rows of `width`; when they do not all fit, the last
    /// row says how many more there are. An item wider than a row has the row to itself (and is clipped).
    private static func pack(_ items: [String], width: Int, rows: Int) -> [String] {
        guard width > 0, rows > 0 else { return [] }
        var lines: [(text: String, width: Int, count: Int)] = []
        for item in items {
            let itemWidth = TextWidth.width(item)
            if let last = lines.last, last.width + 2 + itemWidth <= width {
                lines[lines.count - 1] = (last.text + "  " + item, last.width + 2 + itemWidth, last.count + 1)
            } else {
                lines.append((item, itemWidth, 1))
            }
        }
        guard lines.count > rows else { return lines.map(\.text) }
        let shown = lines.prefix(rows - 1)
        return shown.map(\.text) + ["… \(items.count - shown.reduce(0) { $0 + $1.count }) more"]
    }

    /// The dialog's own keys; the others edit the field.
    private var keys: KeyTable<PromptDialog> {
        KeyTable([
            .init([.enter], action, hint: action) { $0.submitText() },
            .init([.escape], "cancel", hint: "cancel") { $0.exit.close($0) },
        ] + (complete == nil ? [] : [
            .init([.tab], "complete the name (again: list what it could be)", hint: "complete") { $0.completeText() },
        ]))
    }

    public func handle(_ key: Key) -> KeyResult {
        if !keys.handle(key, on: self) {
            let before = field.text
            if field.handle(key), field.text != before {
                error = nil
                completionNote = []
            }
        }
        return .handled  // typing never falls through to the screens' keys
    }

    private func completeText() {
        guard let complete else { return }
        let typed = field.textBeforeCursor
        let completion = complete(typed)
        if completion.text != typed {
            field.replaceBeforeCursor(with: completion.text)
            error = nil
            completionNote = []
        } else if completion.choices.count > 1 {
            completionNote = completion.choices
        } else if completion.choices.isEmpty {
            completionNote = completion.note.map { [$0] } ?? []
        }
    }

    private func submitText() {
        if let problem = submit(field.text) { error = problem } else { exit.close(self) }
    }
}
