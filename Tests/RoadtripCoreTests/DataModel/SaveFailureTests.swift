import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 2: when a save fails, the old file stays byte-identical, no temporary file is left, the
/// error says what happened, and the change stays in memory so that `save()` can retry.
final class SaveFailureTests: StoreTestCase {
    private let temporary = ".trips.json.roadtrip-tmp-"

    func testWriteFailures() throws {
        for (code, text) in [(ENOSPC, "No space left on device"), (EIO, "Input/output error"),
                             (EDQUOT, "Disk quota exceeded")] {
            try assertFailedSaveKeepsOldFile(.write, code, expecting: "write: \(text)")
        }
    }

    func testFsyncFailureIsNeverRetried() throws {
        let failedSave = try assertFailedSaveKeepsOldFile(.fsync, EIO, expecting: "fsync: Input/output error")
        XCTAssertEqual(failedSave.filter { $0.call == .fsync }.count, 1, "the failed fsync was retried")
    }

    func testRenameFailures() throws {
        // The rename that replaces the file, then the one that puts the backup in place.
        try assertFailedSaveKeepsOldFile(.rename, EACCES, where: { [dataPath] in $0.hasSuffix(" -> " + dataPath) },
                                         expecting: "rename: Permission denied")
        try assertFailedSaveKeepsOldFile(.rename, EIO, where: { $0.hasSuffix(".bak") },
                                         expecting: "rename: Input/output error")
    }

    func testReadOnlyFolderThroughTheSeam() throws {
        // Tests run as root, for whom chmod does not make a folder read-only: the seam reports EROFS
        // where the kernel would. (RealFileSystemFaultTests does it with a real read-only mount.)
        try assertFailedSaveKeepsOldFile(.open, EROFS, pathContains: temporary,
                                         expecting: "open: Read-only file system")
        try assertFailedSaveKeepsOldFile(.open, EACCES, pathContains: temporary,
                                         expecting: "open: Permission denied")
    }

    func testCloseAndChmodFailures() throws {
        try assertFailedSaveKeepsOldFile(.close, EIO, pathContains: temporary, expecting: "close: Input/output error")
        try assertFailedSaveKeepsOldFile(.fchmod, EPERM, expecting: "fchmod: Operation not permitted")
    }

    func testBackupFailureStopsTheSave() throws {
        try assertFailedSaveKeepsOldFile(.link, EIO, expecting: "link: Input/output error")
    }

    func testFolderSyncFailureSaysTheSaveIsNotConfirmed() throws {
        let fs = FaultyFileSystem()
        let store = try storeWithOneTrip("Before", fs)
        fs.fail(.fsync, with: EIO, times: 1) { [directory] in $0 == directory!.path }
        assertThrows(.notDurable(path: dataPath, message: "fsync: Input/output error")) {
            try store.update { $0[0].name = "After" }
        }
        // The new version is in place and known as ours: the next save is not refused as an outside change.
        XCTAssertEqual(try trips().map(\.name), ["After"])
        try store.update { $0[0].name = "Again" }
        XCTAssertEqual(try trips().map(\.name), ["Again"])
    }

    func testRetryAfterFailureSavesTheChangeKeptInMemory() throws {
        let fs = FaultyFileSystem()
        let store = try storeWithOneTrip("Before", fs)
        fs.fail(.write, with: ENOSPC, pathContains: temporary)
        XCTAssertThrowsError(try store.update { $0[0].name = "After" })
        XCTAssertEqual(store.trips.map(\.name), ["After"])
        fs.heal()
        try store.save()
        XCTAssertEqual(try trips().map(\.name), ["After"])
    }

    // MARK: -

    /// Makes `call` fail with `code` during a save of a changed trip, and checks everything guarantee 2
    /// promises. Returns the calls the failed save made.
    @discardableResult
    private func assertFailedSaveKeepsOldFile(_ call: FaultyFileSystem.Call, _ code: Int32, pathContains: String? = nil,
                                              expecting message: String, line: UInt = #line) throws -> [(call: FaultyFileSystem.Call, path: String)] {
        try assertFailedSaveKeepsOldFile(call, code, where: { pathContains.map($0.contains) ?? true },
                                         expecting: message, line: line)
    }

    @discardableResult
    private func assertFailedSaveKeepsOldFile(_ call: FaultyFileSystem.Call, _ code: Int32,
                                              where matches: @escaping (String) -> Bool,
                                              expecting message: String, line: UInt = #line) throws -> [(call: FaultyFileSystem.Call, path: String)] {
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fs = FaultyFileSystem()
        let store = try storeWithOneTrip("Before", fs)
        try store.update { $0[0].notes = "second version, so that a backup exists" }
        let before = try XCTUnwrap(contents())
        let backupBefore = contents(dataPath + ".bak")

        fs.fail(call, with: code, where: matches)
        let logStart = fs.log.count
        XCTAssertThrowsError(try store.update { $0[0].name = "After" }, line: line) { error in
            XCTAssertEqual(error as? StoreError, .io(path: dataPath, operation: "save", message: message), line: line)
            XCTAssertTrue("\(error)".contains("The file on disk is unchanged"), line: line)
        }
        XCTAssertEqual(contents(), before, "the old file changed", line: line)
        XCTAssertEqual(temporaryFiles(), [], "a temporary file was left behind", line: line)
        XCTAssertEqual(store.trips.map(\.name), ["After"], "the change was not kept in memory", line: line)
        let failedSave = Array(fs.log[logStart...])
        if call != .link && call != .rename {
            XCTAssertEqual(contents(dataPath + ".bak"), backupBefore, "the backup changed", line: line)
        }

        fs.heal()
        try store.save()
        XCTAssertEqual(try trips().map(\.name), ["After"], "retrying did not save", line: line)
        return failedSave
    }
}
