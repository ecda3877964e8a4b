import Foundation
import XCTest
@testable import RoadtripCore

/// A clash in words: what `show`, `show --json` and the trip screen's `c` say, safe to print whatever the file held.
final class ConflictTextTests: XCTestCase {
    func testAClashReadsAsKeptAndOtherAndHostileTextIsMadeSafe() {
        let stop = Waypoint(name: "Red\u{1B}[31m 東京 🚗", latitude: 35.68, longitude: 139.69, nights: 3)
        let trip = Trip(name: "T", waypoints: [stop])
        let nights = EditConflict(stop: stop.id, field: "nights", value: .number("2"), stamp: "2027-06-01T10:15:00.123Z 4 3f9a2b1c")
        let text = ConflictText(nights, in: trip)
        XCTAssertEqual(text.position, 1)
        XCTAssertEqual(text.kept, "3")
        XCTAssertEqual(text.other, "2")
        XCTAssertEqual(text.when, "2027-06-01 10:15 UTC")
        XCTAssertFalse(text.line.unicodeScalars.contains { $0.value < 0x20 }, text.line)
        XCTAssertTrue(text.line.contains("東京 🚗"), text.line)

        let hostile = EditConflict(stop: nil, field: "x\u{7}\u{1B}]0;owned\u{7}", value: .string("a\nb\u{1B}[2J"), stamp: "not a stamp")
        let said = ConflictText(hostile, in: trip).line
        XCTAssertFalse(said.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, said)
        XCTAssertTrue(said.hasSuffix("(?)"), "an unreadable stamp: \(said)")

        let gone = EditConflict(stop: UUID(), field: "notes", value: .string("ferry"), stamp: nights.stamp)
        XCTAssertEqual(ConflictText(gone, in: trip).field, "a deleted stop's notes")
        XCTAssertEqual(ConflictText(gone, in: trip).kept, "deleted")
    }
}
