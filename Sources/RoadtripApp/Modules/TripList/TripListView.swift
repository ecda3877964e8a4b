import RoadtripCore
import TerminalUI

/// The root screen: every trip, one per row. Draws the last view model; keys become presenter intents.
final class TripListView: Screen, TripListViewInput {
    var presenter: TripListViewOutput!
    let title = "Roadtrips"
    private var model: TripListViewModel?
    private let list = ListView()
    private let filterField = TextField()
    /// The selected trip's map beside the list, from `mapMinimumWidth` columns; keeps its layers between frames.
    private let mapView = TripMapRenderer()
    static let mapMinimumWidth = 120
    /// The rows drawn in the last frame as laid out then, by trip, while the layout stays `laidOutFor`: a move
    /// draws the rows it did not change without measuring their text (laying out was half a frame).
    private var laidOut: [Trip.ID: (row: TripListViewModel.Row, cells: TableLayout.LaidOutRow)] = [:]
    private var laidOutFor: TableLayout.Key?

    /// The trip's name grows first; as the screen narrows the dates go first (issue 20: the trip list's "when" is
    /// the column that goes first), then the distance, the stop count, the id (which only the command line takes)
    /// and last the route (cut short before it goes). The id column is there only while two trips share a name.
    static let dropOrder = [2, 4, 3, 1, 5]
    /// The columns of `Row.cells`, each as wide as its widest cell over every trip (`TripListViewModel.widest`).
    static func columns(widest: [Int]) -> [TableLayout.Column] {
        [
            .init(title: "TRIP", content: widest[0], isName: true),
            .init(title: "ID", content: widest[1]),
            .init(title: "DATES", content: widest[2]),
            .init(title: "STOPS", content: widest[3], alignRight: true),
            .init(title: "DISTANCE", content: widest[4], alignRight: true),
            .init(title: "ROUTE", content: widest[5], shortest: 12),
        ]
    }

    /// The screen's keys: its handling, help and status bar (`edits` rows are refused when read-only).
    static let keys = KeyTable<TripListView>([
        .init([.character("a")], "new trip (asks for its name, then opens it)", hint: "new trip", edits: true) {
            $0.presenter.didRequestAdd()
        },
        .init([.enter, .right, .character("l")], "open the trip", hint: "open") { $0.presenter.didRequestOpen() },
        .init([.character("d"), .delete], "delete the trip", hint: "delete", edits: true) { $0.presenter.didRequestDelete() },
        .init([.character("/")], "filter by trip or stop name", hint: "filter") { $0.presenter.didStartFilter() },
        .init([.character("q"), .escape, .left, .character("h")], "quit (Esc clears the filter first)", hint: "quit") {
            $0.presenter.didRequestBack()
        },
        .init([.character("r")], "rename the trip", edits: true) { $0.presenter.didRequestRename() },
        .init([.character("D")], "duplicate the trip (stops, notes and dates)", edits: true) {
            $0.presenter.didRequestDuplicate()
        },
        .init([.character("s")], "settings") { $0.presenter.didRequestSettings() },
        .init([.character("i")], "import a GPX, KML, KMZ or GeoJSON file as a new trip", edits: true) {
            $0.presenter.didRequestImport()
        },
        .init([.character("u")], "undo the last change (made on any screen)", edits: true) { $0.presenter.didRequestUndo() },
        .init([.character("U")], "redo what was undone", edits: true) { $0.presenter.didRequestRedo() },
        .init([.ctrl("r")], "read the file again (after a change elsewhere)") { $0.presenter.didRequestReload() },
    ] + ListView.keyRows { view, key in view.moveSelection(key) })

    /// While the filter is typed: these keys, the field's editing keys, then the list's.
    static let filterKeys = KeyTable<TripListView>([
        .init([.enter], "keep the filter", hint: "keep") { $0.presenter.didEndFilter(keep: true) },
        .init([.escape], "clear the filter", hint: "clear") { $0.presenter.didEndFilter(keep: false) },
    ])

    var keyHelp: [KeyHelp] {
        Self.keys.help + [
            KeyHelp("about", "roadtrip \(AppInfo.version) · \(PlaceIndex.attribution)"),
            KeyHelp("map", BaseMap.attribution),
            KeyHelp("time zones", TimeZoneIndex.attribution),
            KeyHelp("regions", InstalledRegions.attribution),
        ]
    }

