import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The trip screen with its map beside the stops, whole screens compared with the files in Goldens/
/// (`ROADTRIP_UPDATE_GOLDENS=1` rewrites them from the current output, and fails: see `Golden`).
final class TripMapRenderingTests: XCTestCase {
    private func app(rows: Int, columns: Int, baseMap: Bool) throws -> AppDriver {
        let loader = baseMap ? BaseMapLoader() : nil
        _ = try loader?.wait()
        return AppDriver(repository: InMemoryTripRepository(trips: RenderingFixtures.all), rows: rows, columns: columns,
                         baseMap: loader)
    }

    func testRoute66At120x40WithTheMapBesideTheStops() throws {
        let app = try app(rows: 40, columns: 120, baseMap: true)
        app.press(.enter)
        try RenderingFixtures.assertGolden(app, "trip-route66-120x40.txt")
    }

    func testRoute66At200x60() throws {
        let app = try app(rows: 60, columns: 200, baseMap: true)
        app.press(.enter)
        app.press(.character("j"), .character("j"))
        try RenderingFixtures.assertGolden(app, "trip-route66-200x60-third-selected.txt")
    }

    /// Without the base map (still loading, or missing) the route and the stops are drawn alone.
    func testWithoutTheBaseMapTheRouteAndStopsStillShow() throws {
        let app = try app(rows: 40, columns: 120, baseMap: false)
        app.press(.enter)
        try RenderingFixtures.assertGolden(app, "trip-route66-120x40-no-basemap.txt")
    }

    /// The selected stop's marker and label are drawn highlighted, and follow the cursor.
    func testTheSelectedStopIsHighlighted() throws {
        let app = try app(rows: 40, columns: 120, baseMap: false)
        app.press(.enter)
        XCTAssertEqual(Set(highlighted(app)), ["1", "Chicago"])
        app.press(.character("j"))
        XCTAssertEqual(Set(highlighted(app)), ["2", "St. Louis"])
    }

    /// No map beside the stops below 112 columns (the table keeps every column first), and none under them on a
    /// screen under about 35 rows.
    func testNoMapOnANarrowShortScreen() throws {
        for (rows, columns) in [(34, 111), (24, 80), (60, 31)] {
            let app = try app(rows: rows, columns: columns, baseMap: false)
            app.press(.enter)
            XCTAssertFalse(app.screen.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, app.dump)
            XCTAssertFalse(app.screen.joined().contains("GSHHG"), app.dump)
        }
    }

    /// On a tall narrow screen the map goes under the stops: every stop's row and the preview stay, the map takes
    /// the rest of the screen, its selected stop following the cursor.
    func testOnATallNarrowScreenTheMapIsUnderTheStops() throws {
        let app = try app(rows: 50, columns: 80, baseMap: true)
        app.press(.enter, .character("j"), .character("j"))
        try RenderingFixtures.assertGolden(app, "trip-route66-80x50-map-under.txt")
        let screen = app.screen
        let lastStop = try XCTUnwrap(screen.firstIndex { $0.contains("5  Santa Monica") })
        let preview = try XCTUnwrap(screen.firstIndex { $0.contains("─ 3 ") })
        let credit = try XCTUnwrap(screen.firstIndex { $0.contains("GSHHG") })
        XCTAssertLessThan(lastStop, preview)
        XCTAssertLessThan(preview, credit)
        XCTAssertEqual(credit, 48, "the map reaches the status bar")
        let mapRows = screen[(preview + 4)..<credit].filter { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        XCTAssertGreaterThanOrEqual(mapRows.count, TripDetailView.mapBelowMinimumRows - 2, app.dump)
    }

    /// The runs of `.selection` cells in the map's half of the screen, as text.
    private func highlighted(_ app: AppDriver) -> [String] {
        let terminal = app.terminal
        var runs: [String] = []
        for row in 3..<terminal.size.rows - 1 {
            var run = ""
            for column in (TripDetailView.tableColumns + 1)..<terminal.size.columns {
                let cell = terminal.cell(row: row, column: column)
                if cell.attributes.role == .selection { run += cell.text } else if !run.isEmpty { runs.append(run); run = "" }
            }
            if !run.isEmpty { runs.append(run) }
        }
        return runs
    }
}

final class MapAttributionTests: XCTestCase {
    /// The trip list's help credits the data sources, their licences included.
    func testTheTripListHelpCreditsGeoNamesGSHHGAndTheTimeZoneBoundaries() {
        let app = RenderingFixtures.app(rows: 40, columns: 120)
        app.press(.character("?"))
        let screen = app.screen.joined(separator: "\n")
        XCTAssertTrue(screen.contains("GeoNames"), app.dump)
        XCTAssertTrue(screen.contains("Map data: GSHHG (Wessel & Smith), licensed under LGPL-3.0."), app.dump)
        XCTAssertTrue(screen.contains("timezone-boundary-builder, © OpenStreetMap contributors, ODbL"),
                      app.dump)
    }
}
