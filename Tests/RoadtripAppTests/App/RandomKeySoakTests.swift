import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// 100,000 random keys and resizes through the whole app (`RoadtripApplication.run`) on a `MemoryTerminal`, over
/// a real `TripStore` in a temporary folder, with what a person's run has: the gazetteer (the form suggests
/// places), the base map (the trip screen's and the full-screen map) and a road engine that answers late, on the
/// real `RouteService`, so legs change under the screens while keys arrive. No crash; afterwards the file opens
/// and holds exactly what the app had in memory. The keys are seeded, so a failure replays:
/// `ROADTRIP_SOAK_SEED=<seed>` (printed); when the late answers arrive is up to the threads.
final class RandomKeySoakTests: XCTestCase {
    /// A road engine far away: every leg after a pause, one in seven with no road.
    private final class LateEngine: RoutingEngine, @unchecked Sendable {
        let source = LegSource.osrm
        let identity = "late engine"
        private let lock = NSLock()
        private var asked = 0
        /// Legs asked for so far, from any run.
        var legsAsked: Int { lock.lock(); defer { lock.unlock() }; return asked }

        func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
            lock.lock()
            asked += 1
            lock.unlock()
            usleep(3_000)
            let estimate = EstimateEngine(detour: 1.2, speedKmh: 70).leg(from: from, to: to)
            if Int(from.latitude * 1000 + to.longitude * 1000) % 7 == 0 { throw RoutingFailure.noRoute("OSRM: no route") }
            return RoutedLeg(distanceKm: estimate.distanceKm, durationSeconds: estimate.durationSeconds,
                             geometry: [from, to], source: .osrm)
        }
    }

    func testHundredThousandRandomKeysAndResizes() throws {
        let count = Int(ProcessInfo.processInfo.environment["ROADTRIP_SOAK_KEYS"] ?? "") ?? 100_000
        let seed = UInt64(ProcessInfo.processInfo.environment["ROADTRIP_SOAK_SEED"] ?? "") ?? 0x5EED_2026
        let file = try TemporaryTripFile()
        // Random keys reach the export dialog (x) and write files where the app runs: there, not in the checkout.
        let workingFolder = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(file.directory.path))
        defer { FileManager.default.changeCurrentDirectoryPath(workingFolder) }
        var store: TripStore? = try file.open()
        try store!.update { $0 = RenderingFixtures.all }
        let places = PlaceIndexLoader(), baseMap = BaseMapLoader()
        // Loaded before the first key, so that a seed replays the same screens.
        _ = try places.wait()
        _ = try baseMap.wait()
        var settings = Settings()
        settings.router = .osrm
        let engine = LateEngine()

        var random = SplitMix64(seed: seed)
        let terminal = MemoryTerminal(rows: 24, columns: 80)
        let script = SoakScript(random: &random, count: count, terminal: terminal)

        let start = Date()
        var runs = 0
        var signals = 0
        while terminal.pendingEventCount > 0 {
            runs += 1
            var runSettings = settings
            runSettings.units = runs % 2 == 0 ? .km : .mi
            let outcome = RoadtripApplication.run(repository: store!, places: places,
                                                  baseMap: baseMap, terminal: terminal, settings: runSettings,
                                                  makeEngine: { _ in engine })
            if case .signal = outcome.outcome { signals += 1 }
            XCTAssertFalse(store!.hasUnsavedChanges, "run \(runs) left unsaved changes")
            assertNoRawControls(terminal)
        }
        let seconds = Date().timeIntervalSince(start)
        let inMemory = store!.trips
        let stops = inMemory.reduce(0) { $0 + $1.waypoints.count }
        print("""
            soak: \(count) keys (\(script.resizes) resizes, \(script.macros) scripted bursts) in \(String(format: "%.2f", seconds)) s, \
            \(runs) runs of the app (\(signals) ended by signals), \(engine.legsAsked) legs asked late, seed \(seed); \
            finally \(inMemory.count) trips, \(stops) stops
            """)
        // The soak reached the deep states, not only the list.
        XCTAssertGreaterThan(runs, 10)
        XCTAssertGreaterThan(engine.legsAsked, 0, "the screens asked the engine for legs")
        XCTAssertGreaterThan(stops, RenderingFixtures.all.reduce(0) { $0 + $1.waypoints.count },
                             "stops were added through the form")
        XCTAssertTrue(inMemory.contains { $0.waypoints.contains { $0.placeId != nil } }, "places were picked")
        for trip in inMemory { XCTAssertNoThrow(try trip.validated(), "\(trip.name)") }
        store = nil  // let the lock go, as the process would

        let reopened = try file.open()
        XCTAssertEqual(reopened.access, .readWrite)
        XCTAssertEqual(reopened.trips, inMemory, "the file holds what the app had")
        XCTAssertTrue(reopened.notices.isEmpty, "\(reopened.notices)")
        // And it is a JSON document any reader accepts.
        XCTAssertEqual(try file.jsonTrips().count, inMemory.count)
    }

    private func assertNoRawControls(_ terminal: MemoryTerminal, file: StaticString = #filePath, line: UInt = #line) {
        for row in 0..<terminal.size.rows {
            for column in 0..<terminal.size.columns
            where terminal.cell(row: row, column: column).text.unicodeScalars.contains(where: TerminalSafe.isUnsafe) {
                return XCTFail("raw control at \(row),\(column): \(terminal.screenText)", file: file, line: line)
            }
        }
    }
}

