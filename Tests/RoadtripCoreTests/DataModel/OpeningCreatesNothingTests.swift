import Foundation
import XCTest
@testable import RoadtripCore

/// With `createOnFirstChange` (the command line), opening the data creates nothing, so that a command that only
/// reads leaves no trace: the folder and the lock file are made by the first change, which takes the lock then.
/// Without it (the app), the lock is taken at open, as a second roadtrip must see at once.
final class OpeningCreatesNothingTests: StoreTestCase {
    private func openCreatingOnFirstChange(at url: URL? = nil) throws -> TripStore {
        var options = TripStore.Options()
        options.createOnFirstChange = true
        return try TripStore.open(at: url ?? dataURL, options: options)
    }

    func testAMissingPathIsCreatedByTheFirstChangeOnly() throws {
        let folder = directory.appendingPathComponent("a/b")
        let url = folder.appendingPathComponent("trips.json")
        let store = try openCreatingOnFirstChange(at: url)
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
        let store = try openCreatingOnFirstChange()
        XCTAssertEqual(store.trips.map(\.name), ["Mine"])
        XCTAssertEqual(names(), ["trips.json"])

        try store.update { $0[0].notes = "changed" }
        XCTAssertNotNil(contents(dataPath + ".lock"))
        XCTAssertEqual(try open().access, .readOnly(reason: "another roadtrip (pid \(getpid())) is editing \(dataPath)"),
                       "the first change took the lock and keeps it")
    }

    func testOfTwoStoresOpenedBeforeThereWasALockOnlyTheFirstToChangeWrites() throws {
        let first = try openCreatingOnFirstChange(), second = try openCreatingOnFirstChange()
        try first.update { $0.append(Self.trip("First")) }
        let reason = "another roadtrip (pid \(getpid())) is editing \(dataPath)"
        assertThrows(.readOnly(reason: reason)) { try second.update { $0.append(Self.trip("Second")) } }
        XCTAssertEqual(second.trips, [], "a refused change is not applied")
        XCTAssertEqual(try trips().map(\.name), ["First"])
    }

    func testAnExistingLockIsStillTakenAtOpen() throws {
        let holder = try open()
        XCTAssertEqual(try openCreatingOnFirstChange().access,
                       .readOnly(reason: "another roadtrip (pid \(getpid())) is editing \(dataPath)"))
        withExtendedLifetime(holder) {}
    }

    func testWithoutTheOptionOpeningTakesTheLockAtOnce() throws {
        let url = directory.appendingPathComponent("a/trips.json")
        let holder = try open(at: url)
        XCTAssertNotNil(contents(url.path + ".lock"))
        XCTAssertEqual(try open(at: url).access, .readOnly(reason: "another roadtrip (pid \(getpid())) is editing \(url.path)"))
        withExtendedLifetime(holder) {}
    }
}
