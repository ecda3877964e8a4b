import RoadtripCore
import TerminalUI

/// The optimise preview, a modal over the trip screen: "Optimising…" while the search runs (Esc cancels), then
/// the saving, the totals before and after with their change, the new order (the stops that moved in the accent
/// colour, with where they were), the notes, and the answer keys. On a short screen the order scrolls and the
/// blank rows go first; the saving, the totals and the keys stay.
final class OptimiseView: Screen, OptimiseViewInput {
    var presenter: OptimiseViewOutput!
    private(set) var title = "Optimise"
    let isModal = true
    private var model: OptimiseViewModel?
    /// The first stop of the new order drawn (the order scrolls when it does not fit).
    private var firstStop = 0
    /// Stops drawn at the last frame (the page for PgUp/PgDn).
    private var stopRows = 1

    /// The widest the box grows; the order's names are cut before it does.
    static let widest = 72
    static let answers = "[Enter] apply   [Esc] keep the old order"
    static let shortAnswers = "[Enter] apply  [Esc] keep"

    /// While the search runs: only stopping it.
    static let searchingKeys = KeyTable<OptimiseView>([
        .init([.escape, .character("q")], "stop the search; the order stays as it is", hint: "stop") {
            $0.presenter.didRequestCancel()
        },
    ])

    /// The preview's keys.
    static let previewKeys = KeyTable<OptimiseView>([
        .init([.enter], "apply the new order (one change: u undoes it)", hint: "apply") { $0.presenter.didRequestApply() },
        .init([.escape, .character("q")], "keep the old order", hint: "keep") { $0.presenter.didRequestCancel() },
        .init([.up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end, .character("g"),
               .character("G"), .scrollUp, .scrollDown], "scroll the new order") { view, key in view.scroll(key) },
    ])

    private var keys: KeyTable<OptimiseView> {
        if case .preview? = model?.state { return Self.previewKeys }
        return Self.searchingKeys
    }

    var keyHelp: [KeyHelp] { keys.help }
    var statusHints: [KeyHelp] { keys.statusHints }

    func show(_ model: OptimiseViewModel) {
        self.model = model
        title = model.title
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        keys.handle(key, on: self)
        return .handled  // a modal: the trip screen under it gets no key
    }

    private func scroll(_ key: Key) {
        guard case let .preview(preview)? = model?.state else { return }
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

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        switch model.state {
        case let .searching(text):
            let lines = [text, "Esc cancels"]
            let width = min(area.columns - 4, max(TextWidth.width(title) + 2, lines.map(TextWidth.width).max() ?? 0))
            let inner = DialogFrame.draw(on: terminal, in: area, title: title, contentRows: lines.count, contentColumns: width)
            for (index, line) in lines.prefix(max(0, inner.rows)).enumerated() {
                terminal.draw(line, row: inner.row + index, column: inner.column, width: inner.columns,
                              attributes: index == 0 ? .normal : .muted)
            }
        case let .preview(preview):
            render(preview, on: terminal, in: area)
        }
    }

    private func render(_ preview: OptimiseViewModel.Preview, on terminal: Terminal, in area: Rect) {
        let totalsColumns = Self.totalsColumns(preview)
        let stopColumns = Self.stopColumns(preview)
        let natural = [TableLayout.naturalWidth(totalsColumns), TableLayout.naturalWidth(stopColumns),
                       TextWidth.width(preview.headline), TextWidth.width(Self.answers), TextWidth.width(title) + 2]
        let width = max(1, min(Self.widest, area.columns - 4, natural.max() ?? 0))
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
            let answers = TextWidth.width(Self.answers) <= inner.columns ? Self.answers : Self.shortAnswers
            terminal.draw(answers, row: inner.bottom - 1, column: inner.column, width: inner.columns, attributes: .accent)
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

    private static func totalsColumns(_ preview: OptimiseViewModel.Preview) -> [TableLayout.Column] {
        preview.totalsHeader.indices.map { column in
            .init(title: preview.totalsHeader[column],
                  content: TableLayout.widest(preview.totals.lazy.map { $0[safe: column] ?? "" }), alignRight: column > 0)
        }
    }

    private static func stopColumns(_ preview: OptimiseViewModel.Preview) -> [TableLayout.Column] {
        [.init(title: "#", content: TableLayout.widest(preview.stops.lazy.map(\.number)), alignRight: true),
         .init(title: "WAS", content: TableLayout.widest(preview.stops.lazy.map(\.was)), alignRight: true),
         .init(title: "NEW ORDER", content: TableLayout.widest(preview.stops.lazy.map(\.name)), isName: true)]
    }
}
