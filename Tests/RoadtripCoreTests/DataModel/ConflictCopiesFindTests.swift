import Foundation
import XCTest
@testable import RoadtripCore

/// `ConflictCopies.find` on a real folder: exactly the copies of the data file, oldest name first.
final class ConflictCopiesFindTests: StoreTestCase {
    func testFindsExactlyTheCopiesOldestFirst() throws {
        let copies: [(String, SyncTool)] = [
            ("trips-DESKTOP-ABC123.json", .oneDrive),
            ("trips.Conflict.json", .resilio),
            ("trips-laptop-safeBackup-0002.json", .oneDrive),
            ("trips (Anna's conflicted copy 2027-05-31).json", .dropbox),
            ("trips (conflicted copy 2027-05-31) (2).json", .dropbox),
            ("trips (conflicted copy 2027-05-31) (10).json", .dropbox),
            ("trips.sync-conflict-20270601-090000-ABCDEFG.json", .syncthing),
            ("trips (conflicted copy anna 2027-06-01 101500).json", .nextcloud),
            ("trips.sync-conflict-20270601-101500-ABCDEFG.json", .syncthing),
        ]
        let others = [
            "trips.json", "trips.json.bak", "trips.json.bak.1", "trips.json.lock", ".trips.json.roadtrip-tmp-1-00000000",
            "trips.json.tmp", "trips-2.json.swp", "trips-old.json", "trips (1).json", "notes.txt",
            "other (conflicted copy 2027-06-01).json", "trips (conflicted copy 2027-06-01).JSON",
        ]
        for name in copies.map(\.0).shuffled() + others { try write("{}", to: directory.appendingPathComponent(name).path) }
        // Named like copies, but a folder and a link are not what a sync tool writes.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("trips.sync-conflict-20270101-000000-ABCDEFG.json"),
            withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("trips (conflicted copy 2027-01-01).json").path,
            withDestinationPath: "trips.json")

        let found = try ConflictCopies.find(besides: dataURL)

        XCTAssertEqual(found.map(\.url.lastPathComponent), copies.map(\.0))
        XCTAssertEqual(found.map(\.tool), copies.map(\.1))
        XCTAssertEqual(found.first?.url, directory.appendingPathComponent(copies[0].0))
    }

    func testNoCopiesInAnEmptyFolderOrBesideAMissingFile() throws {
        XCTAssertEqual(try ConflictCopies.find(besides: dataURL), [])
        try write("{}", to: directory.appendingPathComponent("trips (conflicted copy 2027-06-01).json").path)
        XCTAssertEqual(try ConflictCopies.find(besides: directory.appendingPathComponent("other.json")), [])
    }

    func testAMissingFolderIsAnError() {
        let missing = directory.appendingPathComponent("gone/trips.json")
        XCTAssertThrowsError(try ConflictCopies.find(besides: missing)) { error in
            XCTAssertEqual((error as? SystemCallError)?.code, ENOENT)
        }
    }

    /// Names with a newline, control characters, the longest name the file system takes, and bytes that are
    /// not UTF-8 (the listing repairs them, so the copy could not be opened by that name): none is taken, and
    /// none stops the others being found.
    func testHostileNamesInTheFolder() throws {
        let hostile = [
            "trips (Anna\n's conflicted copy 2027-06-01).json", "trips\u{1B}[2J.sync-conflict-20270601-101500-ABCDEFG.json",
            "trips-\(String(repeating: "X", count: 244)).json",
        ]
        for name in hostile { try write("{}", to: directory.appendingPathComponent(name).path) }
        let invalid = Array(directory.path.utf8) + Array("/trips (".utf8) + [0xFF]
            + Array("'s conflicted copy 2027-06-01).json".utf8) + [0]
        let fd = invalid.withUnsafeBytes { Foundation.open($0.baseAddress!.assumingMemoryBound(to: CChar.self),
                                                           O_CREAT | O_WRONLY, 0o600) }
        XCTAssertGreaterThanOrEqual(fd, 0, "the file system refused a name that is not UTF-8")
        close(fd)
        try write("{}", to: directory.appendingPathComponent("trips (conflicted copy 2027-06-01).json").path)

        XCTAssertEqual(try PosixFileSystem().contentsOfDirectory(directory.path).count, hostile.count + 2)
        XCTAssertEqual(try ConflictCopies.find(besides: dataURL).map(\.url.lastPathComponent),
                       ["trips (conflicted copy 2027-06-01).json"])
    }
}
