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
    private var columns: (days: [DayPlanViewModel.DayRow], dated: Bool, nearPoles: Bool, costs: Bool,
                          columns: [TableLayout.Column])?

    /// The plan grows first and is cut with an ellipsis, down to `planShortest` columns; a narrow screen leaves out
    /// the driving (the plan says where, the stops say how far), then the hours (the stops give the arrivals), then
    /// the sunset, then the after-dark mark: at 40 columns the day, its mark, its sunset and the plan's start. The
    /// cost, asked for (`$`), goes last.
    static let dropOrder = [1, 2, 4, 3, 5]
    static let planShortest = 15
    static let markColumn = 3
    static let costColumn = 5
    static let planColumn = 6
    /// `dated`: a trip with a start date, whose days have sunsets and may end in the dark (the sunset's and the
    /// mark's columns, else left out); `nearPoles`: a sunset may read "midnight sun"; `costs`: the cost column is on
    /// (`$`), left out else or where no day's cost is known.
    static func columns(_ days: [DayPlanViewModel.DayRow], dated: Bool, nearPoles: Bool,
                        costs: Bool = false) -> [TableLayout.Column] {
        [
            .init(title: "DAY", content: TableLayout.widest(days.lazy.map(\.label))),
            .init(title: "DRIVING", content: TableLayout.widest(days.lazy.map { LegMarkText.ascii($0.driving) }),
                  alignRight: true),
            .init(title: "HOURS", content: TableLayout.widest(days.lazy.map(\.hours))),
            .init(title: "", content: dated ? 1 : 0),
            // Sunsets are worked out for the days drawn: their column is as wide as the widest they may read.
            .init(title: "SUNSET", content: dated ? TextWidth.width(nearPoles ? "midnight sun" : "20:31") : 0),
            .init(title: "COST", content: costs ? TableLayout.widest(days.lazy.map(\.cost)) : 0, alignRight: true),
            // Room for the dark's hint, which is worked out only for the days drawn.
            .init(title: "PLAN",
                  content: TableLayout.widest(days.lazy.map { LegMarkText.ascii($0.plan) }) + (dated ? darkHintRoom : 0),
                  shortest: planShortest, isName: true),
        ]
    }

    /// " · arrives 11 h 10 after dark: leave earlier or split the day"
    static let darkHintRoom = 62

    static let keys = KeyTable<DayPlanView>([
        .init([.character("v"), .character("q"), .escape, .enter, .left, .character("h")],
              "back to the stops, on the selected day's first stop", hint: "stops") { $0.presenter.didRequestBack() },
        .init([.character("s")], "where to sleep: towns near the selected day's road (its straight line without road data); Enter makes one a stop "
                  + "of one night",
              hint: "sleep", edits: true) { $0.presenter.didRequestTowns() },
        .init([.character("P")], "pace: a night at a town on every day over the limit, previewed (Enter applies)",
              hint: "pace", edits: true) { $0.presenter.didRequestPace() },
        .init([.character("a")], "along: the regions' places of a category near the selected day's road, or its straight line "
                  + "(c category, + wider); Enter makes one a stop", hint: "along", edits: true) { $0.presenter.didRequestAlong() },
        .init([.character("C")], "charge: where to charge on every day (an electric car), previewed (Enter applies)",
              hint: "charge", edits: true) { $0.presenter.didRequestCharge() },
        .init([.character("$")], "each day's cost: fuel or energy, lodging, tolls and the stops' own costs (on until "
                  + "pressed again)") { $0.presenter.didRequestCost() },
        .init([.character("u")], "undo the last change (made on any screen)", edits: true) { $0.presenter.didRequestUndo() },
        .init([.character("U")], "redo what was undone", edits: true) { $0.presenter.didRequestRedo() },
    ] + ListView.keyRows { view, key in view.moveSelection(key) })

    var keyHelp: [KeyHelp] { Self.keys.help + Self.clockHelp }

    /// What the times and marks mean, after the keys.
    static let clockHelp = [
        KeyHelp("HOURS", "when a driving day leaves and arrives, each on its stop's clock; +1 h / −1 h: the clock "
                    + "changed on the way; +1 d: past midnight"),
        KeyHelp("SUNSET", "at the night's stop; midnight sun or polar night where the sun does not set or rise"),
        KeyHelp("☾ (!)", "the day arrives after civil dusk or drives into the dark: leave earlier or split the day"),
        KeyHelp("COST", "the day's fuel or energy at the settings' price, the night's lodging, tolls and the stops' "
                    + "own costs; tolls ?: a tolled leg without a price"),
        KeyHelp("on the road", "a drive that goes on past midnight: its night, and every later day, fall on the "
                    + "date it really arrives"),
    ] + TripDetailView.clockHelp.suffix(2)
    var statusHints: [KeyHelp] { Self.keys.statusHints }

    func show(_ model: DayPlanViewModel) {
        self.model = model
        title = model.header.title + " · days"  // the help and status bar say which view
        let dated = model.daylight.isDated, nearPoles = model.daylight.nearPoles
        if columns?.days != model.days || columns?.dated != dated || columns?.nearPoles != nearPoles
            || columns?.costs != model.showsCost {
            columns = (model.days, dated, nearPoles, model.showsCost,
                       Self.columns(model.days, dated: dated, nearPoles: nearPoles, costs: model.showsCost))
        }
        list.count = model.days.count
        list.select(model.selectedDay)
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        if Self.keys.handle(key, on: self, mayEdit: presenter.mayEdit) { return .handled }
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
        let dated = model.daylight.isDated
        // The selected day's whole plan under the list: its column cuts a long one (a fuel note, the dark's hint).
        if body.rows >= Self.paneMinimumRows, let day = model.days[safe: model.selectedDay] {
            var lines = TextWrap.lines(plan(of: day, at: model.selectedDay, model), width: width)
            if lines.count > Self.paneLines {
                let more = terminal.symbols.ellipsis
                lines = Array(lines.prefix(Self.paneLines))
                lines[lines.count - 1] = TextWidth.clip(lines[lines.count - 1] + " " + more, to: width, ellipsis: more)
            }
            body = body.dropBottom(lines.count + 1)
            renderPane(day, lines: lines, on: terminal, row: body.row + body.rows, column: x, width: width)
        }
        let layout = TableLayout(columns?.columns ?? [], dropOrder: Self.dropOrder,
                                 width: width - (model.days.count > body.rows ? 1 : 0))
        layout.drawHeader(on: terminal, row: area.row + top, column: x)
        list.render(on: terminal, in: body) { index, rect, selected in
            let day = model.days[index]
            // The sun is worked out for the days drawn only, once per itinerary.
            let dark = dated ? model.daylight.dark(ofDay: index) : nil
            let plan = LegMarkText.shown(self.plan(of: day, at: index, model), on: terminal)
            let sunset = dated ? model.daylight.sunset(ofDay: index) : ""
            layout.draw([day.label, LegMarkText.shown(day.driving, on: terminal), day.hours, dark == nil ? "" : TripDetailView.darkMark(terminal), sunset,
                         day.cost, plan], on: terminal, row: rect.row, column: rect.column + 1) { column in
                selected ? .selection : column == Self.markColumn ? .accent
                    : day.overLimit && (column == 1 || column == Self.planColumn)
                        || day.fuelGap && column == Self.planColumn ? .error
                    : (column == Self.planColumn || column == Self.costColumn ? .normal : .muted)
            }
        }
    }

    /// Below this many rows for the list, the days keep them all: no pane.
    static let paneMinimumRows = 10
    static let paneLines = 3

    /// A day's plan with the dark's hint where it drives into the dark.
    private func plan(of day: DayPlanViewModel.DayRow, at index: Int, _ model: DayPlanViewModel) -> String {
        let dark = model.daylight.isDated ? model.daylight.dark(ofDay: index) : nil
        return dark.map { day.plan + " · " + $0.shortHint } ?? day.plan
    }

    /// A rule with the day's label, then its plan wrapped.
    private func renderPane(_ day: DayPlanViewModel.DayRow, lines: [String], on terminal: Terminal, row: Int, column: Int,
                            width: Int) {
        let rule = terminal.symbols.horizontal
        let label = TextWidth.clip(day.label, to: max(0, width - 4), ellipsis: terminal.symbols.ellipsis)
        terminal.draw(rule + " ", row: row, column: column, width: 2, attributes: .muted)
        terminal.draw(label, row: row, column: column + 2, width: width - 2, attributes: Attributes(.normal, .bold))
        let labelEnd = column + 3 + TextWidth.width(label)
        terminal.draw(String(repeating: rule, count: max(0, column + width - labelEnd)), row: row, column: labelEnd,
                      width: column + width - labelEnd, attributes: .muted)
        let attributes: Attributes = day.overLimit || day.fuelGap ? .error : .normal
        for (offset, line) in lines.enumerated() {
            terminal.draw(LegMarkText.shown(line, on: terminal), row: row + 1 + offset, column: column, width: width,
                          attributes: attributes)
        }
    }
}
