import Foundation

/// One normalisation for place names and for what the user types, so that both meet in the same keys.
///
/// `fold` transliterates to ASCII; `key` then lowercases, drops apostrophes, turns other punctuation
/// into single spaces and spells out "st"/"ste"/"mt"/"ft" as "saint"/"sainte"/"mount"/"fort".
/// The gazetteer's name fields are already ASCII (transliterated at build time by Unidecode), so at
/// load time only the cheap byte-level `key` step runs; `fold` is for queries.
public enum PlaceNormalizer {
    /// "Łódź" → "Lodz", "Ærøskøbing" → "AEroskobing", "Straße" → "Strasse", "Zürich" → "Zurich",
    /// "Москва" → "Moskva", "とうきょう" → "tokyo". Latin, Cyrillic and Greek letters go through small
    /// tables plus decomposition, kana through `KanaReading` (fast and the same on every platform);
    /// other scripts fall back to ICU's "Any-Latin; Latin-ASCII".
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var out = String.UnicodeScalarView()
        var foreign = String.UnicodeScalarView()   // a run of non-Latin scalars, transliterated together
        func flushForeign() {
            guard !foreign.isEmpty else { return }
            let run = String(foreign)
            foreign.removeAll()
            let latin = run.unicodeScalars.allSatisfy(KanaReading.isKana) ? KanaReading.romaji(run)
                : run.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? ""
            out.append(contentsOf: latin.unicodeScalars.filter { $0.isASCII })
            out.append(" ")
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                flushForeign()
                out.append(scalar)
            } else if let special = letter(scalar) {
                flushForeign()
                out.append(contentsOf: special.unicodeScalars)
            } else if isCombiningMark(scalar) {
                continue
            } else if let base = decomposedBase(of: scalar) {
                flushForeign()
                out.append(contentsOf: base.unicodeScalars)
            } else if scalar.properties.isWhitespace || scalar.properties.generalCategory.isPunctuationOrSymbol {
                flushForeign()
                out.append(" ")
            } else {
                foreign.append(scalar)
            }
        }
        flushForeign()
        return String(out)
    }

    /// The search key: `fold`, then the byte-level rules. "St. Louis" → "saint louis",
    /// "Winston-Salem" → "winston salem", "N'Djamena" → "ndjamena".
    ///
    /// With `partialLastWord` (a query being typed) a last word that is not followed by a space or
    /// punctuation is kept as typed: "st" may be the start of "stuttgart", while "st " or "st." is "saint".
    public static func key(_ text: String, partialLastWord: Bool = false) -> String {
        let ascii = Array(fold(text).utf8)
        var out: [UInt8] = []
        out.reserveCapacity(ascii.count + 8)
        ascii.withUnsafeBufferPointer { appendKey(ascii: $0, to: &out, partialLastWord: partialLastWord) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The key of a name in a non-Latin script, as stored and as typed: lowercase (Cyrillic, Greek),
    /// Greek accents, combining marks and vowel points dropped ("Αθήνα" and "Αθηνα" meet), punctuation
    /// and spaces to one space. "Санкт-Петербург" → "санкт петербург", "東京" → "東京". Standard library
    /// only: Foundation's normalisation would map ICU's tables into every process that loads the index.
    public static func nativeKey(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for original in text.lowercased().unicodeScalars {
            if isCaselessLetter(original) {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(original)
                continue
            }
            if isCombiningMark(original) { continue }
            let scalar = greekBase[original] ?? original
            if scalar.properties.isWhitespace || scalar.properties.generalCategory.isPunctuationOrSymbol {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        return String(out)
    }

    /// Han ideographs, kana and Hangul syllables: most of the native names' letters, which need no
    /// property lookups (they are a tenth of the index's load time otherwise).
    private static func isCaselessLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x3041...0x3096, 0x30A1...0x30FA: return true
        default: return false
        }
    }

    /// Greek vowels with tonos or dialytika (precomposed), to their bare letter.
    private static let greekBase: [Unicode.Scalar: Unicode.Scalar] = {
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (accented, bare) in zip("άέήίόύώϊϋΐΰ".unicodeScalars, "αεηιουωιυιυ".unicodeScalars) { table[accented] = bare }
        return table
    }()

    /// True when `text` has a letter of a script other than Latin: it is then searched among the
    /// names in the places' own scripts.
    public static func hasNonLatinLetter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic && !isLatin($0) }
    }

    /// True when `text` has a letter and all of them are Cyrillic or Greek, which `fold` romanises well
    /// enough to search the Latin names too ("Париж" → "Parizh" → Paris is left to the typo match).
    static func isCyrillicOrGreek(_ text: String) -> Bool {
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic && !isLatin($0) }
        return !letters.isEmpty && letters.allSatisfy { (0x370...0x52F).contains($0.value) || (0x1F00...0x1FFF).contains($0.value) }
    }

    /// True when `text` has a letter and all of them are kana: it reads as romaji ("ひろしま" → "hiroshima")
    /// and names a place in Japan.
    static func isKana(_ text: String) -> Bool {
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic && !isLatin($0) }
        return !letters.isEmpty && letters.allSatisfy(KanaReading.isKana)
    }

    /// Latin letters (with their extensions), and the characters shared by all scripts below U+0370.
    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case ..<0x370, 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F,
             0xFB00...0xFB06, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return true
        default: return !scalar.properties.isAlphabetic
        }
    }

    /// The byte-level step on ASCII input; appends the key to `out`. Non-ASCII bytes act as separators.
    static func appendKey(ascii: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], partialLastWord: Bool = false) {
        // Writes through a pointer into room made up front (an abbreviation at most doubles a
        // word), then trims: appending byte by byte was a third of the load time.
        let base = out.count
        let room = 2 * ascii.count + 8
        if room <= zeros.count {
            out.append(contentsOf: zeros[..<room])   // a memcpy, unlike appending a repeated element
        } else {
            out.append(contentsOf: repeatElement(0, count: room))
        }
        let length = out.withUnsafeMutableBufferPointer { buffer -> Int in
            let o = UnsafeMutableBufferPointer(rebasing: buffer[base...])
            var n = 0
            var wordStart = -1
            var pendingSpace = false
            for byte in ascii {
                var c = byte
                if c >= 65 && c <= 90 { c += 32 }
                if (c >= 97 && c <= 122) || (c >= 48 && c <= 57) {
                    if wordStart < 0 {
                        if pendingSpace && n > 0 { o[n] = 32; n += 1 }
                        pendingSpace = false
                        wordStart = n
                    }
                    o[n] = c
                    n += 1
                } else if c == 39 || c == 96 {
                    continue   // apostrophes join: "O'Fallon" is "ofallon"
                } else {
                    if wordStart >= 0 { n = expandAbbreviation(o, from: wordStart, to: n) }
                    wordStart = -1
                    pendingSpace = true
                }
            }
            if wordStart >= 0 && !partialLastWord { n = expandAbbreviation(o, from: wordStart, to: n) }
            return n
        }
        out.removeSubrange((base + length)...)
    }

    /// "st" → "saint" and friends, for the complete word o[start..<end]; returns the new end.
    private static func expandAbbreviation(_ o: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let length = end - start
        guard length == 2 || length == 3 else { return end }
        for (short, long) in abbreviations where short.count == length {
            var same = true
            for i in 0..<length where o[start + i] != short[i] { same = false; break }
            if same {
                for (i, byte) in long.enumerated() { o[start + i] = byte }
                return start + long.count
            }
        }
        return end
    }

    private static let zeros = [UInt8](repeating: 0, count: 1024)

    private static let abbreviations: [([UInt8], [UInt8])] = [
        ("st", "saint"), ("ste", "sainte"), ("mt", "mount"), ("ft", "fort"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// Letters that canonical decomposition leaves alone (they are not "letter + accent"), plus
    /// typographic punctuation that should behave like its ASCII form.
    private static let specialLetters: [Unicode.Scalar: String] = {
        let pairs: [(String, String)] = [
            ("ß", "ss"), ("ẞ", "SS"), ("æ", "ae"), ("Æ", "AE"), ("œ", "oe"), ("Œ", "OE"),
            ("ø", "o"), ("Ø", "O"), ("ł", "l"), ("Ł", "L"), ("đ", "d"), ("Đ", "D"), ("ð", "d"), ("Ð", "D"),
            ("þ", "th"), ("Þ", "TH"), ("ı", "i"), ("ħ", "h"), ("Ħ", "H"), ("ŀ", "l"), ("Ŀ", "L"),
            ("ŧ", "t"), ("Ŧ", "T"), ("ĸ", "k"), ("ŋ", "n"), ("Ŋ", "N"), ("ſ", "s"), ("ƒ", "f"),
            ("ɨ", "i"), ("ʉ", "u"), ("ɛ", "e"), ("Ɛ", "E"), ("ɔ", "o"), ("Ɔ", "O"), ("ə", "e"), ("Ə", "E"),
            ("\u{2018}", "'"), ("\u{2019}", "'"), ("\u{02BB}", "'"), ("\u{02BC}", "'"), ("\u{00B4}", "'"),
            ("\u{2032}", "'"), ("\u{02BF}", "'"), ("\u{02BE}", "'"),
            ("\u{00A0}", " "), ("\u{2010}", "-"), ("\u{2011}", "-"), ("\u{2013}", "-"), ("\u{2014}", "-"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (from, to) in pairs { table[from.unicodeScalars.first!] = to }
        return table
    }()

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The table entry for a letter that decomposition does not reduce to ASCII.
    private static func letter(_ scalar: Unicode.Scalar) -> String? {
        specialLetters[scalar] ?? CyrillicGreekLetters.table[scalar]
    }

    /// "ü" → "u", "ǅ" → "Dz", "ή" → "i": the letters left after compatibility decomposition, when
    /// every part is ASCII, a combining mark (dropped) or a letter of the tables.
    private static func decomposedBase(of scalar: Unicode.Scalar) -> String? {
        let decomposed = String(scalar).decomposedStringWithCompatibilityMapping
        var ascii = ""
        for part in decomposed.unicodeScalars {
            if part.isASCII {
                ascii.unicodeScalars.append(part)
            } else if let mapped = letter(part) {
                ascii += mapped
            } else if !isCombiningMark(part) {
                return nil
            }
        }
        return ascii.isEmpty ? nil : ascii
    }
}

private extension Unicode.GeneralCategory {
    var isPunctuationOrSymbol: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
