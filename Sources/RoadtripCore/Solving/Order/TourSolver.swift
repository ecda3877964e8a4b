import Foundation

/// The cheapest order of a trip's stops: proven by `ExactTourSolver` up to `exactLimit` free stops, else
/// searched by `LocalSearchTourSolver` (started from the current order, so the answer is never worse).
public enum TourSolver {
    public static let exactLimit = 16

    /// `rounds` bounds the local search's work (nil: a default that grows with the stops); `isCancelled` is
    /// asked between rounds, so a solve off the main loop can be abandoned.
    public static func solve(_ problem: TourProblem, exactLimit: Int = exactLimit, rounds: Int? = nil,
                              isCancelled: () -> Bool = { false }) -> TourSolution {
        let free = problem.freePositions.count
        if free <= min(exactLimit, ExactTourSolver.limit) { return ExactTourSolver.solve(problem) }
        var search = LocalSearchTourSolver(problem, start: problem.identity)
        let order = search.run(rounds: rounds ?? defaultRounds(free), seed: 0x5EED, isCancelled: isCancelled)
        let found = TourSolution(order: order, cost: problem.total(order), isOptimal: false)
        let now = problem.total(problem.identity)
        return found.cost <= now ? found : TourSolution(order: problem.identity, cost: now, isOptimal: false)
    }

    static func defaultRounds(_ free: Int) -> Int { min(1_500, 100 + 8 * free) }
}
