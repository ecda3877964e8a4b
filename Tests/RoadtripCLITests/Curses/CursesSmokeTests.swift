import XCTest

/// Runs `roadtrip-curses-probe` (a real `CursesTerminal`) inside a private tmux, the way a person would:
/// keys, resizes, Ctrl-Z and `fg`, signals, a crash; after each exit `stty -g` must be what it
/// was before. Needs tmux (`make test` installs it); every wait has a timeout.
final class CursesSmokeTests: XCTestCase {
    private var directory: URL!
    private var tmux: Tmux!

    override func setUpWithError() throws {
        guard Tmux.isAvailable else {
            throw Tmux.Failure(description: "tmux is not installed (`make test` installs it)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-curses-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        tmux = try Tmux(columns: 80, rows: 24, directory: directory)
        XCTAssertTrue(try tmux.wait(for: "$"), "shell prompt")
    }

    override func tearDownWithError() throws {
        tmux = nil  // kills the server and everything in it
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    func testKeysResizeSuspendAndQuitRestoreTheTerminal() throws {
        try tmux.recordOutput(to: path("output"))
        try launch("basic")
        XCTAssertEqual(tmux.pasteMode(recordedIn: path("output"), becomes: "h"), "h", "bracketed paste on")
        try tmux.keys("東京é", literal: true)
        try tmux.keys("Left")
        XCTAssertTrue(try tmux.wait(for: "last: left #4"), dump())
        XCTAssertEqual(try tmux.screen()[3], "field: 東京é")
        XCTAssertEqual(try tmux.cursor().column, 11)  // "field: " + 東京 (4 columns)
        XCTAssertTrue(try tmux.screen()[0].hasPrefix("Smoke 東京 🚗 é"))
        for (key, name) in [("S-Up", "shiftUp"), ("C-Right", "ctrlRight"), ("BTab", "backTab"), ("Escape", "escape"),
                            ("C-s", "ctrl(\"s\")"), ("DC", "delete"), ("PPage", "pageUp"), ("F5", "function(5)")] {
            try tmux.keys(key)
            XCTAssertTrue(try tmux.wait(for: "last: \(name) #"), "\(key): \(dump())")
        }

        // Mouse reports in the X10 form tmux-256color's terminfo asks for: a click at column 4,
        // row 2, then the wheel (which the screen ignores, so the application turns it into ↓).
        try tmux.keys("\u{1B}[M %#", literal: true)
        XCTAssertTrue(try tmux.wait(for: "last: click(row: 2, column: 4)"), dump())
        try tmux.keys("\u{1B}[Ma%#", literal: true)
        XCTAssertTrue(try tmux.wait(for: "last: down"), dump())

        try tmux.resize(columns: 30, rows: 8)
        XCTAssertTrue(try tmux.wait(for: "Terminal too small"), dump())
        try tmux.resize(columns: 80, rows: 24)
        XCTAssertTrue(try tmux.wait(for: "size: 80x24"), dump())

        // Ctrl-Z stops the probe alone (not the script around it), so no shell takes the terminal back and repairs it:
        // its modes are read from outside while stopped, and SIGCONT stands for `fg`.
        let pid = try XCTUnwrap(Int32(try read("report.pid")))
        try tmux.keys("C-z")
        XCTAssertTrue(waitUntilStopped(pid), dump())
        XCTAssertEqual(tmux.pasteMode(recordedIn: path("output"), becomes: "l"), "l", "off while suspended")
        XCTAssertEqual(try tmux.terminalModes(), try read("before"), "terminal modes while suspended")
        kill(pid, SIGCONT)
        XCTAssertTrue(try tmux.wait(for: "last: down"), "repainted after fg: \(dump())")
        XCTAssertEqual(tmux.pasteMode(recordedIn: path("output"), becomes: "h"), "h", "on again after fg")
        try tmux.keys("x")
        XCTAssertTrue(try tmux.wait(for: "field: 東京éx"), dump())  // Ctrl-→ went to the end; the other keys did not edit
        // One paste, whole: its line break a space, its q no key, its Esc and Ctrl-S dropped.
        try tmux.paste("q\u{1B}\u{13}\nz")
        XCTAssertTrue(try tmux.wait(for: "field: 東京éxq z"), dump())
        XCTAssertTrue(try tmux.screen()[1].hasPrefix("last: paste(\"q\\nz\")"), dump())

        try tmux.keys("q")
        XCTAssertEqual(try finish(), "exit: user")
        XCTAssertEqual(tmux.pasteMode(recordedIn: path("output"), becomes: "l"), "l", "off after quitting")
    }

    func testSignalsBecomeQuitEvents() throws {
        try launch("basic")
        let pid = try XCTUnwrap(Int32(try read("report.pid")))
        kill(pid, SIGTERM)
        XCTAssertEqual(try finish(), "exit: signal(15)")

        try launch("basic")
        kill(try XCTUnwrap(Int32(try read("report.pid"))), SIGINT)
        XCTAssertEqual(try finish(), "exit: signal(2)")
    }

    func testCrashRestoresTheTerminal() throws {
        try tmux.recordOutput(to: path("output"))
        try launch("crash")
        try tmux.keys("!", literal: true)
        XCTAssertTrue(try tmux.wait(for: "rc=132"), dump())  // SIGILL from fatalError
        XCTAssertTrue(try tmux.wait(for: "done"), dump())
        XCTAssertEqual(try read("after"), try read("before"))
        XCTAssertFalse(try tmux.screen().contains { $0.contains("Smoke 東京") }, "left the alternate screen: \(dump())")
        XCTAssertEqual(tmux.pasteMode(recordedIn: path("output"), becomes: "l"), "l", "bracketed paste off")
    }

    /// The negative control of every restore check: without the crash guard a crash leaves the terminal raw, and the
    /// check must see it (launched from an interactive shell, it did not: the shell repaired the modes first).
    func testTheRestoreCheckSeesACrashWithoutTheGuard() throws {
        try launch("crash-unguarded")
        try tmux.keys("!", literal: true)
        XCTAssertTrue(try tmux.wait(for: "done"), dump())
        XCTAssertNotEqual(try read("after"), try read("before"), "the modes a crash without the guard left")
    }

    func testARealCrashIsReportedToAFileWithoutWaitingForAKey() throws {
        // As a user runs it: no SWIFT_BACKTRACE, so on a terminal Swift's backtracer would be interactive.
        try launch("crash", backtracer: true)
        try tmux.keys("!", literal: true)
        // An interactive backtracer would wait 30 s for a key ("Press space to interact…").
        XCTAssertTrue(try tmux.wait(for: "done", timeout: 20), dump())
        XCTAssertTrue(try tmux.screen().contains("rc=132"), dump())  // SIGILL from fatalError
        XCTAssertEqual(try read("after"), try read("before"))
        XCTAssertFalse(try tmux.screen().contains { $0.contains("Press space") }, dump())

        let stderr = try read("stderr").split(separator: "\n")
        let prefix = "roadtrip-curses-probe: crashed (SIGILL); the crash report is in \(path("state"))/roadtrip-curses-probe/crash-"
        XCTAssertEqual(stderr.filter { $0.contains("crash report") }.count, 1, stderr.joined(separator: "\n"))
        let line = try XCTUnwrap(stderr.last.map(String.init))
        XCTAssertTrue(line.hasPrefix(prefix) && line.hasSuffix(".log"), line)
        let report = try String(contentsOfFile: try XCTUnwrap(line.components(separatedBy: " is in ").last), encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("*** Program crashed: Illegal instruction"), report)
    }

    func testASCIILocaleAndNoColor() throws {
        try launch("basic", environment: "LC_ALL=C NO_COLOR=1", ready: "last: none")
        XCTAssertEqual(try tmux.screen()[0], "Smoke ???? ?? ? ?? ok")
        XCTAssertEqual(try tmux.screen()[23], " Smoke | q quit  ? help")
        let styled = try tmux.screen(escapes: true).joined()
        XCTAssertFalse((30...38).contains { styled.contains("\u{1B}[\($0)") }, "no foreground colours: \(styled.debugDescription)")
        XCTAssertTrue(styled.contains("\u{1B}[1m"), "bold instead of colour")
        try tmux.keys("q")
        XCTAssertEqual(try finish(), "exit: user")

        try launch("basic")
        XCTAssertTrue(try tmux.screen(escapes: true).joined().contains("\u{1B}[36m"), "cyan title with colours on")
        try tmux.keys("q")
        XCTAssertEqual(try finish(), "exit: user")
    }

    // MARK: Helpers

    /// Runs the probe in the pane through a non-interactive shell, which records `stty -g` before and after as the probe
    /// left it (an interactive shell would have repaired it). With `backtracer`, Swift's backtracer is left on as a user has it, crash reports
    /// go to `state/` in the test's directory and stderr to `stderr`; otherwise it is off and stderr is dropped.
    private func launch(_ scenario: String, environment: String = "", backtracer: Bool = false,
                        ready: String = "last: none #0") throws {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("report"))
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("report.pid"))
        let binary = BuiltProducts.url("roadtrip-curses-probe").path
        let crashes = backtracer ? "XDG_STATE_HOME=\(path("state"))" : "SWIFT_BACKTRACE=enable=no"
        try tmux.run(script: "clear; stty -g > \(path("before")); \(environment) \(crashes) "
            + "\(binary) \(scenario) \(path("report")) 2> \(backtracer ? path("stderr") : "/dev/null"); "
            + "echo rc=$?; stty -g > \(path("after")); echo done")
        XCTAssertTrue(try tmux.wait(for: ready), dump())
        if ProcessInfo.processInfo.environment["SMOKE_DEBUG"] != nil { print("LAUNCHED:", dump()) }
    }

    /// Waits for the child to exit; returns its report and checks the terminal modes came back.
    private func finish() throws -> String {
        XCTAssertTrue(try tmux.wait(for: "done"), dump())
        XCTAssertEqual(try read("after"), try read("before"), "stty -g after exit")
        return try read("report").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits (up to 10 s) until the process `pid` is stopped.
    private func waitUntilStopped(_ pid: Int32) -> Bool {
        let end = Date().addingTimeInterval(10)
        repeat {
            // /proc/<pid>/stat: "pid (name) state …"; the name may hold spaces and parentheses.
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            if let close = stat.range(of: ") ", options: .backwards), stat[close.upperBound...].hasPrefix("T") { return true }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < end
        return false
    }

    private func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }

    private func dump() -> String {
        "\n" + ((try? tmux.screen()) ?? []).joined(separator: "\n")
    }
}
