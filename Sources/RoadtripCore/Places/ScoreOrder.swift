/// The entries of each block of keys that share their first `depth` bytes, best place score first.
///
/// A short prefix ("s", "sa") matches tens of thousands of keys, but only the few best can make a
/// list of ten. Walking its block best first, a scan stops as soon as the best tier plus the next
/// entry's score cannot beat the list's last place, instead of reading every entry
/// (`PlaceSearcher.scan`).
struct ScoreOrder {
    let depth: Int
    /// The first entry of each block, ascending.
    let starts: Column<UInt32>
    /// Within each block's span of entries, the block's entry indices by descending score, ties in key
    /// order: a place's entries share its score, so a scan still meets them in key order and the same
    /// one names the match.
    let order: Column<UInt32>

    init(depth: Int, starts: Column<UInt32>, order: Column<UInt32>) {
        (self.depth, self.starts, self.order) = (depth, starts, order)
    }

    init(entries: [KeyIndex.Entry], lcp: [UInt8], depth: Int) {
        self.depth = depth
        var starts: [UInt32] = []
        // Entry index (24 bits, `KeyIndex.Entry.limit`), inverted score above it, block number on top:
        // one plain integer sort puts each block's entries best first.
        var packed = [UInt64](repeating: 0, count: entries.count)
        for i in entries.indices {
            if i == 0 || Int(lcp[i]) < depth { starts.append(UInt32(i)) }
            let block = UInt64(starts.count - 1)
            packed[i] = block << 40 | UInt64(UInt16.max - entries[i].quantizedScore) << 24 | UInt64(i)
        }
        packed.sort()
        self.starts = Column(starts)
        order = Column(packed.map { UInt32(truncatingIfNeeded: $0 & 0xFF_FFFF) })
    }

    /// The block holding `range` (entries that share at least `depth` bytes), as a span of `order`.
    func block(containing range: Range<Int>) -> Range<Int> {
        var low = 0, high = starts.count   // first start above range.lowerBound
        while low < high {
            let mid = (low + high) / 2
            if Int(starts[mid]) <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        let end = low < starts.count ? Int(starts[low]) : order.count
        return Int(starts[low - 1])..<end
    }
}
