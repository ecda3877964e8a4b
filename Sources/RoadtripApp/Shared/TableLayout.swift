import TerminalUI

/// Lays out the columns of a list screen for the width at hand, as a reader wants them:
/// - the name column gets space first: it is cut short only while every other column is at its minimum;
/// - when even the minimums do not fit, whole columns go, least useful first (each table's `dropOrder`);
/// - no column is wider than its widest cell or title, so spare width stays at the right edge instead of
///   opening gaps between columns.
struct TableLayout {
    struct Column {
        let title: String
        /// Columns its widest cell takes (see `widest`); 0 when every cell is empty.
        let content: Int
        /// How narrow it may be cut (a place, a route); nil for a column never cut short (figures, dates). For the
        /// name, how narrow it may be before columns go, instead of `nameFloor`.
        var shortest: Int?
        var alignRight = false
        /// The name: at least `nameFloor` columns (or its widest cell), and the first to grow.
        var isName = false

        /// Its widest cell or its title.
        var wanted: Int { max(TextWidth.width(title), content) }
    }

    /// Where each shown column starts and how wide it is; nil for dropped ones.
    let frames: [(column: Int, width: Int)?]
    /// How narrow each column may be drawn.
    let minimums: [Int]
    private let columns: [Column]

    /// Columns go before the name is cut below this (a name up to this long stays whole while any column can go).
    static let nameFloor = 20

    /// `dropOrder` lists the columns that may go, least useful first; one of them whose cells are all empty
    /// goes whatever the width.
    init(_ columns: [Column], dropOrder: [Int] = [], width: Int, gap: Int = 2) {
        self.columns = columns
        let minimums = columns.map { column -> Int in
            if column.isName { return min(column.wanted, column.shortest ?? Self.nameFloor) }
            return column.shortest.map { min(column.wanted, max($0, TextWidth.width(column.title))) } ?? column.wanted
        }
        var shown = columns.indices.map { !(dropOrder.contains($0) && columns[$0].content == 0) }
        func needed() -> Int {
            columns.indices.filter { shown[$0] }.reduce(0) { $0 + minimums[$1] + gap } - gap
        }
        for index in dropOrder where needed() > width {
            shown[index] = false
        }
        var widths = minimums
        var spare = width - needed()
        // The name first, then the others: those that always stay in their order, then the most useful first.
        let growth = columns.indices.filter { columns[$0].isName }
            + columns.indices.filter { !columns[$0].isName && !dropOrder.contains($0) }
            + dropOrder.reversed()
        for index in growth where shown[index] && spare > 0 {
            let grown = min(columns[index].wanted - widths[index], spare)
            widths[index] += grown
            spare -= grown
        }
        // Too narrow even for the minimums: the name gives way first, then the columns at the right are cut.
        if spare < 0, let name = columns.indices.first(where: { columns[$0].isName && shown[$0] }) {
            let given = min(-spare, widths[name] - 1)
            widths[name] -= given
        }
        var frames: [(column: Int, width: Int)?] = []
        var x = 0
        for index in columns.indices {
            guard shown[index] else { frames.append(nil); continue }
            let w = max(0, min(widths[index], width - x))
            frames.append((x, w))
            x += w + gap
        }
        self.frames = frames
        self.minimums = minimums
    }

    /// The width the columns take when each is as wide as it wants (a dialog sizes its box by it).
    static func naturalWidth(_ columns: [Column], gap: Int = 2) -> Int {
        columns.reduce(0) { $0 + $1.wanted } + gap * max(0, columns.count - 1)
    }

    /// The width of the widest of `texts` (as drawn, after sanitising).
    static func widest<S: Sequence>(_ texts: S) -> Int where S.Element == String {
        texts.reduce(0) { max($0, TextWidth.width($1)) }
    }

    /// One row's cells laid out: each shown column's glyphs, clipped to its width, at the column it starts (right
    /// past its padding when aligned right). A list keeps the rows it drew and draws them again without measuring.
    struct LaidOutRow {
        fileprivate let cells: [(text: String, column: Int, width: Int, index: Int, glyphs: [Glyph])]
    }

    /// `texts` (one per column; dropped ones are skipped) laid out as `draw` draws them, clipped with `ellipsis`.
    func layOut(_ texts: [String], ellipsis: String) -> LaidOutRow {
        var cells: [(text: String, column: Int, width: Int, index: Int, glyphs: [Glyph])] = []
        for (index, frame) in frames.enumerated() {
            guard let frame, frame.width > 0, index < texts.count else { continue }
            let text = texts[index]
            var x = frame.column
            if columns[index].alignRight { x += max(0, frame.width - TextWidth.width(text)) }
            cells.append((text, x, frame.width, index, TextWidth.clippedGlyphs(text, to: frame.width, ellipsis: ellipsis)))
        }
        return LaidOutRow(cells: cells)
    }

    /// What rows laid out for this layout on `terminal` depend on: while it is the same, a list draws the rows it
    /// kept without measuring their text again.
    struct Key: Equatable {
        /// Each frame's column and width (-1 for a dropped column).
        let frames: [Int]
        /// The terminal's symbols: the ellipsis a clipped cell ends with.
        let symbols: Symbols
    }

    func key(on terminal: Terminal) -> Key {
        Key(frames: frames.flatMap { $0.map { [$0.column, $0.width] } ?? [-1, -1] }, symbols: terminal.symbols)
    }

    /// Draws one row of cells at `origin`; `texts` has one entry per column (dropped ones are skipped).
    func draw(_ texts: [String], on terminal: Terminal, row: Int, column origin: Int,
              attributes: (Int) -> Attributes) {
        draw(layOut(texts, ellipsis: terminal.symbols.ellipsis), on: terminal, row: row, column: origin,
             attributes: attributes)
    }

    /// Draws a row laid out by `layOut` at `origin`: its glyphs as they are, or clipped again where the screen's
    /// edge cuts a cell shorter than its column (as `Terminal.draw` clips).
    func draw(_ laidOut: LaidOutRow, on terminal: Terminal, row: Int, column origin: Int,
              attributes: (Int) -> Attributes) {
        let columns = terminal.size.columns
        for cell in laidOut.cells {
            let x = origin + cell.column, style = attributes(cell.index)
            guard x >= 0, x + cell.width <= columns else {
                terminal.draw(cell.text, row: row, column: x, width: cell.width, attributes: style)
                continue
            }
            var at = x
            for glyph in cell.glyphs {
                terminal.put(glyph, row: row, column: at, attributes: style)
                at += glyph.width
            }
        }
    }

    /// Draws the column titles.
    func drawHeader(on terminal: Terminal, row: Int, column origin: Int) {
        draw(columns.map(\.title), on: terminal, row: row, column: origin) { _ in Attributes(.muted, .bold) }
    }
}
