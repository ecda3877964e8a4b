import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

final class TourSolverTests: XCTestCase {
    /// A random asymmetric instance: points in a 1,000 s square, each direction's cost the distance times its
    /// own factor (one-way streets, ferries), some pins and maybe a free end.
    private func instance(_ count: Int, pins: Int, freeEnd: Bool, _ generator: inout SeededGenerator) -> TourProblem {
        let points = (0..<count).map { _ in (Double.random(in: 0...1000, using: &generator),
                                             Double.random(in: 0...1000, using: &generator)) }
        let factors = (0..<count * count).map { _ in Double.random(in: 1...1.6, using: &generator) }
        let movable = Array(1..<(freeEnd ? count : count - 1))
        let pinned = Set(movable.shuffled(using: &generator).prefix(pins))
        return TourProblem(count: count, freeEnd: freeEnd, pinned: pinned) { from, to in
            hypot(points[from].0 - points[to].0, points[from].1 - points[to].1) * factors[from * count + to]
        }
    }

    /// Every order that keeps the fixed stops, tried.
    private func bruteForce(_ problem: TourProblem) -> Double {
        let slots = problem.freePositions
        var best = Double.infinity
        var order = problem.identity
        func place(_ k: Int, _ left: [Int]) {
            guard k < slots.count else { return best = min(best, problem.total(order)) }
            for (index, stop) in left.enumerated() {
                order[slots[k]] = stop
                var rest = left
                rest.remove(at: index)
                place(k + 1, rest)
            }
        }
        place(0, slots)
        return best
    }

    func testTheExactSolverEqualsBruteForceOnEveryInstanceUpToElevenStops() {
        var generator = SeededGenerator(seed: 22)
        for count in 2...11 {
            for trial in 0..<(count <= 9 ? 12 : 2) {
                let problem = instance(count, pins: trial % 3, freeEnd: trial % 2 == 1, &generator)
                let solution = TourSolver.solve(problem)
                XCTAssertTrue(solution.isOptimal)
                XCTAssertTrue(problem.accepts(solution.order), "\(solution.order) moves a fixed stop")
                XCTAssertEqual(solution.cost, bruteForce(problem), accuracy: 1e-6, "\(count) stops, trial \(trial)")
                XCTAssertEqual(solution.cost, problem.total(solution.order), accuracy: 1e-9)
            }
        }
    }

    func testTheLocalSearchFindsTheOptimumOfSmallInstancesAndNeverMovesAPin() {
        var generator = SeededGenerator(seed: 9)
        var optimal = 0, trials = 0
        for count in 6...9 {
            for trial in 0..<15 {
                let problem = instance(count, pins: trial % 4, freeEnd: trial % 2 == 0, &generator)
                let found = TourSolver.solve(problem, exactLimit: 0)
                XCTAssertFalse(found.isOptimal)
                XCTAssertTrue(problem.accepts(found.order), "\(found.order) moves a fixed stop")
                let best = bruteForce(problem)
                XCTAssertGreaterThanOrEqual(found.cost, best - 1e-6)
                XCTAssertLessThanOrEqual(found.cost, problem.total(problem.identity) + 1e-9, "never worse than now")
                trials += 1
                if found.cost < best + 1e-6 { optimal += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(Double(optimal) / Double(trials), 0.95, "\(optimal) of \(trials) optimal")
    }

    /// Past the exact solver's reach: pins hold, the answer replays exactly, and it comes close to the exact one.
    func testBigInstancesKeepTheirPinsReplayAndComeCloseToTheExactAnswer() {
        var generator = SeededGenerator(seed: 100)
        for _ in 0..<4 {
            let problem = instance(16, pins: 3, freeEnd: false, &generator)  // 11 free stops: exact is cheap
            let exact = TourSolver.solve(problem)
            let searched = TourSolver.solve(problem, exactLimit: 0)
            XCTAssertLessThanOrEqual(searched.cost, exact.cost * 1.02, "within 2 % of the optimum")
            XCTAssertTrue(problem.accepts(searched.order))
        }
        let big = instance(120, pins: 10, freeEnd: true, &generator)
        let first = TourSolver.solve(big), second = TourSolver.solve(big)
        XCTAssertEqual(first, second, "deterministic")
        XCTAssertTrue(big.accepts(first.order))
        XCTAssertLessThan(first.cost, big.total(big.identity) * 0.5, "a random order of 120 stops is far from good")
    }

    func testMissingLegsAreAvoidedAndCancellingKeepsAValidOrder() {
        // 0 → 1 has no road; the best order goes round it.
        let problem = TourProblem(count: 4) { from, to in from == 0 && to == 1 ? nil : Double(abs(from - to)) }
        let solution = TourSolver.solve(problem)
        XCTAssertEqual(solution.order, [0, 2, 1, 3])
        XCTAssertEqual(solution.cost, 5, "2 + 1 + 2")

        var generator = SeededGenerator(seed: 5)
        let big = instance(60, pins: 0, freeEnd: false, &generator)
        let cancelled = TourSolver.solve(big, isCancelled: { true })
        XCTAssertTrue(big.accepts(cancelled.order))
        XCTAssertLessThanOrEqual(cancelled.cost, big.total(big.identity))
    }

    func testTripsWithNothingToMoveComeBackAsTheyAre() {
        for count in 0...3 {
            let problem = TourProblem(count: count) { _, _ in 1 }
            XCTAssertEqual(TourSolver.solve(problem).order, Array(0..<count))
        }
        let pinned = TourProblem(count: 5, pinned: [1, 2, 3]) { from, to in Double((to - from + 5) % 5) }
        XCTAssertEqual(TourSolver.solve(pinned).order, [0, 1, 2, 3, 4])
    }
}
