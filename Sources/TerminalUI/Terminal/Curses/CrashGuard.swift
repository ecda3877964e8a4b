import CNcursesw

/// Resets the terminal when a signal ends the process, then ends it with that signal (a crash after
/// the Swift backtracer has written its report, and a line on stderr says where it is). The handler
/// lives in shim.h because it must be async-signal-safe: it restores the termios saved here and
/// writes precomputed terminfo reset bytes.
/// This is the only file that may call the `rt_guard_*` functions (their state is per file).
enum CrashGuard {
    /// Before curses starts: remember the shell's terminal modes.
    static func saveModes(input: Int32, output: Int32) {
        rt_guard_save_modes(input, output)
    }

    /// After curses has loaded terminfo: precompute the reset bytes (bracketed paste off among them) and install the
    /// handler.
    static func install(mouseEnabled: Bool) {
        let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "program"
        rt_guard_install(mouseEnabled ? 1 : 0, program, CrashReports.reportPath ?? "")
    }

    /// After a clean shutdown: give the signals back to their previous handlers.
    static func remove() {
        rt_guard_remove()
    }
}
