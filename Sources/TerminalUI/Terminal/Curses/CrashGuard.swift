import CNcursesw

/// Resets the terminal if the process dies on a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE,
/// SIGABRT, SIGTRAP). The handler lives in shim.h because it must be async-signal-safe:
/// it restores the termios saved here and writes precomputed terminfo reset bytes, then
/// re-raises so the previous handler (the Swift backtracer) or the default action still runs.
/// This is the only file that may call the `rt_guard_*` functions (their state is per file).
enum CrashGuard {
    /// Before curses starts: remember the shell's terminal modes.
    static func saveModes(input: Int32, output: Int32) {
        rt_guard_save_modes(input, output)
    }

    /// After curses has loaded terminfo: precompute the reset bytes and install the handler.
    static func install(mouseEnabled: Bool) {
        rt_guard_install(mouseEnabled ? 1 : 0)
    }

    /// After a clean shutdown: give the fatal signals back to their previous handlers.
    static func remove() {
        rt_guard_remove()
    }
}
