import RoadtripCore
import TerminalUI

/// The root screen: every trip, one per row. Draws the last view model; keys become presenter intents.
final class TripListView: Screen, TripListViewInput, SaveFailureObserver {
    var presenter: TripListViewOutput!
    let title = "Roadtrips"
    private var model: TripListViewModel?
    private let list = ListView()
    private let filterField = TextField()

    var keyHelp: [KeyHelp] {
        [
            KeyHelp("a", "new trip", inStatusBar: true), KeyHelp("Enter", "open", inStatusBar: true),
            KeyHelp("d", "delete", inStatusBar: true), KeyHelp("/", "filter", inStatusBar: true),
            KeyHelp("q", "quit", inStatusBar: true), KeyHelp("r", "rename"),
            KeyHelp("s", "settings"), KeyHelp("i", "import a GPX, KML, KMZ or GeoJSON file"),
            KeyHelp("u U", "undo / redo (any screen's changes)"),
            KeyHelp("↑↓ j k", "move"), KeyHelp("PgUp PgDn", "page"), KeyHelp("g G Home End", "first / last"),
            KeyHelp("→ l", "open"), KeyHelp("Ctrl-R", "read the file again (after a change elsewhere)"),
            KeyHelp("about", "roadtrip \(AppInfo.version) · \(PlaceIndex.attribution)"),
            KeyHelp("map", BaseMap.attribution),
        ]
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

    func saveDidFail(_ error: Error) {
        presenter.didFailToSave(error)
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyResult {
        if model?.filter?.isEditing == true { return handleFilter(key) }
        switch key {
        case .character("a"): presenter.didRequestAdd()
        case .character("r"): presenter.didRequestRename()
        case .character("d"), .delete: presenter.didRequestDelete()
        case .character("/"): presenter.didStartFilter()
        case .ctrl("r"): presenter.didRequestReload()
        case .character("u"): presenter.didRequestUndo()
        case .character("U"): presenter.didRequestRedo()
        case .character("s"): presenter.didRequestSettings()
        case .character("i"): presenter.didRequestImport()
        case .enter, .right, .character("l"): presenter.didRequestOpen()
        case .escape, .character("q"), .left, .character("h"): presenter.didRequestBack()
        default:
            guard list.handle(key) else { return .ignored }
            presenter.didMoveSelection(to: list.selection)
        }
        return .handled
    }

    /// While the filter is being typed, editing keys go to it; arrows still move through the matches.
    private func handleFilter(_ key: Key) -> KeyResult {
        switch key {
        case .enter: presenter.didEndFilter(keep: true)
        case .escape: presenter.didEndFilter(keep: false)
        case .backspace where filterField.text.isEmpty: presenter.didEndFilter(keep: false)
        default:
            let before = filterField.text
            if filterField.handle(key) {
                if filterField.text != before { presenter.didChangeFilter(filterField.text) }
            } else if list.handle(key) {
                presenter.didMoveSelection(to: list.selection)
            }
        }
        return .handled
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
        let layout = TableLayout([
            .init(title: "TRIP", width: 16, flexible: true),
            .init(title: "STOPS", width: 9, alignRight: true),
            .init(title: "DISTANCE", width: 10, alignRight: true, optional: true),
            .init(title: "ROUTE", width: 20, flexible: true, optional: true),
        ], width: width)
        layout.drawHeader(on: terminal, row: area.row + 1, column: area.column + 1)
        list.render(on: terminal, in: body) { index, rect, selected in
            let row = model.rows[index]
            layout.draw([row.name, row.stops, row.distance, row.route], on: terminal, row: rect.row,
                        column: rect.column + 1) { column in
                selected ? .selection : (column == 0 ? .normal : .muted)
            }
        }
    }
}
