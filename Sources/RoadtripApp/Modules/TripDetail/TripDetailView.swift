import TerminalUI

/// One trip: summary, notes preview and the ordered stops with legs, nights and arrival days.
final class TripDetailView: Screen, TripDetailViewInput, SaveFailureObserver {
    var presenter: TripDetailViewOutput!
    private(set) var title = "Trip"
    private var model: TripDetailViewModel?
    private let list = ListView()
    private let dayList = ListView()
    /// Keeps the drawn outlines and route between frames: a cursor move only redraws the highlight.
    private let mapView = TripMapView()

    /// The stop table keeps the width it needs for every column; the map takes what is left when that is
    /// at least `mapMinimumColumns` (a screen of 112 columns or more), up to half the screen.
    static let tableColumns = 82
    static let mapMinimumColumns = 30

    var keyHelp: [KeyHelp] {
        if model?.days != nil {
            return [KeyHelp("v", "stops", inStatusBar: true), KeyHelp("q Esc", "back to the stops", inStatusBar: true),
                    KeyHelp("↑↓ j k", "move"), KeyHelp("PgUp PgDn", "page"), KeyHelp("g G Home End", "first / last")]
        }
        return [
            KeyHelp("a", "add", inStatusBar: true), KeyHelp("e", "edit", inStatusBar: true),
            KeyHelp("d", "delete", inStatusBar: true), KeyHelp("J K", "move", inStatusBar: true),
            KeyHelp("n", "notes", inStatusBar: true), KeyHelp("q", "back", inStatusBar: true),
            KeyHelp("Enter", "edit stop"),
            KeyHelp("Shift-↓ Shift-↑", "move stop down / up"), KeyHelp("r", "rename trip"),
            KeyHelp("s", "start date"), KeyHelp("v", "days", inStatusBar: true),
            KeyHelp("x", "export (GPX, KML, GeoJSON, Markdown, iCalendar)"), KeyHelp("R", "reverse the stops"),
            KeyHelp("y", "link for a phone's maps app, copied"),
            KeyHelp("↑↓ j k", "move"), KeyHelp("PgUp PgDn", "page"),
            KeyHelp("g G Home End", "first / last"), KeyHelp("← h", "back"),
            KeyHelp("u U", "undo / redo (any screen's changes)"),
        ]
    }

