import Foundation
import RoadtripCore
import XCTest

/// The data file's hardening, seen from the command line: duplicate ids refused, a newer roadtrip's file said to
/// be one, nothing created by commands that only read.
final class StoreHardeningCLITests: CLITestCase {
    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    func testRmOnAFileWithTwoTripsSharingAnIdDeletesNothing() throws {
        let route = Trip(name: "Route 66")
        let bytes = try TripDocument.encode(TripDocument(trips: [route, Trip(id: route.id, name: "Other")]))
        try bytes.write(to: dataFile)

        let result = try roadtrip("rm", "other", "--yes", expect: 2)
        XCTAssertTrue(result.stderr.contains("trip 2: two trips share the id \(route.id.uuidString): "
                                             + "\"Route 66\" and \"Other\""), result.stderr)
        XCTAssertTrue(result.stderr.contains("A copy is at \(dataFile.path).corrupt-"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: dataFile), bytes, "something was deleted")
        XCTAssertEqual(try names().filter { !$0.hasPrefix("trips.json.corrupt-") }, ["trips.json"])
    }

    func testRmStopOnATripWithTwoStopsSharingAnIdDeletesNothing() throws {
        let chicago = Waypoint(name: "Chicago", latitude: 41.85, longitude: -87.65)
        let twin = Waypoint(id: chicago.id, name: "Joliet", latitude: 41.53, longitude: -88.08)
        let bytes = try TripDocument.encode(TripDocument(trips: [Trip(name: "Route 66", waypoints: [chicago, twin])]))
        try bytes.write(to: dataFile)

        let result = try roadtrip("rm-stop", "route", "2", "--yes", expect: 2)
        XCTAssertTrue(result.stderr.contains("trip 1, stop 2: two stops of \"Route 66\" share the id "
                                             + "\(chicago.id.uuidString): \"Chicago\" and \"Joliet\""), result.stderr)
        XCTAssertEqual(try Data(contentsOf: dataFile), bytes)
    }

    func testListOfANewerRoadtripsFileSaysSoInsteadOfNoTripsYet() throws {
        try Data(#"{"schemaVersion": 7, "trips": {"format": "something new"}}"#.utf8).write(to: dataFile)
        let result = try roadtrip("list")
        XCTAssertEqual(result.stdout, "This file was written by a newer roadtrip (schema 7); it is open read-only.\n")
        XCTAssertTrue(result.stderr.contains("uses schema version 7"), result.stderr)
    }

    func testReadingAMissingPathCreatesNothing() throws {
        let missing = directory.appendingPathComponent("x/y/z/trips.json")
        XCTAssertEqual(try roadtrip("list", data: missing).stdout, "No trips yet. Create one with: roadtrip new NAME\n")
        try roadtrip("list", "--json", data: missing)
        try roadtrip("show", "route", data: missing, expect: 1)
        XCTAssertEqual(try names(), [], "a command that only reads created something")

        try roadtrip("new", "Route 66", data: missing)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: missing.deletingLastPathComponent().path).sorted(),
                       ["trips.json", "trips.json.lock"])
    }

    func testReadingCreatesNoLockFileBesideAnExistingFile() throws {
        try TripDocument.encode(TripDocument(trips: [Trip(name: "Route 66")])).write(to: dataFile)
        try roadtrip("list")
        try roadtrip("show", "route")
        XCTAssertEqual(try names(), ["trips.json"])
    }
}
