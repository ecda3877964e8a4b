import Foundation
import RoadtripCore

/// Issue 35's machine-independent figures (`BENCH_CALLGRIND=1 make bench`): instructions counted by valgrind's
/// callgrind, which a loaded host cannot move, one line each, `name.instr N instructions (goal ≤ G; spread …)`:
/// - `ui.keystroke.list10k.instr`: a key of UIBench's list script on 10,000 trips, handle to finished frame (mean);
/// - `ui.keystroke.trip500.reorder.instr` / `.move.instr`: a J/K reorder and a move in the 500-stop trip (mean);
///   `.reorder.handle.instr`: the reorder's handling alone (presenter, store, itinerary), without its frame;
/// - `map.render.instr`: one whole 500-stop map of MapBench, made and drawn from nothing (mean);
/// - `places.query.median.instr` / `.p99.instr`: PlacesBench's warm queries, each query's median of its passes,
///   then the median and the slowest 1 % over the queries.
/// Each scenario is this binary run again under valgrind (`CallgrindScenarios`); only `callgrindMeasured`'s calls
/// are counted, each dumped on its own (`callgrindDump`). The spread is the largest difference between passes, over their median.
/// BENCH_ONLY=ui|map|places runs one group (`trip`: the trip's keys alone). BENCH_CALLGRIND_KEEP=DIR keeps the
/// dumps (DIR/callgrind-NAME/cg.out.N, one a call, in the order of the scenario's calls) for callgrind_annotate.
enum CallgrindBench {
    static let list10k = "ui.keystroke.list10k", trip500 = "ui.keystroke.trip500"
    static let mapRender = "map.render", placesQuery = "places.query"
    static let rendersPerPass = 4
    /// Matches `callgrindMeasured`'s mangled symbol (valgrind 3.19 does not demangle Swift).
    static let measuredSymbol = "*callgrindMeasured*", dumpSymbol = "*callgrindDump*"

    /// Issue 35's goals: half of what each cost when these figures were first taken (docs/performance.md,
    /// Instruction counts), the reorder's handling as the issue names it; a move and the median query not above it
    /// by more than 1 % (their spread between runs is up to 0.9 %).
    static let goals: [String: Int] = [
        "\(list10k).instr": 1_977_000, "\(trip500).reorder.instr": 3_739_000, "\(trip500).reorder.handle.instr": 1_100_000,
        "\(trip500).move.instr": 2_951_000,
        "\(mapRender).instr": 11_310_000, "\(placesQuery).median.instr": 299_100, "\(placesQuery).p99.instr": 2_144_000,
    ]

    static func list10kFile(_ data: URL) -> URL { data.appendingPathComponent("list10k/trips.json") }
    static func trip500File(_ data: URL) -> URL { data.appendingPathComponent("trip500/trips.json") }
    static func placesCache(_ data: URL) -> URL { data.appendingPathComponent("cache/roadtrip") }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(only group: String?) throws {
        guard let valgrind = executable("valgrind") else {
            throw Failure(description: "valgrind not found in PATH: `make bench` installs it (Debian: apt-get install valgrind)")
        }
        // BENCH_CALLGRIND_KEEP=DIR keeps the data and each call's dump there, for callgrind_annotate.
        let keep = ProcessInfo.processInfo.environment["BENCH_CALLGRIND_KEEP"].map(URL.init(fileURLWithPath:))
        let data = keep ?? FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-callgrind-\(getpid())")
        defer { if keep == nil { try? FileManager.default.removeItem(at: data) } }
        let binary = try copyWithoutDebugInfo(into: data)
        // Set-up is done here at full speed; the scenarios under valgrind only open what it wrote.
        if group == nil || group == "ui" {
            try TripStore.open(at: list10kFile(data)).update { $0 = StoreBench.trips(10_000, stopsEach: 20) }
            let list = try counts(list10k, valgrind: valgrind, binary: binary, data: data, passes: 3, keep: keep != nil)
            report("\(list10k).instr", perPass(list.values.flatMap { $0 }, callsEach: 2), unit: "instructions/key")
        }
        if group == nil || group == "ui" || group == "trip" {
            try TripStore.open(at: trip500File(data)).update { $0 = StoreBench.trips(1, stopsEach: 500) }
            let trip = try counts(trip500, valgrind: valgrind, binary: binary, data: data, passes: 3, keep: keep != nil)
            for part in ["move", "reorder"] {
                let key = (trip["\(part).handle"] ?? []) + (trip["\(part).frame"] ?? [])
                report("\(trip500).\(part).instr", perPass(key, callsEach: 2), unit: "instructions/key")
            }
            // What the issue's ≈2.2 M was: the key's handling (presenter, store, itinerary), its frame left out.
            report("\(trip500).reorder.handle.instr", perPass(trip["reorder.handle"] ?? [], callsEach: 1), unit: "instructions/key")
        }
        if group == nil || group == "map" || group == "places" {
            _ = try PlaceIndex.openBundled(cacheDirectory: placesCache(data))
        }
        if group == nil || group == "map" {
            let map = try counts(mapRender, valgrind: valgrind, binary: binary, data: data, passes: 3, keep: keep != nil)
            report("\(mapRender).instr", perPass(map.values.flatMap { $0 }, callsEach: 1), unit: "instructions/render")
        }
        if group == nil || group == "places" {
            let queries = try counts(placesQuery, valgrind: valgrind, binary: binary, data: data, passes: 3, keep: keep != nil)
            // Each query's median over its passes, as `places.query` keeps each query's median time.
            let byQuery = queries.values.map { samples in samples.map(\.count).sorted()[samples.count / 2] }.sorted()
            let spread = spread(queries.values.map { $0.map(\.count) })
            report("\(placesQuery).median.instr", (UIBench.percentile(byQuery.map(Double.init), 0.5), spread), unit: "instructions/query")
            report("\(placesQuery).p99.instr", (UIBench.percentile(byQuery.map(Double.init), 0.99), spread), unit: "instructions/query")
        }
    }

