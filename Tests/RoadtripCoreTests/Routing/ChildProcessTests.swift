import XCTest
@testable import RoadtripCore

/// The child gets what the app cannot give it by accident: stdin from /dev/null, default signal
/// dispositions although the app ignores signals, and death at the time-out.
final class ChildProcessTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func sh(_ script: String, timeout: TimeInterval? = 20) throws -> ChildProcess.Result {
        try ChildProcess.run("/bin/sh", arguments: ["-c", script], captureOutput: true, timeout: timeout)
    }

    func testCapturesOutputAndExitCode() throws {
        let result = try sh("echo out; echo err >&2; exit 3")
        XCTAssertEqual(result.termination, .exited(3))
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "out\n")
        XCTAssertEqual(String(decoding: result.stderr, as: UTF8.self), "err\n")
    }

    func testChildGetsDefaultSignalsAndNoBlockedOnesWhileWeIgnoreThem() throws {
        let ignored = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGQUIT, SIGWINCH, SIGPIPE]
        let previous = ignored.map { signal($0, SIG_IGN) }
        var blocked = sigset_t(), old = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        pthread_sigmask(SIG_BLOCK, &blocked, &old)
        defer {
            pthread_sigmask(SIG_SETMASK, &old, nil)
            for (sig, handler) in zip(ignored, previous) { signal(sig, handler) }
        }
        // Our own status first: the test means nothing unless we do ignore them.
        let own = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        XCTAssertNotEqual(Self.mask("SigIgn", in: own) & Self.bit(SIGTERM), 0)

        // cat itself, not through a shell, which might reset what it inherited.
        let result = try ChildProcess.run("cat", arguments: ["/proc/self/status"], captureOutput: true, timeout: 20)
        let status = String(decoding: result.stdout, as: UTF8.self)
        // Signals 1...31; glibc itself ignores its internal 32 and 33 in the child.
        XCTAssertEqual(Self.mask("SigIgn", in: status) & 0x7fff_ffff, 0, status)
        XCTAssertEqual(Self.mask("SigBlk", in: status) & 0x7fff_ffff, 0, status)
    }

    func testStdinIsDevNull() throws {
        let result = try sh("readlink /proc/self/fd/0; cat")
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "/dev/null\n")
    }

    func testTimeOutKillsTheChild() throws {
        let pidFile = folder.appendingPathComponent("pid")
        XCTAssertThrowsError(try sh("echo $$ > '\(pidFile.path)'; exec sleep 30", timeout: 0.5)) {
            XCTAssertEqual($0 as? ChildProcess.Failure, .timedOut)
        }
        let pid = try XCTUnwrap(pid_t(try String(contentsOf: pidFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // Reaped: no process of that number is left, not even a zombie.
        XCTAssertEqual(kill(pid, 0), -1)
        XCTAssertEqual(errno, ESRCH)
    }

    func testOutputLargerThanAnyPipeDoesNotBlock() throws {
        let result = try sh("head -c 3000000 /dev/zero; head -c 1000000 /dev/zero >&2")
        XCTAssertEqual(result.termination, .exited(0))
        XCTAssertEqual(result.stdout.count, 3_000_000)
        XCTAssertEqual(result.stderr.count, 1_000_000)
    }

    func testMissingProgram() {
        XCTAssertThrowsError(try ChildProcess.run("roadtrip-no-such-program", arguments: [], captureOutput: true,
                                                  timeout: 5)) {
            XCTAssertEqual($0 as? ChildProcess.Failure, .notFound)
        }
    }

    func testKilledBySignal() throws {
        XCTAssertEqual(try sh("kill -KILL $$").termination, .signaled(SIGKILL))
    }

    private static func mask(_ field: String, in status: String) -> UInt64 {
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? .max
    }

    private static func bit(_ signal: Int32) -> UInt64 { 1 << UInt64(signal - 1) }
}
