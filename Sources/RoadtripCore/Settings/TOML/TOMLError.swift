/// Why a document is not TOML, and where: the line and column (from 1, counting characters) of the first place
/// that breaks the grammar.
struct TOMLError: Error, Equatable {
    let line: Int
    let column: Int
    /// A plain phrase: "a list's value was expected, not U+2028".
    let reason: String

    /// Where `offset` is in `bytes`: lines end at line feeds; a column counts characters, not bytes.
    init(_ reason: String, at offset: Int, in bytes: [UInt8]) {
        let end = min(max(offset, 0), bytes.count)
        let lineStart = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        line = bytes[..<lineStart].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        // UTF-8 continuation bytes (10xxxxxx) do not start a character.
        column = bytes[lineStart..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        self.reason = reason
    }
}
