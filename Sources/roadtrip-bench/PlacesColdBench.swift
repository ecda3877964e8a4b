import Foundation

/// Issue 35's cold lookups: `roadtrip places Bergen` as a whole process (the release binary beside this one), under a
/// scratch XDG home, against `roadtrip --version` in the same run, the two alternated, 40 timed runs each after 2
/// untimed rounds (`scripts/bench/cold-runs`, which also reads each run's peak memory). Lines: NAME.first (the first
/// run after an install, which builds the index: into the home's cache, or the region's folder when the bench's own
/// build wrote it), NAME (median and p99 ms, the largest peak RSS), NAME.addstop (the same of `roadtrip add-stop
/// Bench --place Trondheim --first`, which also reads the trips file, finds the stop's time zone and saves) and
/// NAME.ref (the same of --version).
enum PlacesColdBench {
    static let runs = 40

    static func run(_ name: String, home: URL, scripts: URL) {
        guard let binary = UIBench.siblingExecutable("roadtrip") else {
            print("\(name).error roadtrip not found next to roadtrip-bench (make bench builds both)")
            return
        }
        let environment = ["XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache"]
            .mapValues { home.appendingPathComponent($0).path }
        let lookup = "'\(binary)' places Bergen", version = "'\(binary)' --version"
        // A trips file of its own: the places and regions runs share a home.
        let trips = "--data '\(home.appendingPathComponent(name + ".trips.json").path)'"
        let addStop = "'\(binary)' add-stop Bench --place Trondheim --first \(trips)"
        let first = coldRuns(scripts, ["--first", lookup], environment: environment)
        let created = coldRuns(scripts, ["--first", "'\(binary)' new Bench \(trips)"], environment: environment)
        let lines = coldRuns(scripts, [String(runs), lookup, addStop, version], environment: environment)
        guard let first = first.first, !created.isEmpty, lines.count == 3 else {
            print("\(name).error scripts/bench/cold-runs failed (python3 needed)")
            return
        }
        print(String(format: "%@.first %.0f ms, %.1f MB max RSS", name, first.median, first.rssMB))
        for (label, figures, what) in [(name, lines[0], ""), (name + ".addstop", lines[1], ""),
                                       (name + ".ref", lines[2], " (roadtrip --version)")] {
            print(String(format: "%@ %.1f ms (p99 %.1f), %.1f MB max RSS%@", label, figures.median, figures.p99,
                         figures.rssMB, what))
        }
    }

    /// The script's lines: median and p99 ms, peak RSS.
    private static func coldRuns(_ scripts: URL, _ arguments: [String], environment: [String: String])
        -> [(median: Double, p99: Double, rssMB: Double)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scripts.appendingPathComponent("bench/cold-runs").path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
            let numbers = line.split(separator: " ").compactMap { Double($0) }
            return numbers.count == 3 ? (numbers[0], numbers[1], numbers[2] / 1024) : nil
        }
    }
}
