import Foundation
import RoadtripTestSupport

/// Issue 35's journey: a person drives the app with a generated country installed (`scripts/bench/country-journey`,
/// in a private tmux server at 100x30): a trip across the country from corner to corner (a line of about 1,000 km
/// in the 110 M-node country of BENCH_COUNTRY_GB=1, about 470 km in the default 30 M-node one), its long leg routed,
/// a stop added by typing its name, the trip list. The app logs each frame's cost (`ROADTRIP_FRAME_LOG`); the lines
/// say the trip, the leg as the app showed it, and the frames: count, slowest, p99. Goal: no frame over 16 ms.
/// The region is built once into a scratch home (the country group's figure says how long that takes).
func runJourneyBenchmarks() {
    guard let roadtrip = UIBench.siblingExecutable("roadtrip") else {
        print("journey.error roadtrip not found next to roadtrip-bench (make bench builds both)")
        return
    }
    let large = ProcessInfo.processInfo.environment["BENCH_COUNTRY_GB"] == "1"
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-journey-\(getpid())")
    defer { try? FileManager.default.removeItem(at: home) }
    do {
        let extract = try CountryExtract.cached(nodes: large ? 110_000_000 : 30_000_000)
        // Corner to corner at 35 % of the side from the middle each way: 0.99 of the side as the crow flies.
        let (latitude, longitude) = (50.4, 25.5), reach = 0.35 * extract.composition.sideKm
        let north = reach / 111.32, east = reach / (111.32 * cos(latitude * .pi / 180))
        let points = [(latitude - north, longitude - east), (latitude + north, longitude + east), (latitude, longitude + 0.2)]
            .map { String(format: "%.4f,%.4f", $0.0, $0.1) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/bench/country-journey").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, roadtrip, home.path, extract.pbf.path] + points
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { print("journey.error the journey stopped (its reason above)") }
    } catch {
        print("journey.error \(error)")
    }
}
