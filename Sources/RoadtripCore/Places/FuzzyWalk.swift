/// Typo-tolerant prefix matching over the sorted keys, walked as a trie.
///
/// Runs of entries sharing a prefix are the trie's nodes; each step down computes one row of the
/// edit-distance table (Damerau: a swap of two neighbours is one edit) between the key prefix and the
/// query, and a branch whose row minimum exceeds the edit budget is dropped with everything under it.
/// A node where the whole query is within budget is reported as a range of entries with its cost.
/// The first letter must match, as people rarely get it wrong and it cuts the walk to one letter's keys;
/// with a budget of two, the first three letters may hold only one of them. Without that anchor
/// every two-letter start is within two edits of anything, and the walk would expand all of them.
struct FuzzyWalk {
    /// Edit budget for a query key of `length` bytes: none below 4, one for 4-7, two from 8 on (about
    /// one edit in four letters: "boise" is not "bruges").
    static func maxEdits(forQueryLength length: Int) -> Int {
        length < 4 ? 0 : (length < 8 ? 1 : 2)
    }

    /// Calls `report(range, depth, cost)` for every node within budget with cost ≥ 1 (cost 0 is the
    /// plain prefix match, found elsewhere). `depth` is the key prefix length at that node.
    static func run(_ index: KeyIndex, query: [UInt8], maxEdits: Int,
                    report: (Range<Int>, Int, Int) -> Void) {
        run(index, query: query, maxEdits: maxEdits, floor: 0) { report($0, $1, $2); return 0 }
    }

    /// The same walk, skipping every branch whose entries all score below a floor (`ScoreCeiling`):
    /// `floor` at the start, then what each `report` returns (the quantized place score an entry
    /// needs from then on to be of any use at one edit; 0 for all). A hit of more edits ranks lower, so
    /// its entries need `perEdit` more for each edit after the first.
    static func run(_ index: KeyIndex, query: [UInt8], maxEdits: Int, floor: Int, perEdit: Int = 0,
                    report: (Range<Int>, Int, Int) -> Int) {
        guard maxEdits > 0, let first = query.first else { return }
        let root = index.prefixRange([first])
        guard !root.isEmpty else { return }
        let rest = Array(query.dropFirst())
        let n = rest.count
        let maxDepth = n + maxEdits + 1
        // rows[d] is the table row for the key prefix of length d (the first letter is depth 1).
        var rows = [Int](repeating: 0, count: (maxDepth + 2) * (n + 1))
        for j in 0...n { rows[(n + 1) + j] = j }
        var chars = [UInt8](repeating: 0, count: maxDepth + 2)
        chars[1] = first
        // Plain pointers for the walk: it is the hot loop of a misspelt query.
        index.keys.withUnsafeBufferPointer { k in
        index.entries.withUnsafeBufferPointer { e in
        index.lcp.withUnsafeBufferPointer { lcp in
        index.nextSibling.withReader { next in
        index.ceiling.withReader { ceiling in
        rest.withUnsafeBufferPointer { q in
        rows.withUnsafeMutableBufferPointer { r in
        chars.withUnsafeMutableBufferPointer { c in
        withoutActuallyEscaping(report) { report in
            var walker = Walker(k: k, e: e, lcp: lcp, next: next, ceiling: ceiling, q: q, rows: r, chars: c, n: n,
                                budget: maxEdits, maxDepth: maxDepth, floor: floor, perEdit: perEdit, report: report)
            walker.descend(root, depth: 1, rowMin: 0)
        }}}}}}}}}
    }

    /// Key letters within which at most one edit is allowed.
    static let anchorLength = 3

    /// Its helpers are `mutating` though they only write through pointers: a non-mutating call from
    /// `descend` copied the whole walker (about 180 bytes) at every node.
    private struct Walker {
        let k: UnsafeBufferPointer<UInt8>
        let e: UnsafeBufferPointer<KeyIndex.Entry>
        let lcp: UnsafeBufferPointer<UInt8>
        let next: SiblingJumps.Reader
        let ceiling: ScoreCeiling.Reader
        let q: UnsafeBufferPointer<UInt8>
        let rows: UnsafeMutableBufferPointer<Int>
        let chars: UnsafeMutableBufferPointer<UInt8>
        let n: Int
        let budget: Int
        let maxDepth: Int
        var floor: Int
        let perEdit: Int
        let report: (Range<Int>, Int, Int) -> Int

