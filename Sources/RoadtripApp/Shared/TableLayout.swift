import TerminalUI

/// Lays out the columns of a list screen for the width at hand: fixed columns keep their width,
/// flexible ones share what is left, and optional columns are dropped first when space runs out.
struct TableLayout {
    struct Column {
        let title: String
        /// Columns wanted; flexible columns take at least this and share the rest.
        let width: Int
        var flexible = false
        var alignRight = false
        /// Dropped (right to left) when the screen is too narrow to show everything.
        var optional = false
    }

    /// Where each shown column starts and how wide it is; nil for dropped ones.
    let frames: [(column: Int, width: Int)?]
    private let columns: [Column]

    init(_ columns: [Column], width: Int, gap: Int = 2) {
        self.columns = columns
        var shown = Array(repeating: true, count: columns.count)
        func needed() -> Int {
            zip(columns, shown).filter(\.1).reduce(0) { $0 + $1.0.width + gap } - gap
        }
        for index in columns.indices.reversed() where columns[index].optional && needed() > width {
            shown[index] = false
        }
        let flexibleCount = zip(columns, shown).filter { $0.1 && $0.0.flexible }.count
        let spare = max(0, width - needed())
        var frames: [(column: Int, width: Int)?] = []
        var x = 0
        var flexibleSeen = 0
        for (index, column) in columns.enumerated() {
            guard shown[index] else { frames.append(nil); continue }
            var w = column.width
            if column.flexible && flexibleCount > 0 {
                flexibleSeen += 1
                // The first flexible column also takes the remainder of the division.
                w += spare / flexibleCount + (flexibleSeen == 1 ? spare % flexibleCount : 0)
            }
            w = max(0, min(w, width - x))
            frames.append((x, w))
            x += w + gap
        }
        self.frames = frames
    }

    /// Draws one row of cells at `origin`; `texts` has one entry per column (dropped ones are skipped).
    func draw(_ texts: [String], on terminal: Terminal, row: Int, column origin: Int,
              attributes: (Int) -> Attributes) {
        for (index, frame) in frames.enumerated() {
            guard let frame, frame.width > 0, index < texts.count else { continue }
            let text = texts[index]
            var x = origin + frame.column
            if columns[index].alignRight { x += max(0, frame.width - TextWidth.width(text)) }
            terminal.draw(text, row: row, column: x, width: frame.width, attributes: attributes(index))
        }
    }

    /// Draws the column titles.
    func drawHeader(on terminal: Terminal, row: Int, column origin: Int) {
        draw(columns.map(\.title), on: terminal, row: row, column: origin) { _ in Attributes(.muted, .bold) }
    }
}
