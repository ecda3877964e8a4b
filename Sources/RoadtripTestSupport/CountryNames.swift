import RoadtripCore

/// Invented names for the generated country (`CountryExtract`): places from two or three syllables of a
/// made-up language, some letters beyond ASCII as real extracts have; streets and POIs after them.
struct CountryNames {
    private static let starts = ["Bor", "Dub", "Gor", "Kal", "Lip", "Mił", "Now", "Ostr", "Pol", "Rud", "Sos", "Star",
                                 "Tor", "Wys", "Zał", "Brze", "Czer", "Grab", "Jez", "Kras", "Łęk", "Olsz", "Przy",
                                 "Sław", "Wierz", "Żab", "Horo", "Vel", "Myk", "Bilo"]
    private static let middles = ["", "", "", "o", "e", "an", "ow", "in", "ě"]
    private static let ends = ["ice", "ów", "no", "ka", "ec", "ovo", "sk", "yn", "ava", "ów Dolny", "ówka", "iszki",
                               "any", "ichy", "ěves", "ogród", "opil", "bork"]
    private static let streetEnds = ["ulica", "aleja", "droga", "rynek", "zaułek"]
    private static let englishPrefixes = ["North", "South", "Old", "New", "Upper", "Lower", "Great", "Little"]
    private static let englishStems = ["Ford", "Field", "Brook", "Moor", "Wood", "Bridge", "Mill", "Stone"]
    private static let poiWords = ["Pod Lipą", "Zajazd", "Stacja", "Pod Dębem", "Przystań", "Widok", "Dwór", "Kamień"]

    var generator: SplitMix64

    mutating func place() -> String {
        pick(Self.starts) + pick(Self.middles) + pick(Self.ends)
    }

    /// An English name for about one place in ten.
    mutating func english() -> String? {
        generator.next() % 10 == 0 ? pick(Self.englishPrefixes) + " " + pick(Self.englishStems) : nil
    }

    mutating func street() -> String {
        pick(Self.starts) + pick(Self.middles) + "ska " + pick(Self.streetEnds)
    }

    /// A POI's name: a word and the place it is at, "Zajazd Borowice".
    mutating func poi(at place: String) -> String {
        pick(Self.poiWords) + " " + place
    }

    mutating func pick(_ items: [String]) -> String {
        items[Int(generator.next() % UInt64(items.count))]
    }
}
