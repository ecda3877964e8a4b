import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

/// Issue 35's trip lists at scale, on `StoreBench.trips` files:
/// - `list.cli.1000x20` / `list.cli.100000x2`: `roadtrip list` as a whole process (output to /dev/null) on 1,000
///   trips of 20 stops and 100,000 of 2, under a fresh cache folder: `.first` is the first run (every leg's water
///   measured and kept), then the median and p99 of the runs after it (the answers read back), against `roadtrip
///   --version` in the same run (`ref.version`). Goals: < 0.3 s and < 3 s.
/// - `ui.change.list100k`: in the app, the first change after the 100,000-trip file is listed (a new trip: `a`, a
///   name, Enter), from the key to the finished frame. Goal < 100 ms. `.after_frame`: what the next key waits for
///   after it (the save, handed to another thread as `run` does); `.saved`: until the 72 MB file is written.
/// - `list.journey.*`: a person in the app on each file (`scripts/bench/list-journey`, tmux at 100x30, an empty
///   cache): the slowest frame of a key and of late data while the legs' water is measured. Goal: 16 ms.
func runListBenchmarks() {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-listbench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        for (name, count, stops, runs) in [("1000x20", 1_000, 20, 10), ("100000x2", 100_000, 2, 5)] {
            let file = directory.appendingPathComponent("\(name)/trips.json")
            try TripStore.open(at: file).update { $0 = StoreBench.trips(count, stopsEach: stops) }
            try ListBench.commandLine(name, file: file, runs: runs)
            if count == 100_000 { try ListBench.firstChange(file) }
            try ListBench.journey(name, file: file)
        }
    } catch {
        FileHandle.standardError.write(Data("list benchmarks failed: \(error)\n".utf8))
        exit(1)
    }
}

enum ListBench {
    static func commandLine(_ name: String, file: URL, runs: Int) throws {
        guard let binary = UIBench.siblingExecutable("roadtrip") else {
            return print("list.cli.error roadtrip not found next to roadtrip-bench (make bench builds it)")
        }
        let cache = file.deletingLastPathComponent().appendingPathComponent("cache")
        let environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_CACHE_HOME": cache.path, "XDG_CONFIG_HOME": cache.appendingPathComponent("config").path]) { $1 }
        let first = try run(binary, ["--data", file.path, "list"], environment)
        var warm: [Double] = [], version: [Double] = []
        for _ in 0..<runs {
            warm.append(try run(binary, ["--data", file.path, "list"], environment))
            version.append(try run(binary, ["--version"], environment))
        }
        warm.sort()
        version.sort()
        print(String(format: "list.cli.\(name).first %.0f ms", first))
        print(String(format: "list.cli.\(name).median %.0f ms (p99 %.0f)", UIBench.percentile(warm, 0.5),
                     UIBench.percentile(warm, 0.99)))
        print(String(format: "ref.version.\(name) %.1f ms", UIBench.percentile(version, 0.5)))
    }

    /// The app on the file, every trip listed, then a new trip named and entered: the Enter's frame is timed, then
    /// what follows it before the next key (the save, started on another thread as `run` does), then the save.
    static func firstChange(_ file: URL) throws {
        let store = try TripStore.open(at: file)
        let terminal = MemoryTerminal(rows: UIBench.rows, columns: UIBench.columns)
        let session = RoadtripApplication.makeSession(repository: store, places: nil, terminal: terminal,
                                                      saveInBackgroundAbove: RoadtripApplication.saveInBackgroundAbove)
        session.app.render()
        for key in [Key.character("a")] + "Weekend".map({ Key.character($0) }) {
            session.app.handle(key)
            session.app.render()
        }
        let start = DispatchTime.now().uptimeNanoseconds
        session.app.handle(.enter)
        session.app.render()
        let framed = DispatchTime.now().uptimeNanoseconds
        let failed = session.app.afterFrame?() ?? false
        let free = DispatchTime.now().uptimeNanoseconds
        // The save comes back to the loop as posted work.
        let deadline = free + 60_000_000_000
        while store.hasUnsavedChanges && DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(1000)
            session.app.runPosted()
        }
        let saved = DispatchTime.now().uptimeNanoseconds
        try UIBench.expect(store.trips.count == 100_001 && !failed && !store.hasUnsavedChanges, "the new trip was added and saved")
        print(String(format: "ui.change.list100k %.1f ms", Double(framed - start) / 1e6))
        print(String(format: "ui.change.list100k.after_frame %.1f ms (what the next key waits for)", Double(free - framed) / 1e6))
        print(String(format: "ui.change.list100k.saved %.0f ms (on another thread)", Double(saved - framed) / 1e6))
    }

    /// The journey script on a copy of `file`; its lines go to the bench's output.
    static func journey(_ name: String, file: URL) throws {
        guard let binary = UIBench.siblingExecutable("roadtrip") else { return }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/bench/list-journey").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, binary, file.path, name]
        fflush(stdout)   // the bench's lines so far, before the script's
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { print("list.journey.\(name).error the journey stopped (its reason above)") }
    }

    /// Milliseconds from start to exit; the program must exit 0.
    private static func run(_ program: String, _ arguments: [String], _ environment: [String: String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard process.terminationStatus == 0 else {
            throw UIBench.Failure(description: "\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return elapsed
    }
}