    func show(_ model: TripDetailViewModel) {
        self.model = model
        title = model.title
        list.count = model.rows.count
        list.select(model.selectedIndex ?? 0)
        dayList.count = model.days?.count ?? 0
        dayList.select(model.selectedDay)
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func saveDidFail(_ error: Error) {
        presenter.didFailToSave(error)
    }

    func handle(_ key: Key) -> KeyResult {
        if model?.days != nil { return handleDays(key) }
        switch key {
        case .character("a"), .insert: presenter.didRequestAddStop()
        case .enter, .character("e"), .right, .character("l"): presenter.didRequestEditStop()
        case .character("d"), .delete: presenter.didRequestDeleteStop()
        case .character("J"), .shiftDown: presenter.didRequestMoveStop(by: 1)
        case .character("K"), .shiftUp: presenter.didRequestMoveStop(by: -1)
        case .character("r"): presenter.didRequestRename()
        case .character("n"): presenter.didRequestNotes()
        case .character("s"): presenter.didRequestStartDate()
        case .character("v"): presenter.didRequestToggleDays()
        case .character("x"): presenter.didRequestExport()
        case .character("R"): presenter.didRequestReverse()
        case .character("u"): presenter.didRequestUndo()
        case .character("U"): presenter.didRequestRedo()
        case .character("y"): presenter.didRequestShareLink()
        case .escape, .character("q"), .left, .character("h"): presenter.didRequestBack()
        default:
            guard list.handle(key) else { return .ignored }
            presenter.didMoveSelection(to: list.selection)
        }
        return .handled
    }

    /// The day-by-day plan: moving through the days; `v`, Esc or q go back to the stops.
    private func handleDays(_ key: Key) -> KeyResult {
        switch key {
        case .character("v"), .escape, .character("q"), .left, .character("h"): presenter.didRequestBack()
        default:
            guard dayList.handle(key) else { return .ignored }
            presenter.didMoveDaySelection(to: dayList.selection)
        }
        return .handled
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let width = area.columns - 2
        let x = area.column + 1
        terminal.draw(model.title, row: area.row, column: x, width: width, attributes: .title)
        terminal.draw(model.summary, row: area.row + 1, column: x, width: width, attributes: .muted)
        var top = 2
        if let notes = model.notesPreview {
            terminal.draw("Notes: " + notes, row: area.row + 2, column: x, width: width, attributes: .muted)
            top = 3
        }
        var body = area.dropTop(top + 1)
        if let message = model.message {
            body = body.dropBottom(MessageArea.draw(message, on: terminal, in: area, column: x, width: width))
        }
        if let empty = model.emptyText {
            terminal.draw(empty, row: body.row + 1, column: x + 1, width: width - 1, attributes: .muted)
            return
        }
        if let days = model.days {
            return renderDays(days, on: terminal, header: area.row + top, body: body, column: x, width: width)
        }
        var tableWidth = width
        if let map = model.map, let mapArea = Self.mapArea(in: area, header: area.row + top, body: body) {
            mapView.render(stops: map.stops, itinerary: map.itinerary, selected: model.selectedIndex, unit: map.unit,
                           baseMap: map.baseMap(), keepingLegs: map.routing, on: terminal, in: mapArea)
            tableWidth = mapArea.column - 1 - x
            body = Rect(row: body.row, column: body.column, rows: body.rows, columns: mapArea.column - 1 - body.column)
        }
        let hasDates = model.rows.first.map { !$0.arrival.isEmpty } ?? false
        let layout = TableLayout([
            .init(title: "#", width: max(2, model.rows.count.description.count), alignRight: true),
            .init(title: "STOP", width: 14, flexible: true),
            .init(title: "REGION", width: 10, flexible: true, optional: true),
            .init(title: "LEG", width: 19, alignRight: true),
            .init(title: "NIGHTS", width: 8, alignRight: true, optional: true),
            .init(title: "ARRIVES", width: hasDates ? 15 : 6, optional: true),
        ], width: tableWidth)
        layout.drawHeader(on: terminal, row: area.row + top, column: x)
        list.render(on: terminal, in: body) { index, rect, selected in
            let row = model.rows[index]
            let name = row.hasNotes ? row.name + (terminal.symbols == .unicode ? " ✎" : " *") : row.name
            layout.draw([row.number, name, row.place, row.leg, row.nights, row.arrival], on: terminal, row: rect.row,
                        column: rect.column + 1) { column in
                selected ? .selection : (column == 1 ? .normal : column == 3 && row.legFellBack ? .error : .muted)
            }
        }
    }

    /// Where the map goes beside the stops: the right of a wide enough screen, from the table's header to the
    /// bottom of its rows; nil when there is no room.
    static func mapArea(in area: Rect, header: Int, body: Rect) -> Rect? {
        let columns = min(area.columns - tableColumns, area.columns / 2)
        guard columns >= mapMinimumColumns else { return nil }
        let rows = body.row + body.rows - header
        guard rows >= 8 else { return nil }
        return Rect(row: header, column: area.column + area.columns - columns, rows: rows, columns: columns - 1)
    }

    private func renderDays(_ days: [TripDetailViewModel.DayRow], on terminal: Terminal, header: Int, body: Rect,
                            column x: Int, width: Int) {
        let hasDates = days.first.map { !$0.label.hasPrefix("Day ") } ?? false
        let layout = TableLayout([
            .init(title: "DAY", width: hasDates ? 15 : 7),
            .init(title: "DRIVING", width: 18, alignRight: true),
            .init(title: "PLAN", width: 20, flexible: true),
        ], width: width)
        layout.drawHeader(on: terminal, row: header, column: x)
        dayList.render(on: terminal, in: body) { index, rect, selected in
            let day = days[index]
            layout.draw([day.label, day.driving, day.plan], on: terminal, row: rect.row, column: rect.column + 1) { column in
                selected ? .selection : day.overLimit && column > 0 ? .error : (column == 2 ? .normal : .muted)
            }
        }
    }
}
