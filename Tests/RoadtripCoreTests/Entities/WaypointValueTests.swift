import Foundation
import XCTest
import RoadtripCore

/// A stop keeps its text in a box its copies share until one is changed: every copy must still act as a value.
final class WaypointValueTests: XCTestCase {
    func testAChangedCopyLeavesTheOriginalAndEveryOtherCopyAsTheyWere() {
        let stop = Waypoint(name: "Tulsa", latitude: 36.15, longitude: -95.99, region: "Oklahoma", countryCode: "US",
                            notes: "Blue Whale", timeZone: "America/Chicago")
        let copies = Array(repeating: stop, count: 3)
        var changed = copies
        changed[0].name = "Tulsa, OK"
        changed[1].region = nil
        changed[1].countryCode = "CA"
        changed[2].notes += " of Catoosa"
        changed[2].timeZone = nil
        for copy in copies {
            XCTAssertEqual([copy.name, copy.region, copy.countryCode, copy.notes, copy.timeZone],
                           ["Tulsa", "Oklahoma", "US", "Blue Whale", "America/Chicago"])
            XCTAssertEqual(copy, stop)
        }
        XCTAssertEqual(changed.map(\.name), ["Tulsa, OK", "Tulsa", "Tulsa"])
        XCTAssertEqual(changed.map(\.region), ["Oklahoma", nil, "Oklahoma"])
        XCTAssertEqual(changed.map(\.countryCode), ["US", "CA", "US"])
        XCTAssertEqual(changed.map(\.notes), ["Blue Whale", "Blue Whale", "Blue Whale of Catoosa"])
        XCTAssertEqual(changed.map(\.timeZone), ["America/Chicago", "America/Chicago", nil])
        XCTAssertTrue(changed.allSatisfy { $0 != stop })
    }

    /// Two stops made apart with the same text are equal; set back to what it was, a changed copy is equal again.
    func testStopsAreEqualByTheirTextNotByTheirBox() {
        let id = UUID()
        let a = Waypoint(id: id, name: "Oslo", latitude: 59.91, longitude: 10.75, notes: "Opera")
        var b = Waypoint(id: id, name: "Oslo", latitude: 59.91, longitude: 10.75, notes: "Opera")
        XCTAssertEqual(a, b)
        b.notes = "Munch"
        XCTAssertNotEqual(a, b)
        b.notes = "Opera"
        XCTAssertEqual(a, b)
    }
}
