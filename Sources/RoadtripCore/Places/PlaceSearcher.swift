import Foundation

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
    /// Reads every candidate: no score order, no skipping by later words or by score ceilings. The
    /// shortcuts must give the same list; tests compare them with this.
    var exhaustive = false
    /// The context term of a place's score (`PlaceRanking.nearness`): never positive, so the score
    /// without it is an upper bound that rejects most entries before any distance is measured.
    private let nearness: ((Int) -> Float)?
    /// At least `nearness`, and cheaper (`GreatCircle.latitudeGapKm`): an entry that could not enter the full list
    /// even with it is rejected without its distance.
    private let nearnessCeiling: ((Int) -> Float)?

    init(limit: Int, nearness: ((Int) -> Float)? = nil, nearnessCeiling: ((Int) -> Float)? = nil) {
        self.limit = limit
        self.nearness = nearness
        self.nearnessCeiling = nearnessCeiling
        hits.reserveCapacity(limit + 1)
    }

    /// Plain prefix hits of `query` (whole key, start of a key, start of a later word).
    /// `allowed` filters by region index when a qualifier was given.
    /// Returns whether any place was kept.
    @discardableResult
    mutating func scanPrefix(_ index: KeyIndex, query: [UInt8], region: Column<UInt16>, allowed: [Bool]?, bonus: Float) -> Bool {
        let range = index.prefixRange(query)
        let qLength = query.count
        let multiWord = query.contains(32)
        // Keys equal to the query sort first; only they reach the whole-key tiers.
        var wholeEnd = range.lowerBound
        while wholeEnd < range.upperBound && Int(index.entries[wholeEnd].length) == qLength { wholeEnd += 1 }
        return index.keys.withUnsafeBufferPointer { k in
            scan(range, of: index, wholeEnd: wholeEnd, sharedLength: qLength, bestTier: PlaceRanking.bestPartialTier + bonus) { this, entry in
                let whole = Int(entry.length) == qLength
                guard let hit = PlaceRanking.tier(whole: whole, alternate: entry.source != 0,
                                                  laterWord: entry.isLaterWord, queryLength: qLength,
                                                  endsAtWord: multiWord && !whole && k[Int(entry.start) + qLength] == 32)
                else { return false }
                return this.consider(entry, tier: hit.0 + bonus, kind: hit.1, region: region, allowed: allowed)
            }
        }
    }

    /// Calls `body` on the entries of `range` (the entries before `wholeEnd` first, in key order) and
    /// returns whether any call kept a place. Large ranges are read best place first (`ScoreOrder`)
    /// and the reading stops once `bestTier`, the best tier left, plus the next entry's place score
    /// falls below the full list's last score: nothing after it could enter. A place's entries share
    /// its score, so either way they are met in key order, and the first to reach the place's best
    /// score names the match.
    @inline(__always)
    private mutating func scan(_ range: Range<Int>, of index: KeyIndex, wholeEnd: Int, sharedLength: Int, bestTier: Float,
                               _ body: (inout PlaceSearcher, KeyIndex.Entry) -> Bool) -> Bool {
        var kept = false
        index.entries.withUnsafeBufferPointer { e in
            for i in range.lowerBound..<wholeEnd {
                if body(&self, e[i]) { kept = true }
            }
            let rest = wholeEnd..<range.upperBound
            guard !exhaustive, let (order, block) = index.scoreOrdered(rest, sharedLength: sharedLength) else {
                for i in rest {
                    if body(&self, e[i]) { kept = true }
                }
                return
            }
            order.withUnsafeBufferPointer { o in
                for n in block {
                    let i = Int(o[n])
                    if hits.count == limit && bestTier + e[i].placeScore < hits[limit - 1].score { break }
                    guard rest.contains(i) else { continue }
                    if body(&self, e[i]) { kept = true }
                }
            }
        }
        return kept
    }

    /// Calls `body` on the entries of `range` whose place is in `places` (a bit per place), in key order, and
    /// returns whether any call kept a place: a tight loop, cheaper than `scan` when that would read more of its
    /// score order's block (which is larger than the range) than the range has entries.
    @inline(__always)
    private mutating func scan(_ range: Range<Int>, of index: KeyIndex, only places: [UInt64],
                               _ body: (inout PlaceSearcher, KeyIndex.Entry) -> Bool) -> Bool {
        var kept = false
        index.entries.withUnsafeBufferPointer { e in
            places.withUnsafeBufferPointer { p in
                for i in range {
                    let place = e[i].place
                    if p[place &>> 6] & (1 &<< UInt64(place & 63)) == 0 { continue }
                    if body(&self, e[i]) { kept = true }
                }
            }
        }
        return kept
    }

    /// How many entries `scan` would read of `range` in score order at most: those of its block above the score
    /// at which it stops with the list as it is now (all of the block while the list has room).
    private func scoreOrderReads(_ range: Range<Int>, of index: KeyIndex, sharedLength: Int, bestTier: Float) -> Int {
        guard let (order, block) = index.scoreOrdered(range, sharedLength: sharedLength) else { return range.count }
        guard hits.count == limit else { return block.count }
        let last = hits[limit - 1].score
        return index.entries.withUnsafeBufferPointer { e in
            order.withUnsafeBufferPointer { o in
                var low = block.lowerBound, high = block.upperBound   // the first entry scored too low to enter
                while low < high {
                    let middle = (low + high) / 2
                    if bestTier + e[Int(o[middle])].placeScore < last { high = middle } else { low = middle + 1 }
                }
                return low - block.lowerBound
            }
        }
    }

    /// Multi-word queries met word by word (`PlaceRanking.wordsTier`): each query word starts a key
    /// word, in order, with key words skipped between them ("st jean de lu" → Saint-Jean-de-Luz). Keys
    /// that start with the whole query are `scanPrefix`'s. Not inlined into the search: there it slowed the prefix
    /// scan's loop (a single letter: 3 % more instructions).
    @discardableResult @inline(never)
    mutating func scanWords(_ index: KeyIndex, words: [[UInt8]], region: Column<UInt16>, allowed: [Bool]?, bonus: Float) -> Bool {
        guard words.count > 1 else { return false }
        let whole = Array(words.joined(separator: [32]))
        let range = index.prefixRange(words[0])
        let bestTier = PlaceRanking.bestWordsTier + bonus
        let candidates = exhaustive ? nil : Self.laterWordPlaces(index, words: words.dropFirst(), region: region, allowed: allowed,
                                                                rarerThan: range.count / 4)
        if let candidates, candidates.isEmpty { return false }
        return index.keys.withUnsafeBufferPointer { k in
        whole.withUnsafeBufferPointer { w in
            let match = { (this: inout PlaceSearcher, entry: KeyIndex.Entry) -> Bool in
                if this.hits.count == this.limit, bestTier + entry.placeScore < this.hits[this.limit - 1].score { return false }
                // The region first: a qualified reading ("san jose costa rica") rejects most keys with it.
                if let allowed, !allowed[Int(region[entry.place])] { return false }
                if let candidates, candidates.places[entry.place >> 6] & (1 << (entry.place & 63)) == 0 { return false }
                let key = UnsafeBufferPointer(rebasing: k[Int(entry.start)..<Int(entry.start) + Int(entry.length)])
                if key.count >= w.count && memcmp(key.baseAddress!, w.baseAddress!, w.count) == 0 { return false }
                guard let match = Self.wordMatch(key, w) else { return false }
                let tier = PlaceRanking.wordsTier(skipped: match.skipped, cut: match.cut, alternate: entry.source != 0,
                                                  laterWord: entry.isLaterWord)
                return this.consider(entry, tier: tier + bonus, kind: .wordPrefix, region: region, allowed: allowed)
            }
            if let candidates, scoreOrderReads(range, of: index, sharedLength: words[0].count, bestTier: bestTier) > range.count {
                return scan(range, of: index, only: candidates.places, match)
            }
            return scan(range, of: index, wholeEnd: range.lowerBound, sharedLength: words[0].count, bestTier: bestTier, match)
        }
        }
    }

    /// A key met by all query words has, for each word after the first, an entry of the same place
    /// starting at a later word with it (every later word of a key has one). When one such word's
    /// entries are fewer than `rarerThan`, the places they belong to, in `allowed`'s regions, as a bit set:
    /// only those need reading ("san fransisco": the few places with a word starting "fransisco", not all
    /// "san" keys; none at all, when no place has one).
    private static func laterWordPlaces(_ index: KeyIndex, words: ArraySlice<[UInt8]>, region: Column<UInt16>,
                                        allowed: [Bool]?, rarerThan: Int) -> (places: [UInt64], isEmpty: Bool)? {
        guard let rarest = words.lazy.map(index.prefixRange).min(by: { $0.count < $1.count }),
              rarest.count < rarerThan else { return nil }
        var places = [UInt64](repeating: 0, count: (region.count + 63) / 64)
        var isEmpty = true
        for i in rarest where index.entries[i].isLaterWord {
            let place = index.entries[i].place
            if let allowed, !allowed[Int(region[place])] { continue }
            places[place >> 6] |= 1 << (place & 63)
            isEmpty = false
        }
        return (places, isEmpty)
    }

    /// How the query words (`query`: words separated by single spaces) met the key's words, when every
    /// query word starts one in order (the first starts the first key word): how many key words lie
    /// between the matched ones, and how many query words other than the last (which may still be
    /// being typed) only start a longer key word. Nil otherwise. Byte loops: it runs on every key of
    /// the first word's range.
    static func wordMatch(_ key: UnsafeBufferPointer<UInt8>, _ query: UnsafeBufferPointer<UInt8>) -> (skipped: Int, cut: Int)? {
        var position = 0   // start of the key word to try next
        var skipped = 0, cut = 0
        var wordStart = 0, first = true
        while wordStart < query.count {
            var wordEnd = wordStart
            while wordEnd < query.count && query[wordEnd] != 32 { wordEnd += 1 }
            let length = wordEnd - wordStart, last = wordEnd == query.count
            var found = false
            while position < key.count {
                var end = position
                while end < key.count && key[end] != 32 { end += 1 }
                var matches = end - position >= length
                if matches {
                    var j = 0
                    while j < length && key[position + j] == query[wordStart + j] { j += 1 }
                    matches = j == length
                }
                if matches && !last && end - position > length { cut += 1 }
                position = end + 1
                if matches { found = true; break }
                if first { return nil }
                skipped += 1
            }
            if !found { return nil }
            first = false
            wordStart = wordEnd + 1
        }
        return (skipped, cut)
    }

    /// Typo-tolerant hits (see `FuzzyWalk`).
    mutating func scanFuzzy(_ index: KeyIndex, query: [UInt8], region: Column<UInt16>, allowed: [Bool]?, bonus: Float) {
        let budget = FuzzyWalk.maxEdits(forQueryLength: query.count)
        // A pasted paragraph is no misspelt place name, and the walk's table grows with the square.
        guard budget > 0, query.count <= PlaceRanking.longestFuzzyQuery else { return }
        let bestTier = PlaceRanking.bestFuzzyTier + bonus
        index.entries.withUnsafeBufferPointer { e in
            FuzzyWalk.run(index, query: query, maxEdits: budget, floor: scoreFloor(bestTier: bestTier),
                          perEdit: Int(PlaceRanking.perEditPenalty * 4096)) { range, depth, cost in
                for i in range {
                    let entry = e[i]
                    guard let (tier, kind) = PlaceRanking.fuzzyTier(
                        cost: cost, whole: Int(entry.length) == depth, alternate: entry.source != 0,
                        laterWord: entry.isLaterWord, queryLength: query.count) else { continue }
                    consider(entry, tier: tier + bonus, kind: kind, region: region, allowed: allowed)
                }
                return scoreFloor(bestTier: bestTier)
            }
        }
    }

    /// The quantized place score (`KeyIndex.Entry.quantizedScore`) below which an entry could not enter
    /// the list even at `bestTier`; 0 while the list has room. Kept a little low: rounding must never
    /// skip an entry that could enter.
    private func scoreFloor(bestTier: Float) -> Int {
        guard hits.count == limit, !exhaustive else { return 0 }
        let needed = ((hits[limit - 1].score - bestTier) * 4096).rounded(.down)
        return needed.isFinite ? Int(max(0, min(131_072, needed))) - 2 : 0
    }

    /// True when the list is full and its best place scores at least `score`.
    func isFull(leadingWith score: Float) -> Bool {
        hits.count == limit && hits[0].score >= score
    }

    /// Keeps the entry's place if it ranks among the best so far; returns whether it did.
    @inline(__always) @discardableResult
    private mutating func consider(_ entry: KeyIndex.Entry, tier: Float, kind: PlaceRanking.Kind,
                                   region: Column<UInt16>, allowed: [Bool]?) -> Bool {
        let base = tier + entry.placeScore
        if hits.count == limit, base < hits[limit - 1].score { return false }
        let place = Int(entry.place)
        if let allowed, !allowed[Int(region[place])] { return false }
        if !exhaustive, hits.count == limit, let nearnessCeiling, base + nearnessCeiling(place) < hits[limit - 1].score {
            return false
        }
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
