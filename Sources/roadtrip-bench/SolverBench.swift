import Foundation
import RoadtripCore
import RoadtripTestSupport

/// Figures of issue 22's order solver, on seeded random instances like a trip's: stops spread over a
/// 600 × 400 km region, costs the straight-line time at 80 km/h times a factor of 1–1.3 each way (roads wind,
/// and not the same way both ways), first and last stop fixed.
/// - `optimise.n12`, `optimise.n16`: the exact solver, median of 20 and of 5 instances;
/// - `optimise.n50`, `optimise.n100`: the local search, median and p99 time over 20 instances, and the mean gap
///   to `ref.elkai` (LKH-3 through the pinned `elkai`, `scripts/elkai-reference`) on the same instances;
/// - `optimise.n500`: median of 3.
func runSolverBenchmarks() {
    var generator = SeededGenerator(seed: 22)
    func instances(_ count: Int, _ number: Int) -> [(TourProblem, [[Double]])] {
        (0..<number).map { _ in
            let points = (0..<count).map { _ in (Double.random(in: 0...600, using: &generator),
                                                 Double.random(in: 0...400, using: &generator)) }
            let costs = (0..<count).map { from in (0..<count).map { to in
                from == to ? 0 : hypot(points[from].0 - points[to].0, points[from].1 - points[to].1) / 80 * 3600
                    * Double.random(in: 1...1.3, using: &generator)
            } }
            return (TourProblem(count: count) { costs[$0][$1] }, costs)
        }
    }
    func timed(_ problem: TourProblem) -> (TourSolution, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let solution = TourSolver.solve(problem)
        return (solution, MapBench.milliseconds(since: start))
    }
    for (count, number) in [(12, 20), (16, 5)] {
        let times = instances(count, number).map { timed($0.0).1 }.sorted()
        print(String(format: "optimise.n%d %.1f ms", count, UIBench.percentile(times, 0.5)))
    }
    for count in [50, 100] {
        let set = instances(count, 20)
        let solved = set.map { timed($0.0) }
        let times = solved.map(\.1).sorted()
        print(String(format: "optimise.n%d.median %.1f ms", count, UIBench.percentile(times, 0.5)))
        print(String(format: "optimise.n%d.p99 %.1f ms", count, UIBench.percentile(times, 0.99)))
        guard let reference = elkai(set.map(\.1)) else { continue }
        let gaps = zip(solved, reference).map { ($0.0.cost - $1.cost) / $1.cost * 100 }
        print(String(format: "optimise.n%d.gap_to_elkai %.2f %%", count, gaps.reduce(0, +) / Double(gaps.count)))
        print(String(format: "ref.elkai.n%d %.1f ms", count, UIBench.percentile(reference.map(\.milliseconds).sorted(), 0.5)))
    }
    let big = instances(500, 3).map { timed($0.0).1 }.sorted()
    print(String(format: "optimise.n500 %.0f ms", UIBench.percentile(big, 0.5)))
}

/// Each instance's best path cost and time from LKH-3; nil (and a line saying why) when elkai is missing.
private func elkai(_ instances: [[[Double]]]) -> [(cost: Double, milliseconds: Double)]? {
    let python = RoutingTools.directory.appendingPathComponent("python/bin/python")
    guard FileManager.default.isExecutableFile(atPath: python.path) else {
        print("ref.elkai.error \(python.path) missing: run `make test-deps`")
        return nil
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("solver-bench-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    let text = instances.map { costs in
        "\(costs.count) 0\n" + costs.map { $0.map { String(format: "%.3f", $0) }.joined(separator: " ") }.joined(separator: "\n")
    }.joined(separator: "\n") + "\n"
    let process = Process()
    process.executableURL = python
    process.arguments = [RoutingTools.checkout.appendingPathComponent("scripts/elkai-reference").path, file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try Data(text.utf8).write(to: file)
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let rows = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line -> (Double, Double)? in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return fields.count == 2 ? (fields[0], fields[1]) : nil
        }
        guard process.terminationStatus == 0, rows.count == instances.count else {
            print("ref.elkai.error exit \(process.terminationStatus)")
            return nil
        }
        return rows.map { (cost: $0.0, milliseconds: $0.1) }
    } catch {
        print("ref.elkai.error \(error)")
        return nil
    }
}
