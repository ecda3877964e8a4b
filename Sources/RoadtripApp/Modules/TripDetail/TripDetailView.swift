import RoadtripCore
import TerminalUI

/// One trip: summary, notes preview and the ordered stops with legs, nights and arrival days, and under them
/// the selected stop in full when the screen is tall enough.
final class TripDetailView: Screen, TripDetailViewInput {
    var presenter: TripDetailViewOutput!
    private(set) var title = "Trip"
    private(set) var model: TripDetailViewModel?
    private let list = ListView()
    /// The tables' columns, measured when their rows change rather than on every key; each stop row's cell
    /// widths are kept while the row is unchanged (a reorder in a 500-stop trip measures the rows it changed).
    private var measuredRows: [TripDetailViewModel.Row] = []
    private var rowWidths: [StopCellWidths] = []
    private var stopColumns: [TableLayout.Column] = []
    private var measuredDated = false
    /// The battery the BATTERY column was measured for (`TripDetailView+Battery`).
    private var measuredBattery: ScreenBattery?
    /// Each stop row as last laid out, by index, while the layout stays `laidOutFor`: a row is laid out again only
    /// when it, or its after-dark mark, changed, so a key draws the other rows without measuring their text.
    private var laidOut: [Int: (row: TripDetailViewModel.Row, dark: Bool, cells: TableLayout.LaidOutRow)] = [:]
    private var laidOutFor: TableLayout.Key?
    /// Keeps the drawn outlines and route between frames: a cursor move only redraws the highlight.
    private let mapView = TripMapRenderer()

    /// The stop table keeps the width it needs for every column; the map takes what is left when that is
    /// at least `mapMinimumColumns` (a screen of 112 columns or more), up to half the screen.
    static let tableColumns = 82
    static let mapMinimumColumns = 30
    /// On a narrower screen the map goes under the stops from this many rows (a screen about 35 rows tall).
    static let mapBelowMinimumRows = 12

    /// The stop preview takes the bottom of the stops' share when the stops keep `listMinimumRows` rows:
    /// `previewMaximumRows` (a rule, the place, the stay, four lines of notes) or fewer, down to one line of
    /// notes; below that it is hidden: from 19 rows (18 when the trip has no notes), none at 15.
    static let listMinimumRows = 10
    static let previewMaximumRows = 7
    static let previewMinimumRows = 4

