import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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

    /// Fourteen stops across central Helsinki, every one joined to every other by the roads of the test extract
    /// (`RoutingTools.helsinkiExtract`): the OSRM reference test and the bench draw their trips from them.
    public static let helsinki: [Coordinate] = [
        (60.1700, 24.9400), (60.1781, 24.9443), (60.1760, 24.9521), (60.1697, 24.9365), (60.1655, 24.9391),
        (60.1739, 24.9521), (60.1676, 24.9417), (60.1685, 24.9500), (60.1720, 24.9460), (60.1660, 24.9450),
        (60.1740, 24.9420), (60.1660, 24.9350), (60.1770, 24.9480), (60.1720, 24.9370),
    ].map { try! Coordinate(latitude: $0.0, longitude: $0.1) }

    /// OSRM's own order of a trip's stops.
    public struct OSRMTrip: Sendable {
        /// `order[position]`: the stop OSRM puts at `position`.
        public let order: [Int]
        /// The trip's driving time as OSRM gives it.
        public let durationSeconds: Double
        /// How long the request took.
        public let milliseconds: Double
    }

    /// OSRM's `/trip` service on `stops` (source=first, destination=last, roundtrip=false): its heuristic's
    /// order from the first stop to the last.
    public static func osrmTrip(_ stops: [Coordinate], server: URL) throws -> OSRMTrip {
        let path = stops.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }.joined(separator: ";")
        let url = URL(string: "\(server.absoluteString)/trip/v1/driving/\(path)?source=first&destination=last&roundtrip=false&overview=false")!
        let start = DispatchTime.now().uptimeNanoseconds
        let (status, body) = try HTTPGet.fetch(url)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard status == 200, let json = try JSONSerialization.jsonObject(with: body) as? [String: Any],
              let trip = (json["trips"] as? [[String: Any]])?.first, let duration = trip["duration"] as? Double,
              let positions = (json["waypoints"] as? [[String: Any]])?.compactMap({ $0["waypoint_index"] as? Int }),
              positions.count == stops.count, Set(positions) == Set(stops.indices) else {
            throw RoutingTools.Missing(description: "OSRM /trip answered \(status): \(String(decoding: body.prefix(500), as: UTF8.self))")
        }
        var order = Array(stops.indices)
        for (stop, position) in positions.enumerated() { order[position] = stop }
        return OSRMTrip(order: order, durationSeconds: duration, milliseconds: milliseconds)
    }
}
