import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Issue 31, item 8: in the stop form, a first suggestion that does not bear the name typed says it is only the
/// closest match, on its row and in the hint under the list, so Enter takes it knowingly; at 100 and 40 columns.
final class ClosestMatchJourneyTests: XCTestCase {
    private static let places = PlaceIndexLoader()

    private func newStopForm(rows: Int, columns: Int) throws -> (AppDriver, TemporaryTripFile) {
        _ = try Self.places.wait()
        let file = try TemporaryTripFile()
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Fjords")] }
        let app = AppDriver(repository: store, rows: rows, columns: columns, places: Self.places)
        app.press(.enter, .character("a"))
        XCTAssertEqual(app.topTitle, "New stop")
        return (app, file)
    }

    func testAFirstPlaceNamedOtherwiseIsMarkedAndEnterTakesIt() throws {
        let (app, file) = try newStopForm(rows: 30, columns: 100)
        app.type("flåm")
        // The name row, its hint row, then the suggestions: the first marked, the others not.
        XCTAssertTrue(app.screen[3].contains("closest match · "), app.dump)
        XCTAssertFalse(app.screen[4].contains("closest match"), app.dump)
        XCTAssertTrue(app.screenContains("closest match · Enter pick · Tab keep this name · Esc close"), app.dump)
        let first = try XCTUnwrap(Self.places.wait().query("flåm", limit: 1).first?.place)
        app.press(.enter)
        app.press(.ctrl("s"))
        XCTAssertEqual(app.topTitle, "Fjords", app.dump)
        XCTAssertEqual(try file.open().trips.first?.waypoints.map(\.placeId), [first.id])

        // The name as typed, accents aside: no mark.
        app.press(.character("a"))
        app.type("tromso")
        XCTAssertTrue(app.screen[3].contains("Tromsø"), app.dump)
        XCTAssertFalse(app.screenContains("closest match"), app.dump)
        XCTAssertTrue(app.screenContains("Enter pick · Tab keep this name"), app.dump)
    }

    func testTheMarkLeadsTheHintOnANarrowScreen() throws {
        let (app, _) = try newStopForm(rows: 12, columns: 40)
        app.type("flåm")
        XCTAssertTrue(app.screen.contains { $0.contains("closest match · Enter") }, app.dump)
    }
}