    /// The plan's columns: the plan grows first; a narrow screen leaves out the driving (the plan says where).
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
        // The days and the map before the notes and `q`: on an 80-column screen the hints that do not fit go from
        // the right, and `q` (like Esc) is what every screen does.
        .init([.character("v")], "the plan day by day", hint: "days") { $0.presenter.didRequestDays() },
        .init([.character("m")], "the map on the whole screen", hint: "map") { $0.presenter.didRequestMap() },
        .init([.character("n")], "the trip's notes", hint: "notes", edits: true) { $0.presenter.didRequestNotes() },
        .init([.character("o")], "optimise: the order of stops that drives least, previewed (Enter applies, Esc keeps)",
              hint: "optimise", edits: true) { $0.presenter.didRequestOptimise() },
        .init([.character("q"), .escape, .left, .character("h")], "back to the trips", hint: "back") {
            $0.presenter.didRequestBack()
        },
        // Last of the hints: the edits and views above it matter more on a narrow screen.
        .init([.character("p")], "pin the stop at its place in the order, or unpin it", hint: "pin",
              edits: true) { $0.presenter.didRequestTogglePin() },
        .init([.character("c")], "clashes from a merge: take the other machine's value back, or keep yours",
              edits: true) { $0.presenter.didRequestConflicts() },
        .init([.character("V")], "this trip's vehicle and roads to avoid (motorways, ferries, tolls, unpaved)",
              edits: true) { $0.presenter.didRequestVehicle() },
        .init([.character("r")], "rename the trip", edits: true) { $0.presenter.didRequestRename() },
        .init([.character("s")], "start date", edits: true) { $0.presenter.didRequestStartDate() },
        .init([.character("R")], "reverse the stops", edits: true) { $0.presenter.didRequestReverse() },
        .init([.character("x")], "export (GPX, KML, GeoJSON, Markdown, iCalendar)") { $0.presenter.didRequestExport() },
        .init([.character("y")], "link for a phone's maps app, copied") { $0.presenter.didRequestShareLink() },
        .init([.character("u")], "undo the last change (made on any screen)", edits: true) { $0.presenter.didRequestUndo() },
        .init([.character("U")], "redo what was undone", edits: true) { $0.presenter.didRequestRedo() },
    ] + ListView.keyRows { view, key in view.moveSelection(key) })

    var keyHelp: [KeyHelp] { Self.keys.help + Self.clockHelp + Self.batteryHelp }

    /// What the times and marks mean, after the keys (the days view lists them too).
    static let clockHelp = [
        KeyHelp("ARRIVES", "each stop's arrival on its own clock; +1 h / −1 h: the clock changed since the day's start"),
        KeyHelp("ZONE", "the stop's time zone as its UTC offset, where the trip crosses zones"),
        KeyHelp("☾ (!)", "reached after civil dusk: the leg ends in the dark; leave earlier or split the day"),
        KeyHelp("‡ (@)", "after a name: the stop is pinned, so optimise keeps it at its position (p)"),
        KeyHelp("times", "days leave at the departure setting; a rest of break_minutes after each break_after_hours "
                    + "of driving; a stop passed through without a night is left after its visit (stay)"),
        KeyHelp("zones", TimeZoneIndex.attribution),
    ]
    var statusHints: [KeyHelp] { Self.keys.statusHints }

    func show(_ model: TripDetailViewModel) {
        self.model = model
        title = model.title
        if measuredRows != model.rows || measuredDated != model.daylight.isDated || measuredBattery !== model.battery {
            rowWidths = model.rows.indices.map { index in
                let row = model.rows[index]
                guard index < measuredRows.count else { return Self.cellWidths(row) }
                let old = measuredRows[index]
                if old == row { return rowWidths[index] }
                // A stop after a moved one: only its arrival changed.
                return old.sameButArrival(row) ? Self.arrivalWidths(row, in: rowWidths[index]) : Self.cellWidths(row)
            }
            measuredRows = model.rows
            measuredDated = model.daylight.isDated
            stopColumns = Self.markingCharges(Self.stopColumns(widest: rowWidths, dated: measuredDated), model.battery)
                + [Self.batteryColumn(model.battery)]
            // A new walk may read differently on rows that did not change.
            if measuredBattery !== model.battery { (measuredBattery, laidOut) = (model.battery, [:]) }
        }
        list.count = model.rows.count
        list.select(model.selectedIndex ?? 0)
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        if Self.keys.handle(key, on: self, mayEdit: presenter.mayEdit) { return .handled }
        return moveSelection(key) ? .handled : .ignored  // the mouse
    }

    /// Gives a list key (or the mouse) to the stops; tells the presenter.
    @discardableResult
    private func moveSelection(_ key: Key) -> Bool {
        guard list.handle(key) else { return false }
        presenter.didMoveSelection(to: list.selection)
        return true
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let width = area.columns - 2
        let x = area.column + 1
        let top = model.header.draw(on: terminal, in: area)
        var body = area.dropTop(top + 1)
        if let message = model.message {
            body = body.dropBottom(MessageArea.draw(message, on: terminal, in: area, column: x, width: width))
        }
        if let empty = model.emptyText {
            terminal.draw(empty, row: body.row + 1, column: x + 1, width: width - 1, attributes: .muted)
            return
        }
        var tableWidth = width
        if let map = model.map, let mapArea = Self.mapArea(in: area, header: area.row + top, body: body) {
            mapView.render(map, selected: model.selectedIndex, on: terminal, in: mapArea)
            tableWidth = mapArea.column - 1 - x
            body = Rect(row: body.row, column: body.column, rows: body.rows, columns: mapArea.column - 1 - body.column)
        } else if let map = model.map,
                  let below = Self.mapBelowArea(body: body, column: x, width: width, stops: model.rows.count) {
            mapView.render(map, selected: model.selectedIndex, on: terminal, in: below)
            body = body.dropBottom(below.rows + 1)
        }
        let previewRows = min(Self.previewMaximumRows, body.rows - Self.listMinimumRows)
        if let preview = model.preview, previewRows >= Self.previewMinimumRows {
            // Right under the stops (after a blank row) when they leave room, at the bottom when they do not.
            let listRows = min(body.rows - previewRows, model.rows.count + 1)
            renderPreview(preview, on: terminal, in: Rect(row: body.row + listRows, column: x, rows: previewRows,
                                                          columns: tableWidth))
            body = Rect(row: body.row, column: body.column, rows: listRows, columns: body.columns)
        }
        // A scrollbar takes the last column: the cells keep a space before it.
        let scrolls = model.rows.count > body.rows
        let layout = TableLayout(stopColumns, dropOrder: Self.dropOrderWithBattery,
                                 width: tableWidth - (scrolls ? 1 : 0))
        layout.drawHeader(on: terminal, row: area.row + top, column: x)
        let marks = layout.frames[StopColumn.darkMark.rawValue] != nil
        let arrivalWidth = layout.frames[StopColumn.arrives.rawValue]?.width ?? 0
        let layoutKey = layout.key(on: terminal)
        if layoutKey != laidOutFor { (laidOut, laidOutFor) = ([:], layoutKey) }
        list.render(on: terminal, in: body) { index, rect, selected in
            let row = model.rows[index]
            // Asked for the rows drawn only: the sun is worked out for them, once per itinerary.
            let dark = marks && model.daylight.dark(reaching: index) != nil
            let cells: TableLayout.LaidOutRow
            if let kept = laidOut[index], kept.dark == dark, kept.row == row {
                cells = kept.cells
            } else {
                let name = row.name + (row.pinned ? " " + Self.pinMark(terminal) : "")
                    + (row.hasNotes ? (terminal.symbols == .unicode ? " ✎" : " *") : "")
                    + (model.battery?.charges[index] == true ? " " + ScreenBattery.mark(terminal) : "")
                var arrival = row.arrival
                if !row.shift.isEmpty, TextWidth.width(arrival) + 1 + TextWidth.width(row.shift) <= arrivalWidth {
                    arrival += " " + row.shift
                }
                var texts = StopColumn.allCases.map { column in
                    switch column {
                    case .number: return row.number
                    case .name: return name
                    case .region: return row.place
                    case .leg: return LegMarkText.shown(row.leg, on: terminal)
                    case .nights: return row.nights
                    case .arrives: return arrival
                    case .zone: return row.zone
                    case .darkMark: return dark ? Self.darkMark(terminal) : ""
                    }
                }
                texts.append(model.battery.map { ScreenBattery.shown($0.stops[index], on: terminal) } ?? "")
                cells = layout.layOut(texts, ellipsis: terminal.symbols.ellipsis)
                laidOut[index] = (row, dark, cells)
            }
            layout.draw(cells, on: terminal, row: rect.row, column: rect.column + 1) { index in
                switch StopColumn(rawValue: index) {
                case _ where selected: return .selection
                case .name: return .normal
                case .leg where row.legFellBack: return .error
                case .darkMark: return .accent
                default: return .muted
                }
            }
        }
    }

    /// The selected stop: a rule with its number and name, its place and coordinates, its stay, then as much
    /// of its notes as fits.
    private func renderPreview(_ preview: TripDetailViewModel.StopPreview, on terminal: Terminal, in rect: Rect) {
        let rule = terminal.symbols.horizontal
        let title = TextWidth.clip(preview.title, to: max(0, rect.columns - 4), ellipsis: terminal.symbols.ellipsis)
        terminal.draw(rule + " ", row: rect.row, column: rect.column, width: 2, attributes: .muted)
        terminal.draw(title, row: rect.row, column: rect.column + 2, width: rect.columns - 2, attributes: Attributes(.normal, .bold))
        let titleEnd = rect.column + 3 + TextWidth.width(title)
        terminal.draw(String(repeating: rule, count: max(0, rect.right - titleEnd)), row: rect.row, column: titleEnd,
                      width: rect.right - titleEnd, attributes: .muted)
        terminal.draw(preview.place, row: rect.row + 1, column: rect.column, width: rect.columns, attributes: .muted)
        terminal.draw(ScreenBattery.shown(preview.stay, on: terminal), row: rect.row + 2, column: rect.column, width: rect.columns, attributes: .muted)
        var notesRow = rect.row + 3
        if let dark = preview.dark, notesRow < rect.row + rect.rows {
            terminal.draw(Self.darkMark(terminal) + " " + dark, row: notesRow, column: rect.column, width: rect.columns,
                          attributes: .accent)
            notesRow += 1
        }
        let noteRows = rect.row + rect.rows - notesRow
        guard noteRows > 0 else { return }
        guard !preview.notes.isEmpty else {
            terminal.draw("No notes", row: notesRow, column: rect.column, width: rect.columns, attributes: .muted)
            return
        }
        var lines = TextWrap.lines(preview.notes, width: rect.columns)
        // Blank lines at the end are nothing more to read: no "…" for them.
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        if lines.count > noteRows {
            lines = Array(lines.prefix(noteRows))
            let more = terminal.symbols.ellipsis
            lines[noteRows - 1] = TextWidth.clip(lines[noteRows - 1] + " " + more, to: rect.columns, ellipsis: more)
        }
        for (offset, line) in lines.enumerated() {
            terminal.draw(line, row: notesRow + offset, column: rect.column, width: rect.columns, attributes: .normal)
        }
    }

    /// The mark of a stop reached after dark (a leg that ends in the dark).
    static func darkMark(_ terminal: Terminal) -> String {
        terminal.symbols == .unicode ? "☾" : "!"
    }

    /// The mark after a pinned stop's name: narrow in every terminal font, and ASCII where Unicode cannot show.
    static func pinMark(_ terminal: Terminal) -> String {
        terminal.symbols == .unicode ? "‡" : "@"
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

    /// Where the map goes on a screen too narrow for it beside the stops but tall enough: under them, the whole
    /// width, a blank row between; at least `mapBelowMinimumRows` and two fifths of the rows (more when the
    /// stops leave them), while the stops keep `listMinimumRows` and the preview its rows. nil when there is no room.
    static func mapBelowArea(body: Rect, column: Int, width: Int, stops: Int) -> Rect? {
        guard width >= mapMinimumColumns else { return nil }
        let most = body.rows - listMinimumRows - previewMaximumRows - 1
        let rows = min(most, max(body.rows * 2 / 5, body.rows - (stops + 1) - previewMaximumRows - 1))
        guard rows >= mapBelowMinimumRows else { return nil }
        return Rect(row: body.row + body.rows - rows, column: column, rows: rows, columns: width)
    }
}