    /// `?` and `q` are typed into the filter while it is edited.
    var takesEveryKey: Bool { model?.filter?.isEditing == true }

    var statusHints: [KeyHelp] {
        (model?.filter?.isEditing == true ? Self.filterKeys : Self.keys).statusHints
    }

    func show(_ model: TripListViewModel) {
        if model.filter?.isEditing == true, self.model?.filter?.isEditing != true {
            filterField.text = model.filter?.text ?? ""
        }
        self.model = model
        list.count = model.rows.count
        list.select(model.selectedIndex ?? 0)
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyResult {
        if model?.filter?.isEditing == true { return handleFilter(key) }
        if Self.keys.handle(key, on: self, mayEdit: presenter.mayEdit) { return .handled }
        return moveSelection(key) ? .handled : .ignored  // the mouse
    }

    /// While the filter is being typed, editing keys go to it; arrows still move through the matches.
    private func handleFilter(_ key: Key) -> KeyResult {
        if key == .backspace, filterField.text.isEmpty { presenter.didEndFilter(keep: false); return .handled }
        guard !Self.filterKeys.handle(key, on: self) else { return .handled }
        let before = filterField.text
        if filterField.handle(key) {
            if filterField.text != before { presenter.didChangeFilter(filterField.text) }
        } else {
            moveSelection(key)
        }
        return .handled
    }

    /// Gives a list key (or the mouse) to the list; tells the presenter when the list used it.
    @discardableResult
    private func moveSelection(_ key: Key) -> Bool {
        guard list.handle(key) else { return false }
        presenter.didMoveSelection(to: list.selection)
        return true
    }

    // MARK: Drawing

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        let width = area.columns - 2
        terminal.draw(model.title, row: area.row, column: area.column + 1, width: width, attributes: .title)
        let subtitleWidth = TextWidth.width(model.subtitle)
        terminal.draw(model.subtitle, row: area.row, column: area.right - 1 - min(subtitleWidth, width / 2),
                      width: width / 2, attributes: .muted)
        var body = area.dropTop(2)
        if model.filter?.isEditing == true {
            body = body.dropBottom(1)
            terminal.draw("/", row: area.bottom - 1, column: area.column + 1, attributes: .accent)
            filterField.render(on: terminal, in: Rect(row: area.bottom - 1, column: area.column + 2, rows: 1,
                                                      columns: width - 1), focused: true)
        } else if let message = model.message {
            body = body.dropBottom(MessageArea.draw(message, on: terminal, in: area, column: area.column + 1, width: width))
        } else if let filter = model.filter {
            body = body.dropBottom(1)
            terminal.drawPadded("Filter: \(filter.text)  (Esc clears)", row: area.bottom - 1, column: area.column + 1,
                                width: width, attributes: .muted)
        }
        if let empty = model.emptyText {
            terminal.draw(empty, row: body.row + 1, column: area.column + 2, width: width - 1, attributes: .muted)
            return
        }
        if let map = model.map, area.columns >= Self.mapMinimumWidth {
            let columns = area.columns / 3
            mapView.render(map, selected: nil, on: terminal, in: Rect(row: area.row + 1, column: area.right - columns,
                                                                       rows: body.bottom - area.row - 1, columns: columns - 1))
            body = Rect(row: body.row, column: body.column, rows: body.rows, columns: body.columns - columns)
        }
        // A scrollbar takes the last column: the cells keep a space before it.
        let layout = TableLayout(Self.columns(widest: model.widest), dropOrder: Self.dropOrder,
                                 width: body.columns - 2 - (model.rows.count > body.rows ? 1 : 0))
        layout.drawHeader(on: terminal, row: area.row + 1, column: area.column + 1)
        let key = layout.key(on: terminal)
        var kept = key == laidOutFor ? laidOut : [:]
        laidOut = [:]
        laidOutFor = key
        list.render(on: terminal, in: body) { index, rect, selected in
            let row = model.rows[index]
            let cells: TableLayout.LaidOutRow
            if let last = kept.removeValue(forKey: row.id), last.row == row {
                cells = last.cells
            } else {
                cells = layout.layOut(row.cells, ellipsis: terminal.symbols.ellipsis)
            }
            laidOut[row.id] = (row, cells)
            layout.draw(cells, on: terminal, row: rect.row, column: rect.column + 1) { column in
                selected ? .selection : (column == 0 ? .normal : .muted)
            }
        }
    }
}
