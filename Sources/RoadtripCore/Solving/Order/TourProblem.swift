import Foundation

/// An order-of-stops problem: stops 0..<n in their current order, the cost of driving from each to each
/// (asymmetric: one-way streets and ferries make A→B differ from B→A), and the positions that must not change.
/// The first stop never moves; the last moves only with `freeEnd`; a pinned stop keeps its position.
///
/// A solution is an order: `order[position] = stop`. Pure values, no I/O; the solvers read this only.
public struct TourProblem: Sendable {
    public let count: Int
    /// Row-major, `from * count + to`; finite and ≥ 0 (see `init`).
    let costs: [Double]
    /// `fixed[position]`: whether the stop now at `position` stays there.
    public let fixed: [Bool]

    /// Costs beyond this, and missing legs, count as this: a leg no road joins is avoided whenever any other
    /// order exists, and a sum of them still compares (infinity minus infinity would not).
    public static let missingLeg = 1e9

    /// `cost(from, to)` in seconds; nil or not a finite non-negative number is a missing leg.
    public init(count: Int, freeEnd: Bool = false, pinned: Set<Int> = [], cost: (Int, Int) -> Double?) {
        self.count = count
        var costs = [Double](repeating: 0, count: count * count)
        for from in 0..<count {
            for to in 0..<count where from != to {
                let value = cost(from, to) ?? Self.missingLeg
                costs[from * count + to] = value.isFinite && value >= 0 ? min(value, Self.missingLeg) : Self.missingLeg
            }
        }
        self.costs = costs
        fixed = (0..<count).map { $0 == 0 || ($0 == count - 1 && !freeEnd) || pinned.contains($0) }
    }

    @inline(__always) func cost(_ from: Int, _ to: Int) -> Double { costs[from * count + to] }

    /// The positions whose stops may move, in order.
    public var freePositions: [Int] { (0..<count).filter { !fixed[$0] } }

    /// The current order, unchanged.
    public var identity: [Int] { Array(0..<count) }

    /// The total cost of driving the stops in `order`.
    public func total(_ order: [Int]) -> Double {
        var sum = 0.0
        for position in order.indices.dropLast() { sum += cost(order[position], order[position + 1]) }
        return sum
    }

    /// Whether `order` is a permutation of the stops that keeps every fixed stop in its position.
    public func accepts(_ order: [Int]) -> Bool {
        guard order.count == count, Set(order).count == count, order.allSatisfy({ (0..<count).contains($0) }) else {
            return false
        }
        return (0..<count).allSatisfy { !fixed[$0] || order[$0] == $0 }
    }
}

/// An order and what it costs.
public struct TourSolution: Equatable, Sendable {
    public let order: [Int]
    public let cost: Double
    /// Proven best (the exact solver finished), rather than the best found.
    public let isOptimal: Bool
}
