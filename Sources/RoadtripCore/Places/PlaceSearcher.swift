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
    /// The context term of a place's score (`PlaceRanking.nearness`): never positive, so the score
    /// without it is an upper bound that rejects most entries before any distance is measured.
    private let nearness: ((Int) -> Float)?

    init(limit: Int, nearness: ((Int) -> Float)? = nil) {
        self.limit = limit
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
        let multiWord = query.contains(32)
        index.keys.withUnsafeBufferPointer { k in
        index.entries.withUnsafeBufferPointer { e in
            for i in range {
                let entry = e[i]
                let whole = Int(entry.length) == qLength
                guard let hit = PlaceRanking.tier(whole: whole, alternate: entry.source != 0,
                                                  laterWord: entry.isLaterWord, queryLength: qLength,
                                                  endsAtWord: multiWord && !whole && k[Int(entry.start) + qLength] == 32)
                else { continue }
                if consider(entry, tier: hit.0 + bonus, kind: hit.1, region: region, allowed: allowed) { kept = true }
            }
        }
        }
        return kept
    }

    /// Multi-word queries met word by word (`PlaceRanking.wordsTier`): each query word starts a key
    /// word, in order, with key words skipped between them ("st jean de lu" → Saint-Jean-de-Luz). Keys
    /// that start with the whole query are `scanPrefix`'s.
    @discardableResult
    mutating func scanWords(_ index: KeyIndex, words: [[UInt8]], region: [UInt16], allowed: [Bool]?, bonus: Float) -> Bool {
        guard words.count > 1 else { return false }
        var kept = false
        let whole = Array(words.joined(separator: [32]))
        let range = index.prefixRange(words[0])
        index.keys.withUnsafeBufferPointer { k in
            index.entries.withUnsafeBufferPointer { e in
                for i in range {
                    let entry = e[i]
                    if hits.count == limit, PlaceRanking.bestWordsTier + bonus + entry.placeScore < hits[limit - 1].score { continue }
                    let key = UnsafeBufferPointer(rebasing: k[Int(entry.start)..<Int(entry.start) + Int(entry.length)])
                    if key.starts(with: whole) { continue }
                    guard let match = Self.wordMatch(key, words) else { continue }
                    let tier = PlaceRanking.wordsTier(skipped: match.skipped, cut: match.cut, alternate: entry.source != 0,
                                                      laterWord: entry.isLaterWord)
                    if consider(entry, tier: tier + bonus, kind: .wordPrefix, region: region, allowed: allowed) { kept = true }
                }
            }
        }
        return kept
    }

    /// How the query words met the key's words, when every query word starts one in order (the first
    /// starts the first key word): how many key words lie between the matched ones, and how many query
    /// words other than the last (which may still be being typed) only start a longer key word. Nil otherwise.
    static func wordMatch(_ key: UnsafeBufferPointer<UInt8>, _ words: [[UInt8]]) -> (skipped: Int, cut: Int)? {
        var position = 0   // start of the key word to try next
        var skipped = 0, cut = 0
        for (n, word) in words.enumerated() {
            var found = false
            while position < key.count {
                let end = key[position...].firstIndex(of: 32) ?? key.count
                let matches = end - position >= word.count
                    && (0..<word.count).allSatisfy { key[position + $0] == word[$0] }
                if matches && n < words.count - 1 && end - position > word.count { cut += 1 }
                position = end + 1
                if matches { found = true; break }
                if n == 0 { return nil }
                skipped += 1
            }
            if !found { return nil }
        }
        return (skipped, cut)
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
                    guard let (tier, kind) = PlaceRanking.fuzzyTier(
                        cost: cost, whole: Int(entry.length) == depth, alternate: entry.source != 0,
                        laterWord: entry.isLaterWord, queryLength: query.count) else { continue }
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
        if hits.count == limit, base < hits[limit - 1].score { return false }
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
