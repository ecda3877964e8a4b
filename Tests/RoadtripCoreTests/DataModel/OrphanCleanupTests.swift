import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 8: temporary files left by a save that was killed are removed at the next open; only
/// files of our own pattern, and only by the instance that holds the lock.
final class OrphanCleanupTests: StoreTestCase {
    func testOrphansAreRemovedAtOpen() throws {
        _ = try storeWithOneTrip()
        let ours = [".trips.json.roadtrip-tmp-4242-0a1b2c3d", ".trips.json.roadtrip-tmp-1-ffffffff"]
        let others = [".other.json.roadtrip-tmp-1-00000000", "trips.json.tmp", ".trips.json.swp", "notes.txt"]
        for name in ours + others { try write("partial", to: directory.appendingPathComponent(name).path) }

        let store = try open()
        XCTAssertEqual(names(), (others + ["trips.json", "trips.json.lock"]).sorted())
        XCTAssertEqual(store.notices, [.interruptedSave(path: dataPath)])
        XCTAssertTrue(store.notices[0].description.hasPrefix("A save was interrupted last time"))
        XCTAssertEqual(store.trips.map(\.name), ["Route 66"])
    }

    func testReadOnlyInstanceLeavesTemporaryFilesAlone() throws {
        // They may belong to the save the lock holder is making right now.
        let holder = try storeWithOneTrip()
        let inProgress = directory.appendingPathComponent(".trips.json.roadtrip-tmp-99-12345678").path
        try write("being written", to: inProgress)
        let reader = try open()
        XCTAssertNotEqual(reader.access, .readWrite)
        XCTAssertNotNil(contents(inProgress))
        withExtendedLifetime(holder) {}
    }
}
