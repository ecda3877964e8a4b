import Foundation

/// A private tmux server (its socket in the test's own folder, no config file) with one interactive shell in a
/// pane of fixed size, to run the real `roadtrip` the way a person does. Every wait is bounded; the server and
/// everything in it is killed when this object goes away.
final class TmuxPane {
    let socket: String

    /// Whether tmux can be run here at all.
    static var isAvailable: Bool {
        (try? TmuxPane.execute(["tmux", "-V"])) != nil
    }

    init(columns: Int, rows: Int, directory: URL) throws {
        socket = directory.appendingPathComponent("tmux.sock").path
        // A clean environment: no user rc files, a known TERM and a UTF-8 locale, and no history file (the shell
        // would write it into the test's folder as the server is killed, after the folder was removed).
        let shell = "env -i HOME=\(directory.path) HISTFILE= PATH=/usr/local/bin:/usr/bin:/bin TERM=tmux-256color "
            + "LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile -i"
        try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "e2e", shell])
        try run(["set-option", "-g", "status", "off"])
    }

    deinit {
        _ = try? run(["kill-server"])
    }

    /// Types a line into the shell and presses Enter.
    func type(line: String) throws {
        try run(["send-keys", "-t", "e2e", "-l", line])
        try keys("Enter")
    }

    /// Sends tmux key names ("Enter", "Tab", "C-s", "Escape").
    func keys(_ names: String...) throws {
        try run(["send-keys", "-t", "e2e"] + names)
    }

    /// Sends text as typed, character by character.
    func text(_ text: String) throws {
        try run(["send-keys", "-t", "e2e", "-l", text])
    }

    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "e2e", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The visible screen, one string per row (tmux trims trailing spaces).
    func screen() throws -> [String] {
        var rows = try run(["capture-pane", "-p", "-t", "e2e"]).components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The screen with SGR escapes (colours, attributes), as one string.
    func styledScreen() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", "e2e"])
    }

    /// Polls the screen until `condition` holds; false after `timeout` seconds.
    @discardableResult
    func wait(timeout: TimeInterval = 5, until condition: ([String]) -> Bool) throws -> Bool {
        let end = Date().addingTimeInterval(timeout)
        repeat {
            if condition(try screen()) { return true }
            Thread.sleep(forTimeInterval: 0.03)
        } while Date() < end
        return false
    }

    /// Waits until some row contains `text`.
    @discardableResult
    func wait(for text: String, timeout: TimeInterval = 5) throws -> Bool {
        try wait(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// The screen as numbered lines, for failure messages.
    var dump: String {
        let rows = (try? screen()) ?? ["<no screen>"]
        return "\n" + rows.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }.joined(separator: "\n")
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        try TmuxPane.execute(["tmux", "-S", socket, "-f", "/dev/null"] + arguments)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a command through PATH and returns its output, killing it after 10 s. posix_spawn and waitpid
    /// rather than Foundation's Process, which would wait for descriptors the tmux server keeps open.
    @discardableResult
    static func execute(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-tmux-\(UUID().uuidString)").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            throw Failure(description: "cannot run \(arguments[0])")
        }
        var status: Int32 = 0
        let end = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < end else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw Failure(description: "timed out: \(arguments.joined(separator: " "))")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw Failure(description: "failed (status \(status)): \(arguments.joined(separator: " "))")
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}
