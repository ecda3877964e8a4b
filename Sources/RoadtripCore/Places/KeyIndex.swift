import Foundation

/// Every search key of every place, sorted bytewise, so that a prefix is one binary search away and
/// the sorted list doubles as an implicit trie for the typo-tolerant walk (`FuzzyWalk`).
///
/// A key is a normalised name ("new york city"); each later word start gets its own entry too
/// ("york city", "city"), which is how "york" finds New York. Once sorted, the key bytes are laid
/// out again in entry order, so walking entries reads memory front to back; a key that starts the
/// next one ("springfield" before "springfield gardens") shares its bytes.
struct KeyIndex {
    /// Ten bytes: with 600,000 entries, every byte of an entry is 0.6 MB of the index. (Two UInt32
    /// fields and a UInt16 would be padded to twelve; 16- and 8-bit parts are not.)
    struct Entry {
        /// Offset of the key in `keys`: bits 0-15 and 16-23.
        private let startLow: UInt16
        private let startHigh: UInt8
        let length: UInt8
        /// Place index in the gazetteer (places are ordered by population, largest first): bits 0-15 and 16-23.
        private let placeLow: UInt16
        private let placeHigh: UInt8
        /// Bit 7: the entry starts at a later word. Bits 0-6: 0 for the place's own name, n for its
        /// n-th alternate name.
        let info: UInt8
        /// The place's static score (population, capital) in 1/4096ths: kept here so a scan ranks
        /// entries without reaching into per-place memory (places of one key range lie far apart).
        let quantizedScore: UInt16

        /// Offsets and places must stay below this (the real data: 4 MB of keys, 235,000 places).
        static let limit = 1 << 24
        static let laterWordFlag: UInt8 = 0x80

        init(start: Int, length: Int, place: Int, info: UInt8, quantizedScore: UInt16 = 0) {
            (startLow, startHigh) = (UInt16(truncatingIfNeeded: start), UInt8(truncatingIfNeeded: start >> 16))
            (placeLow, placeHigh) = (UInt16(truncatingIfNeeded: place), UInt8(truncatingIfNeeded: place >> 16))
            self.length = UInt8(length)
            self.info = info
            self.quantizedScore = quantizedScore
        }

        var start: Int { Int(startLow) | Int(startHigh) << 16 }
        var place: Int { Int(placeLow) | Int(placeHigh) << 16 }
        var isLaterWord: Bool { info & Self.laterWordFlag != 0 }
        var source: Int { Int(info & 0x7F) }
        var placeScore: Float { Float(quantizedScore) / 4096 }

        func with(start: Int, quantizedScore: UInt16) -> Entry {
            Entry(start: start, length: Int(length), place: place, info: info, quantizedScore: quantizedScore)
        }
    }

    let keys: Column<UInt8>
    let entries: Column<Entry>
    /// lcp[i]: length of the prefix entry i shares with entry i - 1 (0 for the first), at most 255.
    let lcp: Column<UInt8>
    /// The first entry after i whose lcp is at most lcp[i]: entries in between share more than lcp[i]
    /// bytes with their neighbours, so a trie walk can jump over them in one step.
    let nextSibling: SiblingJumps
    /// The blocks of keys sharing their first letter, and their first two, best place first.
    let byScore: [ScoreOrder]
    let ceiling: ScoreCeiling

    init(keys: [UInt8], entries: [Entry], lcp: [UInt8]) {
        self.init(keys: Column(keys), entries: Column(entries), lcp: Column(lcp), nextSibling: SiblingJumps(lcp: lcp),
                  byScore: [1, 2].map { ScoreOrder(entries: entries, lcp: lcp, depth: $0) },
                  ceiling: ScoreCeiling(entries: entries))
    }

    /// The parts as they are (a mapped index's: `KeyIndexSections`).
    init(keys: Column<UInt8>, entries: Column<Entry>, lcp: Column<UInt8>, nextSibling: SiblingJumps, byScore: [ScoreOrder],
         ceiling: ScoreCeiling) {
        (self.keys, self.entries, self.lcp) = (keys, entries, lcp)
        (self.nextSibling, self.byScore, self.ceiling) = (nextSibling, byScore, ceiling)
    }

    /// Below this many entries a prefix's range is simply read in key order.
    static let scoreOrderMinimum = 1024

