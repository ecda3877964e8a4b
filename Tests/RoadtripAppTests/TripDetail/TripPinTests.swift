import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// `p` on the trip screen (issue 22) through the whole app over a real file: it pins the selected stop (a mark
/// after its name, said on the message line, saved), `u` takes it back as one step, `p` again unpins; a
/// read-only instance refuses it like any edit.
final class TripPinTests: XCTestCase {
    private var file: TemporaryTripFile!
    private var app: AppDriver!

    override func setUpWithError() throws {
        file = try TemporaryTripFile()
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Route 66", waypoints: [
            Waypoint(name: "Chicago", latitude: 41.88, longitude: -87.63),
            Waypoint(name: "Tulsa", latitude: 36.15, longitude: -95.99, notes: "Blue Whale"),
            Waypoint(name: "Amarillo", latitude: 35.22, longitude: -101.83),
        ])] }
        app = AppDriver(repository: store)
        app.press(.enter, .character("j"))
    }

    override func tearDown() {
        app = nil
        file = nil
    }

    private func pins() throws -> [Bool] {
        try TripStore.open(at: file.url).trips[0].waypoints.map(\.pinned)
    }

    private func row(_ name: String) -> String {
        app.screen.first { $0.contains(" \(name)") } ?? ""
    }

    func testPThenUndoRestoresTheStopAsItWas() throws {
        let before = try TripStore.open(at: file.url).trips
        XCTAssertEqual(app.stepped(.character("p")), "Pinned \"Tulsa\" at 2")
        XCTAssertEqual(try pins(), [false, true, false], "saved")
        XCTAssertTrue(row("Tulsa").contains("Tulsa ‡ ✎"), app.dump)
        XCTAssertFalse(row("Amarillo").contains("‡"), app.dump)

        XCTAssertEqual(app.stepped(.character("u")), "Undid: pin \"Tulsa\" at 2")
        // The trips as they were; the file also stamps the undo, an edit like any other, for a merge (issue 36).
        XCTAssertEqual(try TripStore.open(at: file.url).trips, before, "the trips as they were")
        XCTAssertTrue(try String(contentsOf: file.url, encoding: .utf8).contains("\"pinned\" : \""), "the undo is stamped")
        XCTAssertFalse(row("Tulsa").contains("‡"), app.dump)

        XCTAssertEqual(app.stepped(.character("U")), "Redid: pin \"Tulsa\" at 2")
        XCTAssertEqual(app.stepped(.character("p")), "Unpinned \"Tulsa\" at 2")
        XCTAssertEqual(try pins(), [false, false, false])
        XCTAssertEqual(app.stepped(.character("u")), "Undid: unpin \"Tulsa\" at 2")
        XCTAssertEqual(try pins(), [false, true, false])
    }

    /// Where Unicode cannot show, the mark is ASCII (as ✎ is *); `?` lists the key and says what the mark means.
    func testTheMarkIsASCIIWhereUnicodeCannotShowAndTheHelpExplainsIt() throws {
        app.press(.character("p"))
        let ascii = AppDriver(repository: try file.open(), symbols: .ascii)
        ascii.press(.enter)
        XCTAssertTrue(ascii.screenContains(" Tulsa @ *"), ascii.dump)
        app.press(.character("?"))
        XCTAssertTrue(app.screenContains("│ p             pin the stop at its place in the order, or unpin it"), app.dump)
        app.press(.end)
        XCTAssertTrue(app.screenContains("│ ‡ (@)         after a name: the stop is pinned, so optimise keeps it at"), app.dump)
    }

    func testAReadOnlyInstanceRefusesThePin() throws {
        let reader = AppDriver(repository: try file.open())
        reader.press(.enter, .character("j"), .character("p"))
        XCTAssertTrue(reader.messageText.hasPrefix("Read-only: another roadtrip (pid \(getpid())) is editing"), reader.dump)
        XCTAssertEqual(try pins(), [false, false, false])
    }
}
