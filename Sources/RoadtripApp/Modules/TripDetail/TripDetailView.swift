import TerminalUI

/// One trip: summary, notes preview and the ordered stops with legs, nights and arrival days.
final class TripDetailView: Screen, TripDetailViewInput, SaveFailureObserver {
    var presenter: TripDetailViewOutput!
    private(set) var title = "Trip"
    private var model: TripDetailViewModel?
    private let list = ListView()
    private let dayList = ListView()
    /// Keeps the drawn outlines and route between frames: a cursor move only redraws the highlight.
    private let mapView = TripMapRenderer()

    /// The stop table keeps the width it needs for every column; the map takes what is left when that is
    /// at least `mapMinimumColumns` (a screen of 112 columns or more), up to half the screen.
    static let tableColumns = 82
    static let mapMinimumColumns = 30

    /// The stops' keys: their handling, help and status bar (`edits` rows are refused when read-only).
    static let keys = KeyTable<TripDetailView>([
        .init([.character("a"), .insert], "add a stop after the selection", hint: "add", edits: true) {
            $0.presenter.didRequestAddStop()
        },
        .init([.character("e"), .enter, .right, .character("l")], "edit the stop", hint: "edit", edits: true) {
            $0.presenter.didRequestEditStop()
        },
        .init([.character("d"), .delete], "delete the stop", hint: "delete", edits: true) {
            $0.presenter.didRequestDeleteStop()
        },
        .init([.character("J"), .shiftDown], "move the stop down", hint: "move", edits: true) {
            $0.presenter.didRequestMoveStop(by: 1)
        },
        .init([.character("K"), .shiftUp], "move the stop up", hint: "move", edits: true) {
            $0.presenter.didRequestMoveStop(by: -1)
        },
        .init([.character("n")], "the trip's notes", hint: "notes", edits: true) { $0.presenter.didRequestNotes() },
        .init([.character("q"), .escape, .left, .character("h")], "back to the trips", hint: "back") {
            $0.presenter.didRequestBack()
        },
        .init([.character("v")], "the plan day by day", hint: "days") { $0.presenter.didRequestToggleDays() },
        .init([.character("r")], "rename the trip", edits: true) { $0.presenter.didRequestRename() },
        .init([.character("s")], "start date", edits: true) { $0.presenter.didRequestStartDate() },
        .init([.character("R")], "reverse the stops", edits: true) { $0.presenter.didRequestReverse() },
        .init([.character("x")], "export (GPX, KML, GeoJSON, Markdown, iCalendar)") { $0.presenter.didRequestExport() },
        .init([.character("y")], "link for a phone's maps app, copied") { $0.presenter.didRequestShareLink() },
        .init([.character("m")], "the map on the whole screen", hint: "map") { $0.presenter.didRequestMap() },
        .init([.character("u")], "undo the last change (made on any screen)", edits: true) { $0.presenter.didRequestUndo() },
        .init([.character("U")], "redo what was undone", edits: true) { $0.presenter.didRequestRedo() },
    ] + ListView.keyRows { view, key in view.moveSelection(key) })

    /// The day-by-day plan's keys.
    static let dayKeys = KeyTable<TripDetailView>([
        .init([.character("v"), .character("q"), .escape, .left, .character("h")], "back to the stops",
              hint: "stops") { $0.presenter.didRequestBack() },
    ] + ListView.keyRows { view, key in view.moveSelection(key) })

    private var currentKeys: KeyTable<TripDetailView> { model?.days == nil ? Self.keys : Self.dayKeys }
    var keyHelp: [KeyHelp] { currentKeys.help }
    var statusHints: [KeyHelp] { currentKeys.statusHints }

    func show(_ model: TripDetailViewModel) {
        self.model = model
        title = model.days == nil ? model.title : model.title + " · days"  // the help and status bar say which view
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
        if currentKeys.handle(key, on: self, mayEdit: presenter.mayEdit) { return .handled }
        return moveSelection(key) ? .handled : .ignored  // the mouse
    }

    /// Gives a list key (or the mouse) to the stops or the days, whichever is shown; tells the presenter.
    @discardableResult
    private func moveSelection(_ key: Key) -> Bool {
        if model?.days != nil {
            guard dayList.handle(key) else { return false }
            presenter.didMoveDaySelection(to: dayList.selection)
        } else {
            guard list.handle(key) else { return false }
            presenter.didMoveSelection(to: list.selection)
        }
        return true
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let width = area.columns - 2
        let x = area.column + 1
        var titleWidth = width
        if let note = model.accessNote {
            let noteWidth = min(TextWidth.width(note), width / 2)
            terminal.draw(note, row: area.row, column: area.right - 1 - noteWidth, width: noteWidth, attributes: .muted)
            titleWidth -= noteWidth + 2
        }
        terminal.draw(model.title, row: area.row, column: x, width: titleWidth, attributes: .title)
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
            mapView.render(map, selected: model.selectedIndex, on: terminal, in: mapArea)
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
