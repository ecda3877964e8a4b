import Foundation

/// The scoring rules, in one place.
///
/// score = tier of the match + weight · log10(population) (+ capital) (+ qualifier) (+ nearness).
/// Tiers are about a unit apart, which at weight 0.5 is two orders of magnitude of population: a
/// lower tier wins only with a place 100 times bigger ("san" → Santiago before a town called San;
/// "york" → York, England, then New York City before small Yorks and before Yorkton).
/// Alternate names rank well below the place's own name except when typed whole: the data keeps
/// many historic and foreign forms ("Sanchajus" for Shanghai, "Chi" for Jizhou) that would crowd
/// short queries, so they only count from `alternatePrefixMinimum` characters on.
enum PlaceRanking {
    static let populationWeight: Float = 0.5
    static let capitalBonus: Float = 0.25
    /// Added when a qualifier ("springfield, il") confirmed the place.
    static let qualifierBonus: Float = 0.25
    /// Nearness to the previous stop: up to this much, fading to nothing at `nearFadeKm`.
    /// Small on purpose: it breaks near-ties (Springfield IL vs MO from Chicago), no more.
    static let nearBonus: Float = 0.3
    static let nearFadeKm = 1_000.0
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
    /// later word. Nil when the hit should not count (a short prefix of an alternate name).
    @inline(__always)
    static func tier(whole: Bool, alternate: Bool, laterWord: Bool, queryLength: Int) -> (Float, Kind)? {
        if alternate && queryLength < alternatePrefixMinimum { return nil }
        if laterWord {
            if alternate { return (whole ? 1.0 : 0.8, .wordPrefix) }
            return (whole ? 1.8 : 1.6, .wordPrefix)
        }
        if whole { return (alternate ? 2.7 : 3.0, .exact) }
        return (alternate ? 1.3 : 2.0, .prefix)
    }

    /// Tier of a typo-tolerant hit with `cost` edits.
    @inline(__always)
    static func fuzzyTier(cost: Int, whole: Bool, alternate: Bool, laterWord: Bool) -> (Float, Kind) {
        var t: Float = whole ? 1.0 : 0.8
        t -= Float(cost - 1) * 0.5
        if alternate { t -= 0.3 }
        if laterWord { t -= 0.3 }
        return (t, cost == 1 ? .fuzzy1 : .fuzzy2)
    }

    static func nearness(distanceKm: Double) -> Float {
        nearBonus * Float(max(0, 1 - distanceKm / nearFadeKm))
    }
}
