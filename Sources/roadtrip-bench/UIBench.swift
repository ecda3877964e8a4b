import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

/// Figures of issue 3 (the full-screen app), one line each (`name value unit`):
/// - `ui.keystroke.list10k.*` / `ui.keystroke.trip500.*`: time from a key to a finished frame on a 120x40
///   MemoryTerminal, through the real app (`app.handle(key); app.render()`): a fixed key script played 5 times
///   after one untimed pass, each key's median of 5 kept, then the median and p99 over the keys (`.p99.raw`:
///   over every sample, scheduler noise included). Target p99 < 2 ms. The trip's reorders are saved to a real
///   file right after their frame, before the next key, as the app does: `.save_after_frame` times that save.
/// - `ui.startup`: the real `roadtrip` binary in a private tmux server, from process start to exit after the
///   first frame (`--exit-after-first-frame`) on a 10,000-trip x 20-stop file, median of 10 runs after one
///   warm-up. Target < 150 ms.
/// - `ui.bytes_per_move`: bytes ncurses sends when the selection moves one row in a full 120x40 trip list.
func runUIBenchmarks() {
    // UI_BENCH_ONLY=keystroke|startup|bytes runs one group (for tuning, e.g. under perf).
    let only = ProcessInfo.processInfo.environment["UI_BENCH_ONLY"]
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-uibench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let listTrips = StoreBench.trips(10_000, stopsEach: 20)
        if only == nil || only == "keystroke" {
            try UIBench.keystrokesInList(listTrips, directory: directory)
            try UIBench.keystrokesInTrip(directory: directory)
        }
        if only == nil || only == "startup" { try UIBench.startup(listTrips, directory: directory) }
        if only == nil || only == "bytes" { try UIBench.bytesPerMove(listTrips, directory: directory) }
    } catch {
        FileHandle.standardError.write(Data("ui benchmarks failed: \(error)\n".utf8))
        exit(1)
    }
}

enum UIBench {
    static let rows = 40
    static let columns = 120
    /// Timed passes over each key script (after one untimed warm-up pass).
    static let passes = 5

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    // MARK: ui.keystroke

    /// The trip list with 10,000 trips: moves (j/k, PgDn/PgUp, G/g) and typing a filter.
    static func keystrokesInList(_ trips: [Trip], directory: URL) throws {
        let url = directory.appendingPathComponent("list10k/trips.json")
        try TripStore.open(at: url).update { $0 = trips }
        let store = try TripStore.open(at: url)
        let terminal = MemoryTerminal(rows: rows, columns: columns)
        let session = RoadtripApplication.makeSession(repository: store, unit: .km, places: nil, terminal: terminal)
        session.app.render()

        var moves: [Key] = Array(repeating: .character("j"), count: 40) + Array(repeating: .pageDown, count: 10)
        moves += Array(repeating: .character("k"), count: 20) + Array(repeating: .pageUp, count: 5)
        moves += [.character("G")] + Array(repeating: .character("k"), count: 10) + [.character("g")]
        // `/`, a few letters (each narrows the whole list again), two Backspaces, Esc (clears the filter).
        let filter: [Key] = [.character("/")] + "number 7".map { .character($0) } + [.backspace, .backspace, .escape]
        let samples = try time(session, script: [("move", moves), ("filter", filter)])
        report("ui.keystroke.list10k", samples)
        try expect(terminal.text(row: 0).contains("10,000 trips"), "the list shows 10,000 trips")
    }

    /// A trip of 500 stops: moves and J/K reorders, each reorder saved to a real file after its frame.
    static func keystrokesInTrip(directory: URL) throws {
        let trip = StoreBench.trips(1, stopsEach: 500)
        var moves: [Key] = Array(repeating: .character("j"), count: 40) + Array(repeating: .pageDown, count: 5)
        moves += Array(repeating: .character("k"), count: 10) + [.character("G"), .character("g")]
        var reorders: [Key] = Array(repeating: .character("J"), count: 10) + Array(repeating: .character("K"), count: 10)
        reorders += Array(repeating: .character("J"), count: 5) + Array(repeating: .character("K"), count: 5)
        let script = [("move", moves), ("reorder", reorders)]

        let url = directory.appendingPathComponent("trip500/trips.json")
        try TripStore.open(at: url).update { $0 = trip }
        let store = try TripStore.open(at: url)
        report("ui.keystroke.trip500", try time(openTrip(store), script: script))
        try expect(!store.hasUnsavedChanges && (try TripStore.open(at: url)).trips == store.trips,
                   "every reorder was saved")
    }

