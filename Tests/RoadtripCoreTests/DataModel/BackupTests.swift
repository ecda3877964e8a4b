import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 3: before the file is replaced, its previous version is kept as `trips.json.bak`, and
/// older ones as `.bak.1`, `.bak.2`.
final class BackupTests: StoreTestCase {
    func testEachSaveKeepsThePreviousVersions() throws {
        let store = try open()
        try store.update { $0.append(Self.trip("v1")) }
        XCTAssertNil(contents(dataPath + ".bak"), "the first save has nothing to back up")
        var versions = [try XCTUnwrap(contents())]
        for name in ["v2", "v3", "v4", "v5"] {
            try store.update { $0[0].name = name }
            versions.insert(try XCTUnwrap(contents()), at: 0)
        }
        XCTAssertEqual(contents(dataPath + ".bak"), versions[1])
        XCTAssertEqual(contents(dataPath + ".bak.1"), versions[2])
        XCTAssertEqual(contents(dataPath + ".bak.2"), versions[3])
        XCTAssertNil(contents(dataPath + ".bak.3"))
        XCTAssertEqual(names(), ["trips.json", "trips.json.bak", "trips.json.bak.1", "trips.json.bak.2", "trips.json.lock"])
    }

    func testBackupKeepsTheFileMode() throws {
        let store = try storeWithOneTrip()
        chmod(dataPath, 0o640)
        try store.update { $0[0].notes = "x" }
        XCTAssertEqual(try mode(dataPath + ".bak"), 0o640)
    }

    func testSingleGenerationReplacesTheBackup() throws {
        let store = try open(backups: 1)
        try store.update { $0.append(Self.trip("v1")) }
        try store.update { $0[0].name = "v2" }
        let v2 = contents()
        try store.update { $0[0].name = "v3" }
        XCTAssertEqual(contents(dataPath + ".bak"), v2)
        XCTAssertNil(contents(dataPath + ".bak.1"))
    }

    func testFileSystemsWithoutHardLinksGetACopy() throws {
        let fs = FaultyFileSystem()
        fs.fail(.link, with: EPERM)
        let store = try storeWithOneTrip("v1", fs)
        let v1 = contents()
        try store.update { $0[0].name = "v2" }
        XCTAssertEqual(contents(dataPath + ".bak"), v1)
        XCTAssertEqual(try trips().map(\.name), ["v2"])
        XCTAssertEqual(temporaryFiles(), [])
    }

    func testBackupIsNotAffectedByLaterEditsInPlace() throws {
        // The backup is a hard link to the replaced inode; the new file is a different inode.
        let store = try storeWithOneTrip("v1")
        try store.update { $0[0].name = "v2" }
        let backup = contents(dataPath + ".bak")
        let handle = try FileHandle(forWritingTo: dataURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" ".utf8))
        try handle.close()
        XCTAssertEqual(contents(dataPath + ".bak"), backup)
    }
}
