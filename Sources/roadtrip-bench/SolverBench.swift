import Foundation
import RoadtripCore
import RoadtripTestSupport

/// Figures of issue 22's order solver, on seeded random instances like a trip's (`TourReference.instances`),
/// first and last stop fixed.
/// - `optimise.n12`, `optimise.n16`: the exact solver, median of 20 and of 5 instances;
/// - `optimise.n50`, `optimise.n100`: the local search, median and p99 time over 20 instances, and the mean gap
///   to `ref.elkai` (LKH-3 through the pinned `elkai`, `scripts/elkai-reference`) on the same instances;
/// - `optimise.n500`: median of 3.
func runSolverBenchmarks() {
    var generator = SeededGenerator(seed: 22)
    func instances(_ count: Int, _ number: Int) -> [[[Double]]] {
        TourReference.instances(count, number, using: &generator)
    }
    func timed(_ costs: [[Double]]) -> (TourSolution, Double) {
        let problem = TourReference.problem(costs)
        let start = DispatchTime.now().uptimeNanoseconds
        let solution = TourSolver.solve(problem)
        return (solution, MapBench.milliseconds(since: start))
    }
    for (count, number) in [(12, 20), (16, 5)] {
        let times = instances(count, number).map { timed($0).1 }.sorted()
        print(String(format: "optimise.n%d %.1f ms", count, UIBench.percentile(times, 0.5)))
    }
    for count in [50, 100] {
        let set = instances(count, 20)
        let solved = set.map { timed($0) }
        let times = solved.map(\.1).sorted()
        print(String(format: "optimise.n%d.median %.1f ms", count, UIBench.percentile(times, 0.5)))
        print(String(format: "optimise.n%d.p99 %.1f ms", count, UIBench.percentile(times, 0.99)))
        let reference: [TourReference.Answer]
        do {
            reference = try TourReference.elkai(set)
        } catch {
            print("ref.elkai.error \(error)")
            continue
        }
        let gaps = zip(solved, reference).map { ($0.0.cost - $1.cost) / $1.cost * 100 }
        print(String(format: "optimise.n%d.gap_to_elkai %.2f %%", count, gaps.reduce(0, +) / Double(gaps.count)))
        print(String(format: "ref.elkai.n%d %.1f ms", count, UIBench.percentile(reference.map(\.milliseconds).sorted(), 0.5)))
    }
    let big = instances(500, 3).map { timed($0).1 }.sorted()
    print(String(format: "optimise.n500 %.0f ms", UIBench.percentile(big, 0.5)))
}
