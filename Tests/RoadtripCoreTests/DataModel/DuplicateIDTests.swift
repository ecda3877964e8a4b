import Foundation
import XCTest
@testable import RoadtripCore

/// Ids are unique: two trips (or two stops of a trip) with one id would let a delete or an edit by id touch an
/// item the user did not pick. Such a file is refused like any invalid file; no change can make one.
final class DuplicateIDTests: StoreTestCase {
    func testFileWithTwoTripsSharingAnIdIsRefusedAndKept() throws {
        let first = Self.trip("Route 66")
        let second = Trip(id: first.id, name: "Other", createdAt: first.createdAt)
        let text = try documentText([Self.trip("Before"), first, second])
        try write(text)

        let (reason, copy) = try refusal()
        XCTAssertEqual(reason, "line \(try startLine(ofObjectNamed: "Other", in: text)), column 5: trip 3: "
                       + "two trips share the id \(first.id.uuidString): \"Route 66\" and \"Other\"")
        XCTAssertEqual(contents(), Data(text.utf8), "the file was changed")
        XCTAssertEqual(contents(copy), Data(text.utf8), "the quarantined copy differs")
    }

    func testFileWithTwoStopsOfATripSharingAnIdIsRefusedAndKept() throws {
        var trip = Self.trip("Route 66", stops: 3)
        trip.waypoints[2] = Waypoint(id: trip.waypoints[0].id, name: "Joliet", latitude: 41.5, longitude: -88.1)
        let text = try documentText([Self.trip("Before"), trip])
        try write(text)

        let (reason, copy) = try refusal()
        XCTAssertEqual(reason, "line \(try startLine(ofObjectNamed: "Joliet", in: text)), column 9: trip 2, stop 3: "
                       + "two stops of \"Route 66\" share the id \(trip.waypoints[0].id.uuidString): "
                       + "\"Stop 0\" and \"Joliet\"")
        XCTAssertEqual(contents(copy), Data(text.utf8))
    }

    /// Past 32 stops the reader indexes ids instead of comparing them: the same refusal, whether the first stop
    /// came before the index was built or after.
    func testARepeatedStopIdInALongTripIsRefusedToo() throws {
        for first in [3, 40] {
            var trip = Self.trip("Long", stops: 60)
            trip.waypoints[50] = Waypoint(id: trip.waypoints[first].id, name: "Twin", latitude: 41.5, longitude: -88.1)
            let text = try documentText([trip])
            try write(text)

            let (reason, _) = try refusal()
            XCTAssertEqual(reason, "line \(try startLine(ofObjectNamed: "Twin", in: text)), column 9: trip 1, stop 51: "
                           + "two stops of \"Long\" share the id \(trip.waypoints[first].id.uuidString): "
                           + "\"Stop \(first)\" and \"Twin\"")
        }
    }

