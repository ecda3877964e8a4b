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
        try editInPlace(replacing: "Mine", with: "Ours")
        let newer = timespec(tv_sec: time(nil) + 5, tv_nsec: 0)
        XCTAssertEqual(utimensat(AT_FDCWD, dataPath, [newer, newer], 0), 0)

        assertThrows(.changedOnDisk(path: dataPath)) { try store.update { $0[0].notes = "mine" } }
        XCTAssertEqual(try trips().map(\.name), ["Ours"])
    }

    func testSameSizeEditInPlaceWithItsModificationTimePutBack() throws {
        // What `os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))` does after the edit: only the change time,
        // which no program can set, tells this version from ours.
        let store = try storeWithOneTrip("Mine")
        let before = try PosixFileSystem().stat(dataPath)
        try disguisedEditInPlace(replacing: "Mine", with: "Ours")
        let after = try PosixFileSystem().stat(dataPath)
        XCTAssertEqual([after.st_size, after.st_mtim.tv_sec, after.st_mtim.tv_nsec],
                       [before.st_size, before.st_mtim.tv_sec, before.st_mtim.tv_nsec], "the edit is not disguised")

        assertThrows(.changedOnDisk(path: dataPath)) { try store.update { $0[0].notes = "mine" } }
        XCTAssertEqual(try trips().map(\.name), ["Ours"])
    }

    func testWriteWhileTheNewVersionIsBeingSavedIsNotOverwritten() throws {
        // Another program writes once our new version is written and synced, before it is renamed into place.
        let fs = FaultyFileSystem()
        let store = try storeWithOneTrip("Mine", fs)
        fs.afterFsync(pathContains: ".roadtrip-tmp-") { [outsider, dataURL] in
            try! outsider.write(to: dataURL, options: .atomic)
        }
        try assertRefusedThenReloaded(store)
        XCTAssertEqual(temporaryFiles(), [])
    }

    func testDisguisedEditWhileTheNewVersionIsBeingSavedIsNotOverwritten() throws {
        let fs = FaultyFileSystem()
        let store = try storeWithOneTrip("Mine", fs)
        var edited: Data?
        fs.afterFsync(pathContains: ".roadtrip-tmp-") { [self] in
            try! disguisedEditInPlace(replacing: "Mine", with: "Ours")
            edited = contents()
        }
        assertThrows(.changedOnDisk(path: dataPath)) { try store.update { $0[0].notes = "my change" } }
        XCTAssertNotNil(edited)
        XCTAssertEqual(contents(), edited, "the other program's version was overwritten")
        XCTAssertEqual(try trips().map(\.name), ["Ours"])
        XCTAssertEqual(temporaryFiles(), [])
    }

    func testFailedSaveAfterTheBackupLinkCanBeRetried() throws {
        // The backup's hard link changes the file's change time; that is ours, not another program's.
        let fs = FaultyFileSystem()
        let store = try storeWithOneTrip("Mine", fs)
        fs.fail(.rename, with: EIO, times: 1) { [dataPath] in $0.hasSuffix(" -> " + dataPath) }
        XCTAssertThrowsError(try store.update { $0[0].notes = "my change" })
        try store.save()
        XCTAssertEqual(try trips()[0].notes, "my change")
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

    /// Rewrites the data file in place (same inode), `old` replaced by `new`.
    private func editInPlace(replacing old: String, with new: String) throws {
        var bytes = try XCTUnwrap(contents())
        let range = try XCTUnwrap(bytes.range(of: Data(old.utf8)))
        bytes.replaceSubrange(range, with: Data(new.utf8))
        let handle = try FileHandle(forWritingTo: dataURL)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    /// An edit in place of the same size, then the access and modification times put back as they were.
    private func disguisedEditInPlace(replacing old: String, with new: String) throws {
        let before = try PosixFileSystem().stat(dataPath)
        try waitForTheClockToPass(before.st_ctim)
        try editInPlace(replacing: old, with: new)
        XCTAssertEqual(utimensat(AT_FDCWD, dataPath, [before.st_atim, before.st_mtim], 0), 0)
    }

    /// Waits until a change made now gets a later change time than `time`. Where the kernel's file times are
    /// coarse (before Linux 6.13's fine-grained ones), changes within one clock tick (a few ms) share a time.
    private func waitForTheClockToPass(_ time: timespec) throws {
        let probe = directory.appendingPathComponent("clock-probe").path
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            try write("tick", to: probe)
            let now = try PosixFileSystem().stat(probe).st_ctim
            if (now.tv_sec, now.tv_nsec) > (time.tv_sec, time.tv_nsec) { return }
            usleep(500)
        }
        throw SystemCallError("the file system clock did not move past the change time in 5 s", code: ETIMEDOUT)
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
