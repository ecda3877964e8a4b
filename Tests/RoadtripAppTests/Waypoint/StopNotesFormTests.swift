@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The stop form's notes (issue 20, item 15): a multi-line area like the trip's notes, where Enter starts a new line,
/// so Ctrl-S saves the form from any field; ↑/↓ leave the area only from its first or last row.
final class StopNotesFormTests: XCTestCase {
    private func trip(notes: String = "") -> (AppDriver, InMemoryTripRepository) {
        let trip = Trip(name: "Landes", waypoints: [
            Waypoint(name: "Bordeaux", latitude: 44.84, longitude: -0.58, nights: 1, notes: notes),
        ])
        let repository = InMemoryTripRepository(trips: [trip])
        let app = AppDriver(repository: repository, rows: 24, columns: 80)
        app.press(.enter)
        return (app, repository)
    }

    /// Row `row` of the screen from the fields' column (after the labels).
    private func fieldText(_ app: AppDriver, row: Int) -> String {
        String(app.screen[row].dropFirst(12))
    }

    func testEnterInTheNotesStartsANewLineAndCtrlSSavesTheStopWithIt() {
        let (app, repository) = trip()
        app.press(.character("a"))
        app.type("Hossegor")
        app.press(.tab)
        app.type("43.66")
        app.press(.tab)
        app.type("-1.44")
        app.press(.enter, .enter, .enter)  // Enter in a one-line field moves on: to Nights, Stay, then Notes
        app.type("Surf at dawn")
        app.press(.enter)
        app.type("Crêpes 🥞 à 東京")
        XCTAssertEqual(app.topTitle, "New stop", "Enter saved nothing: \(app.dump)")
        XCTAssertEqual(Array(app.screen[12...14]), [
            " Notes      Surf at dawn", "            Crêpes 🥞 à 東京", "",
        ], app.dump)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 13, column: 12 + 16))
        XCTAssertEqual(app.screen[18], "            Enter starts a new line · Ctrl-S saves the stop", app.dump)
        XCTAssertEqual(app.statusLine, " New stop │ Ctrl-S save  Tab next field  Esc cancel  F1 help")

        app.press(.ctrl("s"))
        XCTAssertEqual(app.topTitle, "Landes", app.dump)
        XCTAssertEqual(repository.trips[0].waypoints.map(\.notes), ["", "Surf at dawn\nCrêpes 🥞 à 東京"])
    }

    func testCtrlSSavesFromAnyField() {
        let (app, repository) = trip(notes: "Canelés")
        app.press(.character("e"), .ctrl("u"))
        app.type("Bordeaux centre")
        app.press(.ctrl("s"))
        XCTAssertEqual(app.topTitle, "Landes", app.dump)
        XCTAssertEqual(repository.trips[0].waypoints[0].name, "Bordeaux centre")
        XCTAssertEqual(repository.trips[0].waypoints[0].notes, "Canelés", "the notes kept")
    }

    func testUpAndDownLeaveTheNotesOnlyFromTheirFirstAndLastRows() {
        let (app, repository) = trip(notes: "Market\nCanelés")
        app.press(.character("e"), .tab, .tab, .tab, .tab, .tab)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 13, column: 19), "at the end of the notes")
        app.press(.up)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 12, column: 18), "up a line, in the notes")
        app.press(.up)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 10, column: 12), "from the first row: Stay")
        app.press(.down)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 12, column: 18), "Down from Stay: the notes")
        app.press(.down)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 13, column: 19), "down a line, in the notes")
        app.press(.down)
        XCTAssertEqual(app.terminal.cursor, MemoryTerminal.Cursor(row: 2, column: 20), "from the last row: Name")
        app.press(.backTab, .pageUp, .home, .character("*"), .ctrl("s"))
        XCTAssertEqual(repository.trips[0].waypoints[0].notes, "*Market\nCanelés", app.dump)
    }

    /// Notes written with CR LF (Windows, another program's file) are lines in the form too; editing keeps them lines.
    func testNotesWithCRLFAreLinesInTheForm() {
        let (app, repository) = trip(notes: "Market\r\nCanelés\r\nDune")
        app.press(.character("e"))
        XCTAssertEqual((12...14).map { fieldText(app, row: $0) }, ["Market", "Canelés", "Dune"], app.dump)
        XCTAssertFalse(app.screen.joined().contains("^"), app.dump)
        app.press(.backTab, .character("!"), .ctrl("s"))
        XCTAssertEqual(repository.trips[0].waypoints[0].notes, "Market\nCanelés\nDune!")
    }

    /// A note longer than the area shows from its start while another field is edited, and says it goes on.
    func testANoteTallerThanTheAreaShowsItsStartAndEndsWithAnEllipsis() {
        let notes = (1...9).map { "Day \($0)" }.joined(separator: "\n")
        let (app, _) = trip(notes: notes)
        app.press(.character("e"))
        XCTAssertEqual((12...17).map { fieldText(app, row: $0) }, ["Day 1", "Day 2", "Day 3", "Day 4", "Day 5", "Day 6 …"],
                       app.dump)
        app.press(.backTab)  // in the notes, at their end: the area scrolls to the cursor
        XCTAssertEqual((12...17).map { fieldText(app, row: $0) }, ["Day 4", "Day 5", "Day 6", "Day 7", "Day 8", "Day 9"],
                       app.dump)
    }

    /// At 40x12 the focused notes keep three rows: the form scrolls the fields above away.
    func testOnASmallTerminalTheNotesKeepThreeRows() {
        let (app, _) = trip(notes: "Market\nCanelés")
        app.resize(rows: 12, columns: 40)
        app.press(.character("e"), .backTab)
        XCTAssertEqual(app.screen, [
            " Edit stop", "", " Nights     1", "", " Stay", "", " Notes      Market", "            Canelés",
            "", "            Enter starts a new line · …", "", " Edit stop │ Ctrl-S save  F1 help",
        ], app.dump)
    }

    func testTheHelpNamesTheNotesKeys() {
        let (app, _) = trip()
        app.press(.character("e"), .backTab, .function(1))
        XCTAssertTrue(app.screenContains("a new line in the notes"), app.dump)
        XCTAssertTrue(app.screenContains("save the stop, from any field"), app.dump)
    }

    /// Typing and pasting stop at the notes' limit, line breaks counted.
    func testTheNotesStopAtTheirLimit() {
        let (app, repository) = trip(notes: String(repeating: "n", count: Limits.notesLength - 2))
        app.press(.character("e"), .backTab, .enter, .character("a"), .character("b"), .enter, .paste("c\nd"))
        app.press(.ctrl("s"))
        XCTAssertEqual(repository.trips[0].waypoints[0].notes, String(repeating: "n", count: Limits.notesLength - 2) + "\na")
    }
}
