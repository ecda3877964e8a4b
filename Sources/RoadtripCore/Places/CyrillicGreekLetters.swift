/// Common romanisations of Cyrillic and Greek letters, for place names typed in those scripts
/// ("Москва" → "Moskva", "Αθήνα" → "Athina"). A table rather than ICU's transliterator because
/// creating one of those costs milliseconds per query. Other scripts still go through ICU.
enum CyrillicGreekLetters {
    static let table: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        func add(_ pairs: String) {
            // "а=a б=b ...": lowercase letter, '=', its romanisation; the uppercase form is derived.
            for pair in pairs.split(separator: " ") {
                let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
                guard let letter = parts[0].unicodeScalars.first else { continue }
                let latin = String(parts[1])
                table[letter] = latin
                let upper = String(letter).uppercased()
                if upper.unicodeScalars.count == 1, let u = upper.unicodeScalars.first, u != letter {
                    table[u] = latin.prefix(1).uppercased() + latin.dropFirst()
                }
            }
        }
        // Russian, then the letters Ukrainian, Belarusian, Serbian and Macedonian add.
        add("а=a б=b в=v г=g д=d е=e ё=e ж=zh з=z и=i й=y к=k л=l м=m н=n о=o п=p р=r с=s т=t у=u ф=f "
            + "х=kh ц=ts ч=ch ш=sh щ=shch ъ= ы=y ь= э=e ю=yu я=ya")
        add("є=ye і=i ї=yi ґ=g ў=u ђ=dj ј=j љ=lj њ=nj ћ=c џ=dz ѓ=gj ќ=kj ѕ=dz")
        // Modern Greek.
        add("α=a β=v γ=g δ=d ε=e ζ=z η=i θ=th ι=i κ=k λ=l μ=m ν=n ξ=x ο=o π=p ρ=r σ=s ς=s τ=t υ=y "
            + "φ=f χ=ch ψ=ps ω=o")
        return table
    }()
}