        /// Visits the children of the node `range` (all keys share their first `depth` bytes; `rowMin` is the
        /// least cell of its row). With `wholeCost`, only keys ending at a node reached at that cost are
        /// reported: the node above already reported them all as misspelt starts at that cost, and no deeper
        /// node does better.
        mutating func descend(_ range: Range<Int>, depth: Int, rowMin parentMin: Int, wholeCost: Int? = nil) {
            guard depth < maxDepth else { return }
            let allowed = depth + 1 <= FuzzyWalk.anchorLength ? min(budget, 1) : budget
            var i = range.lowerBound
            while i < range.upperBound && Int(e[i].length) <= depth { i += 1 }   // keys ending here sort first
            guard parentMin >= allowed else {
                while i < range.upperBound {
                    let c = KeyIndex.byte(k, e[i], depth)
                    let end = childEnd(i, letter: c, depth: depth, upper: range.upperBound)
                    visit(i..<end, letter: c, depth: depth, allowed: allowed, wholeCost: wholeCost)
                    i = end
                }
                return
            }
            // The node has spent its budget: only the children whose letter extends an alignment can stay
            // within it, a few letters at most. Stepping from child to child is a jump each, cheaper than a
            // binary search for each letter. (The node's first cell, its length, is not below `allowed`: the
            // child's, one more, is above it.)
            let (letters, highest) = viableLetters(depth: depth, allowed: allowed)
            while i < range.upperBound {
                let c = KeyIndex.byte(k, e[i], depth)
                if c > highest { return }
                let end = childEnd(i, letter: c, depth: depth, upper: range.upperBound)
                if Self.contains(letters, c) { visit(i..<end, letter: c, depth: depth, allowed: allowed, wholeCost: wholeCost) }
                i = end
            }
        }

        /// End of the child of a node at `depth` that starts at entry `i`, its letter `c`. A child that shares
        /// exactly `depth` bytes with the entry before (each but a node's first) ends at its sibling jump; the
        /// first, by a galloping search for the first key past `c` (its own children may be many).
        @inline(__always)
        private func childEnd(_ i: Int, letter c: UInt8, depth: Int, upper: Int) -> Int {
            if Int(lcp[i]) == depth { return min(next[i], upper) }
            var known = i, step = 1, high = upper   // entries up to `known` have the letter, from `high` on not
            while known &+ step < upper {
                let probe = known &+ step
                if KeyIndex.byte(k, e[probe], depth) != c { high = probe; break }
                known = probe
                step &<<= 1
            }
            return firstKey(from: known &+ 1, below: high, depth: depth) { $0 > c }
        }

        /// The child `child` of a node at `depth`, its keys' letter there `c`: its row, its reports, its children.
        private mutating func visit(_ child: Range<Int>, letter c: UInt8, depth: Int, allowed: Int, wholeCost: Int?) {
            if !ceiling.reaches(floor, in: child) { return }
            let (rowMin, cost) = computeRow(depth: depth + 1, char: c)
            if rowMin > allowed { return }
            // Every hit below costs at least the row's minimum: past one edit, a better place is needed.
            if floor > 0 && rowMin > 1 && !ceiling.reaches(floor + (rowMin - 1) * perEdit, in: child) { return }
            if let wholeCost {
                let whole = child.lowerBound..<endingAt(depth + 1, in: child)
                if cost == wholeCost && !whole.isEmpty { floor = report(whole, depth + 1, cost) }
                if rowMin == wholeCost { descend(child, depth: depth + 1, rowMin: rowMin, wholeCost: wholeCost) }
                return
            }
            if cost <= budget && cost > 0 { floor = report(child, depth + 1, cost) }
            // Deeper can only help while some cell is below what this node already achieved, except
            // that a longer key may be misspelt whole at the same cost ("berln" is Berlin misspelt,
            // not only the start "berl" of it), which ranks above a misspelt start.
            if rowMin < min(cost, allowed + 1) {
                descend(child, depth: depth + 1, rowMin: rowMin)
            } else if cost > 0 && cost <= budget {
                descend(child, depth: depth + 1, rowMin: rowMin, wholeCost: cost)
            }
        }

        /// The first key of `start..<upper` (all longer than `depth`, sorted) whose letter at `depth` passes
        /// `isAtOrPast` (false, then true, along the keys), or `upper`.
        @inline(__always)
        private func firstKey(from start: Int, below upper: Int, depth: Int, _ isAtOrPast: (UInt8) -> Bool) -> Int {
            var low = start, high = upper
            while low < high {
                let middle = Int(UInt(bitPattern: low &+ high) >> 1)
                if isAtOrPast(KeyIndex.byte(k, e[middle], depth)) { high = middle } else { low = middle &+ 1 }
            }
            return low
        }

