import Foundation
import RoadtripCore

/// `Routing 87 of 210 legs… 0:41 left` on stderr while a command has waited more than a second for the engine:
/// redrawn in place on a terminal and wiped when done, else a plain line every few seconds (a log). Never on
/// stdout, which may be JSON.
final class RoutingProgressLine: @unchecked Sendable {
    private let routes: RouteService
    private let terminal: Bool
    private let queue = DispatchQueue(label: "roadtrip.progress")
    private let timer: DispatchSourceTimer
    private let start = DispatchTime.now().uptimeNanoseconds
    /// Legs done before this command's wait began (another wait of the same service).
    private let before: Int
    private var shown = false
    private var lastLine: UInt64 = 0

    /// Runs `body` with the line kept up to date meanwhile.
    static func during<T>(_ routes: RouteService, _ body: () throws -> T) rethrows -> T {
        let line = RoutingProgressLine(routes, terminal: isatty(STDERR_FILENO) == 1)
        defer { line.stop() }
        return try body()
    }

    private init(_ routes: RouteService, terminal: Bool) {
        self.routes = routes
        self.terminal = terminal
        before = routes.progress.done
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 0.25)
        timer.setEventHandler { [unowned self] in tick() }
        timer.resume()
    }

    private func stop() {
        timer.cancel()
        queue.sync { if terminal && shown { write("\r\u{1B}[K") } }
    }

    private func tick() {
        let now = DispatchTime.now().uptimeNanoseconds
        let progress = routes.progress
        guard progress.left > 0 else {
            if terminal && shown { write("\r\u{1B}[K") }
            shown = false
            return
        }
        // A log gets a line every 5 s, not four a second.
        guard terminal || now - lastLine >= 5_000_000_000 else { return }
        lastLine = now
        shown = true
        let text = Self.text(done: progress.done - before, left: progress.left, seconds: Double(now - start) / 1e9)
        write(terminal ? "\r" + String(text.prefix(Self.columns() - 1)) + "\u{1B}[K" : text + "\n")
    }

    /// "Routing 87 of 210 legs… 0:41 left": what is left at the pace so far (several legs run at once, so the
    /// pace is the wall clock's).
    static func text(done: Int, left: Int, seconds: Double) -> String {
        let total = done + left
        var text = "Routing \(DistanceUnit.grouped(done)) of \(DistanceUnit.grouped(total)) \(total == 1 ? "leg" : "legs")…"
        if done > 0 {
            let remaining = Int((seconds / Double(done) * Double(left)).rounded(.up))
            let clock = remaining >= 3600
                ? String(format: "%d:%02d:%02d", remaining / 3600, remaining / 60 % 60, remaining % 60)
                : String(format: "%d:%02d", remaining / 60, remaining % 60)
            text += " \(clock) left"
        }
        return text
    }

    /// The terminal's width: a line that wrapped could not be drawn again in place.
    private static func columns() -> Int {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 1 ? Int(size.ws_col) : 80
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
