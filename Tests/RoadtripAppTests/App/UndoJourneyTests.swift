import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Undo (`u`) and redo (`U`) through the whole app on a `MemoryTerminal` over a real file: each kind of change
/// says what it did, is undone and redone with the same words, and each step is saved like any change.
final class UndoJourneyTests: XCTestCase {
    private var file: TemporaryTripFile!
    private var store: TripStore!
    private var app: AppDriver!

    private let chicago = Waypoint(name: "Chicago", latitude: 41.88, longitude: -87.63)
    private let tulsa = Waypoint(name: "Tulsa", latitude: 36.15, longitude: -95.99, nights: 1)
    private let amarillo = Waypoint(name: "Amarillo", latitude: 35.22, longitude: -101.83)

    override func setUpWithError() throws {
        file = try TemporaryTripFile()
        store = try file.open()
        try store.update { [chicago, tulsa, amarillo] in $0 = [
            Trip(name: "Route 66", waypoints: [chicago, tulsa, amarillo]),
            Trip(name: "Alps loop"),
        ] }
        app = AppDriver(repository: store)
    }

    override func tearDown() {
        app = nil
        store = nil
        file = nil
    }

    // MARK: Each kind of change

    func testTripListChangesAreUndoneAndRedone() throws {
        XCTAssertEqual(app.stepped(.character("u")), "Nothing to undo")
        XCTAssertEqual(app.stepped(.character("U")), "Nothing to redo")
        try check("Created trip \"Coast\"", undo: "create trip \"Coast\"") {
            app.press(.character("a"))
            app.type("Coast")
            app.press(.enter)
        }
        try check("Renamed \"Coast\" to \"Shore\"", undo: "rename \"Coast\" to \"Shore\"") {
            app.press(.character("r"), .ctrl("u"))
            app.type("Shore")
            app.press(.enter)
        }
        try check("Deleted trip \"Shore\"", undo: "delete trip \"Shore\"") {
            app.press(.character("d"), .character("y"))
        }
    }