    /// One count per measured call, by the part its label names, each with the pass it was made in.
    private static func counts(_ scenario: String, valgrind: String, binary: String, data: URL, passes: Int,
                               keep: Bool) throws -> [String: [(pass: Int, count: Int)]] {
        let out = data.appendingPathComponent("callgrind-\(scenario)")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(at: out) } }
        let labels = out.appendingPathComponent("labels")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--collect-atstart=no", "--toggle-collect=\(measuredSymbol)",
                             "--dump-after=\(dumpSymbol)", "--callgrind-out-file=\(out.path)/cg.out", binary]
        let home = data.appendingPathComponent("home-\(scenario)")
        process.environment = ProcessInfo.processInfo.environment.merging([
            "BENCH_CALLGRIND_SCENARIO": scenario, "BENCH_CALLGRIND_DATA": data.path, "BENCH_CALLGRIND_PASSES": String(passes),
            "BENCH_CALLGRIND_LABELS": labels.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
        ]) { $1 }
        let log = out.appendingPathComponent("valgrind.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let names = try? String(contentsOf: labels, encoding: .utf8) else {
            let tail = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(5).joined(separator: "\n") ?? ""
            throw Failure(description: "\(scenario) under valgrind exited with \(process.terminationStatus):\n\(tail)")
        }
        let rows = names.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 1) }
        var byPart: [String: [(pass: Int, count: Int)]] = [:]
        for (number, row) in rows.enumerated() {
            // callgrind numbers its dumps from 1, in the order of the calls.
            let dump = out.appendingPathComponent("cg.out.\(number + 1)")
            guard row.count == 2, let pass = Int(row[0]), let count = totals(dump) else {
                throw Failure(description: "\(scenario): no count in \(dump.lastPathComponent)")
            }
            byPart[String(row[1]), default: []].append((pass, count))
        }
        return byPart
    }

    /// A dump's event total (`totals:`, else `summary:`).
    private static func totals(_ dump: URL) -> Int? {
        guard let text = try? String(contentsOf: dump, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n")
        let line = lines.last(where: { $0.hasPrefix("totals:") }) ?? lines.first(where: { $0.hasPrefix("summary:") })
        return line.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }
    }

    /// The mean count of each pass's items (a key: its handling and its frame, `callsEach` 2), and the median of
    /// those with their spread.
    private static func perPass(_ samples: [(pass: Int, count: Int)], callsEach: Int) -> (Double, Double) {
        let passes = Dictionary(grouping: samples, by: \.pass).values.map { calls in
            Double(calls.reduce(0) { $0 + $1.count }) / Double(calls.count) * Double(callsEach)
        }.sorted()
        return (UIBench.percentile(passes, 0.5), passes.isEmpty ? 0 : (passes.last! - passes.first!) / passes[passes.count / 2])
    }

    /// The largest relative difference between the passes of one call (each list: one call's counts).
    private static func spread(_ calls: [[Int]]) -> Double {
        calls.map { counts in
            guard let low = counts.min(), let high = counts.max(), high > 0 else { return 0 }
            return Double(high - low) / Double(high)
        }.max() ?? 0
    }

    private static func report(_ name: String, _ figure: (value: Double, spread: Double), unit: String) {
        let goal = goals[name].map { "goal ≤ \(grouped($0))" } ?? "no goal"
        print("\(name) \(Int(figure.value.rounded())) \(unit) (\(goal); spread \(String(format: "%.2f", figure.spread * 100)) %)")
    }

    private static func grouped(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// This binary without its DWARF, which valgrind 3.19 cannot read (the toolchain's DWARF 5: "Possibly corrupted
    /// debuginfo file"); the symbol table, all callgrind needs, stays.
    private static func copyWithoutDebugInfo(into data: URL) throws -> String {
        guard let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw Failure(description: "cannot find this binary (/proc/self/exe)")
        }
        guard let objcopy = executable("objcopy") else { throw Failure(description: "objcopy (binutils) not found in PATH") }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let copy = data.appendingPathComponent("roadtrip-bench").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", me, copy]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "objcopy --strip-debug \(me) failed") }
        return copy
    }

    /// `name`'s path in PATH, if it is there.
    private static func executable(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// `BENCH_CALLGRIND=1`: the counts instead of the timings; with BENCH_CALLGRIND_SCENARIO, one scenario (under valgrind).
func runCallgrindBenchmarks() {
    let environment = ProcessInfo.processInfo.environment
    do {
        if let scenario = environment["BENCH_CALLGRIND_SCENARIO"] {
            guard let data = environment["BENCH_CALLGRIND_DATA"], let labels = environment["BENCH_CALLGRIND_LABELS"],
                  let passes = Int(environment["BENCH_CALLGRIND_PASSES"] ?? ""), (1...100).contains(passes) else {
                throw CallgrindBench.Failure(description: "BENCH_CALLGRIND_DATA, _LABELS and _PASSES (1–100) are needed")
            }
            try CallgrindScenarios.run(scenario, data: URL(fileURLWithPath: data), passes: passes,
                                       labels: URL(fileURLWithPath: labels))
        } else {
            try CallgrindBench.run(only: environment["BENCH_ONLY"])
        }
    } catch {
        print("callgrind.error \(error)")
        exit(1)
    }
}
