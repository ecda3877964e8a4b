import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Whole screens of the real modules, drawn by the real app loop into a `MemoryTerminal` at fixed sizes and
/// compared row by row. The data is fixed (`RenderingFixtures`); every distance on these screens was checked
/// independently (haversine, R = 6371.0088 km): Route 66 legs 418.5, 581.0, 537.3, 1,528.5 = 3,065.3 km;
/// Tōkaidō 73.4 + 305.8 = 379.2 km; the hostile trip's leg 78.6 km.
final class AppRenderingTests: XCTestCase {
    private let listStatus = " Roadtrips │ a new trip  Enter open  d delete  / filter  q quit  ? help"
    private let formStatus = " New stop │ Ctrl-S save  Tab next field  Esc cancel  F1 help"

    // MARK: Trip list

    func testTripListAt80x24() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        assertScreen(app, [
            " Roadtrips                                                              4 trips",
            " TRIP                          DATES             STOPS   DISTANCE  ROUTE",
            " Route 66                      12–18 Jun 2027  5 stops  ≈3,985 km  Chicago → S…",
            " 東海道 Tōkaidō                no date         3 stops    ≈493 km  東京 → 京都",
            " Family 👨‍👩‍👧 road trip 🚗        no date         0 stops",
            " Evil^[[31mRed^MTrip<U+202E>…  no date         2 stops    ≈102 km  ^[]0;pwned^…",
        ], status: listStatus)
        // The selected row is drawn in the selection colour across the whole width, the others are not.
        XCTAssertEqual(app.terminal.cell(row: 2, column: 1).attributes, .selection)
        XCTAssertEqual(app.terminal.cell(row: 2, column: 78).attributes, .selection)
        XCTAssertNotEqual(app.terminal.cell(row: 3, column: 1).attributes, .selection)
        XCTAssertEqual(app.terminal.cell(row: 0, column: 1).attributes, .title)
    }

    /// From 120 columns the list gives a third of the width to the selected trip's map.
    func testTripListAt120x40() {
        let app = RenderingFixtures.app(rows: 40, columns: 120)
        XCTAssertEqual(Array(app.screen[0..<6]).map { String($0.prefix(80)) }, [
            " Roadtrips                                                                      ",
            " TRIP                          DATES             STOPS   DISTANCE  ROUTE",
            " Route 66                      12–18 Jun 2027  5 stops  ≈3,985 km  Chicago → S…",
            " 東海道 Tōkaidō                no date         3 stops    ≈493 km  東京 → 京都",
            " Family 👨‍👩‍👧 road trip 🚗        no date         0 stops",
            " Evil^[[31mRed^MTrip<U+202E>…  no date         2 stops    ≈102 km  ^[]0;pwned^…",
        ], app.dump)
        XCTAssertTrue(app.screen[38].hasPrefix(String(repeating: " ", count: 80) + "© GSHHG"), app.dump)
        XCTAssertTrue(app.screenContains("1 Chicago") || app.screenContains("Chicago⢀1"), app.dump)
    }

    /// The name keeps 20 columns: the dates go first, then the distance, the stop count, and the route last.
    func testTripListAt40x10DropsOptionalColumns() {
        let app = RenderingFixtures.app(rows: 10, columns: 40)
        assertScreen(app, [
            " Roadtrips                      4 trips",
            " TRIP                      ROUTE",
            " Route 66                  Chicago → S…",
            " 東海道 Tōkaidō            東京 → 京都",
            " Family 👨‍👩‍👧 road trip 🚗",
            " Evil^[[31mRed^MTrip<U+2…  ^[]0;pwned^…",
        ], status: " Roadtrips │ a new trip  ? help")
    }

    /// Two trips of one name: the start of their ids (what `roadtrip show` takes) tells them apart. As the screen
    /// narrows the id goes after the dates, the distance and the stop count, before the route.
    func testTripsOfOneNameShowTheStartOfTheirIds() throws {
        func trip(_ id: String, _ start: String?, _ nights: Int) throws -> Trip {
            Trip(id: try XCTUnwrap(UUID(uuidString: id)), name: "Japan", startDate: start.flatMap(CalendarDate.init),
                 waypoints: [Waypoint(name: "Tokyo", latitude: 35.69, longitude: 139.69, nights: nights),
                             Waypoint(name: "Osaka", latitude: 34.69, longitude: 135.5)])
        }
        let trips = [try trip("7C0A1B2C-0000-4000-8000-000000000001", "2027-12-30", 9),
                     try trip("51D3E4F5-0000-4000-8000-000000000002", nil, 3), RenderingFixtures.all[0]]
        let wide = RenderingFixtures.app(rows: 10, columns: 80, trips: trips)
        assertScreen(wide, [
            " Roadtrips                                                              3 trips",
            " TRIP      ID        DATES                       STOPS   DISTANCE  ROUTE",
            " Japan     7C0A1B2C  30 Dec 2027 – 8 Jan 2028  2 stops    ≈516 km  Tokyo → Osa…",
            " Japan     51D3E4F5  no date                   2 stops    ≈516 km  Tokyo → Osa…",
            " Route 66            12–18 Jun 2027            5 stops  ≈3,985 km  Chicago → S…",
        ], status: listStatus)
        let narrow = RenderingFixtures.app(rows: 10, columns: 56, trips: trips)
        assertScreen(narrow, [
            " Roadtrips                                      3 trips",
            " TRIP      ID          STOPS   DISTANCE  ROUTE",
            " Japan     7C0A1B2C  2 stops    ≈516 km  Tokyo → Osaka",
            " Japan     51D3E4F5  2 stops    ≈516 km  Tokyo → Osaka",
            " Route 66            5 stops  ≈3,985 km  Chicago → San…",
        ], status: " Roadtrips │ a new trip  Enter open  d delete  ? help")
    }

    func testEmptyListShowsTheFirstRunHint() {
        let app = RenderingFixtures.app(rows: 24, columns: 80, trips: [])
        assertScreen(app, [
            " Roadtrips                                                              0 trips",
            "",
            "",
            "  No trips yet. Press a to plan one, ? for help.",
        ], status: listStatus)
    }

    func testFilterLineWhileTyping() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.character("/"))
        app.type("tōk")
        var expected = [
            " Roadtrips                                                   1 of 4 trips match",
            // The columns are those of every trip: they keep still while the filter is typed.
            " TRIP                          DATES             STOPS   DISTANCE  ROUTE",
            " 東海道 Tōkaidō                no date         3 stops    ≈493 km  東京 → 京都",
        ]
        expected += Array(repeating: "", count: 19)
        expected += [" /tōk", " Roadtrips │ Enter keep  Esc clear"]  // `?` and `q` are typed here
        XCTAssertEqual(app.screen, expected, app.dump)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 22, column: 5), "the cursor is in the filter")
        // Accents are ignored both ways: "to" also finds the hostile trip, whose first stop is "…Stop…".
        app.press(.backspace, .backspace, .backspace)
        app.type("to")
        XCTAssertEqual(app.screen[0], " Roadtrips                                                   2 of 4 trips match")
    }

    // MARK: Trip

    /// At 120 columns the map takes the right (its whole screen is a golden in TripMapRenderingTests): the
    /// stops keep the left, with every column, and the year only in the summary.
    func testTripAt120x40() {
        let app = RenderingFixtures.app(rows: 40, columns: 120)
        app.press(.enter)
        let left = app.screen.map { row -> String in
            var text = String(row.prefix(TripDetailView.tableColumns))
            while text.last == " " { text.removeLast() }
            return text
        }
        XCTAssertEqual(Array(left[3...8]), [
            // Beside the map the region goes, and an arrival leaves out its clock change where it does not fit.
            " #  STOP                            LEG    NIGHTS  ARRIVES               ZONE",
            " 1  Chicago                               1 night  Sat 12 Jun            UTC−5",
            " 2  St. Louis          ≈544 km · 6 h 48   1 night  Sun 13 Jun 16:33      UTC−5",
            " 3  Tulsa              ≈755 km · 9 h 26   1 night  Mon 14 Jun 19:56      UTC−5",
            " 4  Amarillo           ≈698 km · 8 h 44            Tue 15 Jun 18:29      UTC−5",
            " 5  Santa Monica ✎  ≈1,987 km · 24 h 50  2 nights  Wed 16 Jun 21:49      UTC−7  ☾",
        ], app.dump)
    }

    func testTripAt40x10() {
        let app = RenderingFixtures.app(rows: 10, columns: 40)
        app.press(.enter)
        assertScreen(app, [
            " Route 66",
            " 5 stops · 12 Jun – 18 Jun 2027",
            " Notes: Get your kicks. …",
            // The arrival stays longest, without its clock change, with the after-dark mark.
            " #  STOP            ARRIVES",
            " 1  Chicago         Sat 12 Jun",
            " 2  St. Louis       Sun 13 Jun 16:33",
            " 3  Tulsa           Mon 14 Jun 19:56",
            " 4  Amarillo        Tue 15 Jun 18:29",
            " 5  Santa Monica ✎  Wed 16 Jun 21:49  ☾",
        ], status: " Route 66 │ a add  e edit  ? help")
    }

    func testTripWithCJKNamesAt80x24() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.character("j"), .enter)
        assertScreen(app, [
            " 東海道 Tōkaidō",
            " 3 stops · ≈493 km · ≈6 h 10 driving · 6 nights · 7 days",
            " #  STOP    REGION                    LEG    NIGHTS  ARRIVES",
            " 1  東京    東京都, JP                     2 nights  Day 1",
            " 2  箱根 ♨️  JP          ≈95.4 km · 1 h 12   1 night  Day 3 10:12",
            " 3  京都    京都府, JP   ≈398 km · 4 h 58  3 nights  Day 4 14:43",
            "",
            " ─ 1 東京 ─────────────────────────────────────────────────────────────────────",
            " 東京都, JP · 35.6895, 139.6917",
            " Day 1 · 2 nights · leave Day 3 09:00",
            " No notes",
        ], status: " 東海道 Tōkaidō │ a add  e edit  d delete  J K move  v days  m map  ? help")
        // Columns line up by display width: each REGION starts in column 12 whatever the names before it.
        for (row, first) in [(3, "東"), (4, "J"), (5, "京")] {
            XCTAssertEqual(app.terminal.cell(row: row, column: 12).text, first, app.dump)
        }
        XCTAssertEqual(app.terminal.cell(row: 3, column: 5).text, "", "right half of 東")
    }

    func testEmptyTrip() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.character("j"), .character("j"), .enter)
        assertScreen(app, [
            " Family 👨‍👩‍👧 road trip 🚗",
            " 0 stops",
            "",
            "",
            "  No stops yet. Press a to add the first one.",
        ], status: " Family 👨‍👩‍👧 road trip 🚗 │ a add  e edit  d delete  J K move  v days  ? help")
    }

    // MARK: Stop form

    func testNewStopFormAt80x24() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.enter, .character("a"))
        assertScreen(app, [
            " New stop", "", " Name", "", " Latitude", "", " Longitude", "", " Nights     0", "", " Stay", "", " Notes",
        ], status: formStatus)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 2, column: 12))
        app.type("東京 🚗")
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 2, column: 19), "two columns per wide glyph")
        app.press(.tab)
        assertScreen(app, [
            " New stop", "", " Name       東京 🚗", "", " Latitude",
            "            41.8781 · 41°52'N · or paste \"lat, lon\"",
            " Longitude", "", " Nights     0", "", " Stay", "", " Notes",
        ], status: formStatus)
    }

    func testNewStopFormAt120x40() {
        let app = RenderingFixtures.app(rows: 40, columns: 120)
        app.press(.enter, .character("a"), .tab, .tab)
        assertScreen(app, [
            " New stop", "", " Name", "", " Latitude", "", " Longitude", "            -87.6298 · 87°37'W",
            " Nights     0", "", " Stay", "", " Notes",
        ], status: formStatus)
    }

    func testStopFormWithInlineErrorsAt80x24() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.character("j"), .enter, .character("e"), .ctrl("u"), .tab, .ctrl("u"))
        app.type("95")
        app.press(.ctrl("s"))
        var expected = [
            " Edit stop", "", " Name", "            Name must not be empty", " Latitude   95",
            "            Latitude must be between -90 and 90 (got 95.0).", " Longitude  139.69171", "",
            " Nights     2", "", " Stay", "", " Notes",
        ]
        expected += Array(repeating: "", count: 9)
        expected += [" Not saved: fix the fields in red", " Edit stop │ Ctrl-S save  Tab next field  Esc cancel  F1 help"]
        XCTAssertEqual(app.screen, expected, app.dump)
        XCTAssertEqual(app.terminal.cell(row: 3, column: 12).attributes, .error)
        XCTAssertEqual(app.terminal.cell(row: 22, column: 1).attributes, .error)
    }

    func testStopFormAt40x10ScrollsToTheFocusedField() {
        let app = RenderingFixtures.app(rows: 10, columns: 40)
        app.press(.enter, .character("a"))
        assertScreen(app, [
            " New stop", "", " Name", "", " Latitude", "", " Longitude",
        ], status: " New stop │ Ctrl-S save  F1 help")
        // The form scrolls to keep the focused field (and its hint) on screen.
        let status = " New stop │ Ctrl-S save  F1 help"
        app.press(.tab, .tab, .tab)
        app.type("7")
        assertScreen(app, [
            " New stop", "", " Latitude", "", " Longitude", "", " Nights     7", "            0 to pass through",
        ], status: status)
        app.press(.tab, .tab)
        app.type("x")
        // The notes keep three rows.
        assertScreen(app, [
            " New stop", "", " Stay", "", " Notes      x", "", "", "            Enter starts a new line · …",
        ], status: status)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 4, column: 13))
        app.press(.backTab, .backTab, .backTab, .backTab, .backTab)
        assertScreen(app, [" New stop", "", " Name", "", " Latitude", "", " Longitude"], status: status)
    }

    // MARK: Hostile text

    func testHostileNamesShowAsVisiblePlaceholdersOnEveryScreen() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.character("G"), .enter)
        assertScreen(app, [
            " Evil^[[31mRed^MTrip<U+202E>gpj.exe",
            " 2 stops · ≈102 km · ≈1 h 17 driving · 1 day",
            " Notes: Line^[[2J one",
            " #  STOP                         REGION                        LEG  ARRIVES",
            " 1  ^[]0;pwned^GStop^M<U+202E>1  <U+202E>Region…                    Day 1",
            " 2  Next                                          ≈102 km · 1 h 17  Day 1 10:17",
            "",
            " ─ 1 ^[]0;pwned^GStop^M<U+202E>1 ──────────────────────────────────────────────",
            " <U+202E>Region, X^[ · 1.0000, 2.0000",
            " Day 1 · passing through · leave 09:00",
            " No notes",
        ], status: " Evil^[[31mRed^MTrip<U+202E>gpj.exe │ a add  e edit  d delete  J K move  ? help")
        assertNoRawControls(app)

        app.press(.character("d"))
        XCTAssertEqual(app.rows(9...13).map { String($0.dropFirst(8)) }, [
            "┌ Confirm ─────────────────────────────────────────────────────┐",
            "│ Delete stop 1 \"^[]0;pwned^GStop^M<U+202E>1\"?                 │",
            "│                                                              │",
            "│ [y] yes  [n] no                                              │",
            "└──────────────────────────────────────────────────────────────┘",
        ], app.dump)
        assertNoRawControls(app)

        app.press(.character("n"), .character("e"))
        XCTAssertEqual(app.screen[2], " Name       ^[]0;pwned^GStop^M<U+202E>1", app.dump)
        assertNoRawControls(app)

        app.press(.escape, .character("q"), .character("d"))
        XCTAssertEqual(app.screen[10], "        │ Delete trip \"Evil^[[31mRed^MTrip<U+202E>gpj.exe\" (2 stops)?  │", app.dump)
        assertNoRawControls(app)

        app.press(.character("n"), .character("r"))
        XCTAssertTrue(app.screenContains("│ Evil^[[31mRed^MTrip<U+202E>gpj.exe"), "the rename prompt: \(app.dump)")
        assertNoRawControls(app)
        app.press(.escape, .character("?"))
        assertNoRawControls(app)
    }

    func testNoScreenOfTheFixturesSendsRawControlsAtAnySize() {
        for (rows, columns) in [(24, 80), (40, 120), (10, 40), (5, 20), (1, 1), (3, 200), (60, 12)] {
            let app = RenderingFixtures.app(rows: rows, columns: columns)
            for key: Key in [.character("G"), .enter, .character("d"), .character("n"), .character("e"), .escape,
                             .character("n"), .character("q"), .character("?")] {
                app.press(key)
                assertNoRawControls(app)
            }
        }
    }

    // MARK: Too small

    func testTooSmallNoticeAt20x5KeepsTheStateAndRecovers() {
        let app = RenderingFixtures.app(rows: 24, columns: 80)
        app.press(.enter, .character("j"), .character("j"))
        let before = app.screen
        app.resize(rows: 5, columns: 20)
        XCTAssertEqual(app.screen, ["", " Terminal too small", "     need 40x10", "", ""])
        // Keys other than Ctrl-C are ignored while too small: nothing changes behind the notice.
        app.press(.character("d"), .character("y"), .character("J"), .character("q"))
        XCTAssertFalse(app.didQuit)
        app.resize(rows: 24, columns: 80)
        XCTAssertEqual(app.screen, before, "the same trip, the same selection")
        XCTAssertEqual((app.repository.trips[0].waypoints.count), 5)

        // The notice on each screen, and at 1x1.
        for keys: [Key] in [[], [.character("a")]] {
            app.press(keys: keys)
            app.resize(rows: 5, columns: 20)
            XCTAssertEqual(app.screen, ["", " Terminal too small", "     need 40x10", "", ""])
            app.resize(rows: 1, columns: 1)
            XCTAssertEqual(app.screen, ["…"])
            app.resize(rows: 24, columns: 80)
        }
        XCTAssertEqual(app.topTitle, "New stop")
    }

    // MARK: Helpers

    /// Compares the whole screen: `top` rows, then blank rows, then the status line.
    private func assertScreen(_ app: AppDriver, _ top: [String], status: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let rows = app.terminal.size.rows
        let expected = top + Array(repeating: "", count: max(0, rows - 1 - top.count)) + [status]
        XCTAssertEqual(app.screen, expected, app.dump, file: file, line: line)
    }
}

/// No cell holds a control or bidi character: data reached the screen only through the sanitiser.
func assertNoRawControls(_ app: AppDriver, file: StaticString = #filePath, line: UInt = #line) {
    let terminal = app.terminal
    for row in 0..<terminal.size.rows {
        for column in 0..<terminal.size.columns {
            let text = terminal.cell(row: row, column: column).text
            if let bad = text.unicodeScalars.first(where: TerminalSafe.isUnsafe) {
                return XCTFail("raw U+\(String(bad.value, radix: 16)) at \(row),\(column): \(app.dump)",
                               file: file, line: line)
            }
        }
    }
}

extension AppDriver {
    @discardableResult
    func press(keys: [Key]) -> QuitReason? {
        terminal.enqueue(keys: keys)
        return runQueued()
    }
}
