import Foundation
import XCTest

/// On a terminal, Swift's crash report must go to a file (its backtracer would otherwise wait 30 s for a key on the
/// user's screen), and it reads that setting only as the process starts. CCrashReports sets it before the runtime
/// starts, in a slot of the environment lent by `_` or `OLDPWD`. Each run is in `env -i`, so the environment is
/// exactly the one written here. The app is run under strace, which counts its starts (/proc/PID/environ shows only
/// the environment a process was started with, so what a process sees is read by the curses probe, which links
/// CCrashReports the same way and writes what getenv returns).
final class CrashReportSetupTests: TmuxTestCase {
    func testTheAppStartsOnce() throws {
        XCTAssertEqual(try startApp(variables: "_=/marker OLDPWD=/old").starts, 1, "no restart: the setting was there")
        XCTAssertEqual(try startApp(variables: "OLDPWD=/old").starts, 1, "no restart: OLDPWD lent its slot")
    }

    func testWithNeitherLenderTheAppRestartsOnceToSetIt() throws {
        let app = try startApp(variables: "")
        XCTAssertEqual(app.starts, 2, "the fallback: one restart with the setting")
        try XCTAssertReportsGoToAFile(app.environment["SWIFT_BACKTRACE"], program: "roadtrip")
    }

    func testTheSettingIsThereAndTheLenderComesBack() throws {
        var seen = try probeEnvironment(variables: "_=/marker OLDPWD=/old")
        try XCTAssertReportsGoToAFile(seen["SWIFT_BACKTRACE"], program: "roadtrip-curses-probe")
        XCTAssertEqual(seen["_"], "/marker")
        XCTAssertEqual(seen["OLDPWD"], "/old")

        seen = try probeEnvironment(variables: "OLDPWD=/old")
        try XCTAssertReportsGoToAFile(seen["SWIFT_BACKTRACE"], program: "roadtrip-curses-probe")
        XCTAssertEqual(seen["_"], "(unset)")
        XCTAssertEqual(seen["OLDPWD"], "/old")
    }

    func testTheUsersOwnSettingIsKept() throws {
        let seen = try probeEnvironment(variables: "_=/marker SWIFT_BACKTRACE=enable=no")
        XCTAssertEqual(seen["SWIFT_BACKTRACE"], "enable=no")
        XCTAssertEqual(seen["_"], "/marker")
    }

    func testACrashingCommandSaysWhereItsReportIs() throws {
        try pane.run(script: "\(environment("_=/marker")) \(Tmux.quoted(BuiltProducts.url("roadtrip-curses-probe").path)) crash-command 2> \(Tmux.quoted(path("stderr"))); "
            + "echo rc=$?")
        XCTAssertTrue(try pane.wait(for: "rc=132", timeout: 20), pane.dump)  // SIGILL from fatalError, no 30 s wait
        let line = try String(contentsOfFile: path("stderr"), encoding: .utf8).split(separator: "\n").last.map(String.init)
        let prefix = "roadtrip-curses-probe: crashed (SIGILL); the crash report is in \(path("state"))/roadtrip-curses-probe/crash-"
        XCTAssertTrue(line?.hasPrefix(prefix) == true, line ?? "no stderr")
        let report = try String(contentsOfFile: try XCTUnwrap(line?.components(separatedBy: " is in ").last), encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("*** Program crashed: Illegal instruction"), report)
    }

    // MARK: Helpers

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func XCTAssertReportsGoToAFile(_ setting: String?, program: String, line: UInt = #line) throws {
        let folder = path("state/\(program)")
        XCTAssertTrue(setting?.hasPrefix("interactive=no,color=no,output-to=\(folder)/crash-") == true,
                      setting ?? "unset", line: line)
        XCTAssertTrue(setting?.hasSuffix(".log") == true, setting ?? "unset", line: line)
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700, "the reports' folder is private", line: line)
    }

    /// `env -i` with what a terminal program needs, the test's state folder and `variables`.
    private func environment(_ variables: String) -> String {
        "env -i HOME=\(Tmux.quoted(directory.path)) TERM=\"$TERM\" XDG_STATE_HOME=\(Tmux.quoted(path("state"))) "
            + "XDG_CONFIG_HOME=\(Tmux.quoted(path("config"))) \(variables)"
    }

    /// Runs the app on an empty trips file under strace, reads the environment it was started with, quits it; how
    /// many times it was started, and that environment.
    private func startApp(variables: String) throws -> (starts: Int, environment: [String: String]) {
        let trace = path("execs")
        try? FileManager.default.removeItem(atPath: trace)
        try pane.run(script: "\(environment(variables)) /usr/bin/strace -f -qq -e trace=execve -o \(Tmux.quoted(trace)) "
            + "\(Tmux.quoted(BuiltProducts.url("roadtrip").path)) --data \(Tmux.quoted(dataPath)); echo finished")
        try expect("No trips yet")
        // "PID execve("/…/roadtrip", […], …) = 0" for each start of the program.
        let starts = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("/roadtrip\", [") && $0.hasSuffix("= 0") }
        let pid = try XCTUnwrap(starts.last?.split(separator: " ").first.map(String.init))
        let environment = try String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8).split(separator: "\0")
        try pane.keys("q")
        try expect("finished")
        try pane.run(script: "clear")
        return (starts.count, Dictionary(environment.map { ($0.prefix { $0 != "=" }.description,
                                                            String($0.drop { $0 != "=" }.dropFirst())) },
                                         uniquingKeysWith: { first, _ in first }))
    }

    /// What the probe sees through getenv when started on the terminal with `variables`.
    private func probeEnvironment(variables: String) throws -> [String: String] {
        let report = path("environment")
        try? FileManager.default.removeItem(atPath: report)
        try pane.run(script: "\(environment(variables)) \(Tmux.quoted(BuiltProducts.url("roadtrip-curses-probe").path)) "
            + "environment \(Tmux.quoted(report)); echo rc=$?")
        XCTAssertTrue(try pane.wait(for: "rc=0"), pane.dump)
        try pane.run(script: "clear")
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        return Dictionary(lines.map { ($0.prefix { $0 != "=" }.description, String($0.drop { $0 != "=" }.dropFirst())) },
                          uniquingKeysWith: { first, _ in first })
    }
}