/// Queues the random script on the terminal: mostly single keys (command letters weighted up), sometimes a resize
/// to a random size (1x1 included), sometimes a short burst that a person would type (a trip name and Enter, a
/// stop with coordinates and Ctrl-S) so the soak also spends time deep in the app, not only on the list.
struct SoakScript {
    private(set) var resizes = 0
    private(set) var macros = 0

    init(random: inout SplitMix64, count: Int, terminal: MemoryTerminal) {
        let commands: [Character] = Array("ardl/hjkgGJKenqsy?mv0+-p") + ["n", "y", "q", "a", "d", "J", "K"]
        let text: [Character] = Array("abcxyz XYZ0123456789.,-°'NSEW") + ["東", "京", "é", "🚗", "👨‍👩‍👧", "\u{301}"]
        let special: [Key] = [
            .up, .down, .left, .right, .shiftUp, .shiftDown, .enter, .enter, .escape, .escape, .tab, .backTab,
            .backspace, .delete, .ctrl("s"), .ctrl("s"), .ctrl("u"), .ctrl("w"), .ctrl("k"), .ctrl("a"), .ctrl("e"),
            .home, .end, .pageUp, .pageDown, .insert, .function(1), .scrollUp, .scrollDown, .ctrlLeft, .ctrlRight,
        ]
        var queued = 0
        while queued < count {
            let roll = random.next(below: 1000)
            if roll < 4 {
                // A resize: usually an everyday size, sometimes a large or a tiny one (1x1, 20x5, one row, one
                // column, just under and at the 40x10 minimum).
                let tiny: [(Int, Int)] = [(1, 1), (5, 20), (1, 80), (24, 1), (9, 39), (10, 40)]
                let size: (Int, Int)
                switch random.next(below: 10) {
                case 0...2: size = tiny[random.next(below: tiny.count)]
                case 3: size = (40 + random.next(below: 21), 120 + random.next(below: 81))
                default: size = (10 + random.next(below: 31), 40 + random.next(below: 81))
                }
                terminal.enqueueResize(rows: size.0, columns: size.1)
                resizes += 1
                queued += 1
            } else if roll < 6 {
                terminal.enqueue(.ctrl("c"))  // quits at once; the loop starts the app again
                queued += 1
            } else if roll < 7 {
                terminal.enqueue(event: .quit(.signal(15)))
                queued += 1
            } else if roll < 17 {
                let burst = Self.burst(&random)
                terminal.enqueue(keys: burst)
                macros += 1
                queued += burst.count
            } else if roll < 450 {
                terminal.enqueue(.character(commands[random.next(below: commands.count)]))
                queued += 1
            } else if roll < 750 {
                terminal.enqueue(.character(text[random.next(below: text.count)]))
                queued += 1
            } else {
                terminal.enqueue(special[random.next(below: special.count)])
                queued += 1
            }
        }
    }

    /// What a person would type in one go.
    private static func burst(_ random: inout SplitMix64) -> [Key] {
        func chars(_ s: String) -> [Key] { s.map { .character($0) } }
        let names = ["Chicago", "東京", "Café 🚗", "Zürich", "São Paulo", "x"]
        let name = names[random.next(below: names.count)]
        let lat = Double(random.next(below: 18_000)) / 100 - 90
        let lon = Double(random.next(below: 36_000)) / 100 - 180
        switch random.next(below: 5) {
        case 0: return [.character("a")] + chars("Trip \(name)") + [.enter]
        // The first place the gazetteer suggests, picked and saved.
        case 4: return [.character("a")] + chars(name) + [.down, .enter, .ctrl("s")]
        case 1: return [.character("a")] + chars(name) + [.tab] + chars("\(lat), \(lon)") + [.ctrl("s")]
        case 2: return [.character("a")] + chars(name) + [.tab] + chars("\(lat)") + [.tab] + chars("\(lon)")
            + [.tab, .ctrl("u")] + chars("\(random.next(below: 4))") + [.tab, .enter]
        default: return [.enter, .enter, .character("a")] + chars(name) + [.tab] + chars("\(lat) \(lon)") + [.ctrl("s")]
        }
    }
}

extension SplitMix64 {
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
