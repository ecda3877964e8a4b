import Foundation

/// Every search key of every place, sorted bytewise, so that a prefix is one binary search away and
/// the sorted list doubles as an implicit trie for the typo-tolerant walk (`FuzzyWalk`).
///
/// A key is a normalised name ("new york city"); each later word start gets its own entry too
/// ("york city", "city"), which is how "york" finds New York. Once sorted, the key bytes are laid
/// out again in entry order, so walking entries reads memory front to back.
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
    /// lcp[i]: length of the prefix entry i shares with entry i - 1 (0 for the first), at most 255.
    let lcp: [UInt8]
    /// nextSibling[i]: the first entry after i whose lcp is at most lcp[i]. Entries in between share
    /// more than lcp[i] bytes with their neighbours, so a trie walk can jump over them in one step.
    let nextSibling: [UInt32]

    init(keys: [UInt8], entries: [Entry]) {
        self.keys = keys
        self.entries = entries
        var lcp = [UInt8](repeating: 0, count: entries.count)
        keys.withUnsafeBufferPointer { k in
            for i in entries.indices.dropFirst() {
                let a = entries[i - 1], b = entries[i]
                let n = min(Int(a.length), Int(b.length))
                var common = 0
                while common < n && k[Int(a.start) + common] == k[Int(b.start) + common] { common += 1 }
                lcp[i] = UInt8(common)
            }
        }
        // Next smaller-or-equal element, right to left with a stack.
        var next = [UInt32](repeating: UInt32(entries.count), count: entries.count)
        var stack: [Int] = []
        for i in entries.indices.reversed() {
            while let top = stack.last, lcp[top] > lcp[i] { stack.removeLast() }
            if let top = stack.last { next[i] = UInt32(top) }
            stack.append(i)
        }
        self.lcp = lcp
        nextSibling = next
    }

    /// End of the run of entries that, from `start` on, share their first `depth + 1` bytes:
    /// the first later entry sharing at most `depth` bytes with its predecessor, or `upper`.
    @inline(__always)
    static func runEnd(lcp: UnsafeBufferPointer<UInt8>, next: UnsafeBufferPointer<UInt32>,
                       from start: Int, depth: Int, upper: Int) -> Int {
        var i = start + 1
        while i < upper && Int(lcp[i]) > depth { i = Int(next[i]) }
        return min(i, upper)
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
        if range.isEmpty || duplicate {
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

    private func layOut(_ order: [UInt32], placeScores: [Float]) -> KeyIndex {
        // Lay the key bytes out again in sorted order, each entry with its own copy: scans and the
        // fuzzy walk then read memory front to back instead of hopping around the buffer.
        let total = entries.reduce(0) { $0 + Int($1.length) }
        var sortedKeys = [UInt8](repeating: 0, count: total)
        var sortedEntries = [KeyIndex.Entry](repeating: KeyIndex.Entry(start: 0, place: 0, length: 0, info: 0),
                                             count: entries.count)
        keys.withUnsafeBufferPointer { k in
            sortedKeys.withUnsafeMutableBufferPointer { out in
                sortedEntries.withUnsafeMutableBufferPointer { sorted in
                    var offset = 0
                    for (i, item) in order.enumerated() {
                        var entry = entries[Int(item)]
                        let start = Int(entry.start), length = Int(entry.length)
                        for j in 0..<length { out[offset + j] = k[start + j] }
                        entry.start = UInt32(offset)
                        entry.quantizedScore = UInt16(min(65_535, max(0, (placeScores[Int(entry.place)] * 4096).rounded())))
                        sorted[i] = entry
                        offset += length
                    }
                }
            }
        }
        return KeyIndex(keys: sortedKeys, entries: sortedEntries)
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
