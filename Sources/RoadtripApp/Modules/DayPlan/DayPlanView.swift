import RoadtripCore
import TerminalUI

/// The day-by-day plan of one trip: the trip's header, then a row per day (its date or number, its driving, and
/// where it goes), a day over the daily limit in the error colour. Keys become presenter intents.
final class DayPlanView: Screen, DayPlanViewInput {
    var presenter: DayPlanViewOutput!
    private(set) var title = "Days"
    private var model: DayPlanViewModel?
    private let list = ListView()
    /// The columns, measured once per new set of days.
    private var columns: (days: [DayPlanViewModel.DayRow], columns: [TableLayout.Column])?

    /// The plan is the first column to go on a narrow screen: it is cut with an ellipsis.
    static let dropOrder = [1]
    static func columns(_ days: [DayPlanViewModel.DayRow]) -> [TableLayout.Column] {
        [
            .init(title: "DAY", content: TableLayout.widest(days.lazy.map(\.label))),
            .init(title: "DRIVING", content: TableLayout.widest(days.lazy.map(\.driving)), alignRight: true),
            .init(title: "PLAN", content: TableLayout.widest(days.lazy.map(\.plan)), isName: true),
        ]
    }

    static let keys = KeyTable<DayPlanView>([
        .init([.character("v"), .character("q"), .escape, .enter, .left, .character("h")],
              "back to the stops, on the selected day's first stop", hint: "stops") { $0.presenter.didRequestBack() },
    ] + ListView.keyRows { view, key in view.moveSelection(key) })

    var keyHelp: [KeyHelp] { Self.keys.help }
    var statusHints: [KeyHelp] { Self.keys.statusHints }

    func show(_ model: DayPlanViewModel) {
        self.model = model
        title = model.header.title + " · days"  // the help and status bar say which view
        if columns?.days != model.days { columns = (model.days, Self.columns(model.days)) }
        list.count = model.days.count
        list.select(model.selectedDay)
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        if Self.keys.handle(key, on: self) { return .handled }
        return moveSelection(key) ? .handled : .ignored  // the mouse
    }

    @discardableResult
    private func moveSelection(_ key: Key) -> Bool {
        guard list.handle(key) else { return false }
        presenter.didMoveSelection(to: list.selection)
        return true
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let width = area.columns - 2, x = area.column + 1
        let top = model.header.draw(on: terminal, in: area)
        var body = area.dropTop(top + 1)
        if let message = model.message {
            body = body.dropBottom(MessageArea.draw(message, on: terminal, in: area, column: x, width: width))
        }
        let layout = TableLayout(columns?.columns ?? [], dropOrder: Self.dropOrder,
                                 width: width - (model.days.count > body.rows ? 1 : 0))
        layout.drawHeader(on: terminal, row: area.row + top, column: x)
        list.render(on: terminal, in: body) { index, rect, selected in
            let day = model.days[index]
            layout.draw([day.label, day.driving, day.plan], on: terminal, row: rect.row, column: rect.column + 1) { column in
                selected ? .selection : day.overLimit && column > 0 ? .error : (column == 2 ? .normal : .muted)
            }
        }
    }
}
