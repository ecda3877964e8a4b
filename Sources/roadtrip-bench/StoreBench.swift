import Foundation
import RoadtripCore

/// Store benchmarks (issue 2): loading and saving generated files of 1,000 and 10,000 trips of 20 stops,
/// median of several runs, and Python's `json` module on the same files as a reference. Prints one line
/// per figure: `name value unit`. Target: 1,000 trips load and save under 50 ms each.
func runStoreBenchmarks() {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        for (trips, runs) in [(1_000, 9), (10_000, 5)] {
            let url = directory.appendingPathComponent("\(trips)/trips.json")
            try TripStore.open(at: url).update { $0 = StoreBench.trips(trips, stopsEach: 20) }

            let load = try StoreBench.median(runs) { _ in _ = try TripStore.open(at: url) }
            print("store.load.\(trips) \(StoreBench.format(load)) ms")

            let store = try TripStore.open(at: url)
            let save = try StoreBench.median(runs) { run in try store.update { $0[run % trips].notes = "edited in run \(run)" } }
            print("store.save.\(trips) \(StoreBench.format(save)) ms")

            if let python = StoreBench.pythonLoad(url, runs: runs) {
                print("ref.python_json.load.\(trips) \(StoreBench.format(python)) ms")
            }
        }
    } catch {
        FileHandle.standardError.write(Data("store benchmarks failed: \(error)\n".utf8))
        exit(1)
    }
}

enum StoreBench {
    /// Milliseconds, median of `runs` (run 0, a warm-up, is not counted).
    static func median(_ runs: Int, _ body: (Int) throws -> Void) throws -> Double {
        var samples: [Double] = []
        for run in 0...runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body(run)
            if run > 0 { samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
        }
        return samples.sorted()[runs / 2]
    }

    static func format(_ milliseconds: Double) -> String {
        String(format: "%.1f", milliseconds)
    }

    /// Reading and parsing the same file with Python's json module (median, in ms); nil without python3.
    static func pythonLoad(_ url: URL, runs: Int) -> Double? {
        let script = """
        import json, sys, time
        samples = []
        for _ in range(\(runs)):
            start = time.perf_counter()
            with open(sys.argv[1], 'rb') as f: json.loads(f.read())
            samples.append((time.perf_counter() - start) * 1000)
        print(sorted(samples)[len(samples) // 2])
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Plausible trips: names, coordinates spread over the globe, some optional fields and notes.
    static func trips(_ count: Int, stopsEach: Int) -> [Trip] {
        (0..<count).map { trip in
            Trip(name: "Trip number \(trip)", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(trip * 3600)),
                 startDate: CalendarDate(year: 2025, month: 1 + trip % 12, day: 1 + trip % 28),
                 notes: trip % 3 == 0 ? "Leave early; the pass closes at dusk." : "",
                 waypoints: (0..<stopsEach).map { stop(trip, $0) })
        }
    }

    private static func stop(_ trip: Int, _ stop: Int) -> Waypoint {
        let latitude: Double = Double((trip * 7 + stop * 13) % 17_000) / 100 - 85
        let longitude: Double = Double((trip * 11 + stop * 29) % 35_000) / 100 - 175 + 0.000123
        return Waypoint(name: "Stop \(stop) of trip \(trip)", latitude: latitude, longitude: longitude,
                        placeId: stop % 3 == 0 ? 5_000_000 + trip : nil, region: stop % 2 == 0 ? "Illinois" : nil,
                        countryCode: "US", nights: stop % 4,
                        notes: stop % 5 == 0 ? "Fill up the tank before the desert; motel on the left." : "")
    }
}
