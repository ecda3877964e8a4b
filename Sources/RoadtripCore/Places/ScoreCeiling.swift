/// The best place score in each run of 64 entries: a cheap upper bound on the best score of any range,
/// with which the typo-tolerant walk skips a branch none of whose places could enter the list
/// (`FuzzyWalk`, `PlaceSearcher.scanFuzzy`). A byte per 32 entries.
struct ScoreCeiling {
    static let span = 64
    let blockMax: Column<UInt16>

    init(blockMax: Column<UInt16>) {
        self.blockMax = blockMax
    }

    init(entries: [KeyIndex.Entry]) {
        blockMax = Column(stride(from: 0, to: entries.count, by: Self.span).map { start in
            entries[start..<min(start + Self.span, entries.count)].lazy.map(\.quantizedScore).max() ?? 0
        })
    }

    /// At least the best quantized score of `range`'s entries (the best of the blocks it overlaps).
    func best(in range: Range<Int>) -> UInt16 {
        guard !range.isEmpty else { return 0 }
        return blockMax[(range.lowerBound / Self.span)...((range.upperBound - 1) / Self.span)].max() ?? 0
    }

    /// Through plain pointers, for the walk.
    struct Reader {
        let blockMax: UnsafeBufferPointer<UInt16>

        /// Whether some entry of `range` may have a quantized score of at least `floor` (the blocks
        /// overlapping the range are read until one does).
        @inline(__always)
        func reaches(_ floor: Int, in range: Range<Int>) -> Bool {
            guard floor > 0, !range.isEmpty else { return !range.isEmpty }
            var block = range.lowerBound / ScoreCeiling.span
            let last = (range.upperBound - 1) / ScoreCeiling.span
            while block <= last {
                if Int(blockMax[block]) >= floor { return true }
                block += 1
            }
            return false
        }
    }

    func withReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try blockMax.withUnsafeBufferPointer { try body(Reader(blockMax: $0)) }
    }
}
