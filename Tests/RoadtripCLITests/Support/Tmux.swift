import Foundation

/// A private tmux server (its own socket) with one interactive shell, for driving a real
/// terminal program from a test with no terminal of its own. Every wait has a timeout. Programs whose exit is
/// checked start through `run(script:)`, never straight from the interactive shell.
final class Tmux {
    /// The server's socket, inside the test's own directory so nothing is left behind.
    let socket: String

    /// Whether tmux can be run at all.
    static var isAvailable: Bool {
        (try? Tmux.execute(["tmux", "-V"])) != nil
    }

    init(columns: Int, rows: Int, directory: URL) throws {
        socket = directory.appendingPathComponent("tmux.sock").path
        let shell = "env -i HOME=/tmp PATH=/usr/bin:/bin TERM=tmux-256color LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile -i"
        _ = try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "t", shell])
        _ = try tmux(["set-option", "-g", "status", "off"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Types a line in the shell and presses Enter.
    func type(line: String) throws {
        _ = try tmux(["send-keys", "-t", "t", "-l", line])
        try keys("Enter")
    }

    /// Runs `script` in a non-interactive bash started from the pane's shell. That shell is interactive for job
    /// control (Ctrl-Z, `fg`), and an interactive bash puts the terminal modes back itself when a job it waits for
    /// dies of a signal: a check of the modes a program left must read them in the script, before that shell can.
    func run(script: String) throws {
        try type(line: "bash -c " + Tmux.quoted(script))
    }

    /// `text` as one shell word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Sends tmux key names ("Left", "C-z", "S-Up") or literal text with `literal: true`.
    func keys(_ names: String..., literal: Bool = false) throws {
        _ = try tmux(["send-keys", "-t", "t"] + (literal ? ["-l"] : []) + names)
    }

    /// Lets programs set tmux's paste buffer with OSC 52, as a terminal with a clipboard would.
    func acceptClipboardRequests() throws {
        _ = try tmux(["set-option", "-s", "set-clipboard", "on"])
    }

    /// The newest paste buffer (what OSC 52 set), nil when there is none.
    func pasteBuffer() throws -> String? {
        try? tmux(["show-buffer"])
    }

    /// Pastes `text` as a terminal does: its line breaks as CR, and between the bracketed-paste markers when the
    /// program has asked for them (mode 2004).
    func paste(_ text: String) throws {
        _ = try tmux(["set-buffer", text])
        _ = try tmux(["paste-buffer", "-p", "-t", "t"])
    }

    /// Pastes the file at `path` as `paste(_:)` does: for a text too big for a command line.
    func paste(contentsOf path: String) throws {
        _ = try tmux(["load-buffer", path])
        _ = try tmux(["paste-buffer", "-p", "-t", "t"])
    }

    /// Appends everything programs write to the pane from now on to the file at `path`, with the shell's own bracketed
    /// paste turned off so that every mode 2004 switch in the record is the program's.
    func recordOutput(to path: String) throws {
        try type(line: "bind 'set enable-bracketed-paste off'")
        _ = try tmux(["pipe-pane", "-o", "-t", "t", "cat >> '\(path)'"])
    }

    /// The last bracketed-paste switch in the record at `path` ("h" on, "l" off), waiting up to 5 s for it to be
    /// `expected`: the record can lag behind the screen.
    func pasteMode(recordedIn path: String, becomes expected: String) -> String? {
        var last: String?
        let end = Date().addingTimeInterval(5)
        repeat {
            let output = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            last = String(decoding: output, as: UTF8.self).components(separatedBy: "\u{1B}[?2004").dropFirst().last
                .flatMap(\.first).map(String.init)
            if last == expected { break }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < end
        return last
    }

    /// The pane's terminal modes as `stty -g` says them, read from outside the pane.
    func terminalModes() throws -> String {
        let device = try tmux(["display-message", "-p", "-t", "t", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return try Tmux.execute(["stty", "-g", "-F", device])
    }

    func resize(columns: Int, rows: Int) throws {
        _ = try tmux(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The visible screen, one string per row, trailing spaces trimmed; with `escapes`, the
    /// colours and attributes are included as SGR sequences.
    func screen(escapes: Bool = false) throws -> [String] {
        var rows = try tmux(["capture-pane", "-p", "-t", "t"] + (escapes ? ["-e"] : [])).components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }  // the output ends with a newline
        return rows
    }

    /// The screen as text, for failure messages.
    var dump: String {
        "\n" + ((try? screen()) ?? []).joined(separator: "\n")
    }

    /// The cursor position (column, row).
    func cursor() throws -> (column: Int, row: Int) {
        let parts = try tmux(["display-message", "-p", "-t", "t", "#{cursor_x} #{cursor_y}"])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Int($0) }
        return (parts.first ?? -1, parts.last ?? -1)
    }

    /// Polls the screen until `condition` holds; false after `timeout` seconds.
    @discardableResult
    func wait(timeout: TimeInterval = 10, until condition: ([String]) -> Bool) throws -> Bool {
        let end = Date().addingTimeInterval(timeout)
        repeat {
            if condition(try screen()) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < end
        return false
    }

    /// Waits until some row contains `text`.
    @discardableResult
    func wait(for text: String, timeout: TimeInterval = 10) throws -> Bool {
        try wait(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    private func tmux(_ arguments: [String]) throws -> String {
        try Tmux.execute(["tmux", "-S", socket, "-f", "/dev/null"] + arguments)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a command (through PATH), killing it if it takes more than 10 seconds. Uses
    /// posix_spawn and waitpid: Foundation's Process waits for descriptors the tmux server keeps.
    @discardableResult
    static func execute(_ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0])") }
        var status: Int32 = 0
        let end = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < end else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw Failure(description: "timed out: \(arguments.joined(separator: " "))")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw Failure(description: "failed (\(status)): \(arguments.joined(separator: " "))")
        }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}
