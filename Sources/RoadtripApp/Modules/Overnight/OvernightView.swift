import RoadtripCore
import TerminalUI

/// Where to sleep, a modal over the days view: "Looking for towns…" while the search runs (Esc stops it), then the
/// towns along the day to pick from (Enter inserts, Esc closes), or the pacing's preview (Enter adds the nights,
/// Esc keeps the trip as it is). Long lists scroll.
final class OvernightView: Screen, OvernightViewInput {
    var presenter: OvernightViewOutput!
    private(set) var title = "Where to sleep"
    let isModal = true
    private var model: OvernightViewModel?
    private let list = ListView()

    static let widest = 76

    static let workingKeys = KeyTable<OvernightView>([
        .init([.escape, .character("q")], "stop the search; the trip stays as it is", hint: "stop") {
            $0.presenter.didRequestCancel()
        },
    ])

    static let townKeys = KeyTable<OvernightView>([
        .init([.enter], "end the day at the selected town: a stop of one night (one change: u undoes it)", hint: "insert") {
            $0.presenter.didRequestApply(row: $0.list.selection)
        },
        .init([.escape, .character("q")], "close; the trip stays as it is", hint: "close") { $0.presenter.didRequestCancel() },
    ] + ListView.keyRows { view, key in view.list.handle(key) })

    static let pacingKeys = KeyTable<OvernightView>([
        .init([.enter], "add these nights (one change: u undoes it)", hint: "apply") { $0.presenter.didRequestApply(row: 0) },
        .init([.escape, .character("q")], "keep the trip as it is", hint: "keep") { $0.presenter.didRequestCancel() },
        .init([.up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end, .character("g"),
               .character("G")], "scroll") { view, key in view.list.handle(key) },
    ])

    private var keys: KeyTable<OvernightView> {
        switch model?.state {
        case .towns?: return Self.townKeys
        case .pacing?: return Self.pacingKeys
        default: return Self.workingKeys
        }
    }

    var keyHelp: [KeyHelp] { keys.help }
    var statusHints: [KeyHelp] { keys.statusHints }

    func show(_ model: OvernightViewModel) {
        self.model = model
        title = model.title
        switch model.state {
        case let .towns(_, rows): list.count = rows.count
        case let .pacing(lines): list.count = lines.count
        case .working: list.count = 0
        }
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        keys.handle(key, on: self)
        return .handled  // a modal: the days under it get no key
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        switch model.state {
        case let .working(text):
            box(on: terminal, in: area, head: [text], rows: [], answers: "Esc cancels") { _, _ in }
        case let .towns(heading, rows):
            box(on: terminal, in: area, head: [heading], rows: rows, answers: "[Enter] sleep there   [Esc] close") { index, rect in
                let selected = index == self.list.selection
                terminal.draw(rows[index], row: rect.row, column: rect.column, width: rect.columns,
                              attributes: selected ? .selection : .normal)
            }
        case let .pacing(lines):
            // The preview scrolls as a whole: no line is selected.
            let shown = Array(lines.dropFirst(list.offset))
            box(on: terminal, in: area, head: [], rows: shown, answers: "[Enter] add these nights   [Esc] keep the trip") { index, rect in
                terminal.draw(shown[index], row: rect.row, column: rect.column, width: rect.columns)
            }
        }
    }

    /// A box as wide as its widest line allows: the head, the rows (the list's, scrolled), the answers at the bottom.
    private func box(on terminal: Terminal, in area: Rect, head: [String], rows: [String], answers: String,
                     drawRow: (Int, Rect) -> Void) {
        let widest = (head + rows + [answers, title + "  "]).map(TextWidth.width).max() ?? 0
        let width = max(1, min(Self.widest, area.columns - 4, widest))
        let headLines = head.flatMap { TextWrap.lines($0, width: width) }
        let wanted = headLines.count + (rows.isEmpty ? 0 : rows.count + 1) + 2
        let inner = DialogFrame.draw(on: terminal, in: area, title: title, contentRows: wanted, contentColumns: width)
        guard inner.rows > 0 else { return }
        let answerLine = TextWidth.width(answers) <= inner.columns ? answers : "[Enter]  [Esc]"
        terminal.draw(answerLine, row: inner.bottom - 1, column: inner.column, width: inner.columns, attributes: .accent)
        let shownHead = min(headLines.count, max(0, inner.rows - 2))
        for (offset, line) in headLines.prefix(shownHead).enumerated() {
            terminal.draw(line, row: inner.row + offset, column: inner.column, width: inner.columns)
        }
        let listTop = inner.row + shownHead + (shownHead > 0 ? 1 : 0)
        let listRect = Rect(row: listTop, column: inner.column, rows: max(0, inner.bottom - 2 - listTop), columns: inner.columns)
        guard !rows.isEmpty, !listRect.isEmpty else { return }
        if case .pacing? = model?.state {
            for index in 0..<min(rows.count, listRect.rows) {
                drawRow(index, Rect(row: listRect.row + index, column: listRect.column, rows: 1, columns: listRect.columns))
            }
        } else {
            list.render(on: terminal, in: listRect) { index, rect, _ in drawRow(index, rect) }
        }
    }
}
