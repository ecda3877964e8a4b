/// Hiragana and katakana read as Hepburn romaji, spelled the way the gazetteer's Latin names are: long
/// vowels folded ("とうきょう" → "tokyo", "おおさか" → "osaka", "キョウト" → "kyoto"), small ya/yu/yo joined
/// ("しゃ" → "sha"), the small tsu doubling what follows ("さっぽろ" → "sapporo", "はっちょう" → "hatcho").
/// A table rather than ICU's transliterator, which keeps macrons ("tōkyō") and costs milliseconds per query.
enum KanaReading {
    /// Hiragana and katakana letters and the prolonged sound mark "ー".
    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC: return true
        default: return false
        }
    }

    /// The romaji of a run of kana; other characters are skipped.
    static func romaji(_ text: String) -> String {
        let kana = text.unicodeScalars.filter(isKana).map(hiragana)
        var out = ""
        var doubleNext = false
        for (i, scalar) in kana.enumerated() {
            let next = i + 1 < kana.count ? kana[i + 1] : nil
            switch scalar {
            case "ー":
                continue   // a long vowel: Tōkyō is "Tokyo"
            case "っ":
                doubleNext = true
                continue
            case "ゃ", "ゅ", "ょ":
                let vowel = syllables[scalar]!.dropFirst()   // "ya" → "a"
                if out.hasSuffix("i") {
                    out.removeLast()
                    // "shi" + "ゃ" is "sha", "ji" + "ゃ" is "ja"; otherwise "ki" + "ゃ" is "kya".
                    out += out.hasSuffix("sh") || out.hasSuffix("ch") || out.hasSuffix("j") ? vowel : "y" + vowel
                } else {
                    out += "y" + vowel
                }
                continue
            case "ぁ", "ぃ", "ぅ", "ぇ", "ぉ":
                // Small vowels change the one before ("ふぁ" → "fa", "てぃ" → "ti").
                if let last = out.last, "aiueo".contains(last) { out.removeLast() }
                out += syllables[scalar]!
                continue
            case "う" where (out.hasSuffix("o") || out.hasSuffix("u")) && !isVowel(next), "お" where out.hasSuffix("o"):
                continue   // "とう", "ゆう", "おお": long vowels ("おおいた" is Oita), but "いのうえ" is Inoue
            default:
                break
            }
            guard let syllable = syllables[scalar] else { continue }
            if doubleNext, let first = syllable.first, !"aiueon".contains(first) {
                out += syllable.hasPrefix("ch") ? "t" : String(first)
            }
            doubleNext = false
            out += syllable
        }
        return out
    }

    private static func isVowel(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map { "あいうえお".unicodeScalars.contains($0) } ?? false
    }

    /// Katakana to the hiragana of the same sound (the blocks are parallel, 0x60 apart).
    private static func hiragana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0x30A1...0x30F6).contains(scalar.value) else { return scalar }
        return Unicode.Scalar(scalar.value - 0x60)!
    }

    private static let syllables: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        let pairs = """
            あ=a い=i う=u え=e お=o か=ka き=ki く=ku け=ke こ=ko さ=sa し=shi す=su せ=se そ=so \
            た=ta ち=chi つ=tsu て=te と=to な=na に=ni ぬ=nu ね=ne の=no は=ha ひ=hi ふ=fu へ=he ほ=ho \
            ま=ma み=mi む=mu め=me も=mo や=ya ゆ=yu よ=yo ら=ra り=ri る=ru れ=re ろ=ro \
            わ=wa ゐ=i ゑ=e を=o ん=n \
            が=ga ぎ=gi ぐ=gu げ=ge ご=go ざ=za じ=ji ず=zu ぜ=ze ぞ=zo だ=da ぢ=ji づ=zu で=de ど=do \
            ば=ba び=bi ぶ=bu べ=be ぼ=bo ぱ=pa ぴ=pi ぷ=pu ぺ=pe ぽ=po ゔ=vu \
            ぁ=a ぃ=i ぅ=u ぇ=e ぉ=o ゃ=ya ゅ=yu ょ=yo ゎ=wa ゕ=ka ゖ=ke
            """
        for pair in pairs.split(separator: " ") {
            let parts = pair.split(separator: "=")
            table[parts[0].unicodeScalars.first!] = String(parts[1])
        }
        return table
    }()
}
