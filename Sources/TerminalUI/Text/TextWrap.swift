/// Word wrapping by display width, for dialog messages and read-only notes.
public enum TextWrap {
    /// Splits `text` into lines of at most `width` columns: at spaces where possible, inside a
    /// word only when the word alone is too wide. Line breaks are kept; the text is sanitised per line.
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return paragraphs(text).flatMap { wrap(String($0), width: width) }
    }

    /// The lines of `text` as written, split at each line break: LF and CR LF (one `Character` in Swift, so splitting
    /// at "\n" alone would keep it, drawn as `^M^J`). Other controls, a lone CR too, stay in the text, shown escaped.
    public static func paragraphs(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    private static func wrap(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var current: [Glyph] = []
        var currentWidth = 0
        func flush() {
            lines.append(current.map(\.text).joined())
            current = []
            currentWidth = 0
        }
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            let glyphs = TextWidth.glyphs(String(word))
            let wordWidth = glyphs.reduce(0) { $0 + $1.width }
            if currentWidth > 0, currentWidth + 1 + wordWidth > width { flush() }
            if currentWidth > 0 {
                current.append(.space)
                currentWidth += 1
            }
            for glyph in glyphs {
                if currentWidth + glyph.width > width, currentWidth > 0 { flush() }
                current.append(glyph)
                currentWidth += glyph.width
            }
        }
        if !current.isEmpty || lines.isEmpty { flush() }
        return lines
    }
}
