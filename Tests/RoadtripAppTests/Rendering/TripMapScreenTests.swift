import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The full-screen map (`m` on the trip screen), whole screens compared with the files in Goldens/
/// (`ROADTRIP_UPDATE_GOLDENS=1` rewrites them from the current output, and fails: see `Golden`). The demo's
/// goldens show the gazetteer's towns: a new gazetteer changes them (check the towns, then rewrite).
final class TripMapScreenTests: XCTestCase {
    private static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// Loaded once for every test: the files do not change.
    private static let baseMap: BaseMapLoader = {
        let loader = BaseMapLoader()
        _ = try? loader.wait()
        return loader
    }()
    private static let places: PlaceIndexLoader = {
        let loader = PlaceIndexLoader()
        _ = try? loader.wait()
        return loader
    }()

    /// The demo's trips (Tōkaidō, the Alps loop, Route 66, in that order).
    private func demoTrips() throws -> [Trip] {
        let file = try TemporaryTripFile()
        try FileManager.default.copyItem(at: Self.checkout.appendingPathComponent("Resources/demo/trips.json"), to: file.url)
        return try file.open().trips
    }

    /// The app on `trips` with the first trip's map open (`down` moves to another trip first).
    private func openMap(_ trips: [Trip], rows: Int, columns: Int, down: Int = 0, towns: Bool = true,
                         symbols: Symbols = .unicode) -> AppDriver {
        let app = AppDriver(repository: InMemoryTripRepository(trips: trips), rows: rows, columns: columns,
                            baseMap: Self.baseMap, places: towns ? Self.places : nil, symbols: symbols)
        for _ in 0..<down { app.press(.character("j")) }
        app.press(.enter, .character("m"))
        return app
    }

    private func stop(_ name: String, _ latitude: Double, _ longitude: Double) -> Waypoint {
        Waypoint(name: name, latitude: latitude, longitude: longitude)
    }

    func testRoute66At120x40() throws {
        let app = openMap(try demoTrips(), rows: 40, columns: 120, down: 2)
        XCTAssertEqual(app.topTitle, "Map: Route 66")
        try RenderingFixtures.assertGolden(app, "map-route66-120x40.txt")
    }

    /// Zoomed in twice on the third stop: its label highlighted, the scale and the status line follow.
    func testRoute66At200x60ZoomedOnTheThirdStop() throws {
        let app = openMap(try demoTrips(), rows: 60, columns: 200, down: 2)
        app.press(.character("n"), .character("n"), .character("+"), .character("+"))
        XCTAssertTrue(app.screen[0].contains("×4"), app.dump)
        XCTAssertTrue(app.screen[58].contains("3/12 St. Louis · Missouri, US"), app.dump)
        try RenderingFixtures.assertGolden(app, "map-route66-200x60-zoomed.txt")
    }

    func testAlpsLoop() throws {
        let app = openMap(try demoTrips(), rows: 40, columns: 120, down: 1)
        try RenderingFixtures.assertGolden(app, "map-alps-120x40.txt")
    }

    func testATripAcrossTheAntimeridianIsOnePiece() throws {
        let trip = Trip(name: "Bering", waypoints: [stop("Petropavlovsk", 53.0, 158.65), stop("Anadyr", 64.73, 177.5),
                                                    stop("Nome", 64.5, -165.4), stop("Anchorage", 61.2, -149.9)])
        let app = openMap([trip], rows: 30, columns: 100, towns: false)
        try RenderingFixtures.assertGolden(app, "map-bering-100x30.txt")
    }

    func testOneStop() throws {
        let app = openMap([Trip(name: "Solo", waypoints: [stop("Reykjavík", 64.14, -21.94)])], rows: 24, columns: 80,
                          towns: false)
        try RenderingFixtures.assertGolden(app, "map-one-stop-80x24.txt")
    }

    func testAnEmptyTripShowsTheWorldAndSaysSo() throws {
        let app = openMap([Trip(name: "Someday")], rows: 24, columns: 80, towns: false)
        XCTAssertTrue(app.screen[22].contains("No stops yet"), app.dump)
        app.press(.character("n"), .enter, .character("p"))  // nothing to select: nothing happens
        XCTAssertEqual(app.topTitle, "Map: Someday")
        try RenderingFixtures.assertGolden(app, "map-empty-80x24.txt")
    }

