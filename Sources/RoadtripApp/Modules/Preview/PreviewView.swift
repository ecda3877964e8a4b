import RoadtripCore
import TerminalUI

/// A preview, a modal over the screen that opened it: the search under way (Esc stops it), then what the kind
/// shows — the new order with its totals, towns or places to pick from, or lines to read — and at the bottom the
/// answer line, from the same key table as the help and the status bar. Long lists scroll.
final class PreviewView: Screen, PreviewViewInput {
    var presenter: PreviewViewOutput!
    private(set) var title = "Preview"
    let isModal = true
    private(set) var model: PreviewViewModel?
    /// The kind's keys once the search is done.
    private let previewKeys: [PreviewKey]
    /// What the help adds to the keys (the data's credit).
    private let helpNotes: [KeyHelp]
    let list = ListView()
    /// The new order's scrolling (`PreviewView+Order`).
    var firstStop = 0
    var stopRows = 1

    static let widest = 76

    init(keys: [PreviewKey], helpNotes: [KeyHelp] = []) {
        previewKeys = keys
        self.helpNotes = helpNotes
    }

    /// What a preview shows, as far as its keys go.
    enum Stage {
        case searching, order, choices, lines
        /// A list with nothing in it: its heading says why, and Enter has nothing to apply.
        case nothing

        init(_ body: PreviewViewModel.Body?) {
            switch body {
            case .searching?, nil: self = .searching
            case .order?: self = .order
            case let .choices(_, rows)?: self = rows.isEmpty ? .nothing : .choices
            case .lines?: self = .lines
            }
        }
    }

    /// What the keys do now (`keys(_:at:)`).
    var keys: KeyTable<PreviewView> { Self.keys(previewKeys, at: Stage(model?.body)) }

    /// While the search runs, stopping it or searching anew (a category, a corridor); then the kind's keys and
    /// moving in what it shows. Also the key reference's (`KeyReference`).
    static func keys(_ previewKeys: [PreviewKey], at stage: Stage) -> KeyTable<PreviewView> {
        let moves: [KeyTable<PreviewView>.Row]
        switch stage {
        case .searching:
            return KeyTable([.init([.escape, .character("q")], "stop the search; the trip stays as it is", hint: "stop") {
                $0.presenter.didRequestCancel()
            }] + rows(previewKeys.filter { if case .refine = $0.action { true } else { false } }))
        case .nothing: return KeyTable(rows(previewKeys.filter { $0.action != .apply }))
        case .choices: moves = ListView.keyRows { view, key in view.list.handle(key) }
        case .lines: moves = [Self.scrollRow { view, key in view.list.handle(key) }]
        case .order: moves = [Self.scrollRow { view, key in view.scrollOrder(key) }]
        }
        return KeyTable(rows(previewKeys) + moves)
    }

    private static func rows(_ keys: [PreviewKey]) -> [KeyTable<PreviewView>.Row] {
        keys.map { key in .init(key.keys, key.help, hint: key.hint) { view in view.act(key.action) } }
    }

    private static func scrollRow(_ move: @escaping (PreviewView, Key) -> Void) -> KeyTable<PreviewView>.Row {
        .init([.up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end, .character("g"),
               .character("G"), .scrollUp, .scrollDown], "scroll", key: move)
    }

    private func act(_ action: PreviewAction) {
        switch action {
        case .apply: presenter.didRequestApply(row: list.selection)
        case .cancel: presenter.didRequestCancel()
        case let .refine(refinement): presenter.didRequestRefine(refinement)
        }
    }

    var keyHelp: [KeyHelp] { keys.help + helpNotes }
    var statusHints: [KeyHelp] { keys.statusHints }

