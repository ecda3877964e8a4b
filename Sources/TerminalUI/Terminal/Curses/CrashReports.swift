import CTerminalGuard
import Foundation

/// Where the report of a crash in a full-screen program goes. Swift's backtracer reads its settings
/// (`SWIFT_BACKTRACE`) once, as the process starts, and on a terminal it is interactive: after a crash it
/// shows its report on the user's screen and waits 30 s for a key ("Press space to interact…").
/// The executables link CCrashReports, which sets it to a file before the runtime starts; where it could not,
/// `restartReporting(to:)` restarts the process (same pid, same arguments) with it set. `CrashGuard` restores
/// the terminal first and then says where the report is.
public enum CrashReports {
    /// `$XDG_STATE_HOME/<program>`, else `~/.local/state/<program>`.
    public static func directory(for program: String,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent(program)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/\(program)")
    }

    /// Call before anything is opened: on a terminal this replaces the running program and does not
    /// return. It returns at once if `SWIFT_BACKTRACE` is set (by the user, CCrashReports or this restart), or if
    /// stdin or stdout is not a terminal (then the backtracer is not interactive anyway). The report goes
    /// to `crash-<time>-<pid>.log` in `directory` (created 0700), or to stderr if the folder cannot be made.
    public static func restartReporting(to directory: URL) {
        guard getenv("SWIFT_BACKTRACE") == nil, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return }
        var output = "stderr"
        // A comma would end the setting's value.
        if !directory.path.contains(","),
           (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])) != nil {
            output = directory.appendingPathComponent(fileName()).path
        }
        // The file's own path, not /proc/self/exe: the process's name (ps, pkill) comes from it.
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return }
        setenv("SWIFT_BACKTRACE", "interactive=no,color=no,output-to=\(output)", 1)
        execv(executable, CommandLine.unsafeArgv)
        unsetenv("SWIFT_BACKTRACE")  // not restarted (the file was replaced?): the backtracer keeps its settings
    }

    /// For a command that leaves the terminal as it is: after a crash whose report went to a file, one line on
    /// stderr says where (the crash guard, with no terminal modes to restore).
    public static func announceCrashes(program: String) {
        guard let report = reportPath else { return }
        rt_guard_install("", program, report)
    }

    /// The file the backtracer writes its report to (its `output-to` setting), if it is a file.
    static var reportPath: String? {
        guard let settings = getenv("SWIFT_BACKTRACE").map({ String(cString: $0) }) else { return nil }
        let output = settings.split(separator: ",").last { $0.hasPrefix("output-to=") }?.dropFirst("output-to=".count)
        guard let output, !["stdout", "stderr", "auto"].contains(output.lowercased()) else { return nil }
        return String(output)
    }

    private static func fileName() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "crash-\(formatter.string(from: Date()))-\(getpid()).log"
    }
}
