/// One search's working state: the best score seen for each place so far, and the top-k selection.
/// Reused from query to query (a generation stamp avoids clearing 170k slots); not thread-safe on
/// its own — `PlaceIndex` serialises access.
struct PlaceSearcher {
    struct Hit {
        var place: Int
        var score: Float
        var kind: PlaceRanking.Kind
        var source: Int
    }

    private var stamp: [UInt32]
    private var best: [Float]
    private var detail: [UInt16]     // kind << 8 | source of the best hit
    private var touched: [UInt32] = []
    private var generation: UInt32 = 0

    init(placeCount: Int) {
        stamp = Array(repeating: 0, count: placeCount)
        best = Array(repeating: 0, count: placeCount)
        detail = Array(repeating: 0, count: placeCount)
        touched.reserveCapacity(4096)
    }

    mutating func begin() {
        generation &+= 1
        if generation == 0 {   // wrapped: old stamps could collide
            for i in stamp.indices { stamp[i] = 0 }
            generation = 1
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// Plain prefix hits of `query` (whole key, start of a key, start of a later word).
    /// `allowed` filters by region index when a qualifier was given.
    mutating func scanPrefix(_ index: KeyIndex, query: [UInt8], placeScore: [Float], region: [UInt16],
                             allowed: [Bool]?, bonus: Float) {
        let range = index.prefixRange(query)
        let qLength = query.count
        index.entries.withUnsafeBufferPointer { e in
            for i in range {
                let entry = e[i]
                let place = Int(entry.place)
                if let allowed, !allowed[Int(region[place])] { continue }
                guard let hit = PlaceRanking.tier(whole: Int(entry.length) == qLength, alternate: entry.source != 0,
                                                  laterWord: entry.isLaterWord, queryLength: qLength)
                else { continue }
                offer(place, score: hit.0 + placeScore[place] + bonus, kind: hit.1, source: entry.source)
            }
        }
    }

    /// Typo-tolerant hits (see `FuzzyWalk`).
    mutating func scanFuzzy(_ index: KeyIndex, query: [UInt8], placeScore: [Float], region: [UInt16],
                            allowed: [Bool]?, bonus: Float) {
        let budget = FuzzyWalk.maxEdits(forQueryLength: query.count)
        guard budget > 0 else { return }
        var found: [(Range<Int>, Int, Int)] = []
        FuzzyWalk.run(index, query: query, maxEdits: budget) { found.append(($0, $1, $2)) }
        index.entries.withUnsafeBufferPointer { e in
            for (range, depth, cost) in found {
                for i in range {
                    let entry = e[i]
                    let place = Int(entry.place)
                    if let allowed, !allowed[Int(region[place])] { continue }
                    let (tier, kind) = PlaceRanking.fuzzyTier(cost: cost, whole: Int(entry.length) == depth,
                                                              alternate: entry.source != 0, laterWord: entry.isLaterWord)
                    offer(place, score: tier + placeScore[place] + bonus, kind: kind, source: entry.source)
                }
            }
        }
    }

    @inline(__always)
    private mutating func offer(_ place: Int, score: Float, kind: PlaceRanking.Kind, source: Int) {
        if stamp[place] != generation {
            stamp[place] = generation
            best[place] = score
            detail[place] = UInt16(kind.rawValue) << 8 | UInt16(source)
            touched.append(UInt32(place))
        } else if score > best[place] {
            best[place] = score
            detail[place] = UInt16(kind.rawValue) << 8 | UInt16(source)
        }
    }

    /// The `limit` best places, best first; ties go to the bigger place (lower index). With
    /// `nearness`, places within reach of the cut-off get their bonus before the final cut.
    func top(_ limit: Int, maxNearness: Float = 0, nearness: ((Int) -> Float)? = nil) -> [Hit] {
        guard limit > 0 else { return [] }
        func better(_ a: (Int, Float), than b: (Int, Float)) -> Bool {
            a.1 != b.1 ? a.1 > b.1 : a.0 < b.0
        }
        // Keep a small sorted list; most places fail the comparison with its last element at once.
        func select(_ count: Int, _ score: (Int) -> Float?) -> [(Int, Float)] {
            var kept: [(Int, Float)] = []
            kept.reserveCapacity(count + 1)
            for p in touched {
                let place = Int(p)
                guard let s = score(place) else { continue }
                let candidate = (place, s)
                if kept.count == count, let last = kept.last, !better(candidate, than: last) { continue }
                var at = kept.count
                while at > 0 && better(candidate, than: kept[at - 1]) { at -= 1 }
                kept.insert(candidate, at: at)
                if kept.count > count { kept.removeLast() }
            }
            return kept
        }
        var chosen = select(limit) { best[$0] }
        if let nearness, let cut = chosen.last?.1 {
            // Anything that could overtake the cut-off with the largest bonus gets its real bonus.
            let floor = chosen.count < limit ? -Float.infinity : cut - maxNearness
            chosen = select(limit) { best[$0] >= floor ? best[$0] + nearness($0) : nil }
        }
        return chosen.map { place, score in
            let d = detail[place]
            return Hit(place: place, score: score, kind: PlaceRanking.Kind(rawValue: UInt8(d >> 8)) ?? .fuzzy2,
                       source: Int(d & 0xFF))
        }
    }
}
