import CChildGuard
import Foundation

/// Runs another program (`routino-router`, `planetsplitter`) as a separate process, the way the app needs
/// it: stdin from /dev/null, every signal at its default disposition and none blocked (the app ignores
/// SIGINT, SIGTERM, SIGHUP... and a spawned child would inherit that), and killed with SIGKILL at the
/// time-out. Our other descriptors are opened with O_CLOEXEC (the store's lock, these output files), so
/// the child gets none of them.
///
/// Foundation's `Process` is not used: it gives no say over the child's signal dispositions.
public enum ChildProcess {
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)
    }

    public struct Result: Sendable {
        public let termination: Termination
        /// Empty unless the output was captured.
        public let stdout: Data
        public let stderr: Data

        /// What the child said on stderr, for a failure's message: ":" then its last lines (at most 20, from
        /// its last 4 kB), each on an indented line made safe to print; "" when it said nothing.
        public var stderrLines: String {
            let lines = String(decoding: stderr.suffix(4096), as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.suffix(20)
            return lines.isEmpty ? "" : ":" + lines.map { "\n  " + TerminalSafe.line($0) }.joined()
        }
    }

    public enum Failure: Error, Equatable {
        /// No such program (ENOENT from exec, looked up in PATH when the name has no slash).
        case notFound
        /// It ran past the time-out and was killed.
        case timedOut
        case cannotStart(SystemCallError)
        /// A stop signal came while it ran (`StopSignals`): it was killed.
        case stopped(Int32)
        /// `isCancelled` said so while it ran: it was killed.
        case cancelled
    }

    /// Runs `executable` with `arguments` and waits for it. With `captureOutput`, stdout and stderr go to
    /// unlinked temporary files (a chatty child never blocks on a full pipe) and are returned; otherwise
    /// the child writes to ours (progress a person watches). Without a time-out it may run for ever.
    ///
    /// A `tied` child (a region build's osmium or planetsplitter, which may run for hours) dies with the
    /// calling thread, even after SIGKILL, and is killed when `StopSignals` records a signal; then
    /// `Failure.stopped` is thrown. It costs a fork of our memory: routing's many short runs are not tied.
    /// `isCancelled` is asked while it runs (a matrix nobody waits for any more): the child is killed at once and
    /// `Failure.cancelled` thrown. `watch` (with `captureOutput`) hears what the child writes as it writes it
    /// (`ChildOutputFollower`): a long child's progress.
    public static func run(_ executable: String, arguments: [String], captureOutput: Bool,
                           timeout: TimeInterval?, tied: Bool = false, isCancelled: (() -> Bool)? = nil,
                           watch: ChildOutputFollower.Watch? = nil) throws -> Result {
        if tied, let signal = StopSignals.caught { throw Failure.stopped(signal) }
        let outputs = captureOutput ? try (scratchFile(), scratchFile()) : nil
        defer {
            if let (out, err) = outputs {
                close(out)
                close(err)
            }
        }
        let pid = try tied ? spawnTied(executable, arguments: arguments, outputs: outputs)
            : spawn(executable, arguments: arguments, outputs: outputs)
        let follower = outputs.flatMap { outputs in watch.map { ChildOutputFollower(outputs, watch: $0) } }
        let termination = try wait(for: pid, timeout: timeout, stoppable: tied, isCancelled: isCancelled) {
            follower?.poll(final: false)
        }
        follower?.poll(final: true)
        guard let (out, err) = outputs else { return Result(termination: termination, stdout: Data(), stderr: Data()) }
        return Result(termination: termination, stdout: try readBack(out), stderr: try readBack(err))
    }

    private static func spawn(_ executable: String, arguments: [String], outputs: (Int32, Int32)?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let (out, err) = outputs {
            posix_spawn_file_actions_adddup2(&actions, out, 1)
            posix_spawn_file_actions_adddup2(&actions, err, 2)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawnp(&pid, executable, &actions, &attributes, argv, environ)
        switch code {
        case 0: return pid
        case ENOENT: throw Failure.notFound
        default: throw Failure.cannotStart(SystemCallError("posix_spawn", code: code))
        }
    }

    private static func spawnTied(_ executable: String, arguments: [String], outputs: (Int32, Int32)?) throws -> pid_t {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let code = rt_spawn_tied(executable, argv, outputs?.0 ?? -1, outputs?.1 ?? -1, &pid)
        switch code {
        case 0: return pid
        case ENOENT: throw Failure.notFound
        default: throw Failure.cannotStart(SystemCallError("fork/exec", code: code))
        }
    }

    /// Polls, sleeping a millisecond at first (a route takes a few), then up to 20 ms.
    private static func wait(for pid: pid_t, timeout: TimeInterval?, stoppable: Bool,
                             isCancelled: (() -> Bool)?, tick: () -> Void) throws -> Termination {
        let deadline = timeout.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) }
        var pause: useconds_t = 1_000
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done == -1 && errno != EINTR {
                throw Failure.cannotStart(SystemCallError("waitpid", code: errno))
            }
            let failure: Failure? = if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline {
                .timedOut
            } else if stoppable, let signal = StopSignals.caught {
                .stopped(signal)
            } else if let isCancelled, isCancelled() {
                .cancelled
            } else {
                nil
            }
            if let failure {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                throw failure
            }
            tick()
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        // A closed terminal's SIGHUP or Ctrl-C reaches the child too, which may die of it first.
        if stoppable, let signal = StopSignals.caught { throw Failure.stopped(signal) }
        // The wait-status layout (glibc's macros are not imported): low 7 bits the signal, else the exit code.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    private static func scratchFile() throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/roadtrip-child-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw Failure.cannotStart(SystemCallError("mkstemp", code: errno)) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // Unlinked at once: nothing is left behind, whatever happens to us.
        unlink(template)
        return fd
    }

    private static func readBack(_ fd: Int32) throws -> Data {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw Failure.cannotStart(SystemCallError("lseek", code: errno)) }
        return try PosixFileSystem().readAll(fd, expectedSize: 4096)
    }
}
