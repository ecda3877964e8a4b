import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 1: temporary file beside the target (O_EXCL, 0600) → write all → fsync → rename → fsync
/// the folder; modes, owners and symbolic links survive.
final class AtomicSaveTests: StoreTestCase {
    func testMissingFileIsAnEmptyStoreCreatedOnFirstSaveWithPrivateModes() throws {
        let nested = directory.appendingPathComponent("a/b/roadtrip/trips.json")
        let store = try open(at: nested)
        XCTAssertEqual(store.trips, [])
        XCTAssertEqual(store.access, .readWrite)
        XCTAssertNil(contents(nested.path), "opening alone does not create the file")

        try store.update { $0.append(Self.trip("First")) }
        XCTAssertEqual(try trips(in: nested.path).map(\.name), ["First"])
        XCTAssertEqual(try mode(nested.path), 0o600)
        XCTAssertEqual(try mode(nested.deletingLastPathComponent().path), 0o700)
        XCTAssertEqual(try mode(directory.appendingPathComponent("a").path), 0o700)
    }

    func testSaveFollowsTheAtomicSequence() throws {
        let fs = FaultyFileSystem()
        let store = try storeWithOneTrip("Before", fs)
        let start = fs.log.count
        try store.update { $0[0].name = "After" }

        let steps = fs.log[start...].filter { [.open, .write, .fsync, .rename, .close].contains($0.call) }
            .map { "\($0.call.rawValue) \(Self.describe($0.path, directory: directory.path))" }
        XCTAssertEqual(steps, [
            "open temporary", "write temporary", "fsync temporary", "close temporary",
            "rename trips.json.bak.1 -> trips.json.bak.2", "rename trips.json.bak -> trips.json.bak.1",
            "rename temporary -> trips.json.bak",
            "rename temporary -> trips.json",
            "open folder", "fsync folder", "close folder",
        ])
        XCTAssertEqual(try trips().map(\.name), ["After"])
        XCTAssertEqual(temporaryFiles(), [])
    }

    func testTemporaryFileIsCreatedExclusivelyBesideTheTarget() throws {
        // A file squatting on the temporary name is never opened or truncated: O_EXCL fails and another
        // name is tried. Here the seam makes the first attempt report EEXIST.
        let fs = FaultyFileSystem()
        fs.fail(.open, with: EEXIST, pathContains: ".trips.json.roadtrip-tmp-", times: 1)
        let store = try storeWithOneTrip("Route 66", fs)
        XCTAssertEqual(store.trips.map(\.name), ["Route 66"])
        XCTAssertEqual(fs.calls(.open, pathContains: directory.path + "/.trips.json.roadtrip-tmp-"), 2)
    }

    func testShortWritesAndInterruptedWritesStillWriteEveryByte() throws {
        let fs = FaultyFileSystem()
        fs.writeChunk = 7
        fs.interruptWrites = true
        let store = try open(fs)
        let big = (0..<20).map { Self.trip("Trip \($0)", stops: 10) }
        try store.update { $0 = big }
        XCTAssertEqual(try trips(), big)
        XCTAssertGreaterThan(fs.calls(.write), 1000)
    }

    func testExistingModeIsKept() throws {
        let store = try storeWithOneTrip()
        chmod(dataPath, 0o644)
        try store.update { $0[0].notes = "changed" }
        XCTAssertEqual(try mode(dataPath), 0o644)
    }

    func testExistingOwnerIsKept() throws {
        let store = try storeWithOneTrip()
        // Root can give the file to another user (a shared file) and the save must keep that owner;
        // anyone else keeps their own.
        let owner: (uid_t, gid_t) = geteuid() == 0 ? (4321, 4321) : (geteuid(), getegid())
        XCTAssertEqual(chown(dataPath, owner.0, owner.1), 0)
        try store.update { $0[0].notes = "changed" }
        let info = try PosixFileSystem().stat(dataPath)
        XCTAssertEqual([info.st_uid, info.st_gid], [owner.0, owner.1])
    }

    func testSymlinkedDataFileKeepsPointingAtItsTarget() throws {
        // The user keeps trips.json in a synced folder and links to it: saving replaces the target.
        let synced = directory.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: synced, withIntermediateDirectories: true)
        let target = synced.appendingPathComponent("my-trips.json")
        try open(at: target).update { $0.append(Self.trip("Linked")) }
        let link = directory.appendingPathComponent("link.json")
        XCTAssertEqual(symlink("Sync/my-trips.json", link.path), 0)  // relative link

        let store = try TripStore.open(at: link)
        XCTAssertEqual(store.trips.map(\.name), ["Linked"])
        try store.update { $0[0].name = "Through the link" }

        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "Sync/my-trips.json")
        XCTAssertEqual(try trips(in: target.path).map(\.name), ["Through the link"])
        let besideTarget = try FileManager.default.contentsOfDirectory(atPath: synced.path).sorted()
        XCTAssertEqual(besideTarget, ["my-trips.json", "my-trips.json.bak", "my-trips.json.lock"])
    }

    func testDanglingSymlinkIsFollowedOnFirstSave() throws {
        let link = directory.appendingPathComponent("link.json")
        let target = directory.appendingPathComponent("real.json")
        XCTAssertEqual(symlink(target.path, link.path), 0)
        let store = try TripStore.open(at: link)
        try store.update { $0.append(Self.trip("New")) }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
        XCTAssertEqual(try trips(in: target.path).map(\.name), ["New"])
    }

    func testSavedFileIsTheDocumentedFormat() throws {
        _ = try storeWithOneTrip("Format")
        let text = String(decoding: try XCTUnwrap(contents()), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"schemaVersion\" : 2,\n  \"trips\" : [\n    {\n      \"createdAt\" : \"2023-11-14T22:13:20Z\","), text)
        XCTAssertTrue(text.hasSuffix("\n}\n"))
    }

    private static func describe(_ path: String, directory: String) -> String {
        path.components(separatedBy: " -> ").map { part -> String in
            if part == directory { return "folder" }
            let name = (part as NSString).lastPathComponent
            return name.hasPrefix(".trips.json.roadtrip-tmp-") ? "temporary" : name
        }.joined(separator: " -> ")
    }
}
