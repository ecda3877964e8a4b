/// The cheapest sets whose union holds every element: which extracts to download so that a trip's corridor lies
/// in them (`ExtractCover`). Pure: elements are given as the sets that hold them, costs as numbers.
///
/// Candidates are first pruned of dominated ones (another holds every element it holds and costs no more), then
/// searched exactly (branch and bound) when at most `exactLimit` remain — a trip's candidates are the extracts
/// its corridor touches, a handful. Beyond that, Chvátal's greedy rule (the most new elements per unit of cost)
/// answers, at most H(d) = 1 + 1/2 + … + 1/d times the cheapest, d the most elements one candidate holds.
public struct WeightedSetCover: Sendable {
    /// Indexes of the chosen sets, ascending.
    public let chosen: [Int]
    /// Whether `chosen` is the cheapest cover (the exact search ran) or greedy's.
    public let isExact: Bool

    /// 2^20 cover sets at the worst; the bound prunes nearly all of them.
    public static let exactLimit = 20

    /// `elements[e]`: the indexes into `costs` of the sets holding element e. An element no set holds is left
    /// out (nothing covers it). Costs must be finite and non-negative.
    public init(elements: [Set<Int>], costs: [Double], exactLimit: Int = Self.exactLimit) {
        let distinct = Array(Set(elements.filter { !$0.isEmpty }))
        let candidates = Self.undominated(Set(distinct.flatMap { $0 }).sorted(), in: distinct, costs: costs)
        let kept = Set(candidates)
        let pruned = distinct.map { $0.intersection(kept) }
        if candidates.count <= min(exactLimit, 63) {
            chosen = Self.exact(pruned, candidates: candidates, costs: costs)
            isExact = true
        } else {
            chosen = Self.greedy(pruned, costs: costs)
            isExact = false
        }
    }

    /// The candidates no other dominates: j goes when some k holds every element j holds and comes before it by
    /// (cost, more elements, index) — a strict order, so of two equal candidates one stays, and one pass is enough
    /// (dominance is transitive).
    static func undominated(_ candidates: [Int], in elements: [Set<Int>], costs: [Double]) -> [Int] {
        var holds: [Int: Set<Int>] = [:]
        for (element, sets) in elements.enumerated() {
            for set in sets { holds[set, default: []].insert(element) }
        }
        func before(_ k: Int, _ j: Int) -> Bool {
            let (kHeld, jHeld) = (holds[k]?.count ?? 0, holds[j]?.count ?? 0)
            return (costs[k], -kHeld, k) < (costs[j], -jHeld, j)
        }
        return candidates.filter { j in
            let held = holds[j] ?? []
            return !candidates.contains { k in k != j && before(k, j) && held.isSubset(of: holds[k] ?? []) }
        }
    }

    /// Branch and bound over bit masks: take the uncovered element with the fewest holders, try each of them,
    /// cheapest first, and drop a branch as soon as it costs as much as the best cover found.
    private static func exact(_ elements: [Set<Int>], candidates: [Int], costs: [Double]) -> [Int] {
        let bit = Dictionary(uniqueKeysWithValues: candidates.enumerated().map { ($1, UInt64(1) << UInt64($0)) })
        let masks = elements.map { $0.reduce(UInt64(0)) { $0 | bit[$1]! } }
        let byCost = candidates.enumerated().sorted { (costs[$0.element], $0.offset) < (costs[$1.element], $1.offset) }
        var best = (cost: Double.infinity, mask: UInt64(0))
        func search(_ mask: UInt64, _ cost: Double) {
            guard cost < best.cost else { return }
            guard let open = masks.filter({ $0 & mask == 0 }).min(by: { $0.nonzeroBitCount < $1.nonzeroBitCount }) else {
                best = (cost, mask)
                return
            }
            for (offset, candidate) in byCost where open & (UInt64(1) << UInt64(offset)) != 0 {
                search(mask | UInt64(1) << UInt64(offset), cost + costs[candidate])
            }
        }
        search(0, 0)
        return candidates.enumerated().filter { best.mask & (UInt64(1) << UInt64($0.offset)) != 0 }.map(\.element)
    }

    /// Chvátal's rule: while an element is uncovered, the set with the most uncovered elements per unit of cost
    /// (a set of cost 0 first; ties: the lower index).
    private static func greedy(_ elements: [Set<Int>], costs: [Double]) -> [Int] {
        var open = Array(elements.indices)
        var chosen: [Int] = []
        while !open.isEmpty {
            var count: [Int: Int] = [:]
            for element in open {
                for set in elements[element] { count[set, default: 0] += 1 }
            }
            guard let pick = count.max(by: { a, b in
                let (ra, rb) = (Double(a.value) / costs[a.key], Double(b.value) / costs[b.key])
                return ra != rb ? ra < rb : a.key > b.key
            })?.key else { break }
            chosen.append(pick)
            open.removeAll { elements[$0].contains(pick) }
        }
        return chosen.sorted()
    }
}
