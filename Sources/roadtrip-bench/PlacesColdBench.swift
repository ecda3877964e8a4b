import Foundation

/// Issue 35's cold lookups: `roadtrip places Bergen` as a whole process (the release binary beside this one), under a
/// scratch XDG home, against `roadtrip --version` in the same run, the two alternated, 40 timed runs each after 3
/// untimed ones. The first untimed run is the first after an install: it builds the index into the home's cache (or
/// the region's, when the bench's own build wrote it), and is reported alone (`NAME.first`). Lines: NAME (median and
/// p99 ms, the largest max RSS) and NAME.ref (the same of --version).
enum PlacesColdBench {
    static let runs = 40

    static func run(_ name: String, home: URL) {
        guard let binary = UIBench.siblingExecutable("roadtrip") else {
            print("\(name).error roadtrip not found next to roadtrip-bench (make bench builds both)")
            return
        }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path,
                           "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                           "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
        do {
            let first = try TimedProcess.run(binary, ["places", "Bergen"], environment: environment)
            print(String(format: "%@.first %.0f ms, %.1f MB max RSS", name, first.milliseconds, Double(first.maxResidentKB) / 1024))
            var places: [TimedProcess] = [], version: [TimedProcess] = []
            for run in 0..<(runs + 2) {
                let lookup = try TimedProcess.run(binary, ["places", "Bergen"], environment: environment)
                let reference = try TimedProcess.run(binary, ["--version"], environment: environment)
                if run >= 2 {
                    places.append(lookup)
                    version.append(reference)
                }
            }
            print(line(name, places))
            print(line(name + ".ref", version) + " (roadtrip --version)")
        } catch {
            print("\(name).error \(error)")
        }
    }

    private static func line(_ name: String, _ runs: [TimedProcess]) -> String {
        let times = runs.map(\.milliseconds).sorted()
        let rss = Double(runs.map(\.maxResidentKB).max() ?? 0) / 1024
        return String(format: "%@ %.1f ms (p99 %.1f), %.1f MB max RSS", name, UIBench.percentile(times, 0.5),
                      UIBench.percentile(times, 0.99), rss)
    }
}
