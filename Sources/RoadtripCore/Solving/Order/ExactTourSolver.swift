import Foundation

/// The best order, proven: Held–Karp dynamic programming over the free stops. The free stops fill the free
/// positions in order; between two free positions the fixed stops (pins) are driven as they stand, so a step
/// from free position k to k+1 costs the road through the pins between them. O(2^m · m²) time and
/// O(2^m · m) memory for m free stops: 16 take ~16 M steps and 9 MB.
enum ExactTourSolver {
    /// Past this many free stops the table outgrows what a key press may wait for.
    static let limit = 18

    static func solve(_ problem: TourProblem) -> TourSolution {
        let slots = problem.freePositions
        let m = slots.count
        precondition(m <= limit, "too many free stops for the exact solver")
        guard m > 0 else { return TourSolution(order: problem.identity, cost: problem.total(problem.identity), isOptimal: true) }
        let stops = slots  // the free stops are the ones standing in the free positions now
        let n = problem.count

        // The fixed road before the first free position, between free positions and after the last.
        func chain(_ range: Range<Int>) -> Double {
            range.isEmpty ? 0 : zip(range.dropLast(), range.dropFirst()).reduce(0) { $0 + problem.cost($1.0, $1.1) }
        }
        let head = 0..<slots[0], tail = (slots[m - 1] + 1)..<n
        var start = [Double](repeating: 0, count: m), end = [Double](repeating: 0, count: m)
        for a in 0..<m {
            start[a] = chain(head) + problem.cost(head.last!, stops[a])
            end[a] = tail.isEmpty ? 0 : problem.cost(stops[a], tail.first!) + chain(tail)
        }
        // step[k][a * m + b]: stop a in free position k, then stop b in free position k + 1.
        var step = [[Double]](repeating: [], count: max(0, m - 1))
        for k in 0..<(m - 1) {
            let between = (slots[k] + 1)..<slots[k + 1]
            var table = [Double](repeating: 0, count: m * m)
            for a in 0..<m {
                for b in 0..<m where a != b {
                    table[a * m + b] = between.isEmpty ? problem.cost(stops[a], stops[b])
                        : problem.cost(stops[a], between.first!) + chain(between) + problem.cost(between.last!, stops[b])
                }
            }
            step[k] = table
        }

        let full = (1 << m) - 1
        var best = [Double](repeating: .infinity, count: (full + 1) * m)
        var parent = [UInt8](repeating: 0, count: (full + 1) * m)
        for a in 0..<m { best[(1 << a) * m + a] = start[a] }
        for set in 1...full {
            let k = set.nonzeroBitCount - 1
            guard k < m - 1 else { continue }
            let table = step[k]
            for a in 0..<m where set & (1 << a) != 0 {
                let here = best[set * m + a]
                guard here < .infinity else { continue }
                var rest = full & ~set
                while rest != 0 {
                    let b = rest.trailingZeroBitCount
                    rest &= rest - 1
                    let next = (set | 1 << b) * m + b
                    let cost = here + table[a * m + b]
                    if cost < best[next] {
                        best[next] = cost
                        parent[next] = UInt8(a)
                    }
                }
            }
        }
        var last = 0, total = Double.infinity
        for a in 0..<m where best[full * m + a] + end[a] < total {
            total = best[full * m + a] + end[a]
            last = a
        }
        var order = problem.identity, set = full, a = last
        for k in stride(from: m - 1, through: 0, by: -1) {
            order[slots[k]] = stops[a]
            let previous = Int(parent[set * m + a])
            set &= ~(1 << a)
            a = previous
        }
        return TourSolution(order: order, cost: problem.total(order), isOptimal: true)
    }
}
