/// Edits of one top-level key that leave every other byte as it was: the user's comments, order and blank lines.
extension TOMLDocument {
    /// The document with the top-level `key` set to `value` (a scalar): written `key = …`, only its value is
    /// replaced (a comment after it stays); written otherwise (dotted keys, a `[key]` table) or not at all, what
    /// holds it is removed and `key = value` added at the end of the top-level table.
    func setting(_ key: String, to value: TOMLValue) throws -> [UInt8] {
        if let statement = statements.first(where: { $0.key == [key] }) {
            var edited = bytes
            edited.replaceSubrange(statement.valueRange, with: value.text.utf8)
            return edited
        }
        let document = try removing(key).map(TOMLReader.read) ?? self
        return document.appending(TOMLReader.name([key]) + " = " + value.text)
    }

    /// The document without the top-level `key`: its `key = …` or `key.sub = …` lines and its `[key…]` tables;
    /// nil when it has none.
    func removing(_ key: String) -> [UInt8]? {
        let sectionEnds = headers.dropFirst().map(\.start) + [bytes.count]
        let ranges = statements.filter { $0.key.first == key }.map { $0.start..<$0.end }
            + zip(headers, sectionEnds).filter { $0.0.key.first == key }.map { $0.0.start..<$0.1 }
        guard !ranges.isEmpty else { return nil }
        var edited = bytes
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) { edited.removeSubrange(range) }
        return edited
    }

    /// `line` added at the end of the top-level table: after its last key, else before the first header (and the
    /// comment lines just above it), else at the end; with the line breaks the file uses.
    private func appending(_ line: String) -> [UInt8] {
        let firstBreak = bytes.firstIndex(of: UInt8(ascii: "\n"))
        let lineBreak: [UInt8] = firstBreak.map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? [0x0D, 0x0A] : [0x0A]
        var edited = bytes
        guard let header = headers.first else {
            let separator = bytes.last.map { $0 == UInt8(ascii: "\n") ? [] : lineBreak } ?? []
            return edited + separator + Array(line.utf8) + lineBreak
        }
        let offset = statements.last?.end ?? startOfComments(above: header.start)
        edited.insert(contentsOf: Array(line.utf8) + lineBreak, at: offset)
        return edited
    }

    /// Where the comment lines right above `lineStart` start (no blank line between): `lineStart` when there are none.
    private func startOfComments(above lineStart: Int) -> Int {
        var start = lineStart
        while start > 0 {
            let previous = bytes[..<(start - 1)].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let text = bytes[previous..<(start - 1)].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard text.first == UInt8(ascii: "#") else { return start }
            start = previous
        }
        return start
    }
}