    func testNamesInTheMessageCannotDriveTheTerminal() throws {
        let first = Self.trip("Evil\u{1B}]0;pwned\u{07}")
        try write(try documentText([first, Trip(id: first.id, name: "Other")]))
        XCTAssertTrue(try refusal().reason.hasSuffix(#": "Evil^[]0;pwned^G" and "Other""#))
    }

    func testAChangeCannotMakeTwoTripsShareAnId() throws {
        let store = try storeWithOneTrip("Route 66")
        let before = contents()
        let twin = Trip(id: store.trips[0].id, name: "Twin")
        assertThrows(.duplicateID(DuplicateID(id: twin.id, trip: nil, first: "Twin", second: "Route 66"))) {
            try store.update { $0.insert(twin, at: 0) }
        }
        XCTAssertEqual(store.trips.map(\.name), ["Route 66"], "the refused change was kept")
        XCTAssertEqual(contents(), before)
    }

    func testAChangeCannotMakeTwoStopsShareAnId() throws {
        let store = try storeWithOneTrip("Route 66")
        let stop = store.trips[0].waypoints[0]
        let twin = Waypoint(id: stop.id, name: "Twin", latitude: 1, longitude: 1)
        assertThrows(.duplicateID(DuplicateID(id: stop.id, trip: "Route 66", first: "Stop 0", second: "Twin"))) {
            try store.update { $0[0].waypoints.append(twin) }
        }
        XCTAssertEqual(store.trips[0].waypoints.map(\.name), ["Stop 0", "Stop 1"])
    }

    /// The same number of stops, one replaced by another's twin: the ids changed, so they are checked.
    func testAStopReplacedByATwinOfAnotherIsRefused() throws {
        let store = try storeWithOneTrip("Route 66")
        let stop = store.trips[0].waypoints[0]
        let twin = Waypoint(id: stop.id, name: "Twin", latitude: 1, longitude: 1)
        assertThrows(.duplicateID(DuplicateID(id: stop.id, trip: "Route 66", first: "Stop 0", second: "Twin"))) {
            try store.update { $0[0].waypoints[1] = twin }
        }
        XCTAssertEqual(store.trips[0].waypoints.map(\.name), ["Stop 0", "Stop 1"])
    }

    /// A stop moved is checked again where it lands; the stops left in place were valid already.
    func testAMovedStopIsCheckedAndASwapIsKept() throws {
        let store = try storeWithOneTrip("Route 66")
        try store.update { $0[0].waypoints.swapAt(0, 1) }
        XCTAssertEqual(store.trips[0].waypoints.map(\.name), ["Stop 1", "Stop 0"])
        XCTAssertThrowsError(try store.update {
            $0[0].waypoints.swapAt(0, 1)
            $0[0].waypoints[0].latitude = 91
        }, "an invalid stop that also moved")
        XCTAssertEqual(store.trips[0].waypoints.map(\.name), ["Stop 1", "Stop 0"])
    }

    func testRemovingByIdNeverRemovesTwo() throws {
        let first = Trip(name: "Route 66")
        var trips = [first, Trip(name: "Between"), Trip(id: first.id, name: "Other")]
        XCTAssertThrowsError(try trips.removeTrip(withID: first.id)) {
            XCTAssertEqual($0 as? StoreError,
                           .duplicateID(DuplicateID(id: first.id, trip: nil, first: "Route 66", second: "Other")))
        }
        XCTAssertEqual(trips.map(\.name), ["Route 66", "Between", "Other"])
        try trips.removeTrip(withID: trips[1].id)
        XCTAssertEqual(trips.map(\.name), ["Route 66", "Other"])

        let stop = Waypoint(name: "A", latitude: 0, longitude: 0)
        var trip = Trip(name: "T", waypoints: [stop, Waypoint(id: stop.id, name: "B", latitude: 0, longitude: 0)])
        XCTAssertThrowsError(try trip.removeStop(withID: stop.id))
        XCTAssertEqual(trip.waypoints.map(\.name), ["A", "B"])
    }

    // MARK: -

    /// The file as roadtrip writes it (the writer does not look for duplicates).
    private func documentText(_ trips: [Trip]) throws -> String {
        String(decoding: try TripDocument.encode(TripDocument(trips: trips)), as: UTF8.self)
    }

    /// The line (from 1) of the `{` that starts the trip or stop named `name`.
    private func startLine(ofObjectNamed name: String, in text: String) throws -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let nameLine = try XCTUnwrap(lines.firstIndex { $0.contains(#""name" : "\#(name)""#) })
        let indent = lines[nameLine].prefix { $0 == " " }.count - 2
        return try XCTUnwrap(lines[..<nameLine].lastIndex { $0 == String(repeating: " ", count: indent) + "{" }) + 1
    }

    /// Opens the data file, which must be refused as corrupt with a quarantined copy: the reason and the copy.
    private func refusal(line: UInt = #line) throws -> (reason: String, copy: String) {
        var caught: Error?
        XCTAssertThrowsError(try open(), line: line) { caught = $0 }
        let corrupt: (path: String, reason: String, copy: String?)? = {
            guard case let .corrupt(path, reason, copy, _)? = caught as? StoreError else { return nil }
            return (path, reason, copy)
        }()
        let (path, reason, copy) = try XCTUnwrap(corrupt, "not StoreError.corrupt: \(String(describing: caught))",
                                                 line: line)
        XCTAssertEqual(path, dataPath, line: line)
        let copyPath = try XCTUnwrap(copy, "no quarantined copy", line: line)
        XCTAssertTrue((copyPath as NSString).lastPathComponent.hasPrefix("trips.json.corrupt-"), copyPath, line: line)
        return (reason, copyPath)
    }
}
