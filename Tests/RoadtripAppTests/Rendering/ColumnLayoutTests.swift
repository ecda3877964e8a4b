import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The trip screen's and the trip list's columns at every width, and the stop preview: whole screens compared
/// with the files in Goldens/ (`ROADTRIP_UPDATE_GOLDENS=1` rewrites them, and fails: see `Golden`), and properties over 40…220 columns.
final class ColumnLayoutTests: XCTestCase {
    /// The widest run of spaces allowed between two cells of a row: the first stop's empty leg (19) after a
    /// short name, with the gaps and the padding of the next figure. The old layout opened 60 at 200 columns.
    private static let widestGap = 32

    // MARK: Goldens

    func testTripAt80x24() throws {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.enter)
        try RenderingFixtures.assertGolden(app, "trip-route66-80x24.txt")
    }

    func testTripAt60x15HasNoPreview() throws {
        let app = RenderingFixtures.app(rows: 15, columns: 60)
        app.press(.enter)
        try RenderingFixtures.assertGolden(app, "trip-route66-60x15.txt")
    }

    func testTripListAt60x15() throws {
        let app = RenderingFixtures.app(rows: 15, columns: 60)
        try RenderingFixtures.assertGolden(app, "list-60x15.txt")
    }

    func testTripListAt200x60() throws {
        let app = RenderingFixtures.app(rows: 60, columns: 200)
        try RenderingFixtures.assertGolden(app, "list-200x60.txt")
    }

    /// The plan day by day follows the same rules: the year in the summary, the plan grows first.
    func testDaysAt80x24() throws {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.enter, .character("v"))
        try RenderingFixtures.assertGolden(app, "trip-route66-days-80x24.txt")
    }

    // MARK: Properties over every width

    /// The name is cut short only while every other column is at its minimum, and a wider screen never makes
    /// a column narrower unless another column came back.
    func testTheNameGetsSpaceFirstAtEveryWidth() {
        let trips = RenderingFixtures.all.map {
            TripListViewModel.Row(id: $0.id, name: $0.name, shortID: "7C0A1B2C",
                                  dates: TripText.dates($0.startDate, $0.startDate?.adding(days: $0.totalNights)),
                                  stops: TripText.count($0.waypoints.count, "stop"),
                                  distance: "≈3,985 km", route: "\($0.waypoints.first?.name ?? "") → \($0.waypoints.last?.name ?? "")")
        }
        let tables: [(String, [TableLayout.Column], [Int])] = [
            ("stops", TripDetailView.stopColumns(stopRows(RenderingFixtures.route66), dated: true), TripDetailView.stopDropOrder.map(\.rawValue)),
            ("stops of the hostile trip", TripDetailView.stopColumns(stopRows(RenderingFixtures.hostile), dated: false),
             TripDetailView.stopDropOrder.map(\.rawValue)),
            ("trips", TripListView.columns(widest: (0..<TripListViewModel.Row.columns).map { column in
                TableLayout.widest(trips.map { $0.cells[column] })
            }), TripListView.dropOrder),
        ]
        for (table, columns, dropOrder) in tables {
            let name = columns.firstIndex(where: \.isName)!
            var previous: TableLayout?
            for width in 40...220 {
                let layout = TableLayout(columns, dropOrder: dropOrder, width: width)
                let widths = layout.frames.map { $0?.width }
                for (index, w) in widths.enumerated() {
                    // Spare width stays at the right edge.
                    XCTAssertLessThanOrEqual(w ?? 0, columns[index].wanted, "\(table) at \(width)")
                }
                if widths[name]! < columns[name].wanted {
                    for (index, w) in widths.enumerated() where index != name {
                        guard let w else { continue }
                        XCTAssertEqual(w, layout.minimums[index], "\(table) at \(width): column \(index) is wider than its "
                                       + "minimum while the name is cut short")
                    }
                }
                let total = layout.frames.compactMap { $0 }.last.map { $0.column + $0.width } ?? 0
                XCTAssertLessThanOrEqual(total, width, "\(table) at \(width)")
                if let previous, previous.frames.map({ $0 == nil }) == layout.frames.map({ $0 == nil }) {
                    for (before, after) in zip(previous.frames, layout.frames) {
                        XCTAssertLessThanOrEqual(before?.width ?? 0, after?.width ?? 0, "\(table) at \(width)")
                    }
                }
                previous = layout
            }
        }
    }

    /// Drawn in the app from 40 to 220 columns: no gap between cells wider than `widestGap`, the stop names
    /// and the trip names whole as soon as they fit, and the region leaves before the arrival day.
    func testNoWideGapsAtAnyWidth() {
        for width in 40...220 {
            let app = RenderingFixtures.app(rows: 30, columns: width, trips: [RenderingFixtures.route66, RenderingFixtures.tokaido])
            let listWidth = width >= TripListView.mapMinimumWidth ? width - width / 3 : width
            assertNoWideGaps(app, rows: 1...3, columns: listWidth, "list at \(width)")
            app.press(.enter)
            let tableWidth = width >= 112 ? TripDetailView.tableColumns : width
            assertNoWideGaps(app, rows: 3...8, columns: tableWidth, "trip at \(width)")
            let header = app.screen[3]
            if header.contains("REGION") { XCTAssertTrue(header.contains("ARRIVES"), "trip at \(width): \(header)") }
            if width >= 40 { XCTAssertTrue(app.screen[8].contains("Santa Monica"), "trip at \(width): \(app.dump)") }
            XCTAssertFalse(app.screen[4].contains("2027"), "the year is in the summary only: \(app.dump)")
        }
    }

    /// The columns are measured again when the rows change: deleting the longest name narrows the name's
    /// column, undoing widens it again.
    func testColumnsFollowTheRows() {
        // 100 columns: every column fits, the region's too.
        let app = RenderingFixtures.app(rows: 24, columns: 100)
        app.press(.enter)
        XCTAssertEqual(app.terminal.cell(row: 3, column: 20).text, "R", app.dump)  // after "Santa Monica ✎"
        app.press(.character("G"), .character("d"), .character("y"))
        XCTAssertEqual(app.terminal.cell(row: 3, column: 15).text, "R", "after \"St. Louis\": \(app.dump)")
        app.press(.character("u"))
        XCTAssertEqual(app.terminal.cell(row: 3, column: 20).text, "R", app.dump)
    }

    // MARK: The year

    func testArrivalsShowTheYearOnlyWhenTheTripCrossesOne() {
        var trip = RenderingFixtures.route66
        trip.startDate = CalendarDate("2027-12-29")
        let app = RenderingFixtures.app(rows: 24, columns: 80, trips: [trip])
        app.press(.enter)
        XCTAssertTrue(app.screen[1].hasSuffix("29 Dec 2027 – 4 Jan 2028"), app.dump)  // Santa Monica reached on the 2nd
        XCTAssertTrue(app.screen[4].hasSuffix("Wed 29 Dec 2027"), app.dump)
        XCTAssertTrue(app.screen[7].contains("Sat 1 Jan 2028 18:29"), app.dump)
    }

    // MARK: The stop preview

    func testThePreviewFollowsTheSelection() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.enter)
        XCTAssertEqual(app.rows(10...13), [
            " ─ 1 Chicago ──────────────────────────────────────────────────────────────────",
            " Illinois, US · 41.8500, -87.6500",
            " Sat 12 Jun · 1 night · leave Sun 13 Jun 09:00 UTC−5",
            " No notes",
        ], app.dump)
        // 24 h 50 of driving from Tulsa's 09:00 CDT, with 6 rests: 21:49 PDT the next day, after dusk, where its
        // nights start.
        app.press(.character("G"))
        XCTAssertEqual(app.rows(10...14), [
            " ─ 5 Santa Monica ─────────────────────────────────────────────────────────────",
            " California, US · 34.0195, -118.4914",
            " Wed 16 Jun · arrive 21:49 UTC−7 (−2 h) · 6 rests · 2 nights",
            " ☾ drives into the dark, arrives 1 h 13 after dusk (20:36 UTC−7): leave earlie…",
            " Pier at sunset",
        ], app.dump)
        app.press(.character("k"))
        XCTAssertEqual(app.screen[10], " ─ 4 Amarillo ─────────────────────────────────────────────────────────────────", app.dump)
        XCTAssertEqual(app.screen[12], " Tue 15 Jun · arrive 18:29 UTC−5 · 1 rest · passing through", app.dump)
    }

    /// Long notes are wrapped to the width and cut after what fits, marked with an ellipsis.
    func testThePreviewWrapsLongNotes() {
        var trip = RenderingFixtures.route66
        trip.waypoints[0].notes = Array(repeating: "Deep-dish pizza at Lou's, then the Art Institute.", count: 8)
            .joined(separator: " ")
        let app = RenderingFixtures.app(rows: 24, columns: 60, trips: [trip])
        app.press(.enter)
        let notes = app.rows(13...16)
        XCTAssertEqual(notes.first, " Deep-dish pizza at Lou's, then the Art Institute.", app.dump)
        XCTAssertEqual(notes[1], " Deep-dish pizza at Lou's, then the Art Institute.", app.dump)
        XCTAssertTrue(notes.last!.hasSuffix(" …"), app.dump)
        XCTAssertTrue(app.screen[17].isEmpty, app.dump)
    }

    /// The stops keep `listMinimumRows`: a long trip on a short screen has no preview, a taller one has (from
    /// 19 rows with the trip's notes line).
    func testThePreviewNeverTakesTheStopsRoom() {
        var trip = RenderingFixtures.route66
        trip.waypoints += (1...30).map { Waypoint(name: "Stop \($0)", latitude: 35, longitude: -100 + Double($0) / 10) }
        for (rows, shown) in [(15, false), (18, false), (19, true), (24, true), (40, true)] {
            let app = RenderingFixtures.app(rows: rows, columns: 80, trips: [trip])
            app.press(.enter)
            XCTAssertEqual(app.screenContains("─ 1 Chicago ─"), shown, "\(rows) rows: \(app.dump)")
            let stopRows = app.screen.filter { $0.range(of: #"^ +[0-9]+  "#, options: .regularExpression) != nil }.count
            XCTAssertGreaterThanOrEqual(stopRows, min(35, shown ? TripDetailView.listMinimumRows : rows - 5), app.dump)
        }
    }

    /// A scrollbar takes the last column; the cells keep a space before it.
    func testCellsKeepASpaceBeforeTheScrollbar() {
        var trip = RenderingFixtures.route66
        trip.waypoints += (1...30).map { Waypoint(name: "Stop \($0)", latitude: 35, longitude: -100 + Double($0) / 10) }
        // 63 columns: every column fits exactly in 61 without the scrollbar.
        let app = RenderingFixtures.app(rows: 15, columns: 63, trips: [trip])
        app.press(.enter)
        for row in 4...13 {
            XCTAssertEqual(app.terminal.cell(row: row, column: 61).text, " ", "row \(row): \(app.dump)")
            XCTAssertTrue(["█", "│"].contains(app.terminal.cell(row: row, column: 62).text), "row \(row): \(app.dump)")
        }
    }

    // MARK: Helpers

    /// The stop rows the trip screen shows for `trip`.
    private func stopRows(_ trip: Trip) -> [TripDetailViewModel.Row] {
        let view = SpyTripDetailView()
        let presenter = TripDetailPresenter(
            interactor: TripDetailInteractor(tripID: trip.id, repository: InMemoryTripRepository(trips: [trip])),
            router: SpyTripDetailRouter(), routes: TestRoutes.estimate(), settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
        return view.last.rows
    }

    /// Within the first `columns` of each of `rows`, no run of spaces between two cells is wider than `widestGap`.
    private func assertNoWideGaps(_ app: AppDriver, rows: ClosedRange<Int>, columns: Int, _ what: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        for row in rows {
            // Runs of spaces after the margin and before the end of the text.
            var widest = 0, run = 0
            for character in app.screen[row].prefix(columns).drop(while: { $0 == " " }) {
                if character == " " {
                    run += 1
                } else {
                    widest = max(widest, run)
                    run = 0
                }
            }
            XCTAssertLessThanOrEqual(widest, Self.widestGap, "\(what), row \(row): \(app.dump)", file: file, line: line)
        }
    }
}
