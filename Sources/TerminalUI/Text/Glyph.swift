
/// One grapheme cluster ready for a cell: sanitised, with its column width (1 or 2).
/// Only `TextWidth` makes glyphs, so raw text can never reach a terminal.
public struct Glyph: Equatable, Sendable {
    public let text: String
    public let width: Int

    init(text: String, width: Int) {
        self.text = text
        self.width = width
    }

    static let space = Glyph(text: " ", width: 1)
    /// U+0020 to U+007E, in order.
    static let printableASCII = (0x20..<0x7F).map { Glyph(text: String(UnicodeScalar(UInt8($0))), width: 1) }

    /// The glyph for one cluster of already-sanitised text. A cluster that starts with a
    /// zero-width scalar (a lone combining mark, an invisible format character) gets a dotted
    /// circle as its base, the Unicode convention, so it is visible and takes one column.
    init(cluster: Character) {
        let first = cluster.unicodeScalars.first!
        let width = ScalarWidth.of(first)
        if width == 0 {
            self.init(text: "\u{25CC}" + String(cluster), width: 1)
        } else {
            self.init(text: String(cluster), width: width)
        }
    }
}
