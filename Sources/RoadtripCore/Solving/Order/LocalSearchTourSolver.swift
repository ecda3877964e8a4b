import Foundation

/// A near-best order for too many free stops to prove: iterated local search. Each round improves the order
/// until no move helps (segment reversal, moving a run of one to three stops, forwards or reversed, and
/// swapping two stops), then kicks it (a double bridge inside a run of free stops) and keeps the result when
/// it is cheaper. Moves are weighed in O(1) with prefix sums of the costs both ways (reversing a run changes
/// its inside cost when costs are asymmetric) and tried only towards each stop's nearest stops. Fixed stops
/// never move: a reversal or a moved run never spans one, and a swap exchanges two free stops only.
/// Deterministic: the kicks come from a seeded generator and the work from a count of rounds, not a clock.
struct LocalSearchTourSolver {
    private let problem: TourProblem
    private let n: Int
    private var order: [Int]
    private var position: [Int]
    /// forward[t]: the cost of the order's first t edges; backward[t]: the same edges driven the other way.
    private var forward: [Double], backward: [Double]
    /// fixedBefore[p]: how many fixed positions lie before position p.
    private let fixedBefore: [Int]
    /// The stops cheapest to drive to from each stop (nearOut) and from which each stop is cheapest (nearIn).
    private let nearOut: [[Int]], nearIn: [[Int]]
    /// The free positions, and the stops whose moves are to be tried (each once in the stack).
    private let free: [Int]
    private var dirty: [Int] = [], isDirty: [Bool]
    private static let epsilon = 1e-7

    init(_ problem: TourProblem, start: [Int], neighbours: Int = 10) {
        self.problem = problem
        n = problem.count
        order = start
        position = [Int](repeating: 0, count: n)
        forward = [Double](repeating: 0, count: n)
        backward = [Double](repeating: 0, count: n)
        var before = [Int](repeating: 0, count: n + 1)
        for p in 0..<n { before[p + 1] = before[p] + (problem.fixed[p] ? 1 : 0) }
        fixedBefore = before
        free = (1..<problem.count).filter { !problem.fixed[$0] }
        dirty = start.reversed()
        isDirty = [Bool](repeating: true, count: problem.count)
        let count = problem.count, k = min(neighbours, count - 1)
        nearOut = (0..<count).map { a in Self.cheapest(k, (0..<count).filter { $0 != a }) { problem.cost(a, $0) } }
        nearIn = (0..<count).map { b in Self.cheapest(k, (0..<count).filter { $0 != b }) { problem.cost($0, b) } }
        rebuild()
    }

    private static func cheapest(_ k: Int, _ stops: [Int], by cost: (Int) -> Double) -> [Int] {
        Array(stops.sorted { (cost($0), $0) < (cost($1), $1) }.prefix(k))
    }

    var cost: Double { forward[n - 1] }
    var current: [Int] { order }

    /// Runs `rounds` kicks after the first descent; stops early when `isCancelled` says so.
    mutating func run(rounds: Int, seed: UInt64, isCancelled: () -> Bool) -> [Int] {
        var generator = SplitMix64(seed: seed)
        descend()
        var best = order, bestCost = cost
        for _ in 0..<rounds {
            // Asked once: told to stop, it stops (a `where` would ask again for every round left).
            guard !isCancelled(), kick(&generator) else { break }
            descend()
            if cost < bestCost - Self.epsilon {
                best = order
                bestCost = cost
            } else {
                order = best
                rebuild()
                dirty.removeAll()  // the best order is a local optimum: nothing to look at until the next kick
                isDirty = [Bool](repeating: false, count: n)
            }
        }
        return best
    }

    // MARK: The order's figures

    private mutating func rebuild() {
        for p in 0..<n { position[order[p]] = p }
        forward[0] = 0
        backward[0] = 0
        for p in 1..<n {
            forward[p] = forward[p - 1] + problem.cost(order[p - 1], order[p])
            backward[p] = backward[p - 1] + problem.cost(order[p], order[p - 1])
        }
    }

    /// Whether positions first...last all hold free stops.
    private func isFree(_ first: Int, _ last: Int) -> Bool {
        first <= last && fixedBefore[last + 1] == fixedBefore[first]
    }

    private func edge(_ p: Int) -> Double { p >= 0 && p < n - 1 ? problem.cost(order[p], order[p + 1]) : 0 }

    // MARK: Descent

    /// Tries the moves at every stop marked dirty until none helps; a stop whose neighbourhood changed is
    /// marked again (don't-look bits), so a descent after a kick only looks where the kick landed.
    private mutating func descend() {
        while let stop = dirty.popLast() {
            isDirty[stop] = false
            let p = position[stop]
            guard p > 0, !problem.fixed[p] else { continue }
            if reverse(at: p) || move(at: p) || swap(at: p) { markDirty(around: p) }
        }
    }

