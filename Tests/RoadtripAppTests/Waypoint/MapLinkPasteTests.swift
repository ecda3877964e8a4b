import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// A Google Maps link pasted into a coordinate field fills both once the field is left (issue 20, item 9).
final class MapLinkPasteTests: XCTestCase {
    func testALinkPastedIntoLatitudeGivesBothCoordinates() {
        let app = AppDriver(repository: InMemoryTripRepository(trips: [Trip(name: "Skye")]), rows: 30, columns: 100)
        app.press(.enter, .character("a"))
        app.type("Portree")
        app.press(.tab, .paste("https://www.google.com/maps/place/Portree/@57.4125,-6.1962,14z"), .tab)
        XCTAssertTrue(app.screen.contains { $0.hasPrefix(" Latitude   57.4125") }, app.dump)
        XCTAssertTrue(app.screen.contains { $0.hasPrefix(" Longitude  -6.1962") }, app.dump)
    }
}
