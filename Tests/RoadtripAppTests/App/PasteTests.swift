@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// A bracketed paste arrives as one `.paste`: a one-line field takes its line breaks as spaces, the notes editor
/// keeps them, and no part of it ever acts as a key.
final class PasteTests: XCTestCase {
    private func tripWithOneStop() -> (AppDriver, InMemoryTripRepository) {
        let trip = Trip(name: "Landes", waypoints: [Waypoint(name: "Bordeaux", latitude: 44.84, longitude: -0.58)])
        let repository = InMemoryTripRepository(trips: [trip])
        let app = AppDriver(repository: repository, rows: 24, columns: 80)
        app.press(.enter)
        return (app, repository)
    }

    /// The form's rows as drawn: label, then the field's text.
    private func field(_ label: String, in app: AppDriver) -> String? {
        app.screen.first { ($0 + String(repeating: " ", count: 12)).hasPrefix(" " + label + " ") }
            .map { String($0.dropFirst(12)).trimmingCharacters(in: .whitespaces) }
    }

    func testAMultiLinePasteIntoNameStaysInNameAsOneLine() {
        let (app, repository) = tripWithOneStop()
        app.press(.character("a"), .paste("Hossegor\nsurf spot"))
        XCTAssertEqual(field("Name", in: app), "Hossegor surf spot", app.dump)
        XCTAssertEqual(field("Latitude", in: app), "", "nothing spilled into the next field: \(app.dump)")
        app.press(.paste("x\r\ny\rz"), .paste("\u{13}q"))  // CR LF is one break; Ctrl-S and q are only text
        XCTAssertEqual(field("Name", in: app), "Hossegor surf spotx y zq", app.dump)
        XCTAssertEqual(app.topTitle, "New stop", "the paste saved nothing and did not leave: \(app.dump)")
        XCTAssertEqual(repository.trips[0].waypoints.count, 1)
    }

    func testAPastedPairInLatitudeFillsBothCoordinates() {
        let (app, repository) = tripWithOneStop()
        app.press(.character("a"))
        app.type("Hossegor")
        app.press(.tab, .paste("43.66,\n-1.44"), .tab)
        XCTAssertEqual(field("Latitude", in: app), "43.66", app.dump)
        XCTAssertEqual(field("Longitude", in: app), "-1.44", app.dump)
        app.press(.ctrl("s"))
        XCTAssertEqual(repository.trips[0].waypoints.map(\.name), ["Bordeaux", "Hossegor"], app.dump)
        XCTAssertEqual(repository.trips[0].waypoints[1].longitude, -1.44)
    }

    /// A paste is cut to what a stop may hold before the field lays it out (a big paste used to freeze the form).
    func testAPasteIsCutToTheStopsLimits() {
        let (app, repository) = tripWithOneStop()
        app.press(.character("a"), .paste(String(repeating: "x", count: Limits.nameLength + 800)))
        app.press(.tab, .paste("1"), .tab, .paste("2"), .tab, .tab, .tab)
        app.press(.paste(String(repeating: "n", count: Limits.notesLength + 50)), .ctrl("s"))
        let added = repository.trips[0].waypoints.last
        XCTAssertEqual(added?.name, String(repeating: "x", count: Limits.nameLength), app.dump)
        XCTAssertEqual(added?.notes, String(repeating: "n", count: Limits.notesLength), app.dump)
    }

    func testTheNotesEditorKeepsPastedLineBreaks() {
        let (app, repository) = tripWithOneStop()
        app.press(.character("n"), .paste("Surf at dawn\r\nq\nCtrl-S is text here"), .ctrl("s"))
        XCTAssertEqual(repository.trips[0].notes, "Surf at dawn\nq\nCtrl-S is text here", app.dump)
    }

    func testOutsideATextFieldAPasteDoesNothing() {
        let (app, repository) = tripWithOneStop()
        let before = app.screen
        app.press(.paste("q"), .paste("d"), .paste("a"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Landes"], "no key ran: \(app.dump)")
        XCTAssertEqual(app.screen, before)
        app.press(.character("q"), .paste("q"))
        XCTAssertFalse(app.didQuit, "a pasted q is no quit")
        XCTAssertEqual(repository.trips[0].waypoints.count, 1)
    }
}
