import RoadtripCore
import TerminalUI

/// The optimise preview's body: the saving, the totals before and after with their change, the new order (the
/// stops that moved in the accent colour, with where they were), the notes. On a short screen the order scrolls
/// and the blank rows go first; the saving, the totals and the answer line stay.
extension PreviewView {
    /// The widest the order's box grows; its names are cut before it does.
    static let widestOrder = 72

    func scrollOrder(_ key: Key) {
        guard case let .order(preview)? = model?.body else { return }
        let page = max(1, stopRows - 1)
        switch key {
        case .up, .character("k"): firstStop -= 1
        case .down, .character("j"): firstStop += 1
        case .scrollUp: firstStop -= 3
        case .scrollDown: firstStop += 3
        case .pageUp: firstStop -= page
        case .pageDown: firstStop += page
        case .home, .character("g"): firstStop = 0
        default: firstStop = preview.stops.count
        }
        firstStop = max(0, min(firstStop, preview.stops.count - stopRows))
    }

    func render(_ preview: OrderPreviewModel, on terminal: Terminal, in area: Rect) {
        let totalsColumns = Self.totalsColumns(preview)
        let stopColumns = Self.stopColumns(preview)
        let natural = [TableLayout.naturalWidth(totalsColumns), TableLayout.naturalWidth(stopColumns),
                       TextWidth.width(preview.headline), TextWidth.width(keys.answerLine(width: .max)), TextWidth.width(title) + 2]
        let width = max(1, min(Self.widestOrder, area.columns - 4, natural.max() ?? 0))
        let headline = TextWrap.lines(preview.headline, width: width)
        let notes = preview.notes.flatMap { TextWrap.lines($0, width: width) }
        let plan = Self.plan(rows: area.rows - 2, headline: headline.count, notes: notes.count, stops: preview.stops.count)
        let inner = DialogFrame.draw(on: terminal, in: area, title: title, contentRows: plan.height, contentColumns: width)
        var row = inner.row
        var gaps = plan.gaps
        func gap() {
            guard gaps > 0 else { return }
            row += 1
            gaps -= 1
        }
        for line in headline.prefix(plan.headline) {
            terminal.draw(line, row: row, column: inner.column, width: inner.columns, attributes: Attributes(.normal, .bold))
            row += 1
        }
        if plan.totals {
            gap()
            // Narrow, the columns close up before the days go (reordering never changes them), then the days over.
            let gap = TableLayout.naturalWidth(totalsColumns) <= inner.columns ? 2 : 1
            let layout = TableLayout(totalsColumns, dropOrder: [3, 4], width: inner.columns, gap: gap)
            layout.drawHeader(on: terminal, row: row, column: inner.column)
            for (index, cells) in preview.totals.enumerated() {
                layout.draw(cells, on: terminal, row: row + 1 + index, column: inner.column) { column in
                    column == 0 ? .muted : index == 2 ? .accent : .normal
                }
            }
            row += 1 + preview.totals.count
        }
        if plan.stops > 0 {
            gap()
            stopRows = plan.stops
            firstStop = max(0, min(firstStop, preview.stops.count - stopRows))
            let layout = TableLayout(stopColumns, width: inner.columns)
            layout.drawHeader(on: terminal, row: row, column: inner.column)
            if stopRows < preview.stops.count {
                let shown = "\(firstStop + 1)–\(firstStop + stopRows) of \(preview.stops.count) ↑↓"
                let shownWidth = TextWidth.width(shown)
                if shownWidth + 16 <= inner.columns {
                    terminal.draw(shown, row: row, column: inner.right - shownWidth, width: shownWidth, attributes: .muted)
                }
            }
            for (offset, stop) in preview.stops[firstStop..<(firstStop + stopRows)].enumerated() {
                layout.draw([stop.number, stop.was, stop.name], on: terminal, row: row + 1 + offset, column: inner.column) { column in
                    column == 0 ? .muted : stop.moved ? .accent : .normal
                }
            }
            row += 1 + stopRows
        }
        if plan.notes > 0 {
            gap()
            for line in notes.prefix(plan.notes) {
                terminal.draw(line, row: row, column: inner.column, width: inner.columns, attributes: .muted)
                row += 1
            }
        }
        if plan.answers {
            drawAnswers(on: terminal, row: inner.bottom - 1, column: inner.column, width: inner.columns)
        }
    }

    /// How the preview's parts share `rows` (the box's inside): the headline, the answer keys, the totals, one or
    /// two stops, the notes, then the rest of the stops, then the blank rows between the parts.
    struct Plan: Equatable {
        var headline = 0
        var answers = false
        var totals = false
        var stops = 0
        var notes = 0
        var gaps = 0
        var height: Int { headline + (answers ? 1 : 0) + (totals ? 4 : 0) + (stops > 0 ? stops + 1 : 0) + notes + gaps }
    }

    static func plan(rows: Int, headline: Int, notes: Int, stops: Int) -> Plan {
        var plan = Plan()
        var left = max(0, rows)
        func take(_ wanted: Int) -> Int {
            let given = min(wanted, left)
            left -= given
            return given
        }
        plan.headline = take(headline)
        plan.answers = take(1) == 1
        plan.totals = left >= 4 && take(4) == 4
        // The title row and one or two stops, before the notes.
        if stops > 0, left >= 2 { plan.stops = take(min(stops, 2) + 1) - 1 }
        plan.notes = take(notes)
        if plan.stops > 0 { plan.stops += take(stops - plan.stops) }
        // The blank rows: before the totals, before the stops, before the notes, before the answers.
        let parts = [plan.totals, plan.stops > 0, plan.notes > 0, plan.answers].filter { $0 }.count
        plan.gaps = take(parts)
        return plan
    }

    private static func totalsColumns(_ preview: OrderPreviewModel) -> [TableLayout.Column] {
        preview.totalsHeader.indices.map { column in
            .init(title: preview.totalsHeader[column],
                  content: TableLayout.widest(preview.totals.lazy.map { $0[safe: column] ?? "" }), alignRight: column > 0)
        }
    }

    private static func stopColumns(_ preview: OrderPreviewModel) -> [TableLayout.Column] {
        [.init(title: "#", content: TableLayout.widest(preview.stops.lazy.map(\.number)), alignRight: true),
         .init(title: "WAS", content: TableLayout.widest(preview.stops.lazy.map(\.was)), alignRight: true),
         .init(title: "NEW ORDER", content: TableLayout.widest(preview.stops.lazy.map(\.name)), isName: true)]
    }
}
