import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 2 against a real kernel: a full tmpfs (ENOSPC) and a read-only mount (EROFS). Tests run
/// as root, for whom permissions do not stop a write, so a mount is the honest way to get these errors.
/// Needs root with CAP_SYS_ADMIN to mount (the project's machines and CI run the tests as root).
final class RealFileSystemFaultTests: StoreTestCase {
    private var mounted = false

    override func tearDownWithError() throws {
        if mounted { _ = Self.run("/bin/umount", ["-l", directory.path]) }
        try super.tearDownWithError()
    }

    func testFullDisk() throws {
        try mountTmpfs(size: "256k")
        let store = try storeWithOneTrip("Small")
        let before = try XCTUnwrap(contents())
        let big = (0..<400).map { Self.trip("Trip \($0)", stops: 20) }

        XCTAssertThrowsError(try store.update { $0 = big }) { error in
            XCTAssertEqual(error as? StoreError, .io(path: dataPath, operation: "save", message: "write: No space left on device"))
        }
        XCTAssertEqual(contents(), before)
        XCTAssertEqual(temporaryFiles(), [])
        XCTAssertEqual(store.trips.count, 400, "the change stays in memory")

        try store.update { $0 = Array(big.prefix(1)) }  // small enough to fit: the retry works
        XCTAssertEqual(try trips().map(\.name), ["Trip 0"])
    }

    func testReadOnlyFileSystem() throws {
        // (A folder that turns read-only while a store is open cannot be staged for real: remounting
        // fails while the lock file is open for writing. SaveFailureTests injects EROFS at save time.)
        try mountTmpfs(size: "1m")
        try open().update { $0.append(Self.trip("Before")) }
        let before = try XCTUnwrap(contents())
        XCTAssertEqual(Self.run("/bin/mount", ["-o", "remount,ro", directory.path]), 0)

        let store = try open()
        let reason = "cannot lock \(dataPath).lock (Read-only file system)"
        XCTAssertEqual(store.access, .readOnly(reason: reason))
        XCTAssertEqual(store.trips.map(\.name), ["Before"])
        assertThrows(.readOnly(reason: reason)) { try store.update { $0[0].name = "After" } }
        XCTAssertEqual(contents(), before)
    }

    private func mountTmpfs(size: String) throws {
        let status = Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", directory.path])
        // The project's machines and CI run the tests as root; elsewhere this fails and says why.
        guard status == 0 else {
            throw SystemCallError("mount tmpfs (needs root with CAP_SYS_ADMIN)", code: EPERM)
        }
        mounted = true
    }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
