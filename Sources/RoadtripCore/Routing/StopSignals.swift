import CChildGuard

/// SIGINT, SIGTERM and SIGHUP during a build (`BuildBeside`): recorded rather than acted on, so that the
/// build kills its tied child (`ChildProcess`), removes its folder and then ends. Ctrl-C reaches the child
/// too (it is in our process group); `kill -INT`, `kill -TERM` or a closed terminal's SIGHUP may reach us
/// alone, and are handled the same way.
enum StopSignals {
    /// Runs `body` with the signals recorded, then puts their previous actions back.
    static func recorded<T>(_ body: () throws -> T) rethrows -> T {
        rt_stop_signals_catch()
        defer { rt_stop_signals_release() }
        return try body()
    }

    /// The last stop signal recorded, if one came.
    static var caught: Int32? {
        let signal = rt_stop_signal()
        return signal == 0 ? nil : signal
    }

    /// Throws `ChildProcess.Failure.stopped` when a stop signal came: between the steps of a build.
    static func check() throws {
        if let signal = caught { throw ChildProcess.Failure.stopped(signal) }
    }
}