    func show(_ model: PreviewViewModel) {
        let rows: Int
        switch model.body {
        case let .choices(_, choices): rows = choices.count
        case let .lines(lines): rows = lines.count
        case .searching, .order: rows = 0
        }
        if model.body != self.model?.body { list.count = rows; list.select(0) }
        self.model = model
        title = model.title
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        keys.handle(key, on: self)
        return .handled  // a modal: the screen under it gets no key
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        switch model.body {
        case let .searching(text):
            box(on: terminal, in: area, head: [text], rows: []) { _, _ in }
        case let .order(order):
            render(order, on: terminal, in: area)
        case let .choices(heading, rows):
            box(on: terminal, in: area, head: [heading], rows: rows) { index, rect in
                terminal.draw(rows[index], row: rect.row, column: rect.column, width: rect.columns,
                              attributes: index == self.list.selection ? .selection : .normal)
            }
        case let .lines(lines):
            // Read as a whole: it scrolls, no line is selected.
            let width = max(1, min(Self.widest, area.columns - 4))
            let wrapped = lines.flatMap { Self.wrap($0, width: width) }
            list.count = wrapped.count
            box(on: terminal, in: area, head: [], rows: wrapped) { index, rect in
                terminal.draw(wrapped[index], row: rect.row, column: rect.column, width: rect.columns)
            }
        }
    }

    /// A line to read, to `width`: a sentence wraps, a bullet ("  · ") wraps under its text, a table's row
    /// (indented) is cut, so that its columns stay under their titles.
    static func wrap(_ line: String, width: Int) -> [String] {
        let bullet = "  · "
        if line.hasPrefix(bullet), width > bullet.count + 10 {
            let lines = TextWrap.lines(String(line.dropFirst(bullet.count)), width: width - bullet.count)
            return lines.enumerated().map { ($0.offset == 0 ? bullet : "    ") + $0.element }
        }
        return line.hasPrefix(" ") || line.isEmpty ? [line] : TextWrap.lines(line, width: width)
    }

    /// The answer line at the box's bottom, as wide as `width` allows.
    func drawAnswers(on terminal: Terminal, row: Int, column: Int, width: Int) {
        terminal.draw(keys.answerLine(width: width), row: row, column: column, width: width, attributes: .accent)
    }

    /// A box as wide as its widest line allows: the head, the rows (the list's, scrolled), the answers at the bottom.
    private func box(on terminal: Terminal, in area: Rect, head: [String], rows: [String], drawRow: (Int, Rect) -> Void) {
        let answers = keys.answerLine(width: .max)
        let widest = (head + rows + [answers, title + "  "]).map(TextWidth.width).max() ?? 0
        let width = max(1, min(Self.widest, area.columns - 4, widest))
        let headLines = head.flatMap { TextWrap.lines($0, width: width) }
        let wanted = headLines.count + (rows.isEmpty ? 0 : rows.count + 1) + 2
        let inner = DialogFrame.draw(on: terminal, in: area, title: title, contentRows: wanted, contentColumns: width)
        guard inner.rows > 0 else { return }
        drawAnswers(on: terminal, row: inner.bottom - 1, column: inner.column, width: inner.columns)
        let shownHead = min(headLines.count, max(0, inner.rows - 2))
        for (offset, line) in headLines.prefix(shownHead).enumerated() {
            terminal.draw(line, row: inner.row + offset, column: inner.column, width: inner.columns)
        }
        let listTop = inner.row + shownHead + (shownHead > 0 ? 1 : 0)
        let listRect = Rect(row: listTop, column: inner.column, rows: max(0, inner.bottom - 2 - listTop), columns: inner.columns)
        guard !rows.isEmpty, !listRect.isEmpty else { return }
        if case .lines? = model?.body {
            // The box keeps its size as it scrolls, and its last page is full: scrolling on past it moves nothing.
            let first = min(list.offset, max(0, rows.count - listRect.rows))
            if list.offset > first { list.select(first) }
            for index in 0..<min(rows.count - first, listRect.rows) {
                drawRow(first + index, Rect(row: listRect.row + index, column: listRect.column, rows: 1, columns: listRect.columns))
            }
        } else {
            list.render(on: terminal, in: listRect) { index, rect, _ in drawRow(index, rect) }
        }
    }
}
