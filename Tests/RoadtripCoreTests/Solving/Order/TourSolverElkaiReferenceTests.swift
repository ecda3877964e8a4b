import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The local search against LKH-3 (PyPI `elkai`, pinned, in the venv `make test-deps` makes; a missing venv is a
/// failure that says so, never a skip): on 20 seeded random instances of 50 stops and 10 of 100, like a trip's
/// (`TourReference`, the bench's instances under another seed; `make bench` gives the gap on 20 of each), the
/// mean gap is at most 1 %.
final class TourSolverElkaiReferenceTests: XCTestCase {
    /// LKH's answers, worked out on another thread while the solver works on this one (each takes some 20 s
    /// of a core in a debug build).
    private final class Reference: @unchecked Sendable {
        private var answer: Result<[TourReference.Answer], Error>?
        private let done = DispatchSemaphore(value: 0)

        init(_ instances: [[[Double]]]) {
            DispatchQueue.global().async {
                self.answer = Result { try TourReference.elkai(instances) }
                self.done.signal()
            }
        }

        func get() throws -> [TourReference.Answer] {
            done.wait()
            return try answer!.get()
        }
    }

    func testTheLocalSearchIsWithinOnePercentOfLKHOnFiftyAndAHundredStops() throws {
        var generator = SeededGenerator(seed: 2022)
        let sizes = [(count: 50, number: 20), (count: 100, number: 10)]
        let sets = sizes.map { TourReference.instances($0.count, $0.number, using: &generator) }
        let reference = Reference(sets.flatMap { $0 })
        let found = sets.map { $0.map { TourSolver.solve(TourReference.problem($0)) } }
        var answers = try reference.get()[...]
        for (count, (set, solutions)) in zip(sizes.map(\.count), zip(sets, found)) {
            var gaps: [Double] = []
            for (costs, solution) in zip(set, solutions) {
                let problem = TourReference.problem(costs)
                let lkh = answers.removeFirst()
                XCTAssertTrue(problem.accepts(solution.order), "\(count) stops: \(solution.order) is no order of them")
                XCTAssertEqual(solution.cost, problem.total(solution.order), accuracy: 1e-6)
                // LKH's answer is a real path: far better than the order as drawn.
                XCTAssertLessThan(lkh.cost, problem.total(problem.identity) * 0.5, "\(count) stops: LKH answered \(lkh.cost)")
                gaps.append((solution.cost - lkh.cost) / lkh.cost * 100)
            }
            let mean = gaps.reduce(0, +) / Double(gaps.count)
            print(String(format: "optimise.n%d: mean gap to LKH-3 (elkai) %.2f %%, worst %.2f %%", count, mean, gaps.max()!))
            XCTAssertLessThanOrEqual(mean, 1, "\(count) stops: gaps \(gaps.map { String(format: "%.2f", $0) })")
        }
    }
}
