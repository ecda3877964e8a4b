import SafeText

/// Measuring, clipping and padding text by display columns, one grapheme cluster at a time.
/// Every function sanitises first (`TerminalSafe.line`), so what is measured is what is drawn.
///
/// A cluster is as wide as its base scalar (`wcwidth` rules): CJK and emoji 2, combining marks,
/// variation selectors and the rest of a ZWJ sequence add nothing, a flag (two regional
/// indicators) is 2. Right-to-left text is kept in logical order; the terminal shows it as given.
public enum TextWidth {
    /// The glyphs `text` is drawn as.
    public static func glyphs(_ text: String) -> [Glyph] {
        // Printable ASCII (most names): a glyph per byte, nothing to sanitise or segment (a map draws 200 labels).
        if isPrintableASCII(text) { return text.utf8.map { Glyph.printableASCII[Int($0) - 0x20] } }
        return mixedGlyphs(text) ?? TerminalSafe.line(text).map(Glyph.init(cluster:))
    }

    /// Columns `text` takes on screen.
    public static func width(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        return glyphs(text).reduce(0) { $0 + $1.width }
    }

    /// The glyphs of printable text with other characters in it ("Oslo → Bergen"), without sanitising and
    /// segmenting all of it: an ASCII character with ASCII on both sides is a cluster of its own (no rule joins
    /// two of them), so only each stretch between such characters goes through `TerminalSafe` and `Character`,
    /// and every stretch starts and ends on a cluster boundary. Nil when the text has a control character.
    private static func mixedGlyphs(_ text: String) -> [Glyph]? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> [Glyph]? in
            let count = bytes.count
            @inline(__always) func isASCII(_ index: Int) -> Bool { index < 0 || index >= count || bytes[index] < 0x80 }
            @inline(__always) func standsAlone(_ index: Int) -> Bool {
                bytes[index] < 0x80 && isASCII(index - 1) && isASCII(index + 1)
            }
            var glyphs: [Glyph] = []
            glyphs.reserveCapacity(count)
            var index = 0
            while index < count {
                let byte = bytes[index]
                guard byte >= 0x20, byte != 0x7F else { return nil }
                if standsAlone(index) {
                    glyphs.append(Glyph.printableASCII[Int(byte) - 0x20])
                    index += 1
                    continue
                }
                var end = index + 1
                while end < count, !standsAlone(end) {
                    guard bytes[end] >= 0x20, bytes[end] != 0x7F else { return nil }
                    end += 1
                }
                let stretch = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                glyphs += TerminalSafe.line(stretch).map(Glyph.init(cluster:))
                index = end
            }
            return glyphs
        } ?? nil
    }

    /// Only U+0020…U+007E: a column per byte, nothing to sanitise or segment.
    public static func isPrintableASCII(_ text: String) -> Bool {
        // Over the bytes in place, the lowest and highest byte, which the compiler vectorises: a map checks thousands
        // of labels a frame, and a byte at a time through the string's view cost ten instructions each.
        text.utf8.withContiguousStorageIfAvailable { bytes in
            // A short text (a map's label) byte by byte: the vector loop's set-up costs more than its bytes.
            if bytes.count < 16 {
                for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
                return true
            }
            var (lowest, highest): (UInt8, UInt8) = (0x20, 0x7E)
            for byte in bytes {
                lowest = min(lowest, byte)
                highest = max(highest, byte)
            }
            return lowest == 0x20 && highest == 0x7E
        } ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Columns one grapheme cluster takes (after sanitising it).
    public static func width(of character: Character) -> Int {
        width(String(character))
    }

    /// The glyphs of `text` that fit in `budget` columns; when it does not fit, the end is
    /// replaced by `ellipsis`, never splitting a wide character (the result may be one column short).
    public static func clippedGlyphs(_ text: String, to budget: Int, ellipsis: String = "…") -> [Glyph] {
        guard budget > 0 else { return [] }
        let all = glyphs(text)
        var total = 0
        for glyph in all {
            total += glyph.width
            if total > budget { return truncate(all, to: budget, ellipsis: ellipsis) }
        }
        return all
    }

    /// `text` clipped to `budget` columns with an ellipsis, as a string (sanitised).
    public static func clip(_ text: String, to budget: Int, ellipsis: String = "…") -> String {
        clippedGlyphs(text, to: budget, ellipsis: ellipsis).map(\.text).joined()
    }

    /// `text` clipped to `budget` columns at its start instead, for a path, whose end says the most
    /// ("…/roadtrip/config.toml").
    public static func clipKeepingEnd(_ text: String, to budget: Int, ellipsis: String = "…") -> String {
        let all = glyphs(text)
        guard all.reduce(0, { $0 + $1.width }) > budget else { return all.map(\.text).joined() }
        return truncate(Array(all.reversed()), to: budget, ellipsis: ellipsis).reversed().map(\.text).joined()
    }

    /// `text` clipped and then padded with spaces to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        let clipped = clippedGlyphs(text, to: width, ellipsis: ellipsis)
        let used = clipped.reduce(0) { $0 + $1.width }
        return clipped.map(\.text).joined() + String(repeating: " ", count: max(0, width - used))
    }

    private static func truncate(_ all: [Glyph], to budget: Int, ellipsis: String) -> [Glyph] {
        let mark = glyphs(ellipsis)
        let markWidth = mark.reduce(0) { $0 + $1.width }
        let room = budget - markWidth
        // Too narrow for the ellipsis: show what fits of the text itself.
        let limit = room >= 0 ? room : budget
        var kept: [Glyph] = []
        var used = 0
        for glyph in all {
            if used + glyph.width > limit { break }
            kept.append(glyph)
            used += glyph.width
        }
        return room >= 0 ? kept + mark : kept
    }
}
