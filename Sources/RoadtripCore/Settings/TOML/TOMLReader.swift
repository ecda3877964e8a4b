/// A strict reader of TOML 1.0 on UTF-8 bytes: it accepts what Python's `tomllib` accepts and refuses the rest with
/// the line and column of the first fault, and never traps on any input (no unchecked arithmetic or indexing, nesting
/// bounded by `maxDepth`). Two limits of its own, both the spec's or the stack's: integers are 64-bit, and tables,
/// lists and keys nest at most `maxDepth` deep. It also notes where each top-level key is written, for `config set`
/// to edit the file in place.
struct TOMLReader {
    /// Deeper than this, a document is refused rather than read with a deeper stack.
    static let maxDepth = 100

    let bytes: [UInt8]
    var index = 0
    private let root = TOMLTableNode()
    /// The current section: the table of the last header, and that header's number (0 before any).
    private var table: TOMLTableNode
    private var section = 0
    private var sectionDepth = 0
    private var statements: [TOMLDocument.Statement] = []
    private var headers: [TOMLDocument.Header] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        table = root
    }

    /// The document in `bytes`, or the first fault.
    static func read(_ bytes: [UInt8]) throws -> TOMLDocument {
        try checkUTF8(bytes)
        var reader = TOMLReader(bytes)
        while try reader.readStatement() {}
        return TOMLDocument(root: reader.root.table, statements: reader.statements, headers: reader.headers,
                            bytes: bytes)
    }

    /// Refuses bytes that are not UTF-8 (an overlong form or an encoded surrogate included), at the first one.
    private static func checkUTF8(_ bytes: [UInt8]) throws {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return
            case .error: throw TOMLError("it is not UTF-8 text", at: offset, in: bytes)
            }
        }
    }

    // MARK: Statements

    /// Reads one line's statement (a key = value, a header, or nothing) with its comment and line end; false at the
    /// end of the document.
    private mutating func readStatement() throws -> Bool {
        let lineStart = index
        skipBlanks()
        let start = index
        guard let byte = peek() else { return false }
        var topLevel: (key: [String], valueRange: Range<Int>)?
        if Self.startsKey(byte) {
            let key = try readKey()
            try readEquals()
            let valueStart = index
            let value = try readValue(depth: sectionDepth + key.count)
            try define(key, value, at: start)
            if section == 0 { topLevel = (key, valueStart..<index) }
        } else if byte == UInt8(ascii: "[") {
            try readHeader(lineStart: lineStart)
        } else if byte != UInt8(ascii: "#"), newlineLength() == 0 {
            throw fault("a key, a [table] or a comment was expected, not \(describe())")
        }
        skipBlanks()
        try skipComment()
        let newline = newlineLength()
        guard newline > 0 || index == bytes.count else {
            throw fault("the line should end after the statement, not go on with \(describe())")
        }
        index += newline
        if let topLevel {
            statements.append(.init(key: topLevel.key, start: lineStart, valueRange: topLevel.valueRange, end: index))
        }
        return index < bytes.count
    }

    /// `[a.b]` or `[[a.b]]`, which starts a section.
    private mutating func readHeader(lineStart: Int) throws {
        let isArray = peek(1) == UInt8(ascii: "[")
        index += isArray ? 2 : 1
        skipBlanks()
        let keyStart = index
        let key = try readKey()
        guard key.count <= Self.maxDepth else { throw fault(Self.tooDeep, at: keyStart) }
        let closing = isArray ? "]]" : "]"
        guard has(closing) else { throw fault("\(closing) was expected to end the table's name") }
        index += closing.utf8.count
        section += 1
        sectionDepth = key.count
        do {
            table = isArray ? try openArrayElement(key) : try openTable(key)
        } catch let broken as RuleBroken {
            throw fault(broken.reason, at: keyStart)
        }
        headers.append(.init(key: key, start: lineStart))
    }

    // MARK: Keys

    static func startsKey(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): return true
        default: return false
        }
    }

    /// `a`, `"a b"`, `'a'`, `a . "b"`: its parts; then the blanks after it.
    mutating func readKey() throws -> [String] {
        var parts: [String] = []
        while true {
            switch peek() {
            case let byte? where Self.isBareKeyByte(byte):
                let start = index
                while let next = peek(), Self.isBareKeyByte(next) { index += 1 }
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
            case UInt8(ascii: "\"")?:
                index += 1
                parts.append(try readBasicString())
            case UInt8(ascii: "'")?:
                index += 1
                parts.append(try readLiteralString())
            default:
                throw fault("a key was expected, not \(describe())")
            }
            skipBlanks()
            guard peek() == UInt8(ascii: ".") else { return parts }
            index += 1
            skipBlanks()
        }
    }

    /// `key = value`'s `=` and the blanks around it have been read when this returns.
    mutating func readEquals() throws {
        guard peek() == UInt8(ascii: "=") else { throw fault("= was expected after the key") }
        index += 1
        skipBlanks()
    }

    // MARK: Defining tables and keys

    /// A rule of TOML's on defining keys and tables, broken.
    struct RuleBroken: Error {
        let reason: String
    }

    /// `key = value` in the current section.
    private mutating func define(_ key: [String], _ value: TOMLValue, at start: Int) throws {
        do {
            try Self.define(key, .value(value), in: table, section: section)
        } catch let broken as RuleBroken {
            throw fault(broken.reason, at: start)
        }
    }

    /// Defines `key` (dotted keys defining or extending tables from `section`) in `table`.
    static func define(_ key: [String], _ entry: TOMLTableNode.Entry, in table: TOMLTableNode, section: Int) throws {
        var node = table
        for (depth, part) in key.dropLast().enumerated() {
            switch node[part] {
            case nil:
                let child = TOMLTableNode()
                child.byDottedKeysInSection = section
                node.set(part, .table(child))
                node = child
            case .table(let child)? where child.isOpenToDottedKeys(in: section):
                child.byDottedKeysInSection = section
                node = child
            default:
                let prefix = name(key.prefix(depth + 1))
                throw RuleBroken(reason: "\(prefix) is already defined, and cannot be added to here")
            }
        }
        guard let last = key.last, node[last] == nil else {
            throw RuleBroken(reason: "\(name(key)) is already defined")
        }
        node.set(last, entry)
    }

    /// `[key]`: a table defined once, through tables (the last of an array of tables) that may be new.
    private func openTable(_ key: [String]) throws -> TOMLTableNode {
        let parent = try walk(to: key.dropLast(), naming: key)
        guard let last = key.last else { return parent }
        switch parent[last] {
        case nil:
            let node = TOMLTableNode(byHeader: true)
            parent.set(last, .table(node))
            return node
        case .table(let node)? where !node.byHeader && node.byDottedKeysInSection == nil:
            node.byHeader = true
            return node
        default:
            throw RuleBroken(reason: "[\(Self.name(key))] is already defined")
        }
    }

    /// `[[key]]`: a new table at the end of the array of tables `key`.
    private func openArrayElement(_ key: [String]) throws -> TOMLTableNode {
        let parent = try walk(to: key.dropLast(), naming: key)
        guard let last = key.last else { return parent }
        let node = TOMLTableNode(byHeader: true)
        switch parent[last] {
        case nil: parent.set(last, .tables([node]))
        case .tables(let nodes)?: parent.set(last, .tables(nodes + [node]))
        default: throw RuleBroken(reason: "\(Self.name(key)) is already defined, and not as an array of tables")
        }
        return node
    }

    /// The table a header's `path` leads to from the root, making the missing ones.
    private func walk(to path: ArraySlice<String>, naming key: [String]) throws -> TOMLTableNode {
        var node = root
        for (depth, part) in path.enumerated() {
            switch node[part] {
            case nil:
                let child = TOMLTableNode()
                node.set(part, .table(child))
                node = child
            case .table(let child)?:
                node = child
            case .tables(let nodes)?:
                node = nodes.last ?? node  // never empty
            case .value?:
                throw RuleBroken(reason: "\(Self.name(key.prefix(depth + 1))) is already defined as a value, "
                                 + "which a [table] cannot add to")
            }
        }
        return node
    }

    /// A key as a message shows it: `a.b`, a part quoted when it is not bare.
    static func name<Parts: Collection>(_ key: Parts) -> String where Parts.Element == String {
        key.map { part in
            !part.isEmpty && part.utf8.allSatisfy(isBareKeyByte) ? part : TOMLValue.quoted(part)
        }.joined(separator: ".")
    }

    // MARK: Blanks, comments and line ends

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    func has(_ text: String) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    mutating func skipBlanks() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// 1 at a line feed (here or at `offset`), 2 at a carriage return and a line feed, else 0 (a lone carriage
    /// return ends no line).
    func newlineLength(at offset: Int? = nil) -> Int {
        let at = offset ?? index
        switch at < bytes.count ? bytes[at] : nil {
        case UInt8(ascii: "\n")?: return 1
        case UInt8(ascii: "\r")? where at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "\n"): return 2
        default: return 0
        }
    }

    /// A comment up to its line's end; control characters other than tab are refused in it.
    mutating func skipComment() throws {
        guard peek() == UInt8(ascii: "#") else { return }
        index += 1
        while let byte = peek(), newlineLength() == 0 {
            if Self.isControl(byte), byte != UInt8(ascii: "\t") { throw fault("a comment cannot hold \(describe())") }
            index += 1
        }
    }

    /// Blanks, line ends and comments, as between a list's values.
    mutating func skipListSpace() throws {
        while true {
            skipBlanks()
            let newline = newlineLength()
            if newline > 0 {
                index += newline
            } else if peek() == UInt8(ascii: "#") {
                try skipComment()
            } else {
                return
            }
        }
    }

    /// ASCII control characters and DEL.
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    // MARK: Faults

    static let tooDeep = "tables, lists and keys nested more than \(maxDepth) deep"
    static let tooLarge = "the integer does not fit in 64 bits (TOML's integers go from \(Int64.min) to \(Int64.max))"

    func fault(_ reason: String, at offset: Int? = nil) -> TOMLError {
        TOMLError(reason, at: offset ?? index, in: bytes)
    }

    /// What is at the reader's place, for a message: `"x"`, `U+2028`, "the end of the line" or "the end of the file".
    func describe() -> String {
        guard let byte = peek() else { return "the end of the file" }
        if newlineLength() > 0 { return "the end of the line" }
        if byte >= 0x21, byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "an invalid byte" }
        return "U+" + TOMLValue.hex(scalar.value)
    }
}