    /// For a large range of keys that share their first `sharedLength` bytes: the order that lists its
    /// block best place first, and the block's span of that order. Nil when reading the range itself
    /// is cheaper (a small range, or a small part of its block).
    func scoreOrdered(_ range: Range<Int>, sharedLength: Int) -> (order: Column<UInt32>, block: Range<Int>)? {
        guard range.count >= Self.scoreOrderMinimum, sharedLength >= 1 else { return nil }
        let level = byScore[min(sharedLength, byScore.count) - 1]
        let block = level.block(containing: range)
        return block.count <= 8 * range.count ? (level.order, block) : nil
    }

    /// Entries whose key starts with `query`, as a range of `entries`.
    func prefixRange(_ query: [UInt8]) -> Range<Int> {
        keys.withUnsafeBufferPointer { k in
            entries.withUnsafeBufferPointer { e in
                // First entry not below the query, then first entry whose first |query| bytes are above it.
                let lower = partition(e) { Self.compare(k, $0, query, truncate: false) < 0 }
                let upper = partition(e) { Self.compare(k, $0, query, truncate: true) <= 0 }
                return lower..<max(lower, upper)
            }
        }
    }

    /// Byte `depth` of entry `i`'s key (the caller knows the key is longer than `depth`).
    @inline(__always)
    static func byte(_ k: UnsafeBufferPointer<UInt8>, _ entry: Entry, _ depth: Int) -> UInt8 {
        k[Int(entry.start) + depth]
    }

    /// Three-way comparison of an entry's key with `query`; with `truncate` only the key's first
    /// |query| bytes take part, so every key that starts with the query compares equal.
    private static func compare(_ k: UnsafeBufferPointer<UInt8>, _ entry: Entry, _ query: [UInt8], truncate: Bool) -> Int {
        let length = Int(entry.length)
        let n = truncate ? min(length, query.count) : length
        let start = Int(entry.start)
        var i = 0
        while i < n && i < query.count {
            let a = k[start + i], b = query[i]
            if a != b { return a < b ? -1 : 1 }
            i += 1
        }
        return n == query.count ? 0 : (n < query.count ? -1 : 1)
    }

