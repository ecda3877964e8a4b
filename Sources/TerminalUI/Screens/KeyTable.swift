/// A screen's keys in one table, as tig's request table: each row binds keys to what they do, and the same rows
/// make the screen's key handling, its help overlay (`help`) and its status-bar hints (`statusHints`), so the
/// three cannot disagree. `Target` is what a row acts on (the view, a widget).
public struct KeyTable<Target> {
    public struct Row {
        public let keys: [Key]
        /// What the help overlay says the keys do.
        public let help: String
        /// The short word for the status bar; nil keeps the row out of it. Consecutive rows with the same hint
        /// share one ("J K move").
        public let hint: String?
        /// Whether the row changes the data: refused at once when the data is read-only (see `handle`).
        public let edits: Bool
        let action: (Target, Key) -> Void

        /// A row whose action needs the key that was pressed (a list moving up or down).
        public init(_ keys: [Key], _ help: String, hint: String? = nil, edits: Bool = false,
                    key action: @escaping (Target, Key) -> Void) {
            self.keys = keys
            self.help = help
            self.hint = hint
            self.edits = edits
            self.action = action
        }

        public init(_ keys: [Key], _ help: String, hint: String? = nil, edits: Bool = false,
                    _ action: @escaping (Target) -> Void) {
            self.init(keys, help, hint: hint, edits: edits) { target, _ in action(target) }
        }

        /// The keys as the help names them: "e Enter → l".
        public var label: String { keys.map(\.name).joined(separator: " ") }
    }

    public let rows: [Row]

    public init(_ rows: [Row]) {
        self.rows = rows
    }

    /// This table's rows, then `base`'s for the keys this table leaves free (a mode over a screen's keys: while
    /// places are suggested, ↓ and Enter choose among them and Tab still moves on).
    public func over(_ base: KeyTable) -> KeyTable {
        let bound = Set(rows.flatMap(\.keys))
        return KeyTable(rows + base.rows.compactMap { row in
            let free = row.keys.filter { !bound.contains($0) }
            guard !free.isEmpty else { return nil }
            return Row(free, row.help, hint: row.hint, edits: row.edits, key: row.action)
        })
    }

    /// The first row binding `key`.
    public func row(for key: Key) -> Row? {
        rows.first { $0.keys.contains(key) }
    }

    /// Runs the row bound to `key` on `target`. An editing row runs only when `mayEdit()` says so (it tells the
    /// user why not). Returns false when no row binds the key.
    @discardableResult
    public func handle(_ key: Key, on target: Target, mayEdit: () -> Bool = { true }) -> Bool {
        guard let row = row(for: key) else { return false }
        if !row.edits || mayEdit() { row.action(target, key) }
        return true
    }

    /// Every row, for the help overlay.
    public var help: [KeyHelp] {
        rows.map { KeyHelp($0.label, $0.help) }
    }

    /// The answer line a modal draws under its content, from the same hints as the status bar:
    /// "[Enter] apply  [Esc] keep". Narrower than that, the last hints lose their words first ("[Enter] import
    /// [Esc] [Tab]"): what Enter does is said as long as it fits.
    public func answerLine(width: Int) -> String {
        let hints = statusHints
        var line = ""
        for worded in stride(from: hints.count, through: 0, by: -1) {
            line = hints.enumerated().reduce(into: "") { line, item in
                if item.offset > 0 { line += item.offset <= worded ? "  " : " " }
                line += item.offset < worded ? "[\(item.element.keys)] \(item.element.action)" : "[\(item.element.keys)]"
            }
            if TextWidth.width(line) <= width { break }
        }
        return line
    }

    /// The status bar's hints: each hinted row's first key, consecutive rows with the same hint together.
    public var statusHints: [KeyHelp] {
        var hints: [KeyHelp] = []
        var previous: String?
        for row in rows {
            guard let hint = row.hint, let first = row.keys.first else {
                previous = nil
                continue
            }
            if hint == previous, var last = hints.popLast() {
                last.keys += " " + first.name
                hints.append(last)
            } else {
                hints.append(KeyHelp(first.name, hint, inStatusBar: true))
            }
            previous = hint
        }
        return hints
    }
}