    /// Without a UTF-8 locale the terminal's symbols are ASCII: the map is drawn with ' . : and the credit says (c).
    func testASCIIFallback() throws {
        let app = openMap(try demoTrips(), rows: 30, columns: 100, down: 1, towns: false, symbols: .ascii)
        XCTAssertFalse(app.screen.joined().unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }, app.dump)
        XCTAssertTrue(app.screen[28].contains("(c) GSHHG"), app.dump)
        try RenderingFixtures.assertGolden(app, "map-alps-100x30-ascii.txt")
    }

    /// Down to 60x15 the map is drawn (the selected stop kept in view); below the app's minimum the app says the
    /// terminal is too small; back to a large size the map is whole again, the zoom and the selection kept.
    func testResizeDownAndUpStaysCorrect() throws {
        let app = openMap(try demoTrips(), rows: 40, columns: 120, down: 2)
        app.press(.character("n"), .character("+"))
        app.resize(rows: 15, columns: 60)
        XCTAssertTrue(app.screen[13].contains("2/12 Springfield"), app.dump)
        XCTAssertTrue(app.screen[1..<13].joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, app.dump)
        app.resize(rows: 9, columns: 30)
        XCTAssertTrue(app.screenContains("Terminal too small"), app.dump)
        app.resize(rows: 40, columns: 120)
        XCTAssertTrue(app.screen[0].contains("×2 · 1 cell ≈ 11.4 km"), app.dump)
        XCTAssertTrue(app.screen[38].contains("2/12 Springfield"), app.dump)
        XCTAssertTrue(app.screen[1..<38].joined().contains("2 Springfield"), app.dump)
    }

    func testKeysPanZoomFitAndBack() throws {
        let app = openMap(try demoTrips(), rows: 40, columns: 120, down: 2, towns: false)
        let fitted = app.screen
        app.press(.character("l"))
        XCTAssertNotEqual(app.screen, fitted)
        app.press(.character("h"))
        XCTAssertEqual(app.screen, fitted, "east then west is where it was")
        app.press(.character("+"), .down, .right)
        XCTAssertTrue(app.screen[0].contains("×2"), app.dump)
        app.press(.character("0"))
        XCTAssertEqual(app.screen, fitted, "0 fits the whole trip again")
        app.press(.scrollUp)
        XCTAssertTrue(app.screen[0].contains("×2"), app.dump)
        app.press(.scrollDown)
        XCTAssertTrue(app.screen[0].contains("×1 "), app.dump)
        app.press(.character("q"))
        XCTAssertEqual(app.topTitle, "Route 66")
    }

    /// Enter opens the selected stop's form; what it saves is on the map and in the trip.
    func testEnterEditsTheSelectedStop() throws {
        let app = openMap(try demoTrips(), rows: 40, columns: 120, down: 2, towns: false)
        app.press(.character("p"), .character("n"), .character("n"), .enter)
        XCTAssertEqual(app.topTitle, "Edit stop")
        app.press(.ctrl("u"))
        app.type("Lincoln")
        app.press(.ctrl("s"))
        XCTAssertEqual(app.topTitle, "Map: Route 66", app.dump)
        XCTAssertTrue(app.screenContains("3/12 Lincoln"), app.dump)
        XCTAssertEqual(app.repository.trips[2].waypoints[2].name, "Lincoln")
    }

    /// A click selects the stop nearest to it.
    func testAClickSelectsTheNearestStop() throws {
        let app = openMap(try demoTrips(), rows: 40, columns: 120, down: 2, towns: false)
        let row = try XCTUnwrap(app.screen.firstIndex { $0.contains("Santa Monica") })
        let column = TextWidth.width(String(app.screen[row].prefix { $0 != "S" }))
        app.press(.click(row: row, column: column))
        XCTAssertTrue(app.screen[38].contains("12/12 Santa Monica"), app.dump)
    }

    /// Back on the trip screen, the cursor is on the stop last selected on the map (by key or by click).
    func testTheTripScreenFollowsTheStopSelectedOnTheMap() throws {
        let trips = try demoTrips()
        let app = openMap(trips, rows: 40, columns: 120, down: 2, towns: false)
        app.press(.character("n"), .character("n"), .character("q"))
        XCTAssertEqual(app.topTitle, "Route 66")
        XCTAssertEqual(selectedRow(app)?.contains(trips[2].waypoints[2].name), true, app.dump)
        app.press(.character("m"))
        let row = try XCTUnwrap(app.screen.firstIndex { $0.contains("Santa Monica") })
        app.press(.click(row: row, column: TextWidth.width(String(app.screen[row].prefix { $0 != "S" }))),
                  .character("q"))
        XCTAssertEqual(selectedRow(app)?.contains("Santa Monica"), true, app.dump)
    }

    /// The text of the row drawn in the selection colour.
    private func selectedRow(_ app: AppDriver) -> String? {
        (0..<app.terminal.size.rows).first { app.terminal.cell(row: $0, column: 2).attributes == .selection }
            .map { app.terminal.text(row: $0) }
    }

    /// The map's screen is freed when it is closed (its presenter and interactor with it).
    func testTheModuleIsFreedAfterClosing() throws {
        let app = openMap(try demoTrips(), rows: 40, columns: 120, towns: false)
        weak var view = app.app.stack.top
        XCTAssertNotNil(view)
        app.press(.character("q"))
        XCTAssertNil(view)
    }
}

/// The trip list's mini map: the selected trip's, beside the list from 120 columns.
final class TripListMiniMapTests: XCTestCase {
    private func app(columns: Int) -> AppDriver {
        RenderingFixtures.app(rows: 40, columns: columns)
    }

    /// The right third of the screen, where the map goes.
    private func map(_ app: AppDriver) -> String {
        app.screen.map { String($0.dropFirst(80)) }.joined(separator: "\n")
    }

    func testTheMapFollowsTheSelection() {
        let app = app(columns: 120)
        XCTAssertTrue(map(app).contains("Santa Monica"), app.dump)
        app.press(.character("j"))
        XCTAssertFalse(map(app).contains("Santa Monica"), app.dump)
        XCTAssertTrue(map(app).contains("京都"), app.dump)
        app.press(.character("k"))
        XCTAssertTrue(map(app).contains("Santa Monica"), app.dump)
    }

    func testNoMapBelow120Columns() {
        let app = app(columns: 119)
        XCTAssertFalse(app.screenContains("GSHHG"), app.dump)
        XCTAssertFalse(app.screen.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, app.dump)
    }
}