    func testTripScreenChangesAreUndoneAndRedone() throws {
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "Route 66")
        try check("Added stop 2 \"Joplin\"", undo: "add stop 2 \"Joplin\"") {
            app.press(.character("a"))
            app.type("Joplin")
            app.press(.tab)
            app.type("37.08")
            app.press(.tab)
            app.type("-94.51")
            app.press(.ctrl("s"))
        }
        try check("Edited stop 2 \"Joplin\"", undo: "edit stop 2 \"Joplin\"") {
            app.press(.character("e"), .tab, .tab, .tab, .ctrl("u"))
            app.type("2")
            app.press(.ctrl("s"))
        }
        try check("Moved \"Joplin\" to 3", undo: "move \"Joplin\" to 3") {
            app.press(.character("J"))
        }
        try check("Deleted stop 3 \"Joplin\"", undo: "delete stop 3 \"Joplin\"") {
            app.press(.character("d"), .character("y"))
        }
        try check("Renamed \"Route 66\" to \"Mother Road\"", undo: "rename \"Route 66\" to \"Mother Road\"") {
            app.press(.character("r"), .ctrl("u"))
            app.type("Mother Road")
            app.press(.enter)
        }
        try check("Saved the notes of \"Mother Road\"", undo: "save the notes of \"Mother Road\"") {
            app.press(.character("n"))
            app.type("Get your kicks")
            app.press(.ctrl("s"))
        }
        try check("Set the start date of \"Mother Road\" to 2027-06-12",
                  undo: "set the start date of \"Mother Road\" to 2027-06-12") {
            app.press(.character("s"))
            app.type("2027-06-12")
            app.press(.enter)
        }
        try check("Reversed the 3 stops of \"Mother Road\"", undo: "reverse the 3 stops of \"Mother Road\"") {
            app.press(.character("R"))
        }
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Mother Road"], "every step stayed on the trip screen")
    }

    func testAnImportIsUndoneAndRedone() throws {
        let gpx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/import/osmand-route.gpx")
        app.press(.character("i"), .ctrl("u"))
        app.type(gpx.path)
        app.press(.enter)
        XCTAssertTrue(app.messageText.hasPrefix("Imported \"Alpine loop\": "), app.dump)
        XCTAssertEqual(app.stepped(.character("u")), "Undid: import \"Alpine loop\"")
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Route 66", "Alps loop"])
        XCTAssertEqual(app.stepped(.character("U")), "Redid: import \"Alpine loop\"")
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Alpine loop", "Route 66", "Alps loop"])
    }

    func testDIsDuplicateOnTheListAndIsUndoneAndRedone() throws {
        try check("Duplicated \"Route 66\" as \"Route 66 (copy)\"", undo: "duplicate \"Route 66\" as \"Route 66 (copy)\"") {
            app.press(.character("D"))
            XCTAssertEqual(app.topTitle, "Duplicate \"Route 66\" as", app.dump)
            app.press(.enter)
        }
        XCTAssertEqual(try file.jsonStopNames(ofTrip: 0), ["Chicago", "Tulsa", "Amarillo"], "the copy has the stops")
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "Route 66 (copy)", "the copy is the selected trip: \(app.dump)")
        app.press(.character("q"), .character("D"), .ctrl("u"), .enter)
        XCTAssertTrue(app.screenContains("Trip name must not be empty"), "an empty name keeps the prompt: \(app.dump)")
    }

    // MARK: Across screens

    func testUndoingTheTripOnScreenGoesBackToTheListWhichSaysSo() throws {
        app.press(.character("a"))
        app.type("Coast")
        app.press(.enter, .enter)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Coast"])
        app.press(.character("u"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips"], app.dump)
        XCTAssertEqual(app.messageText, "Undid: create trip \"Coast\"", app.dump)
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Route 66", "Alps loop"])
    }

    func testAChangeMadeOnTheListIsUndoneFromATripAndTheListShowsIt() throws {
        app.press(.character("j"), .character("d"), .character("y"))
        XCTAssertEqual(app.messageText, "Deleted trip \"Alps loop\"")
        app.press(.character("k"), .enter)
        XCTAssertEqual(app.stepped(.character("u")), "Undid: delete trip \"Alps loop\"")
        XCTAssertEqual(app.topTitle, "Route 66")
        app.press(.character("q"))
        XCTAssertTrue(app.screenContains("Alps loop"), app.dump)
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Route 66", "Alps loop"])
    }

    func testAStopChangeIsUndoneFromTheList() throws {
        app.press(.enter, .character("j"), .character("d"), .character("y"), .character("q"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips"])
        XCTAssertEqual(app.stepped(.character("u")), "Undid: delete stop 2 \"Tulsa\"")
        XCTAssertEqual(try file.jsonStopNames(), ["Chicago", "Tulsa", "Amarillo"])
        XCTAssertTrue(app.screenContains("3 stops"), app.dump)
    }

    // MARK: When the history ends

    func testReadingTheFileAgainClearsTheHistoryAndSaysSo() throws {
        app.press(.character("d"), .character("y"))
        app.press(.ctrl("r"))
        XCTAssertEqual(app.messageText, "Read the file again; the undo history was cleared", app.dump)
        XCTAssertEqual(app.stepped(.character("u")), "Nothing to undo")
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Alps loop"])
    }

    func testAReadOnlyInstanceRefusesUndoLikeAnyEdit() throws {
        let reader = AppDriver(repository: try file.open())
        reader.press(.character("u"))
        XCTAssertTrue(reader.messageText.hasPrefix("Read-only: another roadtrip (pid \(getpid())) is editing"),
                      reader.dump)
    }

    // MARK: Helpers

    /// Makes a change with `keys`, checks that it says `done`; then `u` says "Undid: `undo`" and puts the file
    /// back as it was, and `U` says "Redid: `undo`" and makes it again. Leaves the change made.
    private func check(_ done: String, undo label: String, line: UInt = #line, keys: () -> Void) throws {
        let before = try fileTrips()
        keys()
        XCTAssertEqual(app.messageText, done, app.dump, line: line)
        let after = try fileTrips()
        XCTAssertNotEqual(after, before, "saved", line: line)
        XCTAssertEqual(app.stepped(.character("u")), "Undid: \(label)", app.dump, line: line)
        XCTAssertEqual(try fileTrips(), before, "the undo is saved", line: line)
        XCTAssertEqual(app.stepped(.character("U")), "Redid: \(label)", app.dump, line: line)
        XCTAssertEqual(try fileTrips(), after, "the redo is saved", line: line)
    }

    /// The trips as the file holds them now (read by a second store, read-only beside the app's).
    private func fileTrips() throws -> [Trip] {
        try TripStore.open(at: file.url).trips
    }
}

extension AppDriver {
    /// Presses `key` and returns the message line it left.
    func stepped(_ key: Key) -> String {
        press(key)
        return messageText
    }
}