    /// The app on a 120x40 MemoryTerminal with the first trip of `repository` open.
    private static func openTrip(_ repository: TripRepository) throws -> (RoadtripApplication.Session, MemoryTerminal) {
        let terminal = MemoryTerminal(rows: rows, columns: columns)
        let session = RoadtripApplication.makeSession(repository: repository, unit: .km, places: nil, terminal: terminal)
        session.app.render()
        session.app.handle(.enter)
        session.app.render()
        try expect(session.app.stack.count == 2 && terminal.text(row: 1).contains("500 stops"), "the trip is open")
        return (session, terminal)
    }

    private static func time(_ opened: (RoadtripApplication.Session, MemoryTerminal),
                             script: [(String, [Key])]) throws -> [String: [Double]] {
        try time(opened.0, script: script)
    }

    /// Plays `script` once untimed, then `passes` times timing each key from `handle` to the end of `render`
    /// (the scripts end where they started, so every pass sees the same states), then the work that follows
    /// the frame (the save) on its own. As in the places benchmark,
    /// each key of the script keeps the median of its passes: on a shared machine a single sample can include
    /// being descheduled for milliseconds, which says nothing about the app. Returns milliseconds per key for
    /// each part of the script and for all of it (""), and every raw sample ("raw").
    private static func time(_ session: RoadtripApplication.Session, script: [(String, [Key])]) throws -> [String: [Double]] {
        let app = session.app
        var runs: [String: [[Double]]] = [:]
        var raw: [Double] = []
        var saves: [Double] = []
        for pass in 0...passes {
            for (part, keys) in script {
                for (position, key) in keys.enumerated() {
                    let start = DispatchTime.now().uptimeNanoseconds
                    app.handle(key)
                    app.render()
                    let framed = DispatchTime.now().uptimeNanoseconds
                    let redraw = app.afterFrame?() ?? false
                    let saved = DispatchTime.now().uptimeNanoseconds
                    try expect(!redraw, "no save failed")
                    let elapsed = Double(framed - start) / 1e6
                    guard pass > 0 else { continue }
                    if pass == 1 { runs[part, default: []].append([]) }
                    runs[part]![position].append(elapsed)
                    raw.append(elapsed)
                    if part == "reorder" { saves.append(Double(saved - framed) / 1e6) }
                }
            }
        }
        var samples = runs.mapValues { $0.map { percentile($0.sorted(), 0.5) } }
        samples[""] = samples.values.flatMap { $0 }
        samples["raw"] = raw
        if !saves.isEmpty { samples["reorder.save_after_frame"] = saves }
        return samples
    }

    /// `name.median` and `name.p99` over all keys, then for each part of the script, then `name.p99.raw`
    /// over every sample.
    private static func report(_ name: String, _ samples: [String: [Double]]) {
        for part in [""] + samples.keys.filter({ !$0.isEmpty && $0 != "raw" }).sorted() {
            let values = samples[part]!.sorted()
            let prefix = part.isEmpty ? name : "\(name).\(part)"
            print("\(prefix).median \(String(format: "%.3f", percentile(values, 0.5))) ms")
            print("\(prefix).p99 \(String(format: "%.3f", percentile(values, 0.99))) ms")
        }
        print("\(name).p99.raw \(String(format: "%.3f", percentile(samples["raw"]!.sorted(), 0.99))) ms")
    }

