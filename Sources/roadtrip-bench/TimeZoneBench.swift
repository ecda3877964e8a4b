import Foundation
import RoadtripCore
import RoadtripTestSupport

/// Figures of issue 21's time-zone index, one line each (`name value unit`):
/// - `tz.index`: the size of Resources/timezones/timezones.bin; `tz.load`: reading and checking it (median of 5);
/// - `tz.lookup`: one `zone(latitude:longitude:)` each over 100,000 seeded points uniform on the sphere, timed
///   one by one (median, p99) and as a whole (mean);
/// - `ref.timezonefinder`: the same points through the pinned Python timezonefinder (`make test-deps` puts it
///   in a venv in .build/test-tools/python), mean per lookup, the median of 5 passes, in the same run.
func runTimeZoneBenchmarks() {
    guard let url = TimeZoneIndex.bundledDataURL else {
        print("tz.error Resources/timezones/timezones.bin not found")
        return
    }
    var loads: [Double] = []
    var loaded: TimeZoneIndex?
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        loaded = try? TimeZoneIndex.load(from: url)
        loads.append(MapBench.milliseconds(since: start))
    }
    guard let index = loaded else {
        print("tz.error the index did not load")
        return
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    print(String(format: "tz.index %.2f MB", Double(bytes) / 1e6))
    print(String(format: "tz.load %.1f ms", UIBench.percentile(loads.sorted(), 0.5)))

    var generator = SeededGenerator(seed: 21)
    let points = (0..<100_000).map { _ in
        (latitude: asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi,
         longitude: Double.random(in: -180..<180, using: &generator))
    }
    var answered = 0
    for point in points.prefix(1000) { answered &+= index.zone(latitude: point.latitude, longitude: point.longitude).utf8.count }
    var samples: [Double] = []
    samples.reserveCapacity(points.count)
    for point in points {
        let start = DispatchTime.now().uptimeNanoseconds
        answered &+= index.zone(latitude: point.latitude, longitude: point.longitude).utf8.count
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
    }
    samples.sort()
    let start = DispatchTime.now().uptimeNanoseconds
    for point in points { answered &+= index.zone(latitude: point.latitude, longitude: point.longitude).utf8.count }
    let mean = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(points.count)
    print(String(format: "tz.lookup.median %.2f µs", UIBench.percentile(samples, 0.5)))
    print(String(format: "tz.lookup.p99 %.2f µs", UIBench.percentile(samples, 0.99)))
    print(String(format: "tz.lookup.mean %.2f µs", mean))
    if answered == 0 { print("tz.error no answers") }
    if let reference = timezonefinderMicroseconds(points.map { "\($0.latitude) \($0.longitude)\n" }.joined()) {
        print(String(format: "ref.timezonefinder %.2f µs", reference))
        print(String(format: "tz.lookup.speedup_over_timezonefinder %.1f x", reference / mean))
    }
}

/// Mean microseconds per `timezone_at` over the `lat lon` lines, through scripts/timezonefinder-reference.
private func timezonefinderMicroseconds(_ lines: String) -> Double? {
    let python = RoutingTools.directory.appendingPathComponent("python/bin/python")
    guard FileManager.default.isExecutableFile(atPath: python.path) else {
        print("ref.timezonefinder.error \(python.path) missing: run `make test-deps`")
        return nil
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tz-bench-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = python
    process.arguments = [RoutingTools.checkout.appendingPathComponent("scripts/timezonefinder-reference").path, "time", file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try Data(lines.utf8).write(to: file)
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let nanoseconds = Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            print("ref.timezonefinder.error exit \(process.terminationStatus)")
            return nil
        }
        return nanoseconds / 1e3
    } catch {
        print("ref.timezonefinder.error \(error)")
        return nil
    }
}
