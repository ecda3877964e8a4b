import SafeText

/// A one-line text input: the cursor moves by grapheme (so "é", "東" and "👨‍👩‍👧" are one step),
/// the usual editing keys work, and long text scrolls horizontally to keep the cursor visible.
public final class TextField {
    /// The text, as graphemes; setting `text` puts the cursor at the end.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
            isSelected = false
        }
    }
    /// Whether the whole text is selected, as a pre-filled value is (a path, a name, a number): the first typed
    /// character or paste replaces it, Backspace or Delete clears it, any other key unselects it and acts as usual.
    public private(set) var isSelected = false
    /// The cursor's position, in graphemes from the start.
    public private(set) var cursor = 0
    /// Shown dimmed while the field is empty.
    public var placeholder: String
    /// Longest text accepted, in graphemes.
    public var maxLength: Int?

    private var characters: [Character] = []
    private var scroll = 0

    public init(text: String = "", placeholder: String = "", maxLength: Int? = nil) {
        self.placeholder = placeholder
        self.maxLength = maxLength
        self.text = text
    }

    /// The editing keys, for the key handling and the help of a screen with fields.
    public static let keys = KeyTable<TextField>([
        .init([.left, .right], "move in the text", key: { field, key in field.move(by: key == .left ? -1 : 1) }),
        .init([.home, .ctrl("a")], "to the start") { $0.cursor = 0 },
        .init([.end, .ctrl("e")], "to the end") { $0.cursor = $0.characters.count },
        .init([.ctrlLeft, .ctrlRight], "a word back / on", key: { field, key in field.moveWord(back: key == .ctrlLeft) }),
        .init([.backspace], "delete back") { $0.deleteBack() },
        .init([.delete, .ctrl("d")], "delete forward") { $0.deleteForward() },
        .init([.ctrl("u")], "delete to the start") { $0.characters.removeSubrange(0..<$0.cursor); $0.cursor = 0 },
        .init([.ctrl("k")], "delete to the end") { $0.characters.removeSubrange($0.cursor...) },
        .init([.ctrl("w")], "delete the word before") { $0.deleteWord() },
    ])

    /// Handles printable characters and the editing keys (`keys`). Returns false for keys it does not use
    /// (Enter, Tab, Esc, ↑/↓) so the owner can act on them.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        if isSelected {
            isSelected = false
            switch key {
            case .character, .paste: (characters, cursor) = ([], 0)
            case .backspace, .delete:
                (characters, cursor) = ([], 0)
                return true
            default: break
            }
        }
        switch key {
        case .character(let c):
            insert(CollectionOfOne(c))
        case .paste(let text):
            insert(text.lazy.map { $0.isNewline ? " " : $0 })  // one line: a pasted line break is a space
        default:
            return TextField.keys.handle(key, on: self)
        }
        return true
    }

    /// The text before the cursor: what a completion completes.
    public var textBeforeCursor: String { String(characters[..<cursor]) }

    /// Puts `text` in place of the text before the cursor (a completion), keeping what follows; the cursor goes after
    /// it and the selection goes.
    public func replaceBeforeCursor(with text: String) {
        characters = Array(text + String(characters[cursor...]))
        cursor = min(text.count, characters.count)
        isSelected = false
    }

    /// Selects the whole text (nothing when there is none): see `isSelected`.
    public func selectAll() {
        isSelected = !characters.isEmpty
    }

    private func move(by offset: Int) {
        cursor = min(max(0, cursor + offset), characters.count)
    }

    private func moveWord(back: Bool) {
        cursor = back ? TextEditing.previousWordStart(characters, from: cursor) : TextEditing.nextWordEnd(characters, from: cursor)
    }

    private func deleteBack() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    private func deleteForward() {
        if cursor < characters.count { characters.remove(at: cursor) }
    }

    private func deleteWord() {
        let start = TextEditing.previousWordStart(characters, from: cursor)
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Draws the visible part of the text on the first row of `rect`; when `focused`, the
    /// terminal cursor is placed at the insertion point.
    public func render(on terminal: Terminal, in rect: Rect, focused: Bool, attributes: Attributes = .normal) {
        guard rect.rows > 0, rect.columns > 0 else { return }
        terminal.fill(row: rect.row, column: rect.column, width: rect.columns, attributes: attributes)
        if characters.isEmpty, !focused, !placeholder.isEmpty {
            terminal.draw(placeholder, row: rect.row, column: rect.column, width: rect.columns, attributes: .muted)
            return
        }
        keepCursorVisible(columns: rect.columns)
        // Only what can show, up to the first character past the edge (so the clipping and its ellipsis are the
        // same as for the whole rest): a frame costs the field's width, not its length.
        var end = scroll, width = 0
        while end < characters.count, width <= rect.columns {
            width += TextWidth.width(of: characters[end])
            end += 1
        }
        terminal.draw(String(characters[scroll..<end]), row: rect.row, column: rect.column, width: rect.columns,
                      attributes: focused && isSelected ? .selection : attributes)
        if focused {
            terminal.showCursor(row: rect.row, column: rect.column + TextEditing.width(characters[scroll..<cursor]))
        }
    }

    /// Inserts typed or pasted text at the cursor, without what the field refuses: control characters, and
    /// whatever goes past `maxLength`. Lazily: a huge paste is read only as far as the room left.
    private func insert<Text: Sequence<Character>>(_ text: Text) {
        let allowed = text.lazy.filter { !$0.unicodeScalars.contains(where: TerminalSafe.isUnsafe) }
        let kept = String(allowed.prefix(maxLength.map { max(0, $0 - characters.count) } ?? Int.max))
        guard !kept.isEmpty else { return }
        // Re-segment: a combining mark typed after a letter joins it.
        let before = String(characters[..<cursor]) + kept
        characters = Array(before + String(characters[cursor...]))
        cursor = min(before.count, characters.count)
    }

    /// Scrolls so the cursor (and one column after it) fits in `columns`: the first column shown is the earliest, not
    /// before the current one, from which the text up to the cursor takes at most `columns - 1`. Found by walking back
    /// from the cursor, so it costs the field's width, not the text's length.
    private func keepCursorVisible(columns: Int) {
        scroll = min(scroll, cursor)
        if fitsWhole(in: columns) { scroll = 0 }
        var start = cursor, width = 0
        while start > scroll {
            let next = width + TextWidth.width(of: characters[start - 1])
            if next > columns - 1 { break }
            width = next
            start -= 1
        }
        scroll = start
    }

    /// Whether the whole text is narrower than `columns` (measured no further than that).
    private func fitsWhole(in columns: Int) -> Bool {
        var width = 0
        for character in characters {
            width += TextWidth.width(of: character)
            if width >= columns { return false }
        }
        return true
    }
}
