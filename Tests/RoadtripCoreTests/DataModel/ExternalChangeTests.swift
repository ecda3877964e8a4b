import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 5: a file changed by another program since it was loaded is never overwritten; the user
/// is told and can reload.
final class ExternalChangeTests: StoreTestCase {
    private let outsider = try! TripDocument.encode(TripDocument(trips: [ExternalChangeTests.trip("Edited elsewhere")]))

    func testReplacedFile() throws {
        // Editors and sync tools write a new file and rename it over ours.
        let store = try storeWithOneTrip("Mine")
        try outsider.write(to: dataURL, options: .atomic)
        try assertRefusedThenReloaded(store)
    }

    func testFileEditedInPlace() throws {
        let store = try storeWithOneTrip("Mine")
        let handle = try FileHandle(forWritingTo: dataURL)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: outsider)
        try handle.close()
        try assertRefusedThenReloaded(store)
    }

    func testSameSizeEditInPlaceIsNoticedByItsModificationTime() throws {
        let store = try storeWithOneTrip("Mine")
        var bytes = try XCTUnwrap(contents())
        let range = try XCTUnwrap(bytes.range(of: Data("Mine".utf8)))
        bytes.replaceSubrange(range, with: Data("Ours".utf8))
        let handle = try FileHandle(forWritingTo: dataURL)
        try handle.write(contentsOf: bytes)
        try handle.close()
        let newer = timespec(tv_sec: time(nil) + 5, tv_nsec: 0)
        XCTAssertEqual(utimensat(AT_FDCWD, dataPath, [newer, newer], 0), 0)

        assertThrows(.changedOnDisk(path: dataPath)) { try store.update { $0[0].notes = "mine" } }
        XCTAssertEqual(try trips().map(\.name), ["Ours"])
    }

    func testFileDeletedOrCreatedByAnotherProgram() throws {
        let store = try storeWithOneTrip("Mine")
        try FileManager.default.removeItem(at: dataURL)
        assertThrows(.changedOnDisk(path: dataPath)) { try store.update { $0[0].notes = "x" } }
        XCTAssertNil(contents(), "a deleted file is not silently recreated")

        let empty = try open(at: directory.appendingPathComponent("new.json"))
        try outsider.write(to: directory.appendingPathComponent("new.json"))
        assertThrows(.changedOnDisk(path: directory.appendingPathComponent("new.json").path)) {
            try empty.update { $0.append(Self.trip("Mine")) }
        }
    }

    func testRetargetedSymlink() throws {
        let link = directory.appendingPathComponent("link.json")
        let a = directory.appendingPathComponent("a.json"), b = directory.appendingPathComponent("b.json")
        try outsider.write(to: a)
        try outsider.write(to: b)
        XCTAssertEqual(symlink(a.path, link.path), 0)
        let store = try open(at: link)
        try FileManager.default.removeItem(at: link)
        XCTAssertEqual(symlink(b.path, link.path), 0)
        assertThrows(.changedOnDisk(path: link.path)) { try store.update { $0[0].notes = "x" } }
        XCTAssertEqual(contents(a.path), outsider)
        XCTAssertEqual(contents(b.path), outsider)
    }

    func testOwnSavesAreNotMistakenForOutsideChanges() throws {
        let store = try storeWithOneTrip("Mine")
        for index in 0..<20 { try store.update { $0[0].notes = "edit \(index)" } }
        XCTAssertEqual(try trips()[0].notes, "edit 19")
    }

    private func assertRefusedThenReloaded(_ store: TripStore, line: UInt = #line) throws {
        assertThrows(.changedOnDisk(path: dataPath), line: line) { try store.update { $0[0].notes = "my change" } }
        XCTAssertEqual(contents(), outsider, "the other program's version was overwritten", line: line)
        XCTAssertEqual(store.trips[0].notes, "my change", "the change stays in memory until the user decides", line: line)

        try store.reload()
        XCTAssertEqual(store.trips.map(\.name), ["Edited elsewhere"], line: line)
        try store.update { $0[0].notes = "after reload" }
        XCTAssertEqual(try trips()[0].notes, "after reload", line: line)
    }
}
