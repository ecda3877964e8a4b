import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import TerminalUI
import XCTest

/// The whole app on a MemoryTerminal with a real `osrm-routed` on loopback (the Helsinki test graph): the trip
/// screen shows estimates at once and real legs as they arrive, while keys typed meanwhile all take effect.
final class RoutesArrivingTests: XCTestCase {
    private var server: LocalOSRMServer!
    private var cacheFolder: URL!

    override func setUpWithError() throws {
        server = try LocalOSRMServer(graph: try RoutingTools.osrmGraph(for: RoutingTools.helsinkiExtract))
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-arriving-\(UUID())")
    }

    override func tearDownWithError() throws {
        server?.stop()
        // Set only when setUp got that far (without the OSRM tools it throws first).
        if let cacheFolder { try? FileManager.default.removeItem(at: cacheFolder) }
    }

    private var helsinki: Trip {
        let points = [(60.1700, 24.9400), (60.1781, 24.9443), (60.1760, 24.9521), (60.1697, 24.9365),
                      (60.1655, 24.9391), (60.1739, 24.9521), (60.1676, 24.9417), (60.1760, 24.9417)]
        return Trip(name: "Helsinki", waypoints: points.enumerated().map {
            Waypoint(name: "Stop \($0.offset + 1)", latitude: $0.element.0, longitude: $0.element.1)
        })
    }

    private func app(router: Settings.RouterKind = .osrm) -> (AppDriver, InMemoryTripRepository) {
        var settings = Settings()
        settings.router = router
        settings.osrmURL = server.baseURL.absoluteString
        let repository = InMemoryTripRepository(trips: [helsinki])
        let driver = AppDriver(repository: repository, rows: 30, columns: 100, settings: settings,
                               legCache: LegCache(directory: cacheFolder))
        return (driver, repository)
    }

    /// Presses `keys` one by one with a pause after each, so answers arrive between them.
    private func pressSlowly(_ app: AppDriver, _ keys: [Key]) {
        for key in keys {
            app.press(key)
            usleep(3_000)
        }
    }

    func testLegsArriveWhileTheUserMovesAndTypesAndNoKeyIsLost() throws {
        let (app, repository) = app()
        app.press(.enter)
        XCTAssertTrue(app.screen[4].contains("≈"), "estimates first, at once: \(app.dump)")
        XCTAssertTrue(app.screen[1].hasSuffix(" · routing…"), "and the summary says real legs are coming: \(app.dump)")
        // Down and up through the stops while the answers come in.
        pressSlowly(app, Array(repeating: .character("j"), count: 5) + Array(repeating: .character("k"), count: 2))
        // Open the form and type a name: every letter must land.
        pressSlowly(app, [.character("a")] + Key.chars("Suomenlinna"))
        XCTAssertEqual(app.topTitle, "New stop", app.dump)
        XCTAssertTrue(app.screenContains("Suomenlinna"), app.dump)
        app.press(.escape, .character("y"))
        XCTAssertEqual(app.topTitle, "Helsinki", app.dump)
        // Wait (bounded) for every leg, then one more frame takes the last answers in.
        XCTAssertTrue(app.session.routes.waitUntilIdle(timeout: 10))
        app.press(.character("k"), .character("j"))
        XCTAssertEqual(selectedRow(app), 4, "5 down, 2 up, 1 up, 1 down from the first stop: \(app.dump)")
        let legRows = (4...10).map { app.screen[$0] }
        XCTAssertFalse(legRows.contains { $0.contains("≈") }, "every leg routed: \(app.dump)")
        XCTAssertTrue(app.screen[1].contains(" km · "), app.dump)
        XCTAssertFalse(app.screen[1].contains("≈"), "the totals are real too: \(app.dump)")
        XCTAssertFalse(app.screen[1].contains("routing…"), app.dump)
        XCTAssertEqual(repository.trips[0].waypoints.count, 8, "the cancelled form added nothing")
        // The legs on screen are the server's own answers for the same points.
        let itinerary = app.session.routes.itinerary(for: repository.trips[0])
        let stops = repository.trips[0].waypoints
        let direct = try OSRMEngine(baseURL: server.baseURL).leg(from: stops[0].coordinate, to: stops[1].coordinate)
        XCTAssertEqual(itinerary.legs[0].distanceKm, direct.distanceKm, accuracy: 0.001)
        XCTAssertEqual(itinerary.legs[0].source, .osrm)
    }

    func testADeadServerLeavesEstimatesAndSaysWhy() throws {
        server.stop()
        let (app, _) = app()
        app.press(.enter)
        XCTAssertTrue(app.session.routes.waitUntilIdle(timeout: 10), "a dead server does not hang anything")
        // The failure is handed to the loop like an answer: the next frame says why the legs are estimates.
        app.app.runPosted()
        app.app.render()
        XCTAssertTrue(app.screenContains("≈ Leg 1–2 is estimated: OSRM: no server at \(server.baseURL.absoluteString)"),
                      app.dump)
        XCTAssertTrue(app.screen[4].contains("≈"), app.dump)
        XCTAssertEqual(app.session.routes.itinerary(for: helsinki).legs.map(\.note),
                       Array(repeating: "OSRM: no server at \(server.baseURL.absoluteString)", count: 7))
    }

    /// The selected stop's number (stops start on row 3).
    private func selectedRow(_ app: AppDriver) -> Int? {
        (3..<app.terminal.size.rows).first { app.terminal.cell(row: $0, column: 3).attributes == .selection }.map { $0 - 2 }
    }
}
