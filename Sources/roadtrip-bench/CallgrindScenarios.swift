import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

/// The one function callgrind counts: `--toggle-collect` turns counting on as it is entered and off as it returns,
/// so set-up costs nothing. Never inlined, so that its symbol exists (`CallgrindBench.measuredSymbol`).
@inline(never)
func callgrindMeasured(_ body: () -> Void) {
    body()
    callgrindDump()
}

/// `--dump-after` writes what the call counted, so each call is one figure; a function of its own, as valgrind 3.19
/// applies only one of its options to a function. Called while counting, as it dumps only then; the count it keeps
/// is there so that the optimiser cannot drop the call. Costs the measured call a few instructions.
@inline(never)
func callgrindDump() {
    callgrindDumps &+= 1
}

private var callgrindDumps = 0

/// The scenarios `CallgrindBench` runs under valgrind: this same binary started with BENCH_CALLGRIND_SCENARIO. Each
/// sets up and warms up uncounted, then makes `passes` passes of measured calls, writing one label a call
/// (`pass<TAB>part`) to `labels` in the order of callgrind's dumps.
enum CallgrindScenarios {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ name: String, data: URL, passes: Int, labels: URL) throws {
        var written: [String] = []
        let measure = { (pass: Int, part: String, body: () -> Void) in
            callgrindMeasured(body)
            written.append("\(pass)\t\(part)")
        }
        switch name {
        case CallgrindBench.list10k:
            let store = try TripStore.open(at: CallgrindBench.list10kFile(data))
            let session = RoadtripApplication.makeSession(repository: store, places: nil,
                                                          terminal: MemoryTerminal(rows: UIBench.rows, columns: UIBench.columns))
            session.app.render()
            try keys(session.app, UIBench.listScript, passes: passes, measure: measure)
        case CallgrindBench.trip500:
            let (session, _) = try UIBench.openTrip(try TripStore.open(at: CallgrindBench.trip500File(data)))
            try keys(session.app, UIBench.tripScript, passes: passes, measure: measure)
        case CallgrindBench.mapRender:
            let loader = BaseMapLoader(), places = PlaceIndexLoader(cacheDirectory: CallgrindBench.placesCache(data))
            _ = try loader.wait()
            _ = try places.wait()
            let content = MapBench.content(MapBench.trip, loader: loader, places: places)
            let terminal = MemoryTerminal(rows: MapBench.rows, columns: MapBench.columns)
            // As `map.render`: a whole map from nothing, the selected stop moving on each run.
            for run in 0...(passes * CallgrindBench.rendersPerPass) {
                terminal.clear()
                let draw = { TripMapRenderer().render(content, selected: run % 500, on: terminal, in: Rect(size: terminal.size)) }
                if run == 0 { draw() } else { measure((run - 1) / CallgrindBench.rendersPerPass, "render", draw) }
            }
        case CallgrindBench.placesQuery:
            let index = try PlaceIndex.openBundled(cacheDirectory: CallgrindBench.placesCache(data))
            guard let queries = PlacesBenchQueries.read() else { throw Failure(description: "\(PlacesBenchQueries.file.path) not found") }
            for pass in -1..<passes {
                for (number, query) in queries.enumerated() {
                    let ask = { _ = index.query(query.text, limit: 10, near: query.near, useCache: false) }
                    if pass < 0 { ask() } else { measure(pass, String(number), ask) }
                }
            }
        default:
            throw Failure(description: "no scenario \(name)")
        }
        try written.joined(separator: "\n").write(to: labels, atomically: true, encoding: .utf8)
    }

    /// Plays `script` once uncounted, then `passes` times counting each key's `handle` and `render` (together what
    /// `UIBench` times); the save that follows the frame is left out, as there.
    private static func keys(_ app: Application, _ script: [(String, [Key])], passes: Int,
                             measure: (Int, String, () -> Void) -> Void) throws {
        for pass in -1..<passes {
            for (part, keys) in script {
                for key in keys {
                    // The key's handling and its frame are counted apart, one figure each.
                    let (handle, frame) = ({ app.handle(key) }, { app.render() })
                    if pass < 0 {
                        handle()
                        frame()
                    } else {
                        measure(pass, part + ".handle", handle)
                        measure(pass, part + ".frame", frame)
                    }
                    if app.afterFrame?() ?? false { throw Failure(description: "a save failed") }
                }
            }
        }
    }
}