        /// The letters that can give a child of the node at `depth` a cell within `allowed`, when no cell of
        /// the node's row is below it (as a 256-bit set): only a match on the diagonal after a cell at
        /// `allowed` can, as a cell one more than its left or upper neighbour is above it. A swap adds no
        /// letter: its cell two rows up is below `allowed`, so the cell beside it in this row is within it and
        /// the same letter is already in by the diagonal (a cell is at least the difference of its two lengths,
        /// which keeps that cell inside the band).
        private func viableLetters(depth: Int, allowed: Int) -> (set: (UInt64, UInt64, UInt64, UInt64), highest: UInt8) {
            var set = (UInt64(0), UInt64(0), UInt64(0), UInt64(0)), highest: UInt8 = 0
            let cur = depth &* (n &+ 1), length = depth &- 1
            let r = rows.baseAddress!, query = q.baseAddress!
            // The diagonal cells the child's band reads: j - 1 for its j in max(1, length+1-budget)...
            let low = max(1, length &+ 1 &- budget), high = min(n, length &+ 1 &+ budget)
            if low <= high {
                for j in low...high where r[cur &+ j &- 1] <= allowed {
                    let c = query[j &- 1]
                    Self.insert(&set, c)
                    highest = max(highest, c)
                }
            }
            return (set, highest)
        }

        @inline(__always)
        private static func insert(_ set: inout (UInt64, UInt64, UInt64, UInt64), _ c: UInt8) {
            let bit = UInt64(1) << UInt64(c & 63)
            switch c >> 6 {
            case 0: set.0 |= bit
            case 1: set.1 |= bit
            case 2: set.2 |= bit
            default: set.3 |= bit
            }
        }

        @inline(__always)
        private static func contains(_ set: (UInt64, UInt64, UInt64, UInt64), _ c: UInt8) -> Bool {
            let word = c >> 6 == 0 ? set.0 : c >> 6 == 1 ? set.1 : c >> 6 == 2 ? set.2 : set.3
            return word & (UInt64(1) << UInt64(c & 63)) != 0
        }

        /// End of the keys of `range` that are `length` bytes long (they sort first).
        private mutating func endingAt(_ length: Int, in range: Range<Int>) -> Int {
            var i = range.lowerBound
            while i < range.upperBound && Int(e[i].length) == length { i += 1 }
            return i
        }

        /// Fills rows[depth] for key prefix chars[1...depth] and returns (row minimum, last cell).
        /// Only the band of cells within `budget` of the diagonal is computed: the others exceed it
        /// anyway. The cells just outside the band are set to budget + 1 for the next row to read.
        /// The cell to the left and the one up-left are carried in registers; indices stay within the table
        /// (rows of `n + 1` cells, `maxDepth + 2` of them), so the arithmetic needs no overflow checks.
        private mutating func computeRow(depth: Int, char c: UInt8) -> (Int, Int) {
            chars[depth] = c
            let width = n &+ 1
            let cur = depth &* width, prev = cur &- width, prev2 = prev &- width
            let length = depth &- 1   // letters of the key matched against the query, after the first
            let outside = budget &+ 1
            let r = rows.baseAddress!
            r[cur] = length
            var rowMin = length
            let low = max(1, length &- budget), high = min(n, length &+ budget)
            if low > 1 { r[cur &+ low &- 1] = outside }
            if high < n { r[cur &+ high &+ 1] = outside }
            if low <= high {
                let query = q.baseAddress!
                // A swap of two neighbours needs the key's letter before this one, past the anchor's.
                let swaps = depth > 2, before = chars[depth &- 1]
                var left = r[cur &+ low &- 1], diagonal = r[prev &+ low &- 1]
                for j in low...high {
                    let up = r[prev &+ j]
                    var v = min(up, left) &+ 1
                    let substitution = diagonal &+ (query[j &- 1] == c ? 0 : 1)
                    if substitution < v { v = substitution }
                    if swaps && j > 1 && c == query[j &- 2] && before == query[j &- 1] {
                        v = min(v, r[prev2 &+ j &- 2] &+ 1)
                    }
                    r[cur &+ j] = v
                    if v < rowMin { rowMin = v }
                    left = v
                    diagonal = up
                }
            }
            return (rowMin, high == n ? r[cur &+ n] : outside)
        }
    }
}
