/// Every search key of every place, sorted bytewise, so that a prefix is one binary search away and
/// the sorted list doubles as an implicit trie for the typo-tolerant walk (`FuzzyWalk`).
///
/// A key is a normalised name ("new york city"); each later word start gets its own entry pointing
/// into the same bytes ("york city", "city"), which is how "york" finds New York.
struct KeyIndex {
    struct Entry {
        /// Offset of the key in `keys`.
        var start: UInt32
        /// Place index in the gazetteer (places are ordered by population, largest first).
        var place: UInt32
        var length: UInt8
        /// Bit 7: the entry starts at a later word. Bits 0-6: 0 for the place's own name, n for its
        /// n-th alternate name.
        var info: UInt8
        /// The place's static score (population, capital) in 1/4096ths: kept here, in what would be
        /// padding, so a scan ranks entries without reaching into per-place arrays.
        var quantizedScore: UInt16 = 0

        var isLaterWord: Bool { info & 0x80 != 0 }
        var source: Int { Int(info & 0x7F) }
        var placeScore: Float { Float(quantizedScore) / 4096 }
    }

    let keys: [UInt8]
    let entries: [Entry]

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

/// Collects keys while the gazetteer is parsed, then sorts them once.
struct KeyIndexBuilder {
    private var keys: [UInt8] = []
    private var entries: [KeyIndex.Entry] = []
    private var currentPlace = -1
    private var currentKeys: [Range<Int>] = []

    init(expectedPlaces: Int = 180_000) {
        keys.reserveCapacity(expectedPlaces * 24)
        entries.reserveCapacity(expectedPlaces * 3)
    }

    /// Adds one name of one place (ASCII bytes); a name whose key the place already has is skipped.
    mutating func add(place: Int, source: Int, ascii: UnsafeBufferPointer<UInt8>) {
        guard source < 0x80 else { return }
        if place != currentPlace {
            currentPlace = place
            currentKeys.removeAll(keepingCapacity: true)
        }
        let start = keys.count
        PlaceNormalizer.appendKey(ascii: ascii, to: &keys)
        if keys.count - start > 255 { keys.removeSubrange((start + 255)...) }
        let range = start..<keys.count
        if range.isEmpty || currentKeys.contains(where: { keys[$0] == keys[range] }) {
            keys.removeSubrange(range)
            return
        }
        currentKeys.append(range)
        entries.append(.init(start: UInt32(start), place: UInt32(place), length: UInt8(range.count), info: UInt8(source)))
        for i in range.dropFirst() where keys[i - 1] == 32 {
            entries.append(.init(start: UInt32(i), place: UInt32(place), length: UInt8(range.upperBound - i),
                                 info: UInt8(source) | 0x80))
        }
    }

    /// Sorts by key bytes. Each entry's first eight bytes, packed big-endian into an integer, settle
    /// almost every comparison; only ties look further into the keys.
    func build(placeScores: [Float]) -> KeyIndex {
        let keys = self.keys
        let entries = self.entries
        var order: [(prefix: UInt64, entry: UInt32)] = []
        order.reserveCapacity(entries.count)
        keys.withUnsafeBufferPointer { k in
            for (i, e) in entries.enumerated() {
                var prefix: UInt64 = 0
                let start = Int(e.start), length = Int(e.length)
                for j in 0..<8 { prefix = prefix << 8 | UInt64(j < length ? k[start + j] : 0) }
                order.append((prefix, UInt32(i)))
            }
        }
        keys.withUnsafeBufferPointer { k in
            entries.withUnsafeBufferPointer { e in
                order.sort { a, b in
                    if a.prefix != b.prefix { return a.prefix < b.prefix }
                    let x = e[Int(a.entry)], y = e[Int(b.entry)]
                    let xl = Int(x.length), yl = Int(y.length)
                    var i = 8
                    while i < xl && i < yl {
                        let p = k[Int(x.start) + i], q = k[Int(y.start) + i]
                        if p != q { return p < q }
                        i += 1
                    }
                    if xl != yl { return xl < yl }
                    return x.place < y.place   // deterministic: bigger place first among equal keys
                }
            }
        }
        // Lay the key bytes out again in sorted order, each entry with its own copy: scans and the
        // fuzzy walk then read memory front to back instead of hopping around the buffer.
        var sortedKeys: [UInt8] = []
        sortedKeys.reserveCapacity(entries.reduce(0) { $0 + Int($1.length) })
        var sortedEntries: [KeyIndex.Entry] = []
        sortedEntries.reserveCapacity(entries.count)
        for item in order {
            var entry = entries[Int(item.entry)]
            let start = Int(entry.start)
            entry.start = UInt32(sortedKeys.count)
            sortedKeys.append(contentsOf: keys[start..<start + Int(entry.length)])
            entry.quantizedScore = UInt16(min(65_535, max(0, (placeScores[Int(entry.place)] * 4096).rounded())))
            sortedEntries.append(entry)
        }
        return KeyIndex(keys: sortedKeys, entries: sortedEntries)
    }
}
