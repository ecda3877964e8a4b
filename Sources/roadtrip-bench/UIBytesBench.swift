import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

/// `ui.bytes_*`: what a cursor move costs on the wire.
extension UIBench {
    // MARK: ui.bytes_per_move

    /// ncurses drawing into a file (xterm-256color, UTF-8): the 10,000-trip list, first frame, then single-row
    /// moves inside the page; the median of 10 moves. Also what other selection looks would send, drawn
    /// by the same screen through `Highlight` (estimates for a proposal; the app's look is unchanged).
    static func bytesPerMove(_ trips: [Trip], directory: URL) throws {
        // The user's locale decides UTF-8 in the app; the figure is for a UTF-8 terminal whatever runs the bench.
        if let locale = setlocale(LC_CTYPE, nil), !String(cString: locale).lowercased().contains("utf") {
            setenv("LC_ALL", "C.UTF-8", 1)
        }
        let repository = UnsavedRepository(trips: trips)
        for variant in [Highlight.Style.bar, .nameOnly, .marker] {
            let path = directory.appendingPathComponent("curses-\(variant)").path
            let curses = try CursesTerminal(recordingTo: path, rows: rows, columns: columns)
            defer { curses.shutdown() }
            let terminal = Highlight(curses, style: variant)
            let session = RoadtripApplication.makeSession(repository: repository, places: nil, terminal: terminal)
            session.app.render()
            let firstFrame = curses.bytesWritten
            var moves: [Int] = []
            for _ in 0..<10 {
                let before = curses.bytesWritten
                session.app.handle(.down)
                session.app.render()
                moves.append(curses.bytesWritten - before)
            }
            // UI_BENCH_VERBOSE=1 shows what the last move sent, escapes made visible.
            if ProcessInfo.processInfo.environment["UI_BENCH_VERBOSE"] != nil,
               let sent = FileManager.default.contents(atPath: path)?.suffix(moves.last!) {
                let visible = sent.map { $0 == 0x1B ? "\\e" : ($0 < 0x20 ? String(format: "\\x%02x", $0) : String(UnicodeScalar($0))) }
                print("  \(variant) move: " + visible.joined())
            }
            let before = curses.bytesWritten
            session.app.render()
            let idle = curses.bytesWritten - before
            moves.sort()
            switch variant {
            case .bar:
                print("ui.bytes_per_move \(moves[moves.count / 2]) bytes")
                print("ui.bytes_per_move.max \(moves.last!) bytes")
                print("ui.bytes_first_frame \(firstFrame) bytes")
                print("ui.bytes_unchanged_frame \(idle) bytes")
            case .nameOnly, .marker:
                print("ui.bytes_per_move.proposal.\(variant == .marker ? "marker" : "name_only") \(moves[moves.count / 2]) bytes")
            }
        }
    }

    /// Passes drawing through to a terminal, changing only how the selected row looks, to measure the cost of
    /// other selection styles: `.bar` leaves it alone (the app's full-width reverse bar); `.nameOnly` keeps
    /// reverse video on the left margin and the trip name column only; `.marker` drops reverse video and puts
    /// a `▶` in the left margin. Cells outside the bar keep the colours unselected rows use.
    final class Highlight: Terminal {
        enum Style { case bar, nameOnly, marker }

        let base: Terminal
        let style: Style
        /// The trip list's TRIP column at 120 columns: from the margin (column 0) to its end, 1 + 48.
        let nameEnd = 49
        /// While the list paints the selected row's background (blanks from column 0 rightwards): the next
        /// column it will paint. Blanks after that are spaces inside the text, drawn as unselected text is.
        private var background: (row: Int, next: Int)?

        init(_ base: Terminal, style: Style) {
            self.base = base
            self.style = style
        }

        var size: TerminalSize { base.size }
        var symbols: Symbols { base.symbols }
        func clear() { base.clear() }
        func showCursor(row: Int, column: Int) { base.showCursor(row: row, column: column) }
        func hideCursor() { base.hideCursor() }
        func flush() { base.flush() }
        func readEvent(timeout: Int?) -> InputEvent? { base.readEvent(timeout: timeout) }
        /// Nothing waits here; present for terminals whose protocol asks for it.
        func wake() {}

        func put(_ glyph: Glyph, row: Int, column: Int, attributes: Attributes) {
            guard style != .bar, attributes == .selection else {
                base.put(glyph, row: row, column: column, attributes: attributes)
                return
            }
            let blank = glyph.text == " "
            if blank, column == 0 {
                background = (row, 1)
            } else if blank, let painting = background, painting.row == row, painting.next == column {
                background = (row, column + 1)
            } else {
                background = nil
            }
            if style == .nameOnly, column < nameEnd {
                base.put(glyph, row: row, column: column, attributes: attributes)
                return
            }
            let unselected: Attributes = background != nil || column < nameEnd ? .normal : .muted
            if style == .marker, column == 0 {
                base.draw("▶", row: row, column: 0, attributes: .accent)
            } else {
                base.put(glyph, row: row, column: column, attributes: unselected)
            }
        }
    }
}
