import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import TerminalUI
import XCTest

/// A real `TripStore` in a fresh temporary folder, removed when the test is done.
final class TemporaryTripFile {
    let directory: URL
    let url: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-apptests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent("trips.json")
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Opens the store on the file (a second store in the same process reads it read-only while another holds the lock).
    func open() throws -> TripStore {
        try TripStore.open(at: url)
    }

    /// The file parsed as plain JSON, independently of the store's own reader.
    func json() throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The trips array of the file, as plain dictionaries.
    func jsonTrips() throws -> [[String: Any]] {
        try XCTUnwrap(try json()["trips"] as? [[String: Any]])
    }

    /// The names of each trip's stops, in file order.
    func jsonStopNames(ofTrip index: Int = 0) throws -> [String] {
        let trips = try jsonTrips()
        let waypoints = try XCTUnwrap(trips[index]["waypoints"] as? [[String: Any]])
        return waypoints.map { $0["name"] as? String ?? "<missing>" }
    }
}

/// The whole app on a `MemoryTerminal`, wired by `RoadtripApplication.makeSession` exactly as `run` wires it, but
/// driven in steps so a test can look at the screen between keys. Each step queues keys and runs the loop until
/// they are used up. Place search is off unless `places` is given, so the form's answers do not depend on the gazetteer.
/// The late data starts after the first frame, as in `run`, and the driver waits for the shorelines.
final class AppDriver {
    let terminal: MemoryTerminal
    let session: RoadtripApplication.Session
    let repository: TripRepository
    /// Whether the last step ended because the app quit (q on the root screen, Ctrl-C), not because keys ran out.
    private(set) var didQuit = false

    var app: Application { session.app }
    var context: AppContext { session.context }

    /// `rescueCandidates`: where the app offers to write the trips when a save fails on quitting (none by default);
    /// `settingsFile`: where the Settings screen saves (none by default); `settings` and `legCache` give real
    /// roads (the estimate alone by default); `environment`: where the Settings screen resolves a default folder
    /// (a fixed home, not this machine's, by default); `makeEngine`: the router (e.g. `auto` over a test's regions);
    /// `regions`: the installed regions' places and POIs (else the environment's, read when first waited for).
    init(repository: TripRepository, rows: Int = 24, columns: Int = 80, unit: DistanceUnit = .km,
         settings: Settings = Settings(), legCache: LegLookup? = nil, settingsFile: SettingsFile? = nil,
         overrides: SettingsOverrides = SettingsOverrides(), baseMap: BaseMapLoader? = nil,
         places: PlaceIndexLoader? = nil, regions: RegionLoader? = nil, symbols: Symbols = .unicode,
         environment: [String: String] = ["HOME": "/home/u"],
         makeEngine: @escaping RouteService.EngineFactory = RoutingEngines.make,
         saveInBackgroundAbove: Int? = nil,
         rescueCandidates: @escaping () -> [URL] = { [] }) {
        self.repository = repository
        terminal = MemoryTerminal(rows: rows, columns: columns, symbols: symbols)
        var settings = settings
        settings.units = unit
        session = RoadtripApplication.makeSession(repository: repository, places: places, regions: regions, baseMap: baseMap,
                                                  terminal: terminal,
                                                  settings: settings, settingsFile: settingsFile, overrides: overrides,
                                                  makeEngine: makeEngine, legCache: legCache, water: TestWater.shared,
                                                  saveInBackgroundAbove: saveInBackgroundAbove,
                                                  environment: environment, rescueCandidates: rescueCandidates)
        session.app.render()
        // As `run` does after the first frame; the figures are drawn as once the shorelines and the regions are in
        // (an arrival after a test's first keys would draw its screens again in the middle of them).
        session.late.start()
        session.late.ready(for: [.shorelines, .regions], timeout: 30)
    }

    /// Sends keys through the event loop; returns how the loop ended (nil: the app quit).
    @discardableResult
    func press(_ keys: Key...) -> QuitReason? {
        terminal.enqueue(keys: keys)
        return runQueued()
    }

    /// Types text, one key per character.
    @discardableResult
    func type(_ text: String) -> QuitReason? {
        terminal.enqueue(typing: text)
        return runQueued()
    }

    func resize(rows: Int, columns: Int) {
        terminal.enqueueResize(rows: rows, columns: columns)
        runQueued()
    }

    /// Runs the loop on the keys queued, then again for each answer of the water queue (what the loop missed is
    /// measured there: a person sees the marks a moment later, a test once they are in).
    @discardableResult
    func runQueued() -> QuitReason? {
        var seen = session.late.current[.shorelines]
        var reason = app.run()
        while reason != nil, session.late.ready(for: [.shorelines], timeout: 30), session.late.current[.shorelines] != seen {
            seen = session.late.current[.shorelines]
            terminal.enqueue(event: .wake)
            reason = app.run()
        }
        didQuit = reason == nil
        return reason
    }

    var screen: [String] { terminal.screenText }
    /// The whole screen as one string, for failure messages.
    var dump: String {
        "\n" + screen.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }.joined(separator: "\n")
    }
    var topTitle: String? { app.stack.top?.title }
    var stackTitles: [String] { app.stack.screens.map(\.title) }
    /// The bottom line (status bar or message).
    var statusLine: String { terminal.text(row: terminal.size.rows - 1) }

    func screenContains(_ text: String) -> Bool {
        screen.contains { $0.contains(text) }
    }

    /// Runs the loop, and the work other threads post to it, until the screen shows `text`, for at most `seconds`.
    func waitFor(_ text: String, seconds: TimeInterval = 10) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !screenContains(text) && Date() < end {
            Thread.sleep(forTimeInterval: 0.02)
            runQueued()
        }
        return screenContains(text)
    }
}

extension Key {
    static func chars(_ text: String) -> [Key] { text.map { .character($0) } }
}
