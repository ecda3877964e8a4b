import Foundation
import RoadtripCore
import XCTest

/// Guarantee 2 with the kernel's own error paths: `strace -e inject` makes a real system call of a real
/// roadtrip process fail. The old file must stay byte-identical, no temporary file may be left, and the
/// failed fsync must not be retried. Needs strace (`make test` installs it).
final class StoreFaultInjectionTests: XCTestCase {
    private var directory: URL!
    private var dataURL: URL { directory.appendingPathComponent("trips.json") }

    override func setUpWithError() throws {
        guard Self.straceWorks else {
            throw Tmux.Failure(description: "strace is not installed or cannot trace here (`make test` installs it)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-strace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    func testFsyncFailureIsReportedAndNeverRetried() throws {
        let log = try assertInjectedFailureKeepsOldFile(inject: "fsync:error=EIO", trace: "fsync")
        XCTAssertEqual(log.filter { $0.contains("fsync(") }.count, 1, log.joined(separator: "\n"))
    }

    func testFullDiskDuringWrite() throws {
        try assertInjectedFailureKeepsOldFile(inject: "write:error=ENOSPC", trace: "write")
    }

    func testRenameOverTheFileFails() throws {
        // The fourth rename is the one over trips.json (the first three rotate the backups, which
        // therefore have moved up one generation: trips.json.bak.1 appears).
        let log = try assertInjectedFailureKeepsOldFile(inject: "rename:error=EACCES:when=4", trace: "rename",
                                                        newFiles: ["trips.json.bak.1"])
        XCTAssertTrue(log.last { $0.contains("INJECTED") }?.contains("trips.json\") = -1 EACCES") == true,
                      log.joined(separator: "\n"))
    }

    func testBackupLinkFails() throws {
        try assertInjectedFailureKeepsOldFile(inject: "link,linkat:error=EIO", trace: "link,linkat")
    }

    /// Runs `roadtrip-torture save-once` under strace with `inject`, and checks guarantee 2.
    /// Returns strace's log of the traced calls.
    @discardableResult
    private func assertInjectedFailureKeepsOldFile(inject: String, trace: String, newFiles: [String] = [],
                                                   line: UInt = #line) throws -> [String] {
        do {  // the store (and its lock) goes away at the end of this block
            let store = try TripStore.open(at: dataURL)
            try store.update { $0.append(Trip(name: "First")) }
            try store.update { $0[0].notes = "saved twice, so a backup exists" }
        }
        let before = try Data(contentsOf: dataURL)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        let logURL = directory.appendingPathComponent("strace.log")
        let child = try TortureProcess(["strace", "-f", "-qq", "-o", logURL.path, "-e", "trace=\(trace)",
                                        "-e", "inject=\(inject)", BuiltProducts.url("roadtrip-torture").path,
                                        "save-once", dataURL.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        _ = child.remainingLines()
        child.process.waitUntilExit()
        let log = (try? String(contentsOf: logURL, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        try? FileManager.default.removeItem(at: logURL)

        XCTAssertEqual(child.process.terminationStatus, 3, "the save should fail: \(log)", line: line)
        XCTAssertTrue(log.contains { $0.contains("(INJECTED)") }, "nothing was injected: \(log)", line: line)
        XCTAssertEqual(try Data(contentsOf: dataURL), before, "the old file changed", line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), (names + newFiles).sorted(),
                       "files were left behind (or a backup went missing)", line: line)
        XCTAssertEqual(try TripStore.open(at: dataURL).trips.map(\.notes), ["saved twice, so a backup exists"], line: line)
        return log
    }

    private static let straceWorks: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=none", "true"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}
