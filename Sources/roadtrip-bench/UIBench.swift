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
///   warm-up. Target < 50 ms.
/// - `ui.version`: `roadtrip --version`, the whole process, against `ref.foundation_hello` (ProcessStartBench.swift).
/// - `ui.bytes_per_move`: bytes ncurses sends when the selection moves one row in a full 120x40 trip list.
func runUIBenchmarks() {
    // UI_BENCH_ONLY=keystroke|startup|bytes runs one group (for tuning, e.g. under perf); `trip` only the trip's keys.
    let only = ProcessInfo.processInfo.environment["UI_BENCH_ONLY"]
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-uibench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if only == "trip" { return try UIBench.keystrokesInTrip(directory: directory) }
        let listTrips = StoreBench.trips(10_000, stopsEach: 20)
        if only == nil || only == "keystroke" {
            try UIBench.keystrokesInList(listTrips, directory: directory)
            try UIBench.keystrokesInTrip(directory: directory)
        }
        if only == nil || only == "startup" {
            try UIBench.startup(listTrips, directory: directory)
            try UIBench.processStart()
        }
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
        let session = RoadtripApplication.makeSession(repository: store, places: nil, terminal: terminal)
        session.app.render()
        let samples = try time(session, script: listScript)
        report("ui.keystroke.list10k", samples)
        try expect(terminal.text(row: 0).contains("10,000 trips"), "the list shows 10,000 trips")
    }

    /// A trip of 500 stops: moves and J/K reorders, each reorder saved to a real file after its frame.
    static func keystrokesInTrip(directory: URL) throws {
        let trip = StoreBench.trips(1, stopsEach: 500)
        let url = directory.appendingPathComponent("trip500/trips.json")
        try TripStore.open(at: url).update { $0 = trip }
        let store = try TripStore.open(at: url)
        report("ui.keystroke.trip500", try time(openTrip(store), script: tripScript))
        try expect(!store.hasUnsavedChanges && (try TripStore.open(at: url)).trips == store.trips,
                   "every reorder was saved")
    }

    /// The list's keys: moves (j/k, PgDn/PgUp, G/g), then `/`, a few letters (each narrows the whole list again),
    /// two Backspaces, Esc (clears the filter). Each part ends where it started.
    static let listScript: [(String, [Key])] = {
        var moves: [Key] = Array(repeating: .character("j"), count: 40) + Array(repeating: .pageDown, count: 10)
        moves += Array(repeating: .character("k"), count: 20) + Array(repeating: .pageUp, count: 5)
        moves += [.character("G")] + Array(repeating: .character("k"), count: 10) + [.character("g")]
        let filter: [Key] = [.character("/")] + "number 7".map { .character($0) } + [.backspace, .backspace, .escape]
        return [("move", moves), ("filter", filter)]
    }()

    /// The 500-stop trip's keys: moves, then J/K reorders of the first stop (each part ends where it started).
    static let tripScript: [(String, [Key])] = {
        var moves: [Key] = Array(repeating: .character("j"), count: 40) + Array(repeating: .pageDown, count: 5)
        moves += Array(repeating: .character("k"), count: 10) + [.character("G"), .character("g")]
        var reorders: [Key] = Array(repeating: .character("J"), count: 10) + Array(repeating: .character("K"), count: 10)
        reorders += Array(repeating: .character("J"), count: 5) + Array(repeating: .character("K"), count: 5)
        return [("move", moves), ("reorder", reorders)]
    }()

    /// The app on a 120x40 MemoryTerminal with the first trip of `repository` open.
    static func openTrip(_ repository: TripRepository) throws -> (RoadtripApplication.Session, MemoryTerminal) {
        let terminal = MemoryTerminal(rows: rows, columns: columns)
        let session = RoadtripApplication.makeSession(repository: repository, places: nil, terminal: terminal)
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

    // MARK: Support

    static func expect(_ condition: Bool, _ what: String) throws {
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
