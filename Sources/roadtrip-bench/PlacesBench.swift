import Foundation
import RoadtripCore

/// Figures of issues 4, 10 and 35, one line each (`name value unit`):
/// places.build (the gazetteer's index built and written to a scratch cache, what the first start after an install
/// pays), places.load (mapping it from there, what every later start pays), places.query.median/.p99 (a fixed list of
/// about 300 queries, some ranked from a previous stop, some in the places' own scripts; cache off, each the median of
/// 5 runs, on the mapped index), places.top1 (share of the queries with a known answer that come first), places.rss
/// (resident memory with the index mapped and queried), places.rss.index (what mapping added) and places.rss.peak (the
/// most resident memory while building; the places group runs first, so the process's high-water mark is the
/// build's); places.cold (`PlacesColdBench`); then the regions' figures and the SQLite FTS5 reference figures from
/// scripts/bench-sqlite-fts5 on the same data and queries.
func runPlacesBenchmarks() {
    let scripts = PlacesBenchQueries.scripts
    let queryFile = PlacesBenchQueries.file
    guard let dataURL = PlaceIndex.bundledDataURL, let queries = PlacesBenchQueries.read() else {
        print("places.error data or \(queryFile.path) not found")
        return
    }

    // A scratch XDG home: the index's cache, then the generated region (`runRegionPlacesBenchmarks`).
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-places-\(getpid())")
    defer { try? FileManager.default.removeItem(at: home) }
    let cache = home.appendingPathComponent("cache/roadtrip")
    let index: PlaceIndex, buildMs: Double, loadMs: Double, rssPeak: Double, rssBefore: Double
    do {
        var started = DispatchTime.now().uptimeNanoseconds
        _ = try PlaceIndex.openBundled(cacheDirectory: cache)
        buildMs = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        rssPeak = residentMegabytes(field: "VmHWM:")
        rssBefore = residentMegabytes()
        started = DispatchTime.now().uptimeNanoseconds
        index = try PlaceIndex.openBundled(cacheDirectory: cache)
        loadMs = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
    } catch {
        print("places.error \(error)")
        return
    }
    let rssIndex = residentMegabytes() - rssBefore
    // PLACES_BENCH_LOAD_ONLY=1 stops here, for profiling the build.
    if ProcessInfo.processInfo.environment["PLACES_BENCH_LOAD_ONLY"] != nil {
        print(String(format: "places.build %.1f ms", buildMs))
        return
    }

    var judged = 0, firstRight = 0
    for query in queries {
        let matches = index.query(query.text, limit: 10, near: query.near, useCache: false)   // also the warm-up pass
        if let expected = query.expected {
            judged += 1
            if matches.first?.place.id == expected {
                firstRight += 1
            } else if ProcessInfo.processInfo.environment["PLACES_BENCH_VERBOSE"] != nil {
                print("  miss: \(query.text) -> \(matches.first?.place.label ?? "nothing") (want \(expected))")
            }
        }
    }
    // Each query is timed in 5 passes and its median kept: on a shared machine a single sample
    // can include being descheduled for milliseconds, which says nothing about the search.
    // PLACES_BENCH_PASSES=n times more passes, for profiling the queries (`perf record`).
    let passes = 5 * max(1, min(1000, Int(ProcessInfo.processInfo.environment["PLACES_BENCH_PASSES"] ?? "") ?? 1))
    var runs = [[Double]](repeating: [], count: queries.count)
    let cpuStart = threadCPUSeconds()
    for _ in 0..<passes {
        for (i, query) in queries.enumerated() {
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = index.query(query.text, limit: 10, near: query.near, useCache: false)
            runs[i].append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e3)
        }
    }
    let cpuMicrosPerQuery = (threadCPUSeconds() - cpuStart) * 1e6 / Double(passes * queries.count)
    var samples = runs.map { $0.sorted()[$0.count / 2] }
    // PLACES_BENCH_VERBOSE=1 lists the slowest queries, for tuning.
    if ProcessInfo.processInfo.environment["PLACES_BENCH_VERBOSE"] != nil {
        print(String(format: "  mean CPU time per query %.1f us", cpuMicrosPerQuery))
        for (i, micros) in samples.enumerated().sorted(by: { $0.element > $1.element }).prefix(20).map({ ($0.offset, $0.element) }) {
            print(String(format: "  %8.1f us  ", micros) + queries[i].text)
        }
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let p99 = samples[min(samples.count - 1, Int((Double(samples.count - 1) * 0.99).rounded()))]
    let rss = residentMegabytes()

    print(String(format: "places.count %d places", index.count))
    print(String(format: "places.build %.1f ms", buildMs))
    print(String(format: "places.load %.1f ms", loadMs))
    print(String(format: "places.query.median %.1f us", median))
    print(String(format: "places.query.p99 %.1f us", p99))
    print(String(format: "places.query.max %.1f us", samples.last ?? 0))
    print(String(format: "places.top1 %.1f %%", 100 * Double(firstRight) / Double(max(1, judged))))
    print(String(format: "places.rss %.1f MB", rss))
    print(String(format: "places.rss.index %.1f MB", rssIndex))
    print(String(format: "places.rss.peak %.1f MB", rssPeak))
    if ProcessInfo.processInfo.environment["PLACES_BENCH_VERBOSE"] != nil,
       let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
        for line in status.split(separator: "\n") where line.hasPrefix("Vm") || line.hasPrefix("Rss") {
            print("  " + line.replacingOccurrences(of: "\t", with: " "))
        }
    }
    PlacesColdBench.run("places.cold", home: home, scripts: scripts)
    runRegionPlacesBenchmarks(index, queries: queries.map { ($0.text, $0.near) }, home: home, scripts: scripts)
    withExtendedLifetime(index) {}
    runSQLiteReference(scripts: scripts, data: dataURL, queries: queryFile)
}

/// CPU time of the calling thread: unlike wall time, not inflated by other processes on the machine.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// VmRSS (or another field, such as the peak VmHWM) of this process from /proc/self/status, in MB (0
/// where there is no /proc).
func residentMegabytes(field: String = "VmRSS:") -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
          let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kb / 1024
}

/// Runs scripts/bench-sqlite-fts5 and passes its figure lines through.
private func runSQLiteReference(scripts: URL, data: URL, queries: URL) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", scripts.appendingPathComponent("bench-sqlite-fts5").path,
                         "--data", data.path, "--queries", queries.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        print(String(decoding: output, as: UTF8.self), terminator: "")
        if process.terminationStatus != 0 { print("ref.sqlite_fts5.error exit \(process.terminationStatus)") }
    } catch {
        print("ref.sqlite_fts5.error python3 not available: \(error)")
    }
}
