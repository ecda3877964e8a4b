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
            let document = TripDocument(trips: store.trips)
            let encode = try StoreBench.median(runs) { _ in _ = try TripDocument.encode(document) }
            print("store.encode.\(trips) \(StoreBench.format(encode)) ms")

            if let python = StoreBench.python(StoreBench.pythonLoad, url, runs: runs) {
                print("ref.python_json.load.\(trips) \(StoreBench.format(python.first ?? 0)) ms")
            }
            if let python = StoreBench.python(StoreBench.pythonSave, url, runs: runs), python.count == 3 {
                print("ref.python_json.save.\(trips) \(StoreBench.format(python[0])) ms")
                print("ref.python_json.dumps.\(trips) \(StoreBench.format(python[1])) ms")
                let ours = try Data(contentsOf: url).count
                if abs(Double(ours) - python[2]) > Double(ours) / 100 {
                    FileHandle.standardError.write(Data("python wrote \(Int(python[2])) bytes, we \(ours)\n".utf8))
                }
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

    /// Reading and parsing the file with Python's json module: median in ms.
    static func pythonLoad(_ runs: Int) -> String {
        """
        import json, sys, time
        samples = []
        for _ in range(\(runs)):
            start = time.perf_counter()
            with open(sys.argv[1], 'rb') as f: json.loads(f.read())
            samples.append((time.perf_counter() - start) * 1000)
        print(sorted(samples)[len(samples) // 2])
        """
    }

    /// Saving the file's document with Python's json module as `TripStore.save` does: `json.dumps` in our
    /// layout (sorted keys, two-space indents, `"key" : value`, so the same size), then a new file written,
    /// fsynced and renamed over the old one, and its folder fsynced. Prints the median of that (in ms), the
    /// median of `json.dumps` alone (to compare with `store.encode`) and the size written.
    static func pythonSave(_ runs: Int) -> String {
        """
        import json, os, sys, time
        with open(sys.argv[1], 'rb') as f: document = json.loads(f.read())
        folder = os.path.dirname(sys.argv[1])
        target, temporary = os.path.join(folder, 'python.json'), os.path.join(folder, 'python.json.tmp')
        saves, dumps = [], []
        for _ in range(\(runs)):
            start = time.perf_counter()
            data = (json.dumps(document, indent=2, sort_keys=True, separators=(',', ' : '), ensure_ascii=False)
                    + '\\n').encode()
            dumps.append((time.perf_counter() - start) * 1000)
            with open(temporary, 'wb') as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temporary, target)
            directory = os.open(folder, os.O_RDONLY)
            os.fsync(directory)
            os.close(directory)
            saves.append((time.perf_counter() - start) * 1000)
        os.remove(target)
        print(sorted(saves)[len(saves) // 2], sorted(dumps)[len(dumps) // 2], len(data))
        """
    }

    /// The numbers a Python script printed on one line; nil without python3.
    static func python(_ script: (Int) -> String, _ url: URL, runs: Int) -> [Double]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script(runs), url.path]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let numbers = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return numbers.isEmpty ? nil : numbers
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
