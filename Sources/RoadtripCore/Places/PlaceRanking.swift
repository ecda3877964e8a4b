import Foundation

/// The scoring rules, in one place.
///
///     score = tier of the match + 0.5 · log10(population) (+ 0.25 capital) (+ 0.25 qualifier)
///             − 1.2 · log10(1 + detour / 50 km)                               (only with context)
///
/// Tiers are about a unit apart, which at weight 0.5 is two orders of magnitude of population: a
/// lower tier wins only with a place 100 times bigger ("san" → Santiago before a town called San;
/// "york" → York, England, then New York City before small Yorks and before Yorkton).
///
/// Context: with a previous stop, `detour` is the distance from it; inserting between two stops, the
/// extra distance of going through the place (d(previous, place) + d(place, next) − d(previous, next)).
/// The penalty is nothing next door, 0.5 at 50 km, 1.4 at 500 km, 2.7 at 9,000 km: each tenfold of
/// distance (beyond the first 50 km) weighs as much as about 250 times the population. So a town of
/// 875 at 80 km beats a city of 170,000 at 2,500 km for the same name (Gardiner, Montana from West
/// Yellowstone), while an exact match on a big city far away still beats a typo or a village
/// nearby ("tokyo" from Los Angeles is Tokyo). The penalty is never positive, so a place's score
/// without it bounds its score with it, which is what lets a scan skip most entries unmeasured.
/// Alternate names rank well below the place's own name except when typed whole: the data keeps
/// many historic and foreign forms ("Sanchajus" for Shanghai, "Chi" for Jizhou) that would crowd
/// short queries, so they only count from `alternatePrefixMinimum` characters on.
enum PlaceRanking {
    static let populationWeight: Float = 0.5
    static let capitalBonus: Float = 0.25
    /// Added when a qualifier ("springfield, il") confirmed the place.
    static let qualifierBonus: Float = 0.25
    static let distanceWeight = 1.2
    static let distanceScaleKm = 50.0
    static let alternatePrefixMinimum = 4
    /// Longer queries (in key bytes) get no typo tolerance.
    static let longestFuzzyQuery = 64
    /// A prefix hit on a place of about 100,000 people: when the result list is full and leads with
    /// a hit at least this good, the typo-tolerant search is not run.
    static let strongPrefixScore: Float = 2.0 + populationWeight * 5

    enum Kind: UInt8 {
        case exact = 0, prefix, wordPrefix, fuzzy1, fuzzy2

        var publicKind: PlaceMatchKind {
            switch self {
            case .exact: return .exact
            case .prefix: return .prefix
            case .wordPrefix: return .wordPrefix
            case .fuzzy1: return .fuzzy(edits: 1)
            case .fuzzy2: return .fuzzy(edits: 2)
            }
        }
    }

    static func placeScore(population: UInt32, isCapital: Bool) -> Float {
        populationWeight * Float(log10(Double(max(population, 1)))) + (isCapital ? capitalBonus : 0)
    }

    /// Tier of an exact or prefix hit: whole key or start of it, own name or alternate, first or
    /// later word. Nil when the hit should not count: a short prefix of an alternate name, or several
    /// whole words that only begin a longer alternate (`endsAtWord`: "new york" is not Jakarta's old
    /// nickname "New York van Java", while "windy" may well be Chicago's "Windy City").
    @inline(__always)
    static func tier(whole: Bool, alternate: Bool, laterWord: Bool, queryLength: Int, endsAtWord: Bool = false) -> (Float, Kind)? {
        if alternate && (queryLength < alternatePrefixMinimum || endsAtWord) { return nil }
        if laterWord {
            if alternate { return (whole ? 1.0 : 0.8, .wordPrefix) }
            return (whole ? 1.8 : 1.6, .wordPrefix)
        }
        if whole { return (alternate ? 2.7 : bestWholeTier, .exact) }
        return (alternate ? 1.3 : bestPartialTier, .prefix)
    }

    /// The best tier of any hit.
    static let bestWholeTier: Float = 3.0

    /// The best `tier` of a key longer than the query: a scan stops at the first entry that could not
    /// enter the list even with it.
    static let bestPartialTier: Float = 2.0

    /// Tier of a multi-word query met word by word, in order, each query word starting a key word
    /// ("santiago compostela" → Santiago de Compostela): below a plain prefix, less for each key word
    /// skipped between matched ones and when the match starts at a later word of the key. A query word
    /// followed by another is finished: where it only starts a longer key word (`cut`: "san" of "santo"),
    /// the user more likely meant a name with that very word, so each such word costs `cutWordPenalty`
    /// ("san d" is San Diego, which begins with it, before Santo Domingo, twice its size).
    @inline(__always)
    static func wordsTier(skipped: Int, cut: Int = 0, alternate: Bool, laterWord: Bool) -> Float {
        (laterWord ? 1.3 : 1.7) - (alternate ? 0.4 : 0) - 0.1 * Float(min(skipped, 5)) - cutWordPenalty * Float(cut)
    }

    /// A tenfold population: a finished word matched whole wins against a ten times bigger place
    /// where it only starts a word.
    static let cutWordPenalty: Float = 0.5

    /// The best `wordsTier`, for skipping entries that could not enter the list anyway.
    static let bestWordsTier: Float = 1.7

    /// Query length (in key bytes) from which a misspelling may be of a name's start, of a later word or
    /// of a whole alternate name, not only of a whole name: below it such near misses are mostly other
    /// words ("boise" is neither "Brisel", Brussels' Slovene name, nor Aulnay-sous-"Bois"). The start of
    /// an alternate name never counts misspelt.
    static let fuzzyPartialMinimum = 6

    /// The best `fuzzyTier`: the typo-tolerant walk skips branches that could not enter the list even with it.
    static let bestFuzzyTier: Float = 1.0

    /// What each edit after the first costs a typo-tolerant hit's tier.
    static let perEditPenalty: Float = 0.5

    /// Tier of a typo-tolerant hit with `cost` edits; nil when it is not plausibly the same word.
    @inline(__always)
    static func fuzzyTier(cost: Int, whole: Bool, alternate: Bool, laterWord: Bool, queryLength: Int) -> (Float, Kind)? {
        if queryLength < fuzzyPartialMinimum && (!whole || alternate || laterWord) { return nil }
        if alternate && !whole { return nil }   // near "New York van Java" is no reason to show Jakarta
        var t: Float = whole ? bestFuzzyTier : 0.8
        t -= Float(cost - 1) * perEditPenalty
        if alternate { t -= 0.3 }
        if laterWord { t -= 0.3 }
        return (t, cost == 1 ? .fuzzy1 : .fuzzy2)
    }

    /// The context term of the formula above (never positive).
    static func nearness(detourKm: Double) -> Float {
        Float(-distanceWeight * log10(1 + max(0, detourKm) / distanceScaleKm))
    }
}
