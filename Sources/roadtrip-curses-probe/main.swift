import CTerminalGuard
import Foundation
import TerminalUI

// Test support for the curses smoke tests (Tests/RoadtripCLITests/Curses): a real `CursesTerminal`
// showing the last key it got, run inside a private tmux. Usage: roadtrip-curses-probe SCENARIO [REPORT]
// where SCENARIO is "keys", "crash" (`!` crashes), "crash-unguarded" (the same without the crash guard: the
// negative control of the terminal-restore check), "crash-command" (crashes at once without curses, as a command
// would) or "environment" (no curses: REPORT receives the variables CCrashReports sets and lends, as this process
// sees them) and REPORT a file that receives the pid and the exit.
// Crash reports go where the app's do, under the probe's own name.

CrashReports.restartReporting(to: CrashReports.directory(for: "roadtrip-curses-probe"))
let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "keys"
let report = arguments.count > 2 ? arguments[2] : nil
try report.map { try "\(getpid())".write(toFile: $0 + ".pid", atomically: false, encoding: .utf8) }
if scenario == "environment" {
    let seen = ["SWIFT_BACKTRACE", "_", "OLDPWD"].map { "\($0)=\(getenv($0).map { String(cString: $0) } ?? "(unset)")" }
    try report.map { try (seen.joined(separator: "\n") + "\n").write(toFile: $0, atomically: false, encoding: .utf8) }
    exit(0)
}
if scenario == "crash-command" {
    CrashReports.announceCrashes(program: "roadtrip-curses-probe")
    fatalError("crash-command")
}
let terminal = try CursesTerminal()
if scenario == "crash-unguarded" { rt_guard_remove() }
let app = Application(terminal: terminal)
app.stack.push(KeyEchoScreen(crashOnBang: scenario.hasPrefix("crash")))
let reason = app.run()
terminal.shutdown()
terminal.shutdown()  // idempotent
try report.map { try "exit: \(reason.map { "\($0)" } ?? "user")\n".write(toFile: $0, atomically: false, encoding: .utf8) }

/// Shows the last key, the size and some wide text.
final class KeyEchoScreen: Screen {
    let title = "Smoke"
    let keyHelp = [KeyHelp("q", "quit", inStatusBar: true)]
    private var lastKey = "none"
    private var keyCount = 0
    private let field = TextField()
    private let crashOnBang: Bool

    init(crashOnBang: Bool) {
        self.crashOnBang = crashOnBang
    }

    func render(on terminal: Terminal, in area: Rect) {
        terminal.draw("Smoke 東京 🚗 e\u{301} 🇫🇷 ok", row: 0, column: 0, attributes: .title)
        terminal.draw("last: \(lastKey) #\(keyCount)", row: 1, column: 0)
        terminal.draw("size: \(terminal.size.columns)x\(terminal.size.rows)", row: 2, column: 0, attributes: .accent)
        terminal.draw("field:", row: 3, column: 0)
        field.render(on: terminal, in: Rect(row: 3, column: 7, rows: 1, columns: 20), focused: true)
    }

    func handle(_ key: Key) -> KeyResult {
        keyCount += 1
        lastKey = "\(key)"
        if key == .character("!"), crashOnBang { fatalError("smoke test crash") }
        if key == .character("q") { return .ignored }
        return field.handle(key) ? .handled : .ignored
    }
}
