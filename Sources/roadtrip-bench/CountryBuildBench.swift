import Foundation
import RoadtripCore
import RoadtripTestSupport

/// Issue 35's country builds: `roadtrip region add` (the release binary beside this one, as a user runs it) on
/// generated countries (`CountryExtract`: made once, then cached in the temporary folder by size and seed) of
/// 10 M and 30 M nodes, and with BENCH_COUNTRY_GB=1 of 110 M nodes (1.1 GB, about 20 minutes more; its figure is
/// in docs/performance.md). Per size:
/// - `country.SIZE.extract`: MB, nodes, bytes a node, and how long it took to make (or "cached");
/// - `region.build.country.SIZE`: the build's wall time, and each phase's (from its progress lines);
/// - `.rss`: the largest sum of resident memory over roadtrip and its children, sampled every 0.2 s, and the largest
///   of any one process (the kernel's, at its end);
/// - `.disk`: what roadtrip says the build took on disk (the region, written, at most at once);
/// - `ref.osmium_read.country.SIZE`: osmium reading and decoding the same file once (`fileinfo -e`), same run.
/// Then `region.build.country.rate`: the least-squares line of time on MB over the sizes run, as MB/s and nodes/s,
/// and how far from linear (the largest's seconds a MB over the smallest's).
func runCountryBenchmarks() {
    guard let roadtrip = UIBench.siblingExecutable("roadtrip") else {
        print("region.build.country.error roadtrip not found next to roadtrip-bench (make bench builds both)")
        return
    }
    var sizes = [("10m", 10_000_000), ("30m", 30_000_000)]
    if ProcessInfo.processInfo.environment["BENCH_COUNTRY_GB"] == "1" { sizes.append(("110m", 110_000_000)) }
    var points: [(megabytes: Double, nodes: Double, seconds: Double)] = []
    for (label, nodes) in sizes {
        do {
            var extract: CountryExtract.Extract?
            let made = try CountryBuildRun.seconds { extract = try CountryExtract.cached(nodes: nodes) }
            guard let extract else { continue }
            let megabytes = Double(extract.bytes) / 1e6
            print(String(format: "country.%@.extract %.1f MB %.2f M nodes %.2f B/node (%@)", label, megabytes,
                         Double(extract.composition.nodes) / 1e6, extract.bytesPerNode,
                         extract.madeNow ? String(format: "made in %.0f s", made) : "cached"))
            let read = try CountryBuildRun.seconds { _ = try RoutingTools.run(try FjordExtract.osmium(),
                                                                              ["fileinfo", "-e", extract.pbf.path], timeout: 3600) }
            print(String(format: "ref.osmium_read.country.%@ %.1f s", label, read))
            let run = try CountryBuildRun(roadtrip: roadtrip, extract: extract.pbf)
            print(String(format: "region.build.country.%@ %.1f s (%.2f MB/s; phases %@)", label, run.seconds,
                         megabytes / run.seconds, run.phases.joined(separator: ", ")))
            print(String(format: "region.build.country.%@.rss %.0f MB (largest process %.0f MB)", label,
                         run.treePeakMegabytes, run.largestProcessMegabytes))
            print("region.build.country.\(label).disk \(run.disk)")
            points.append((megabytes, Double(extract.composition.nodes), run.seconds))
        } catch {
            print("region.build.country.\(label).error \(error)")
        }
    }
    guard points.count >= 2 else { return }
    let fit = CountryBuildRun.line(points.map { ($0.megabytes, $0.seconds) })
    let nodesFit = CountryBuildRun.line(points.map { ($0.nodes, $0.seconds) })
    let perMB = points.map { $0.seconds / $0.megabytes }
    print(String(format: "region.build.country.rate %.2f MB/s, %.0f k nodes/s (%.3f s/MB + %.1f s; largest/smallest s per MB %.2f)",
                 1 / fit.slope, 1 / nodesFit.slope / 1000, fit.slope, fit.intercept, perMB.last! / perMB.first!))
}

/// One `roadtrip region add` of a generated country into a scratch data folder, timed, its memory sampled.
private struct CountryBuildRun {
    var seconds = 0.0
    /// Each phase's time, as its last progress line gives it ("in 3 min 2 s").
    var phases: [String] = []
    var treePeakMegabytes = 0.0
    var largestProcessMegabytes = 0.0
    var disk = ""

    init(roadtrip: String, extract: URL) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-country-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let output = home.appendingPathComponent("out.txt")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output.path, O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, output.path, O_WRONLY | O_APPEND, 0)
        let arguments: [String] = [roadtrip, "region", "add", extract.path, "--name", "country"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_DATA_HOME": home.appendingPathComponent("data").path,
             "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
             "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]) { $1 }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, roadtrip, &actions, nil, argv, envp)
        guard spawned == 0 else { throw RoutingTools.Missing(description: "cannot start roadtrip: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0, usage = rusage()
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            treePeakMegabytes = max(treePeakMegabytes, Self.residentMegabytes(ofTree: pid))
            usleep(200_000)
        }
        seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        largestProcessMegabytes = Double(usage.ru_maxrss) / 1024
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw RoutingTools.Missing(description: "roadtrip region add failed: \(text.suffix(2000))") }
        phases = text.split(separator: "\n").compactMap { line in
            line.range(of: "100%  in ").map { String(line[$0.upperBound...]) }
        }
        disk = text.split(separator: "\n").first { $0.hasPrefix("Disk: ") }.map { String($0.dropFirst(6)) } ?? "?"
    }

    /// VmRSS of `pid` and of every descendant, summed (from /proc: the children each thread started).
    static func residentMegabytes(ofTree pid: pid_t) -> Double {
        var total = 0.0
        var pending = [pid]
        while let next = pending.popLast() {
            let status = (try? String(contentsOfFile: "/proc/\(next)/status", encoding: .utf8)) ?? ""
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
               let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
                total += kilobytes / 1024
            }
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(next)/task")) ?? []
            for task in tasks {
                let children = (try? String(contentsOfFile: "/proc/\(next)/task/\(task)/children", encoding: .utf8)) ?? ""
                pending += children.split(separator: " ").compactMap { pid_t($0) }
            }
        }
        return total
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Least squares: y = slope·x + intercept.
    static func line(_ points: [(Double, Double)]) -> (slope: Double, intercept: Double) {
        let n = Double(points.count)
        let mx = points.map(\.0).reduce(0, +) / n, my = points.map(\.1).reduce(0, +) / n
        let sxy = points.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +), sxx = points.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
        let slope = sxy / sxx
        return (slope, my - slope * mx)
    }
}
