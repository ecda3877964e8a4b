import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The stop form's place picker in the whole app, after a stop: the namesake on the way first, with its
/// distance and direction, picked with Enter and saved with its place (issue 10).
final class PlacePickerJourneyTests: XCTestCase {
    private static let places = PlaceIndexLoader()

    func testPickingAPlaceAfterAStopRanksFromIt() throws {
        _ = try Self.places.wait()
        let file = try TemporaryTripFile()
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Yellowstone", waypoints: [
            Waypoint(name: "West Yellowstone", latitude: 44.662, longitude: -111.104),
        ])] }
        let app = AppDriver(repository: store, rows: 24, columns: 100, unit: .mi, places: Self.places)
        app.press(.enter, .character("a"))
        XCTAssertEqual(app.topTitle, "New stop")
        app.type("jackson")
        XCTAssertTrue(app.screen[3].contains("Jackson") && app.screen[3].contains("Wyoming, United States · 83.4 mi S"),
                      app.dump)
        XCTAssertTrue(app.screen[4].contains("Mississippi, United States · 1,411 mi SE"), app.dump)
        app.press(.enter)   // the first is highlighted
        XCTAssertTrue(app.screenContains("43.4799"), app.dump)
        app.press(.ctrl("s"))
        XCTAssertEqual(app.topTitle, "Yellowstone", app.dump)
        let stop = try XCTUnwrap(try file.open().trips.first?.waypoints.last)
        XCTAssertEqual([stop.name, stop.region, stop.countryCode], ["Jackson", "Wyoming", "US"])
        XCTAssertEqual(stop.placeId, 5828648)
    }
}
