/// A TOML document as read (`TOMLReader.read`): its values, and where its top-level keys are written, for messages
/// naming their line and for edits that change only their lines.
struct TOMLDocument {
    /// A `key = value` line before the first header (the value may span lines: a list, a multi-line string).
    struct Statement {
        let key: [String]
        /// Where its line starts (blanks before the key included).
        let start: Int
        /// The value's bytes.
        let valueRange: Range<Int>
        /// After its line's end: its comment and line break included.
        let end: Int
    }

    /// A `[table]` or `[[table]]` line.
    struct Header {
        let key: [String]
        /// Where its line starts.
        let start: Int
    }

    let root: TOMLTable
    let statements: [Statement]
    let headers: [Header]
    let bytes: [UInt8]
    /// The line (from 1) where each top-level key is first written.
    private let keyLines: [String: Int]

    init(root: TOMLTable, statements: [Statement], headers: [Header], bytes: [UInt8]) {
        self.root = root
        self.statements = statements
        self.headers = headers
        self.bytes = bytes
        // One pass over the bytes, however many keys: a file of thousands stays instant.
        let starts = (statements.map { ($0.start, $0.key.first) } + headers.map { ($0.start, $0.key.first) })
            .sorted { $0.0 < $1.0 }
        var lines: [String: Int] = [:], line = 1, offset = 0
        for (start, key) in starts {
            line += bytes[offset..<start].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            offset = start
            if let key, lines[key] == nil { lines[key] = line }
        }
        keyLines = lines
    }

    /// The line (from 1) where the top-level key `key` is first written: by a statement, or by a header.
    func line(of key: String) -> Int? { keyLines[key] }
}