    /// Marks the stops at and beside `positions` (after a change there) for the next descent.
    private mutating func markDirty(around positions: Int...) {
        for p in positions {
            for q in max(0, p - 1)...min(n - 1, p + 1) where !isDirty[order[q]] {
                isDirty[order[q]] = true
                dirty.append(order[q])
            }
        }
    }

    /// Reverses positions p...q so that the stop before p is followed by one of its nearest stops.
    private mutating func reverse(at p: Int) -> Bool {
        let a = order[p - 1], c = order[p]
        for b in nearOut[a] {
            let q = position[b]
            guard q > p, isFree(p, q) else { continue }
            let d = q + 1 < n ? order[q + 1] : nil
            let old = problem.cost(a, c) + (forward[q] - forward[p]) + (d.map { problem.cost(b, $0) } ?? 0)
            let new = problem.cost(a, b) + (backward[q] - backward[p]) + (d.map { problem.cost(c, $0) } ?? 0)
            if new < old - Self.epsilon {
                order[p...q].reverse()
                rebuild()
                markDirty(around: q)
                return true
            }
        }
        return false
    }

    /// Moves the run of one to three stops starting at p behind one of the stops nearest to its ends.
    private mutating func move(at p: Int) -> Bool {
        for length in 1...3 {
            let last = p + length - 1
            guard last < n, isFree(p, last) else { break }
            let first = order[p], end = order[last]
            let previous = order[p - 1], next = last + 1 < n ? order[last + 1] : nil
            let removed = problem.cost(previous, first) + (next.map { problem.cost(end, $0) } ?? 0)
                - (next.map { problem.cost(previous, $0) } ?? 0)
            let inside = forward[last] - forward[p], insideBack = backward[last] - backward[p]
            for reversed in [false, true] {
                let (head, tail) = reversed ? (end, first) : (first, end)
                for u in nearIn[head] {
                    let q = position[u]  // the run goes between q and q + 1
                    guard q < p - 1 ? isFree(q + 1, p - 1) : q > last && isFree(last + 1, q) else { continue }
                    let w = q + 1 < n ? order[q + 1] : nil
                    let added = problem.cost(u, head) + (w.map { problem.cost(tail, $0) } ?? 0)
                        - (w.map { problem.cost(u, $0) } ?? 0) + (reversed ? insideBack - inside : 0)
                    if added - removed < -Self.epsilon {
                        var run = Array(order[p...last])
                        if reversed { run.reverse() }
                        order.removeSubrange(p...last)
                        let at = q < p ? q + 1 : q + 1 - length
                        order.insert(contentsOf: run, at: at)
                        rebuild()
                        markDirty(around: at, at + length - 1)
                        return true
                    }
                }
            }
        }
        return false
    }

    /// Swaps the stop at p with a free stop (anywhere, even past a pin) that is near the stop before p.
    private mutating func swap(at p: Int) -> Bool {
        for b in nearOut[order[p - 1]] {
            let q = position[b]
            guard q != p, !problem.fixed[q] else { continue }
            let (low, high) = (min(p, q), max(p, q))
            // The edges into and out of both positions (three when they are neighbours).
            func around() -> Double {
                edge(low - 1) + edge(low) + (high == low + 1 ? 0 : edge(high - 1)) + edge(high)
            }
            let old = around()
            order.swapAt(p, q)
            if around() < old - Self.epsilon {
                rebuild()
                markDirty(around: q)
                return true
            }
            order.swapAt(p, q)
        }
        return false
    }

    // MARK: Kicks

    /// A double bridge (A B C D → A C B D) inside one run of free stops, segments of up to 30 stops so the kick
    /// stays local; a random swap of two free stops when no run is long enough. False when nothing can move.
    private mutating func kick(_ generator: inout SplitMix64) -> Bool {
        guard free.count >= 2 else { return false }
        let p = free[Int(generator.next() % UInt64(free.count))]
        var runEnd = p
        while runEnd + 1 < n && !problem.fixed[runEnd + 1] && runEnd - p < 90 { runEnd += 1 }
        if runEnd - p + 1 >= 8 {
            let span = runEnd - p + 1
            var cuts = Set<Int>()
            while cuts.count < 3 { cuts.insert(1 + Int(generator.next() % UInt64(span - 1))) }
            let sorted = cuts.sorted().map { p + $0 }
            let a = Array(order[sorted[0]..<sorted[1]]), b = Array(order[sorted[1]..<sorted[2]])
            order.replaceSubrange(sorted[0]..<sorted[2], with: b + a)
            rebuild()
            markDirty(around: sorted[0], sorted[0] + b.count - 1, sorted[0] + b.count, sorted[2] - 1)
        } else {
            var q = p
            while q == p { q = free[Int(generator.next() % UInt64(free.count))] }
            order.swapAt(p, q)
            rebuild()
            markDirty(around: p, q)
        }
        return true
    }
}
