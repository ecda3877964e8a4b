import Foundation
import RoadtripCore
import RoadtripTestSupport

/// Figures of issue 11 for a real routing engine: a 12-stop trip across central Helsinki (11 legs) routed by a
/// local `osrm-routed` on the test extract (`make test-deps` fetches the binaries; the graph is built once).
/// - `route.osrm.trip12.cold`: every leg asked of the server into an empty cache (20 runs after a warm-up);
/// - `route.osrm.trip12.reopen`: a new cache read from disk, then every leg (20 runs);
/// - `route.osrm.trip12.cached`: every leg from the cache in memory (1,000 runs).
/// Each a median and p99 over the runs. Without the OSRM tools it says so and goes on. Then routing inside a big
/// region (`runRegionRoutingBenchmarks`).
func runRoutingBenchmarks() {
    let stops = [
        (60.1700, 24.9400), (60.1655, 24.9391), (60.1676, 24.9521), (60.1781, 24.9443), (60.1697, 24.9365),
        (60.1760, 24.9521), (60.1655, 24.9495), (60.1718, 24.9469), (60.1781, 24.9495), (60.1676, 24.9417),
        (60.1739, 24.9521), (60.1760, 24.9417),
    ].map { try! Coordinate(latitude: $0.0, longitude: $0.1) }
    let legs = Array(zip(stops, stops.dropFirst()))
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-routing-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    do {
        let server = try LocalOSRMServer(graph: try RoutingTools.osrmGraph(for: RoutingTools.helsinkiExtract))
        defer { server.stop() }
        let engine = OSRMEngine(baseURL: server.baseURL)

        func trip(_ cache: LegCache) throws {
            for (from, to) in legs where cache.leg(engine.identity, from: from, to: to) == nil {
                cache.store(try engine.leg(from: from, to: to), identity: engine.identity, from: from, to: to)
            }
        }
        func milliseconds(_ runs: Int, _ body: (Int) throws -> Void) rethrows -> [Double] {
            try (0...runs).map { run in
                let start = DispatchTime.now().uptimeNanoseconds
                try body(run)
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }.dropFirst().sorted()
        }
        func report(_ name: String, _ sorted: [Double], unit: String = "ms", scale: Double = 1) {
            print("\(name).median \(String(format: "%.3f", UIBench.percentile(sorted, 0.5) * scale)) \(unit)")
            print("\(name).p99 \(String(format: "%.3f", UIBench.percentile(sorted, 0.99) * scale)) \(unit)")
        }

        report("route.osrm.trip12.cold", try milliseconds(20) { run in
            try trip(LegCache(directory: scratch.appendingPathComponent("cold-\(run)")))
        })
        let warm = LegCache(directory: scratch.appendingPathComponent("warm"))
        try trip(warm)
        warm.save()
        report("route.osrm.trip12.reopen", try milliseconds(20) { _ in
            try trip(LegCache(directory: warm.directory))
        })
        report("route.osrm.trip12.cached", try milliseconds(1_000) { _ in try trip(warm) }, unit: "us", scale: 1_000)
        try runRoutingTableBenchmarks(server)
    } catch {
        print("route.osrm.error \(error)")
    }
    runRegionRoutingBenchmarks()
}
