import Foundation
import XCTest
@testable import RoadtripCore

/// Opening the data creates nothing (a command that only reads leaves no trace): the folder and the lock file
/// are made by the first change, which then takes the lock as opening would have.
final class OpeningCreatesNothingTests: StoreTestCase {
    func testAMissingPathIsCreatedByTheFirstChangeOnly() throws {
        let folder = directory.appendingPathComponent("a/b")
        let url = folder.appendingPathComponent("trips.json")
        let store = try open(at: url)
        XCTAssertEqual(store.trips, [])
        XCTAssertEqual(store.access, .readWrite)
        XCTAssertEqual(names(), [], "opening created something")

        try store.update { $0.append(Self.trip("First")) }
        XCTAssertEqual(try mode(folder.path), 0o700)
        XCTAssertEqual(try mode(url.path), 0o600)
        XCTAssertEqual(String(decoding: try XCTUnwrap(contents(url.path + ".lock")), as: UTF8.self), "\(getpid())\n")
    }

    func testAFileWithoutALockFileGetsOneAtTheFirstChange() throws {
        try write(String(decoding: try TripDocument.encode(TripDocument(trips: [Self.trip("Mine")])), as: UTF8.self))
        let store = try open()
        XCTAssertEqual(store.trips.map(\.name), ["Mine"])
        XCTAssertEqual(names(), ["trips.json"])

        try store.update { $0[0].notes = "changed" }
        XCTAssertNotNil(contents(dataPath + ".lock"))
        let other = try open()
        XCTAssertEqual(other.access, .readOnly(reason: "another roadtrip (pid \(getpid())) is editing \(dataPath)"),
                       "the first change took the lock and keeps it")
    }

    func testOfTwoStoresOpenedBeforeThereWasALockOnlyTheFirstToChangeWrites() throws {
        let first = try open(), second = try open()
        try first.update { $0.append(Self.trip("First")) }
        let reason = "another roadtrip (pid \(getpid())) is editing \(dataPath)"
        assertThrows(.readOnly(reason: reason)) { try second.update { $0.append(Self.trip("Second")) } }
        XCTAssertEqual(second.trips, [], "a refused change is not applied")
        XCTAssertEqual(try trips().map(\.name), ["First"])
    }
}
