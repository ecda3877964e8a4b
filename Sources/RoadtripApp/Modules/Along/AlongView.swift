import RoadtripCore
import TerminalUI

/// The list along a day's road, a modal over the days view: a heading ("Looking along day 3…", "2 places in order
/// along the road"), the POIs (Enter makes one a stop), the keys at the bottom. Long lists scroll.
final class AlongView: Screen, AlongViewInput {
    var presenter: AlongViewOutput!
    private(set) var title = "Along the road"
    let isModal = true
    private var model: AlongViewModel?
    private let list = ListView()

    static let widest = 76

    static let keys = KeyTable<AlongView>([
        .init([.enter], "make the selected place a stop where it lies on the road (one change: u undoes it)",
              hint: "add stop") { $0.presenter.didRequestInsert(row: $0.list.selection) },
        .init([.character("c")], "the next category: sleep, fuel, charge, see, rest, ferry", hint: "category") {
            $0.presenter.didRequestCategory(step: 1)
        },
        .init([.character("C")], "the previous category") { $0.presenter.didRequestCategory(step: -1) },
        .init([.character("+"), .character("w")], "widen the corridor (2, 5, 10, 20, 50 km)", hint: "wider") {
            $0.presenter.didRequestCorridor(step: 1)
        },
        .init([.character("-")], "narrow the corridor") { $0.presenter.didRequestCorridor(step: -1) },
        .init([.escape, .character("q")], "close; the trip stays as it is", hint: "close") { $0.presenter.didRequestCancel() },
    ] + ListView.keyRows { view, key in view.list.handle(key) })

    var keyHelp: [KeyHelp] { Self.keys.help + [KeyHelp("places", Credits.openStreetMap)] }
    var statusHints: [KeyHelp] { Self.keys.statusHints }

    func show(_ model: AlongViewModel) {
        if model.rows != self.model?.rows { list.count = model.rows.count; list.select(0) }
        self.model = model
        title = model.title
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        Self.keys.handle(key, on: self)
        return .handled  // a modal: the days under it get no key
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let answers = "[Enter] add stop  [c] category  [+] wider  [Esc] close"
        let widest = ([model.heading, answers, title + "  "] + model.rows).map(TextWidth.width).max() ?? 0
        let width = max(1, min(Self.widest, area.columns - 4, widest))
        let head = TextWrap.lines(model.heading, width: width)
        let wanted = head.count + (model.rows.isEmpty ? 0 : model.rows.count + 1) + 2
        let inner = DialogFrame.draw(on: terminal, in: area, title: title, contentRows: wanted, contentColumns: width)
        guard inner.rows > 0 else { return }
        let answerLine = TextWidth.width(answers) <= inner.columns ? answers : "[Enter] [c] [+] [Esc]"
        terminal.draw(answerLine, row: inner.bottom - 1, column: inner.column, width: inner.columns, attributes: .accent)
        let shownHead = min(head.count, max(0, inner.rows - 2))
        for (offset, line) in head.prefix(shownHead).enumerated() {
            terminal.draw(line, row: inner.row + offset, column: inner.column, width: inner.columns)
        }
        let top = inner.row + shownHead + (shownHead > 0 ? 1 : 0)
        let rows = Rect(row: top, column: inner.column, rows: max(0, inner.bottom - 2 - top), columns: inner.columns)
        guard !model.rows.isEmpty, !rows.isEmpty else { return }
        list.render(on: terminal, in: rows) { index, rect, selected in
            terminal.draw(model.rows[index], row: rect.row, column: rect.column, width: rect.columns,
                          attributes: selected ? .selection : .normal)
        }
    }
}
