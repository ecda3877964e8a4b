import Foundation

/// What a person sees while a region builds: each phase's line (`[3/7] Selecting …`), then a bar with the share
/// done and the time left, redrawn in place on a terminal; in a log, a line at each tenth (or every 30 s)
/// instead. A phase ends on its bar at 100 % with the time it took. The share comes from the phase's own measure
/// (bytes read, osmium's percentage, planetsplitter's steps); the time left assumes the rest goes at the pace of
/// what is done, so it is given once a phase is 2 % and a second in.
final class BuildProgress {
    enum Style: Equatable {
        case terminal(columns: Int)
        case lines
        case hidden
    }

    private let style: Style
    private let phases: Int
    /// Writes text as it is (a terminal's redraw starts with `\r`); lines end with `\n`.
    private let write: (String) -> Void
    private let clock: () -> UInt64
    private(set) var number = 0
    private var started: UInt64 = 0
    private var fraction = 0.0
    private var open = false
    private var shown: (text: String, tenth: Int, at: UInt64) = ("", -1, 0)

    init(phases: Int, style: Style, write: @escaping (String) -> Void,
         clock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.phases = phases
        self.style = style
        self.write = write
        self.clock = clock
    }

    /// Ends the phase before, if any, and starts the next: its line, and its bar at 0 % on a terminal.
    func begin(_ title: String) {
        end()
        number += 1
        open = true
        started = clock()
        fraction = 0
        // A log's first line is at the first tenth; a terminal draws the empty bar at once.
        shown = ("", style == .lines ? 0 : -1, started)
        guard style != .hidden else { return }
        write("[\(number)/\(phases)] \(title)\n")
        if case .terminal = style { draw() }
    }

    /// The share of the phase done, 0 to 1; never goes back.
    func update(_ done: Double) {
        guard open, done.isFinite else { return }
        fraction = max(fraction, min(1, done))
        draw()
    }

    /// A line under the phase's bar (what it found), kept apart from the redrawn bar.
    func note(_ text: String) {
        guard style != .hidden else { return }
        if case .terminal = style, open { write("\r\u{1B}[K") }
        write("      \(text)\n")
        if case .terminal = style, open { write(shown.text) }
    }

    /// The bar at 100 % with the phase's time. Called by the next `begin` too.
    func end() {
        guard open else { return }
        open = false
        let seconds = Double(clock() - started) / 1e9
        let text = bar(1) + "  in " + Self.duration(seconds)
        switch style {
        case .terminal: write("\r\u{1B}[K" + text + "\n")
        case .lines: write(text + "\n")
        case .hidden: break
        }
    }

    private func draw() {
        let now = clock()
        let seconds = Double(now - started) / 1e9
        var text = bar(fraction)
        if fraction >= 0.02, seconds >= 1 {
            text += "  " + Self.duration(max(1, seconds * (1 - fraction) / fraction)) + " left"
        }
        switch style {
        case .terminal:
            // At most five redraws a second: a fast child's output must not become a flood of escapes.
            guard text != shown.text, now - shown.at >= 200_000_000 || shown.tenth < 0 else { return }
            write("\r\u{1B}[K" + text)
            shown = (text, 0, now)
        case .lines:
            // 100 % is the phase's last line, with its time (`end`).
            let tenth = Int(fraction * 10)
            guard tenth < 10, tenth > shown.tenth || now - shown.at >= 30_000_000_000 else { return }
            write(text + "\n")
            shown = (text, tenth, now)
        case .hidden: break
        }
    }

    /// `[=========>          ]  45%`: narrower on a narrow terminal, so that a redraw never wraps.
    private func bar(_ fraction: Double) -> String {
        var width = 30
        if case let .terminal(columns) = style { width = max(5, min(30, columns - 32)) }
        let filled = Int(fraction * Double(width))
        let body = String(repeating: "=", count: filled) + (filled < width ? ">" : "")
            + String(repeating: " ", count: max(0, width - filled - 1))
        let percent = String(Int(fraction * 100))
        return "[" + body + "] " + String(repeating: " ", count: 3 - percent.count) + percent + "%"
    }

    /// `45 s`, `3 min 20 s`, `1 h 5 min`.
    static func duration(_ seconds: Double) -> String {
        let whole = seconds.isNaN ? 0 : Int(min(max(0, seconds.rounded()), 359_999))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
