import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The cover under `region which`: the exact search is the cheapest of all covers (by brute force on seeded
/// instances), greedy stays within its bound, and a larger set wins when it is cheaper than the small ones.
final class WeightedSetCoverTests: XCTestCase {
    func testExactSearchMatchesBruteForceOnSeededInstances() {
        var generator = SeededGenerator(seed: 34)
        for _ in 0..<200 {
            let (elements, costs) = instance(sets: Int.random(in: 2...12, using: &generator), using: &generator)
            let cover = WeightedSetCover(elements: elements, costs: costs)
            XCTAssertTrue(cover.isExact)
            XCTAssertTrue(covers(cover.chosen, elements))
            XCTAssertEqual(cost(cover.chosen, costs), bruteForce(elements, costs), accuracy: 1e-9)
        }
    }

    /// Chvátal: at most H(d) times the cheapest, d the most elements one set holds.
    func testGreedyCoversWithinItsBound() {
        var generator = SeededGenerator(seed: 35)
        for _ in 0..<100 {
            let (elements, costs) = instance(sets: 12, using: &generator)
            let greedy = WeightedSetCover(elements: elements, costs: costs, exactLimit: 0)
            XCTAssertFalse(greedy.isExact)
            XCTAssertTrue(covers(greedy.chosen, elements))
            let largest = costs.indices.map { set in elements.filter { $0.contains(set) }.count }.max() ?? 1
            let bound = (1...max(1, largest)).reduce(0.0) { $0 + 1 / Double($1) }
            XCTAssertLessThanOrEqual(cost(greedy.chosen, costs), bound * bruteForce(elements, costs) + 1e-9)
        }
    }

    func testOneLargerSetBeatsTheSmallerOnesWhenCheaper() {
        // Three states (0, 1, 2) of 40 each, and the country (3) holding them all.
        let elements: [Set<Int>] = [[0, 3], [1, 3], [2, 3], [0, 1, 3]]
        XCTAssertEqual(WeightedSetCover(elements: elements, costs: [40, 40, 40, 100]).chosen, [3])
        XCTAssertEqual(WeightedSetCover(elements: elements, costs: [30, 30, 30, 100]).chosen, [0, 1, 2])
        // An element no set holds is left out; nothing at all to cover chooses nothing.
        XCTAssertEqual(WeightedSetCover(elements: [[], [1]], costs: [1, 2]).chosen, [1])
        XCTAssertEqual(WeightedSetCover(elements: [], costs: []).chosen, [])
    }

    func testDominatedCandidatesGoAndOfTwoEqualOnesOneStays() {
        // 1 holds what 0 holds and costs less: 0 is dominated. 2 and 3 are the same set at the same cost.
        let elements: [Set<Int>] = [[0, 1], [0, 1, 2, 3]]
        XCTAssertEqual(WeightedSetCover.undominated([0, 1, 2, 3], in: elements, costs: [5, 4, 1, 1]), [1, 2])
        XCTAssertEqual(WeightedSetCover(elements: elements, costs: [5, 4, 1, 1]).chosen, [1])
    }

    private func instance(sets: Int, using generator: inout SeededGenerator) -> ([Set<Int>], [Double]) {
        let costs = (0..<sets).map { _ in Double(Int.random(in: 1...100, using: &generator)) }
        let elements = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
            Set((0..<sets).filter { _ in Int.random(in: 0..<3, using: &generator) == 0 }).union([Int.random(in: 0..<sets, using: &generator)])
        }
        return (elements, costs)
    }

    private func covers(_ chosen: [Int], _ elements: [Set<Int>]) -> Bool {
        elements.allSatisfy { !$0.isDisjoint(with: chosen) }
    }

    private func cost(_ chosen: [Int], _ costs: [Double]) -> Double {
        chosen.reduce(0) { $0 + costs[$1] }
    }

    private func bruteForce(_ elements: [Set<Int>], _ costs: [Double]) -> Double {
        (1..<(1 << costs.count)).map { mask in costs.indices.filter { mask & 1 << $0 != 0 } }
            .filter { covers($0, elements) }.map { cost($0, costs) }.min() ?? 0
    }
}
