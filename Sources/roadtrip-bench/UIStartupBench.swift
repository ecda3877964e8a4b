import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

/// `ui.startup`: the real binary from exec to exit, and its parts in process.
extension UIBench {
    // MARK: ui.startup

    /// The real binary in a private tmux server (120x40), `--exit-after-first-frame`, timed by bash inside the
    /// pane: from just before the exec to just after the exit, so process start, loading the file, starting
    /// curses, building the list, the first frame and exiting are all in. For scale, the same with 1,000 trips
    /// and with no file at all (`ui.startup.empty`: process, curses and an empty list), and an in-process split
    /// of the 10,000-trip case: opening the file (reading it and parsing its first trips; the rest is parsed on
    /// another thread), wiring the list and drawing it on a MemoryTerminal, and `all_trips`, from the start until
    /// the list shows every trip.
    static func startup(_ trips: [Trip], directory: URL) throws {
        let url = directory.appendingPathComponent("startup/10k/trips.json")
        try TripStore.open(at: url).update { $0 = trips }
        let url1k = directory.appendingPathComponent("startup/1k/trips.json")
        try TripStore.open(at: url1k).update { $0 = Array(trips.prefix(1_000)) }
        let missing = directory.appendingPathComponent("startup/empty/trips.json")
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        print("ui.startup.file_size \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB")

        var load: [Double] = [], frame: [Double] = [], complete: [Double] = [], teardown: [Double] = []
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            func since(_ start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
            var store: TripStore? = try TripStore.open(at: url, options: RoadtripApplication.storeOptions)
            load.append(since(start))
            let terminal = MemoryTerminal(rows: rows, columns: columns)
            var session: RoadtripApplication.Session? = RoadtripApplication.makeSession(
                repository: store!, places: nil, terminal: terminal)
            session!.app.render()
            frame.append(since(start) - load.last!)
            try expect(terminal.text(row: 0).contains("\(TripStore.headTrips) trips so far"), "the first frame lists the head")
            // The rest of the file is read from now on and arrives through the loop, as in the app; the list then
            // shows every trip.
            store!.readRestOfFile()
            while terminal.wakeCount == 0 { usleep(200) }
            terminal.enqueue(event: .wake)
            session!.app.run()
            complete.append(since(start))
            try expect(terminal.text(row: 0).contains("10,000 trips"), "the whole list is shown")
            // What the process then spends freeing it all if it returns from main instead of exiting.
            let freeing = DispatchTime.now().uptimeNanoseconds
            session = nil
            store = nil
            teardown.append(since(freeing))
            withExtendedLifetime((session, store)) {}
        }
        for (name, values) in [("load", load), ("first_frame", frame), ("all_trips", complete), ("teardown", teardown)] {
            print("ui.startup.inproc.\(name) \(String(format: "%.1f", percentile(values.sorted(), 0.5))) ms")
        }

        guard let binary = siblingExecutable("roadtrip") else {
            print("ui.startup.error roadtrip binary not found next to roadtrip-bench (swift build -c release --product roadtrip)")
            return
        }
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first(where: FileManager.default.isExecutableFile) else {
            print("ui.startup.error tmux not installed")
            return
        }
        let runs = 10
        let scenarios = [("ui.startup", url), ("ui.startup.1k", url1k), ("ui.startup.empty", missing)]
        let results = directory.appendingPathComponent("startup/times")
        let done = directory.appendingPathComponent("startup/done")
        let script = directory.appendingPathComponent("startup/run.sh")
        let config = directory.appendingPathComponent("startup/tmux.conf")
        // EPOCHREALTIME is bash's clock (no `date` process to fork); run 0 of each warms the page cache up.
        let loops = scenarios.map { name, data in
            """
            for i in $(seq 0 \(runs)); do
              start=$EPOCHREALTIME
              \(shellQuoted(binary)) --data \(shellQuoted(data.path)) --exit-after-first-frame
              status=$?
              end=$EPOCHREALTIME
              echo "\(name) $i $status $start $end" >> \(shellQuoted(results.path))
            done
            """
        }
        try (loops + ["echo \"$(tput cols)x$(tput lines)\" > \(shellQuoted(done.path))"]).joined(separator: "\n")
            .write(to: script, atomically: true, encoding: .utf8)
        try "set -g status off\n".write(to: config, atomically: true, encoding: .utf8)

        let socket = "roadtrip-bench-\(getpid())"
        defer {
            _ = try? shell(tmux, ["-L", socket, "kill-server"])
            // A server whose last session ended leaves its socket file behind.
            let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
            unlink("\(folder)/tmux-\(getuid())/\(socket)")
        }
        let started = try shell(tmux, ["-L", socket, "-f", config.path, "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                                       "bash \(shellQuoted(script.path))"])
        guard started == 0 else { print("ui.startup.error tmux new-session exited \(started)"); return }
        let deadline = Date().addingTimeInterval(180)
        while !FileManager.default.fileExists(atPath: done.path) {
            guard Date() < deadline else { print("ui.startup.error timed out after 180 s"); return }
            usleep(50_000)
        }
        let pane = (try? String(contentsOf: done, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        try expect(pane == "\(columns)x\(rows)", "the pane is \(columns)x\(rows) (it was \(pane ?? "?"))")
        var samples: [String: [Double]] = [:]
        for line in try String(contentsOf: results, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 5, let run = Int(fields[1]), let start = microseconds(fields[3]),
                  let end = microseconds(fields[4]) else { continue }
            guard fields[2] == "0" else { throw Failure(description: "roadtrip --exit-after-first-frame exited \(fields[2])") }
            if run > 0 { samples[String(fields[0]), default: []].append(Double(end - start) / 1e3) }
        }
        for (name, _) in scenarios {
            let values = (samples[name] ?? []).sorted()
            try expect(values.count == runs, "\(runs) timed start-ups for \(name)")
            print("\(name) \(String(format: "%.1f", percentile(values, 0.5))) ms")
            if name == "ui.startup" { print("\(name).max \(String(format: "%.1f", values.last!)) ms") }
        }
    }

    /// "1712345678.123456" (bash's EPOCHREALTIME) in microseconds, without going through a Double.
    private static func microseconds(_ text: Substring) -> Int? {
        let parts = text.split(whereSeparator: { $0 == "." || $0 == "," })
        guard parts.count == 2, let seconds = Int(parts[0]), let micros = Int(parts[1]), parts[1].count == 6 else { return nil }
        return seconds * 1_000_000 + micros
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a program to its end; returns its exit status.
    @discardableResult
    private static func shell(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// An executable built next to this one (`.build/release/roadtrip`).
    static func siblingExecutable(_ name: String) -> String? {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
