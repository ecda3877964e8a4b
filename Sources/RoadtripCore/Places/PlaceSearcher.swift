/// One search: scans entry ranges and keeps the `limit` best distinct places as it goes.
///
/// Each entry carries its place's static score, so the usual entry is rejected with one comparison
/// against the current cut-off, without touching per-place memory. Only entries that could enter
/// the list look up their region (for qualifiers) or distance (for `near`).
struct PlaceSearcher {
    struct Hit {
        var place: Int
        var score: Float
        var kind: PlaceRanking.Kind
        var source: Int
    }

    /// Best first; ties go to the bigger place (lower index).
    private(set) var hits: [Hit] = []
    private let limit: Int
    private let maxNearness: Float
    private let nearness: ((Int) -> Float)?

    init(limit: Int, maxNearness: Float = 0, nearness: ((Int) -> Float)? = nil) {
        self.limit = limit
        self.maxNearness = nearness == nil ? 0 : maxNearness
        self.nearness = nearness
        hits.reserveCapacity(limit + 1)
    }

    /// Plain prefix hits of `query` (whole key, start of a key, start of a later word).
    /// `allowed` filters by region index when a qualifier was given.
    /// Returns whether any place was kept.
    @discardableResult
    mutating func scanPrefix(_ index: KeyIndex, query: [UInt8], region: [UInt16], allowed: [Bool]?, bonus: Float) -> Bool {
        var kept = false
        let range = index.prefixRange(query)
        let qLength = query.count
        index.entries.withUnsafeBufferPointer { e in
            for i in range {
                let entry = e[i]
                guard let hit = PlaceRanking.tier(whole: Int(entry.length) == qLength, alternate: entry.source != 0,
                                                  laterWord: entry.isLaterWord, queryLength: qLength)
                else { continue }
                if consider(entry, tier: hit.0 + bonus, kind: hit.1, region: region, allowed: allowed) { kept = true }
            }
        }
        return kept
    }

    /// Typo-tolerant hits (see `FuzzyWalk`).
    mutating func scanFuzzy(_ index: KeyIndex, query: [UInt8], region: [UInt16], allowed: [Bool]?, bonus: Float) {
        let budget = FuzzyWalk.maxEdits(forQueryLength: query.count)
        // A pasted paragraph is no misspelt place name, and the walk's table grows with the square.
        guard budget > 0, query.count <= PlaceRanking.longestFuzzyQuery else { return }
        var found: [(Range<Int>, Int, Int)] = []
        FuzzyWalk.run(index, query: query, maxEdits: budget) { found.append(($0, $1, $2)) }
        index.entries.withUnsafeBufferPointer { e in
            for (range, depth, cost) in found {
                for i in range {
                    let entry = e[i]
                    let (tier, kind) = PlaceRanking.fuzzyTier(cost: cost, whole: Int(entry.length) == depth,
                                                              alternate: entry.source != 0, laterWord: entry.isLaterWord)
                    consider(entry, tier: tier + bonus, kind: kind, region: region, allowed: allowed)
                }
            }
        }
    }

    /// True when the list is full and its best place scores at least `score`.
    func isFull(leadingWith score: Float) -> Bool {
        hits.count == limit && hits[0].score >= score
    }

    /// Keeps the entry's place if it ranks among the best so far; returns whether it did.
    @inline(__always) @discardableResult
    private mutating func consider(_ entry: KeyIndex.Entry, tier: Float, kind: PlaceRanking.Kind,
                                   region: [UInt16], allowed: [Bool]?) -> Bool {
        let base = tier + entry.placeScore
        if hits.count == limit, base + maxNearness < hits[limit - 1].score { return false }
        let place = Int(entry.place)
        if let allowed, !allowed[Int(region[place])] { return false }
        let score = base + (nearness?(place) ?? 0)
        if let at = hits.firstIndex(where: { $0.place == place }) {
            guard score > hits[at].score else { return false }
            hits.remove(at: at)
        } else if hits.count == limit, !Self.isBetter(score, place, than: hits[limit - 1]) {
            return false
        }
        var at = hits.count
        while at > 0 && Self.isBetter(score, place, than: hits[at - 1]) { at -= 1 }
        hits.insert(Hit(place: place, score: score, kind: kind, source: entry.source), at: at)
        if hits.count > limit { hits.removeLast() }
        return true
    }

    @inline(__always)
    private static func isBetter(_ score: Float, _ place: Int, than hit: Hit) -> Bool {
        score != hit.score ? score > hit.score : place < hit.place
    }
}
