@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// How a stop's notes show under the stops (issue 20, item 15): their line breaks as line breaks, never `^J` (nor
/// `^M^J` for CR LF), a note cut short by the rows there are ending with "…", and hostile text keeping the layout.
final class StopNotesPreviewTests: XCTestCase {
    private func makeApp(notes: String, tripNotes: String = "", rows: Int = 24, columns: Int = 80) -> AppDriver {
        let trip = Trip(name: "Skye", notes: tripNotes, waypoints: [
            Waypoint(name: "Inverness", latitude: 57.48, longitude: -4.22, nights: 1, notes: notes),
            Waypoint(name: "Portree", latitude: 57.41, longitude: -6.19, nights: 2),
        ])
        let app = AppDriver(repository: InMemoryTripRepository(trips: [trip]), rows: rows, columns: columns)
        app.press(.enter)
        return app
    }

    /// The rows under the preview's rule, up to the status line.
    private func previewNotes(_ app: AppDriver) -> [String] {
        guard let rule = app.screen.firstIndex(where: { $0.hasPrefix(" ─ 1 Inverness") }) else { return [] }
        return Array(app.screen[(rule + 3)..<(app.screen.count - 1)].reversed().drop { $0.isEmpty }.reversed())
    }

    func testLineBreaksShowAsLines() {
        let app = makeApp(notes: "Castle at 10\r\nDinner: 東京 ramen 🍜\nשלום עולם\r\nLast ferry 18:00")
        XCTAssertEqual(previewNotes(app), [
            " Castle at 10", " Dinner: 東京 ramen 🍜", " שלום עולם", " Last ferry 18:00",
        ], app.dump)
        XCTAssertFalse(app.screen.joined().contains("^"), app.dump)
    }

    func testANoteCutByTheRowsEndsWithAnEllipsis() {
        let app = makeApp(notes: (1...6).map { "Day \($0)" }.joined(separator: "\n"))
        XCTAssertEqual(previewNotes(app), [" Day 1", " Day 2", " Day 3", " Day 4 …"], app.dump)
        // The fewest rows the preview takes (18 rows here): one line of notes, and the ellipsis.
        app.resize(rows: 18, columns: 40)
        XCTAssertEqual(previewNotes(app), [" Day 1 …"], app.dump)
    }

    func testALongLineIsWrappedAndCutWithAnEllipsis() {
        let app = makeApp(notes: String(repeating: "Ben Nevis and the Great Glen ", count: 12), columns: 40)
        let notes = previewNotes(app)
        XCTAssertEqual(notes.count, 4, app.dump)
        XCTAssertEqual(notes.first, " Ben Nevis and the Great Glen Ben Nevis", app.dump)
        XCTAssertTrue(notes.last?.hasSuffix("…") == true, app.dump)
        XCTAssertTrue(notes.allSatisfy { TextWidth.width($0) <= 39 }, app.dump)
    }

    /// Blank lines at the end of a note are not more to read.
    func testTrailingBlankLinesAreNoCut() {
        let app = makeApp(notes: "Castle\nFerry\n\n\n\n\n\n")
        XCTAssertEqual(previewNotes(app), [" Castle", " Ferry"], app.dump)
    }

    /// The trip's notes show their first line in the header, and "…" when more lines follow.
    func testTheTripNotesLineSaysWhenMoreFollows() {
        var app = makeApp(notes: "", tripNotes: "\nWest coast first\r\nthen Skye")
        XCTAssertEqual(app.screen[2], " Notes: West coast first …", app.dump)
        app = makeApp(notes: "", tripNotes: "West coast first\n\n")
        XCTAssertEqual(app.screen[2], " Notes: West coast first", app.dump)
    }

    /// CJK, emoji, right-to-left text and controls in a multi-line note: every row keeps to the screen's width, the
    /// controls show escaped (line breaks excepted), and the stops and the status line stay where they are.
    func testHostileTextInAMultiLineNoteKeepsTheLayout() {
        let notes = "東京都庁舎 🍜👨‍👩‍👧 ramen\nשלום עולם مرحبا\u{202E}evil\n\u{1B}[2J\u{7}bell\tTab\u{0}\n"
            + String(repeating: "東京", count: 60)
        for (rows, columns) in [(24, 80), (21, 40), (30, 100)] {
            let app = makeApp(notes: notes, rows: rows, columns: columns)
            assertNoRawControls(app)
            for row in app.screen { XCTAssertLessThanOrEqual(TextWidth.width(row), columns, app.dump) }
            XCTAssertTrue(app.screen[3].hasPrefix(" 1  Inverness ✎"), app.dump)
            XCTAssertTrue(app.statusLine.hasPrefix(" Skye │ a add"), app.dump)
            let shown = previewNotes(app)
            XCTAssertEqual(shown.count, 4, app.dump)
            XCTAssertEqual(shown.first, " 東京都庁舎 🍜👨‍👩‍👧 ramen", app.dump)
            XCTAssertTrue(shown.contains { $0.contains("<U+202E>evil") }, app.dump)
            XCTAssertTrue(shown.contains { $0.contains("^[[2J^Gbell^ITab^@") }, app.dump)
            XCTAssertTrue(shown.last?.hasSuffix("…") == true, app.dump)

            app.press(.character("e"), .backTab)  // the same note in the form's area
            assertNoRawControls(app)
            for row in app.screen { XCTAssertLessThanOrEqual(TextWidth.width(row), columns, app.dump) }
            XCTAssertEqual(app.topTitle, "Edit stop")
        }
    }
}
