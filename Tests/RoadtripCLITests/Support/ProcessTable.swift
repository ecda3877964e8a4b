import Foundation

/// What /proc says of a process the tests started, and waits bounded in time.
enum ProcessTable {
    static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }

    /// Its program's name ("planetsplitter").
    static func command(of pid: pid_t) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
    }

    /// Running or stopped, not gone or a zombie waiting for whoever adopted it.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// Polls `done` until it holds (true) or `seconds` pass (false).
    static func wait(seconds: Double, every microseconds: useconds_t = 10_000, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() {
            guard Date() < deadline else { return false }
            usleep(microseconds)
        }
        return true
    }
}
