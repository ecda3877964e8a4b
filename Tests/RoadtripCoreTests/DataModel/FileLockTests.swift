import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 4: one writer. (StoreKillLoopTests has the same with a second process that is SIGKILLed.)
final class FileLockTests: StoreTestCase {
    func testSecondInstanceOpensReadOnlyAndSaysWhoIsEditing() throws {
        let first = try storeWithOneTrip("Mine")
        let second = try open()
        let reason = "another roadtrip (pid \(getpid())) is editing \(dataPath)"
        XCTAssertEqual(first.access, .readWrite)
        XCTAssertEqual(second.access, .readOnly(reason: reason))
        XCTAssertEqual(second.notices, [.openedReadOnly(reason: reason)])
        XCTAssertEqual(second.notices.map(\.description), ["Opened read-only: \(reason). Changes cannot be saved."])
        XCTAssertEqual(second.trips.map(\.name), ["Mine"], "a read-only store still shows the trips")

        let before = contents()
        assertThrows(.readOnly(reason: reason)) { try second.update { $0[0].name = "Theirs" } }
        assertThrows(.readOnly(reason: reason)) { try second.save() }
        XCTAssertEqual(second.trips.map(\.name), ["Mine"], "a refused change is not applied")
        XCTAssertEqual(contents(), before)
    }

    func testLockIsReleasedWhenTheStoreGoesAwayAndReloadTakesIt() throws {
        var first: TripStore? = try storeWithOneTrip("Mine")
        let second = try open()
        XCTAssertNotEqual(second.access, .readWrite)
        withExtendedLifetime(first) {}
        first = nil

        try second.reload()
        XCTAssertEqual(second.access, .readWrite)
        XCTAssertEqual(second.notices, [])
        try second.update { $0[0].name = "Now mine" }
        XCTAssertEqual(try trips().map(\.name), ["Now mine"])
    }

    func testLockFileRecordsThePIDAndIsNeverDeleted() throws {
        var store: TripStore? = try storeWithOneTrip()
        XCTAssertEqual(String(decoding: try XCTUnwrap(contents(dataPath + ".lock")), as: UTF8.self), "\(getpid())\n")
        XCTAssertEqual(try mode(dataPath + ".lock"), 0o600)
        withExtendedLifetime(store) {}
        store = nil
        XCTAssertNotNil(contents(dataPath + ".lock"))
    }

    func testUnlockableFolderOpensReadOnly() throws {
        let fs = FaultyFileSystem()
        fs.fail(.open, with: EROFS, pathContains: ".lock")
        _ = try storeWithOneTrip()  // a real file to look at
        let store = try open(fs)
        XCTAssertEqual(store.access, .readOnly(reason: "cannot lock \(dataPath).lock (Read-only file system)"))
        XCTAssertEqual(store.trips.map(\.name), ["Route 66"])
    }
}
