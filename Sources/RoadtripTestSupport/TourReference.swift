import Foundation
import RoadtripCore

/// Issue 22's order problems as the bench and the reference tests draw them, and LKH-3's answer to them.
public enum TourReference {
    /// `number` seeded random instances of `count` stops like a trip's: stops spread over a 600 × 400 km region,
    /// costs (seconds) the straight-line time at 80 km/h times a factor of 1–1.3 each way (roads wind, and not
    /// the same way both ways). `costs[from][to]`.
    public static func instances(_ count: Int, _ number: Int, using generator: inout SeededGenerator) -> [[[Double]]] {
        (0..<number).map { _ in
            let points = (0..<count).map { _ in (Double.random(in: 0...600, using: &generator),
                                                 Double.random(in: 0...400, using: &generator)) }
            return (0..<count).map { from in (0..<count).map { to in
                from == to ? 0 : hypot(points[from].0 - points[to].0, points[from].1 - points[to].1) / 80 * 3600
                    * Double.random(in: 1...1.3, using: &generator)
            } }
        }
    }

    /// The instance as the solvers take it: the first and last stop fixed.
    public static func problem(_ costs: [[Double]]) -> TourProblem {
        TourProblem(count: costs.count) { costs[$0][$1] }
    }

    /// LKH-3's best path (first to last stop) and the milliseconds it took.
    public struct Answer: Sendable {
        public let cost: Double
        public let milliseconds: Double
    }

    /// Each instance's best path from LKH-3, through the pinned PyPI `elkai` in the venv `make test-deps` makes
    /// (`scripts/elkai-reference`). Throws `RoutingTools.Missing` when the venv is not there or the script fails.
    public static func elkai(_ instances: [[[Double]]]) throws -> [Answer] {
        let python = RoutingTools.directory.appendingPathComponent("python/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw RoutingTools.Missing(description: "\(python.path) not found: run `make test-deps` (it installs elkai from PyPI)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tour-reference-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let text = instances.map { costs in
            "\(costs.count) 0\n" + costs.map { $0.map { String(format: "%.3f", $0) }.joined(separator: " ") }.joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: file)
        let script = RoutingTools.checkout.appendingPathComponent("scripts/elkai-reference")
        let output = try RoutingTools.run(python.path, [script.path, file.path], timeout: 600)
        let answers = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line -> Answer? in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return fields.count == 2 ? Answer(cost: fields[0], milliseconds: fields[1]) : nil
        }
        guard answers.count == instances.count else {
            throw RoutingTools.Missing(description: "elkai-reference answered \(answers.count) of \(instances.count) instances")
        }
        return answers
    }
}
