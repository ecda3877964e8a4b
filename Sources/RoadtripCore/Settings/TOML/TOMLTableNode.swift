/// A table while its document is read, with what defined it: TOML lets a table be defined once, by a `[header]`
/// or by dotted keys (`a.b = 1`), and never adds to a value written whole (an inline table, a list).
final class TOMLTableNode {
    enum Entry {
        /// Written whole: no header or dotted key may reach into it.
        case value(TOMLValue)
        case table(TOMLTableNode)
        /// `[[name]]`'s tables; a header reaches into the last one.
        case tables([TOMLTableNode])
    }

    private(set) var keys: [String] = []
    private(set) var entries: [String: Entry] = [:]
    /// Defined by a `[header]`, or an element of an `[[array]]`.
    var byHeader = false
    /// The section (numbered by the headers before it) whose dotted keys defined it: no later section may
    /// define it again, by a header or by dotted keys.
    var byDottedKeysInSection: Int?

    init(byHeader: Bool = false) {
        self.byHeader = byHeader
    }

    subscript(key: String) -> Entry? { entries[key] }

    /// Adds `key` (a new one at the end) or replaces what it holds.
    func set(_ key: String, _ entry: Entry) {
        if entries.updateValue(entry, forKey: key) == nil { keys.append(key) }
    }

    /// Whether something may still be defined in it from `section` by dotted keys.
    func isOpenToDottedKeys(in section: Int) -> Bool {
        !byHeader && (byDottedKeysInSection ?? section) == section
    }

    /// The table it became (recursive: the reader bounds how deep tables nest).
    var table: TOMLTable {
        var result = TOMLTable()
        for key in keys {
            switch entries[key] {
            case .value(let value)?: result.set(key, value)
            case .table(let node)?: result.set(key, .table(node.table))
            case .tables(let nodes)?: result.set(key, .array(nodes.map { .table($0.table) }))
            case nil: break
            }
        }
        return result
    }
}
