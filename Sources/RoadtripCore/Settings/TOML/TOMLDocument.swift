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

    /// The line (from 1) where the top-level key `key` is first written: by a statement, or by a header.
    func line(of key: String) -> Int? {
        let starts = statements.filter { $0.key.first == key }.map(\.start)
            + headers.filter { $0.key.first == key }.map(\.start)
        return starts.min().map { start in bytes[..<start].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
    }
}