    /// First index where `isBefore` turns false (it must be true, then false, along the array).
    private func partition(_ e: UnsafeBufferPointer<Entry>, _ isBefore: (Entry) -> Bool) -> Int {
        var low = 0, high = e.count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(e[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// `KeyIndex.nextSibling`, a byte per entry: the jump's length, or 0 for the few jumps over more than
/// 255 entries (at the first letters of keys), which a small sorted table holds.
struct SiblingJumps {
    let steps: Column<UInt8>
    /// The long jumps: from farFrom[n] to farTo[n], farFrom ascending.
    let farFrom: Column<UInt32>
    let farTo: Column<UInt32>

    init(steps: Column<UInt8>, farFrom: Column<UInt32>, farTo: Column<UInt32>) {
        (self.steps, self.farFrom, self.farTo) = (steps, farFrom, farTo)
    }

    init(lcp: [UInt8]) {
        // Next smaller-or-equal element, right to left with a stack.
        var steps = [UInt8](repeating: 0, count: lcp.count)
        var far: [(from: UInt32, to: UInt32)] = []
        var stack: [Int] = []
        for i in lcp.indices.reversed() {
            while let top = stack.last, lcp[top] > lcp[i] { stack.removeLast() }
            let next = stack.last ?? lcp.count
            if next - i <= 255 { steps[i] = UInt8(next - i) } else { far.append((UInt32(i), UInt32(next))) }
            stack.append(i)
        }
        self.steps = Column(steps)
        farFrom = Column(far.reversed().map(\.from))
        farTo = Column(far.reversed().map(\.to))
    }

    /// The jumps through plain pointers (no reference counting), for the walk's inner loop.
    struct Reader {
        let steps: UnsafeBufferPointer<UInt8>
        let farFrom: UnsafeBufferPointer<UInt32>
        let farTo: UnsafeBufferPointer<UInt32>

        @inline(__always)
        subscript(i: Int) -> Int {
            let step = steps[i]
            return step != 0 ? i + Int(step) : longJump(from: i)
        }

        private func longJump(from i: Int) -> Int {
            var low = 0, high = farFrom.count - 1
            while low < high {
                let mid = (low + high) / 2
                if Int(farFrom[mid]) < i { low = mid + 1 } else { high = mid }
            }
            return Int(farTo[low])
        }
    }

    func withReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try steps.withUnsafeBufferPointer { steps in
            try farFrom.withUnsafeBufferPointer { from in
                try farTo.withUnsafeBufferPointer { to in try body(Reader(steps: steps, farFrom: from, farTo: to)) }
            }
        }
    }
}

/// Collects keys while the gazetteer is parsed, then sorts them once.
struct KeyIndexBuilder {
    private var keys: [UInt8] = []
    private var entries: [KeyIndex.Entry] = []
    private var currentPlace = -1
    private var currentKeys: [Range<Int>] = []
    /// Bytes of all entries' keys: what the sorted layout needs at most.
    private var entryBytes = 0
    /// Set when names were dropped for lack of room (`KeyIndex.Entry.limit`); the loader refuses the file.
    private(set) var overflowed = false

    init(expectedPlaces: Int = 180_000) {
        keys.reserveCapacity(expectedPlaces * 24)
        entries.reserveCapacity(expectedPlaces * 3)
    }

    /// Adds one name of one place (ASCII bytes); a name whose key the place already has is skipped.
    mutating func add(place: Int, source: Int, ascii: UnsafeBufferPointer<UInt8>) {
        let start = keys.count
        PlaceNormalizer.appendKey(ascii: ascii, to: &keys)
        addKey(from: start, place: place, source: source)
    }

    /// Adds one name in another script (UTF-8 bytes), keyed by `PlaceNormalizer.nativeKey`.
    mutating func add(place: Int, native: UnsafeBufferPointer<UInt8>) {
        let start = keys.count
        keys.append(contentsOf: PlaceNormalizer.nativeKey(String(decoding: native, as: UTF8.self)).utf8)
        addKey(from: start, place: place, source: 0)
    }

    /// Makes entries for the key just appended at `start`: the whole key and each later word.
    private mutating func addKey(from start: Int, place: Int, source: Int) {
        guard source < 0x80 else { return keys.removeSubrange(start...) }
        if place != currentPlace {
            currentPlace = place
            currentKeys.removeAll(keepingCapacity: true)
        }
        if keys.count - start > 255 { keys.removeSubrange((start + 255)...) }
        let range = start..<keys.count
        let duplicate = keys.withUnsafeBufferPointer { k in
            currentKeys.contains { other in
                other.count == range.count && memcmp(k.baseAddress! + other.lowerBound, k.baseAddress! + start, range.count) == 0
            }
        }
        // A key of 255 bytes and its later words need less than 64 kB of the sorted layout.
        if place >= KeyIndex.Entry.limit || entryBytes >= KeyIndex.Entry.limit - (1 << 16) { overflowed = true }
        if range.isEmpty || duplicate || overflowed {
            keys.removeSubrange(range)
            return
        }
        currentKeys.append(range)
        entries.append(.init(start: start, length: range.count, place: place, info: UInt8(source)))
        entryBytes += range.count
        for i in range.dropFirst() where keys[i - 1] == 32 {
            entries.append(.init(start: i, length: range.upperBound - i, place: place,
                                 info: UInt8(source) | KeyIndex.Entry.laterWordFlag))
            entryBytes += range.upperBound - i
        }
    }

    /// Sorts by key bytes: a radix sort on the first ten bytes packed into an integer (keys use only
    /// space, digits and letters: 6 bits each, in byte order), then a comparison sort inside each
    /// run of equal packed prefixes. Several times faster than a comparison sort of everything.
    /// Keys in other scripts (`bytewise`, a few per cent of the places) are simply compared whole.
    func build(placeScores: [Float], bytewise: Bool = false) -> KeyIndex {
        let order = bytewise ? sortedBytewise() : sortedByRadix()
        return layOut(order, placeScores: placeScores)
    }

    private func sortedBytewise() -> [UInt32] {
        var order = (0..<UInt32(entries.count)).map { $0 }
        keys.withUnsafeBufferPointer { k in
            entries.withUnsafeBufferPointer { e in
                order.sort { a, b in
                    let x = e[Int(a)], y = e[Int(b)]
                    let order = memcmp(k.baseAddress! + Int(x.start), k.baseAddress! + Int(y.start), Int(min(x.length, y.length)))
                    if order != 0 { return order < 0 }
                    if x.length != y.length { return x.length < y.length }
                    return x.place != y.place ? x.place < y.place : a < b
                }
            }
        }
        return order
    }

    private func sortedByRadix() -> [UInt32] {
        let keys = self.keys
        let entries = self.entries
        var packed = [UInt64](repeating: 0, count: entries.count)
        keys.withUnsafeBufferPointer { k in
            for (i, e) in entries.enumerated() {
                var value: UInt64 = 0
                let start = Int(e.start), length = Int(e.length)
                for j in 0..<10 { value = value << 6 | UInt64(j < length ? Self.code(k[start + j]) : 0) }
                packed[i] = value
            }
        }
        var order = Self.radixSort(packed)
        keys.withUnsafeBufferPointer { k in
            entries.withUnsafeBufferPointer { e in
                order.withUnsafeMutableBufferPointer { o in
                    var runStart = 0
                    while runStart < o.count {
                        var runEnd = runStart + 1
                        while runEnd < o.count && packed[Int(o[runEnd])] == packed[Int(o[runStart])] { runEnd += 1 }
                        if runEnd - runStart > 1 {
                            var run = UnsafeMutableBufferPointer(rebasing: o[runStart..<runEnd])
                            run.sort { a, b in
                                let x = e[Int(a)], y = e[Int(b)]
                                let xl = Int(x.length), yl = Int(y.length)
                                var i = 10
                                while i < xl && i < yl {
                                    let p = k[Int(x.start) + i], q = k[Int(y.start) + i]
                                    if p != q { return p < q }
                                    i += 1
                                }
                                if xl != yl { return xl < yl }
                                return x.place != y.place ? x.place < y.place : a < b   // bigger place first
                            }
                        }
                        runStart = runEnd
                    }
                }
            }
        }
        return order
    }

    /// Lays the key bytes out again in sorted order, so scans and the fuzzy walk read memory front to
    /// back instead of hopping around the buffer. A key that starts the next one (equal keys, "san"
    /// before "san jose") points into the next one's bytes instead of having a copy: a third less.
    private func layOut(_ order: [UInt32], placeScores: [Float]) -> KeyIndex {
        var sorted = order.map { entries[Int($0)] }
        var lcp = [UInt8](repeating: 0, count: sorted.count)
        let room = [UInt8](unsafeUninitializedCapacity: entryBytes) { out, written in
            written = 0
            keys.withUnsafeBufferPointer { k in
                sorted.withUnsafeMutableBufferPointer { e in
                    func copy(_ entry: KeyIndex.Entry) -> KeyIndex.Entry {
                        let length = Int(entry.length)
                        (out.baseAddress! + written).initialize(from: k.baseAddress! + entry.start, count: length)
                        written += length
                        let score = UInt16(min(65_535, max(0, (placeScores[entry.place] * 4096).rounded())))
                        return entry.with(start: written - length, quantizedScore: score)
                    }
                    // One pass: lcp[i] is measured while e[i - 1] still points into `keys`; then e[i - 1]
                    // gets its own copy, or shares e[i]'s bytes when its key starts e[i]'s (set below).
                    for i in e.indices.dropFirst() {
                        let a = e[i - 1], b = e[i]
                        let n = Int(min(a.length, b.length))
                        var common = 0
                        while common < n && k[a.start + common] == k[b.start + common] { common += 1 }
                        lcp[i] = UInt8(common)
                        if common < Int(a.length) { e[i - 1] = copy(a) }
                    }
                    if let last = e.indices.last { e[last] = copy(e[last]) }
                }
            }
        }
        for i in sorted.indices.reversed().dropFirst() where lcp[i + 1] == sorted[i].length {
            let score = UInt16(min(65_535, max(0, (placeScores[sorted[i].place] * 4096).rounded())))
            sorted[i] = sorted[i].with(start: sorted[i + 1].start, quantizedScore: score)
        }
        // To its size: the room reserved was for a copy per entry.
        let laidOut = room.withUnsafeBufferPointer { Array($0) }
        return KeyIndex(keys: laidOut, entries: sorted, lcp: lcp)
    }

    /// 0 ends a key; space < digits < letters, as in ASCII.
    @inline(__always)
    private static func code(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 32: return 1
        case 48...57: return byte - 48 + 2
        case 97...122: return byte - 97 + 12
        default: return 63
        }
    }

    /// Indices of `values` in ascending order (stable), by four passes of 16 bits.
    private static func radixSort(_ values: [UInt64]) -> [UInt32] {
        var order = (0..<UInt32(values.count)).map { $0 }
        var scratch = order
        var counts = [Int](repeating: 0, count: 1 << 16)
        for pass in 0..<4 {
            let shift = UInt64(pass * 16)
            for i in counts.indices { counts[i] = 0 }
            for v in values { counts[Int((v >> shift) & 0xFFFF)] += 1 }
            var total = 0
            for i in counts.indices { (counts[i], total) = (total, total + counts[i]) }
            for index in order {
                let digit = Int((values[Int(index)] >> shift) & 0xFFFF)
                scratch[counts[digit]] = index
                counts[digit] += 1
            }
            swap(&order, &scratch)
        }
        return order
    }
}