    /// Nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

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
                repository: store!, unit: .km, places: nil, terminal: terminal)
            session!.app.render()
            frame.append(since(start) - load.last!)
            try expect(terminal.text(row: 0).contains("300 trips so far"), "the first frame lists the head")
            // The rest of the file arrives through the loop, as in the app; the list then shows every trip.
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
    private static func siblingExecutable(_ name: String) -> String? {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    // MARK: ui.bytes_per_move

    /// ncurses drawing into a file (xterm-256color, UTF-8): the 10,000-trip list, first frame, then single-row
    /// moves inside the page; the median of 10 moves. Also what other selection looks would send, drawn
    /// by the same screen through `Highlight` (estimates for a proposal; the app's look is unchanged).
    static func bytesPerMove(_ trips: [Trip], directory: URL) throws {
        // The user's locale decides UTF-8 in the app; the figure is for a UTF-8 terminal whatever runs the bench.
        if let locale = setlocale(LC_CTYPE, nil), !String(cString: locale).lowercased().contains("utf") {
            setenv("LC_ALL", "C.UTF-8", 1)
        }
        let repository = UnsavedRepository(trips: trips)
        for variant in [Highlight.Style.bar, .nameOnly, .marker] {
            let path = directory.appendingPathComponent("curses-\(variant)").path
            let curses = try CursesTerminal(recordingTo: path, rows: rows, columns: columns)
            defer { curses.shutdown() }
            let terminal = Highlight(curses, style: variant)
            let session = RoadtripApplication.makeSession(repository: repository, unit: .km, places: nil, terminal: terminal)
            session.app.render()
            let firstFrame = curses.bytesWritten
            var moves: [Int] = []
            for _ in 0..<10 {
                let before = curses.bytesWritten
                session.app.handle(.down)
                session.app.render()
                moves.append(curses.bytesWritten - before)
            }
            // UI_BENCH_VERBOSE=1 shows what the last move sent, escapes made visible.
            if ProcessInfo.processInfo.environment["UI_BENCH_VERBOSE"] != nil,
               let sent = FileManager.default.contents(atPath: path)?.suffix(moves.last!) {
                let visible = sent.map { $0 == 0x1B ? "\\e" : ($0 < 0x20 ? String(format: "\\x%02x", $0) : String(UnicodeScalar($0))) }
                print("  \(variant) move: " + visible.joined())
            }
            let before = curses.bytesWritten
            session.app.render()
            let idle = curses.bytesWritten - before
            moves.sort()
            switch variant {
            case .bar:
                print("ui.bytes_per_move \(moves[moves.count / 2]) bytes")
                print("ui.bytes_per_move.max \(moves.last!) bytes")
                print("ui.bytes_first_frame \(firstFrame) bytes")
                print("ui.bytes_unchanged_frame \(idle) bytes")
            case .nameOnly, .marker:
                print("ui.bytes_per_move.proposal.\(variant == .marker ? "marker" : "name_only") \(moves[moves.count / 2]) bytes")
            }
        }
    }

    /// Passes drawing through to a terminal, changing only how the selected row looks, to measure the cost of
    /// other selection styles: `.bar` leaves it alone (the app's full-width reverse bar); `.nameOnly` keeps
    /// reverse video on the left margin and the trip name column only; `.marker` drops reverse video and puts
    /// a `▶` in the left margin. Cells outside the bar keep the colours unselected rows use.
    final class Highlight: Terminal {
        enum Style { case bar, nameOnly, marker }

        let base: Terminal
        let style: Style
        /// The trip list's TRIP column at 120 columns: from the margin (column 0) to its end, 1 + 48.
        let nameEnd = 49
        /// While the list paints the selected row's background (blanks from column 0 rightwards): the next
        /// column it will paint. Blanks after that are spaces inside the text, drawn as unselected text is.
        private var background: (row: Int, next: Int)?

        init(_ base: Terminal, style: Style) {
            self.base = base
            self.style = style
        }

        var size: TerminalSize { base.size }
        var symbols: Symbols { base.symbols }
        func clear() { base.clear() }
        func showCursor(row: Int, column: Int) { base.showCursor(row: row, column: column) }
        func hideCursor() { base.hideCursor() }
        func flush() { base.flush() }
        func readEvent(timeout: Int?) -> InputEvent? { base.readEvent(timeout: timeout) }
        /// Nothing waits here; present for terminals whose protocol asks for it.
        func wake() {}

        func put(_ glyph: Glyph, row: Int, column: Int, attributes: Attributes) {
            guard style != .bar, attributes == .selection else {
                base.put(glyph, row: row, column: column, attributes: attributes)
                return
            }
            let blank = glyph.text == " "
            if blank, column == 0 {
                background = (row, 1)
            } else if blank, let painting = background, painting.row == row, painting.next == column {
                background = (row, column + 1)
            } else {
                background = nil
            }
            if style == .nameOnly, column < nameEnd {
                base.put(glyph, row: row, column: column, attributes: attributes)
                return
            }
            let unselected: Attributes = background != nil || column < nameEnd ? .normal : .muted
            if style == .marker, column == 0 {
                base.draw("▶", row: row, column: 0, attributes: .accent)
            } else {
                base.put(glyph, row: row, column: column, attributes: unselected)
            }
        }
    }

    // MARK: Support

    private static func expect(_ condition: Bool, _ what: String) throws {
        if !condition { throw Failure(description: "check failed: \(what)") }
    }
}

/// A repository that keeps trips in memory and never writes (validation as the store does it).
final class UnsavedRepository: TripRepository {
    private(set) var trips: [Trip]
    let access = StoreAccess.readWrite
    let notices: [String] = []
    let hasUnsavedChanges = false

    init(trips: [Trip]) {
        self.trips = trips
    }

    func apply(_ change: (inout [Trip]) throws -> Void) throws {
        trips = try trips.applying(change)
    }

    func save() throws {}
    func reload() throws {}
}
