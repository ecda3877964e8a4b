import CNcursesw
import CTerminalGuard

/// Resets the terminal when a signal ends the process, then ends it with that signal (a crash after
/// the Swift backtracer has written its report, and a line on stderr says where it is). The handler
/// is C (CTerminalGuard) because it must be async-signal-safe: it restores the termios saved here and
/// writes the terminfo reset bytes computed here.
enum CrashGuard {
    /// Before curses starts: remember the shell's terminal modes.
    static func saveModes(input: Int32, output: Int32) {
        rt_guard_save_modes(input, output)
    }

    /// After curses has loaded terminfo: compute the reset bytes (bracketed paste off among them) and install the
    /// handler.
    static func install(mouseEnabled: Bool) {
        let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "program"
        rt_guard_install(resetBytes(mouseEnabled: mouseEnabled), program, CrashReports.reportPath ?? "")
    }

    /// After a clean shutdown: give the signals back to their previous handlers.
    static func remove() {
        rt_guard_remove()
    }

    /// Mouse reporting and bracketed paste off (the terminal always has paste on while the app runs), then
    /// terminfo's attributes off, keypad mode off, the shell's screen back and the cursor shown.
    private static func resetBytes(mouseEnabled: Bool) -> String {
        let modes = (mouseEnabled ? "\u{1B}[?1000l\u{1B}[?1006l" : "") + "\u{1B}[?2004l"
        let capabilities: [String] = ["sgr0", "rmkx", "rmcup", "cnorm"]
        return modes + capabilities.compactMap { rt_tigetstr($0).map { String(cString: $0) } }.joined() + "\r\n"
    }
}
