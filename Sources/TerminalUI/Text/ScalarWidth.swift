/// Column width of one Unicode scalar, as `wcwidth` would report it in a UTF-8 locale, but
/// independent of the process locale so tests and the real terminal measure alike.
enum ScalarWidth {
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return 1 }  // ASCII fast path (controls never get here: text is sanitised first)
        if isZeroWidth(scalar) { return 0 }
        if scalar.properties.isEmojiPresentation || isWide(v) { return 2 }
        return 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x00AD || prependedMarks.contains(v) { return false }  // format characters that are shown
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return true }  // Hangul medial/final jamo
        if v == 0x200B { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Arabic number signs and similar prepended concatenation marks: format characters with a glyph.
    private static let prependedMarks: Set<UInt32> = [0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD]

    /// East Asian Wide and Fullwidth ranges that are not already emoji-presentation scalars.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x16FF0...0x16FF1, 0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1B2FF,
        0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ v: UInt32) -> Bool {
        guard v >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if v < range.lowerBound { high = mid - 1 } else if v > range.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }
}
