import Foundation
import RoadtripCore

/// View logic of the trip list: selection, filter, formatting, and what each key press leads to.
final class TripListPresenter: TripListViewOutput, RefusesEditsWhenReadOnly {
    weak var view: TripListViewInput?
    private let interactor: TripListInteractorInput
    private let router: TripListRouterInput
    private let settings: LiveSettings
    private let baseMap: BaseMapLoader?
    private let places: PlaceIndexLoader?
    /// Bumped by every reload: the selected trip's map is made again then, and when the selection moves.
    private var generation = 0
    private var map: (id: Trip.ID, generation: Int, content: TripMapContent)?
    /// Changes from elsewhere (`dataDidChange`), for as long as the presenter lives.
    var subscription: ChangeFeed.Subscription?

    /// Every trip's row, its filter key and the columns' widths, made again only for the trips a change touched.
    private var kept = TripListRows()
    private var allRows: [TripListViewModel.Row] { kept.rows }
    /// Indices into `allRows` that pass the filter, and those rows: cached so that a cursor move neither
    /// formats nor copies rows (10,000 trips: the view model shares this array).
    private var visible: [Int] = []
    private var visibleRows: [TripListViewModel.Row] = []
    private var selectedID: Trip.ID?
    private var filter: TripListViewModel.Filter?
    private var message: StatusMessage?
    private var noticesShown = false
    /// A trip just named: it opens once the prompt has closed and the list shows again.
    private var tripToOpen: (id: Trip.ID, message: String)?

    init(interactor: TripListInteractorInput, router: TripListRouterInput, settings: LiveSettings,
         baseMap: BaseMapLoader? = nil, places: PlaceIndexLoader? = nil) {
        self.baseMap = baseMap
        self.places = places
        self.interactor = interactor
        self.router = router
        self.settings = settings
    }

    // MARK: View output

    func viewWillAppear() {
        if let (id, created) = tripToOpen {
            tripToOpen = nil
            message = nil  // said on the trip's screen
            return router.showDetail(for: id, saying: created)
        }
        if !noticesShown {
            noticesShown = true
            let notices = interactor.notices
            if !notices.isEmpty { message = .info(notices.joined(separator: " ")) }
        }
        reload()
    }

    func didMoveSelection(to row: Int) {
        message = nil
        guard !visible.isEmpty else { return }
        selectedID = allRows[visible[min(max(row, 0), visible.count - 1)]].id
        render()
    }

    func didRequestOpen() {
        guard let id = selectedID, visible.contains(where: { allRows[$0].id == id }) else { return }
        message = nil
        router.showDetail(for: id, saying: nil)
    }

    func didRequestAdd() {
        message = nil
        router.askForText(title: "New trip", initial: "") { [weak self] name in
            self?.submitting {
                let added = try $0.interactor.addTrip(named: name)
                $0.filter = nil
                $0.selectedID = added.id
                $0.tripToOpen = (added.id, added.change.done)
            }
        }
        render()
    }

    func didRequestRename() {
        guard let row = selectedRow else { return }
        message = nil
        router.askForText(title: "Rename trip", initial: row.name) { [weak self] name in
            self?.submitting { $0.message = .info(try $0.interactor.renameTrip(row.id, to: name).done) }
        }
    }

    func didRequestDelete() {
        guard let row = selectedRow else { return }
        message = nil
        router.confirm(TripText.deleteQuestion(trip: row.name, stops: row.stops)) { [weak self] in
            guard let self else { return }
            let position = self.visible.firstIndex { self.allRows[$0].id == row.id } ?? 0
            do {
                self.message = .info(try self.interactor.deleteTrip(row.id).done)
            } catch {
                self.message = .failure(error)
            }
            self.reload(keepingPosition: position)
        }
    }

    func didRequestDuplicate() {
        guard let row = selectedRow else { return }
        message = nil
        router.askForText(title: "Duplicate \"\(row.name)\" as", initial: "\(row.name) (copy)",
                          enterDoes: "duplicate") { [weak self] name in
            self?.submitting {
                let copy = try $0.interactor.duplicateTrip(row.id, named: name)
                $0.filter = nil
                $0.selectedID = copy.id
                $0.message = .info(copy.change.done)
            }
        }
    }

    func didStartFilter() {
        message = nil
        filter = TripListViewModel.Filter(text: filter?.text ?? "", isEditing: true)
        render()
    }

    func didChangeFilter(_ text: String) {
        filter = TripListViewModel.Filter(text: text, isEditing: true)
        applyFilter()
        render()
    }

    func didEndFilter(keep: Bool) {
        if keep, let text = filter?.text, !text.isEmpty {
            filter = TripListViewModel.Filter(text: text, isEditing: false)
        } else {
            filter = nil
        }
        applyFilter()
        render()
    }

    /// The late data the list reads: every trip's legs and their water marks, the settings (units, dates), the
    /// regions (the router's), and the base map and towns of the selected trip's map.
    static let reads: Set<LateInput> = [.routes, .shorelines, .settings, .regions, .baseMap, .places]

    /// Changes from elsewhere: late data, the rest of a large file, a reload, an undo or a redo, a failed save.
    func dataDidChange(_ change: DataChange) {
        switch ScreenChange(change, reads: Self.reads) {
        case let .reload(saying, only: trips?):
            message = saying ?? message
            refresh(trips)
        case let .reload(saying, only: nil):
            let earlier = visibleRows
            message = saying ?? message
            reload()
            if saying != nil { selectChange(since: earlier) }
        case let .show(said):
            message = said
            render()
        case .nothing:
            break
        }
    }

    func didRequestReload() {
        message = nil
        guard interactor.hasUnsavedChanges else { return reloadFromDisk() }
        router.confirm("Drop the change that could not be saved and read the file again?") { [weak self] in
            self?.reloadFromDisk()
        }
    }

    /// Every open screen follows the reload (`.tripsReloaded`); this one also says what happened.
    private func reloadFromDisk() {
        do {
            let droppedHistory = try interactor.reload()
            let text = interactor.access == .readWrite ? "Read the file again" : "Read the file again (read-only)"
            message = .info(droppedHistory ? text + "; the undo history was cleared" : text)
        } catch {
            message = .failure(error)
        }
        render()
    }

    func didRequestUndo() {
        stepHistory(saying: "Nothing to undo") { try interactor.undo() }
    }

    func didRequestRedo() {
        stepHistory(saying: "Nothing to redo") { try interactor.redo() }
    }

    /// After an undo or a redo the selection goes to the trips it changed, unless it is on one of them.
    private func selectChange(since earlier: [TripListViewModel.Row]) {
        guard !visibleRows.isEmpty, let changed = ChangedRange(from: earlier, to: visibleRows) else { return }
        if let index = visibleRows.firstIndex(where: { $0.id == selectedID }), changed.inNew.contains(index) { return }
        selectedID = visibleRows[min(changed.position, visibleRows.count - 1)].id
        render()
    }

    func didRequestSettings() {
        message = nil
        router.showSettings()
    }

    /// The path starts in the working folder; a file that cannot be imported keeps the prompt open, saying why.
    func didRequestImport() {
        message = nil
        let folder = interactor.workingFolder
        router.askForPath(title: "Import a GPX, KML, KMZ or GeoJSON file", initial: folder + "/",
                          enterDoes: "import") { [weak self] text in
            guard let self else { return nil }
            let path = TypedPath.resolve(text)
            guard !path.isEmpty, !path.hasSuffix("/") else { return "Type the file's path" }
            do {
                let (imported, change) = try self.interactor.importTrip(from: URL(fileURLWithPath: path))
                self.filter = nil
                self.selectedID = imported.trip.id
                self.message = .info("\(change.done): \(imported.summary) · Enter opens it")
            } catch let ImportError.unreadable(path, reason) {
                return "Cannot read \(path): \(reason)"  // the path as read, which `~` or `//` make unlike the text
            } catch let error as ImportError {
                return error.description
            } catch {
                self.message = .failure(error)
            }
            self.reload()
            return nil
        }
    }

    var access: StoreAccess { interactor.access }

    func show(_ message: StatusMessage) {
        self.message = message
        render()
    }

    func didRequestBack() {
        if filter != nil {
            didEndFilter(keep: false)
        } else {
            router.close()
        }
    }

    // MARK: Building the view model

    private var selectedRow: TripListViewModel.Row? {
        guard let id = selectedID else { return nil }
        return visible.lazy.map { self.allRows[$0] }.first { $0.id == id }
    }

    /// Runs a prompt's change (see `PromptResult`), then shows the result.
    private func submitting(_ change: (TripListPresenter) throws -> Void) -> String? {
        defer { reload() }
        return PromptResult.run({ try change(self) }) { message = .failure($0) }
    }

    private func reload(keepingPosition position: Int? = nil) {
        generation += 1
        let unit = settings.current.units
        // Once the view has the new rows, these are the last reference to the old ones.
        let earlier = allRows
        defer { FreeOffTheLoop.free(earlier) }
        switch interactor.loadChanges() {
        case let .all(summaries):
            kept.replaceAll(with: summaries, unit: unit)
        case let .replaced(range, summaries):
            kept.replace(from: range.position, count: range.oldCount, with: summaries, unit: unit)
        case let .refreshed(summaries, after: replaced):
            if let (range, made) = replaced {
                kept.replace(from: range.position, count: range.oldCount, with: made, unit: unit)
            }
            refreshRows(summaries, unit: unit)
        case .none:
            break
        }
        applyFilter(keepingPosition: position)
        render()
    }

    /// Routes arrived for `trips`: their rows are made again, the others stand.
    private func refresh(_ trips: Set<Trip.ID>) {
        let changed = refreshRows(interactor.loadTrips(trips), unit: settings.current.units)
        // The selected trip's map may have new roads even when its row reads the same.
        guard changed || trips.contains(where: { $0 == selectedID }) else { return }
        generation += 1
        applyFilter()
        render()
    }

    /// The rows of `summaries`' trips made again; whether one reads otherwise now.
    @discardableResult
    private func refreshRows(_ summaries: [TripSummary], unit: DistanceUnit) -> Bool {
        // A few trips are found by a look along the rows; more by one map of where each row is.
        let positions = summaries.count > 8 ? Dictionary(allRows.indices.map { (allRows[$0].id, $0) }) { a, _ in a } : nil
        var changed = false
        for summary in summaries {
            guard let index = positions?[summary.id] ?? allRows.firstIndex(where: { $0.id == summary.id }) else { continue }
            if kept.refresh(summary, at: index, unit: unit) { changed = true }
        }
        return changed
    }

    private func applyFilter(keepingPosition position: Int? = nil) {
        if let text = filter?.text, !text.isEmpty {
            var folder = FilterText.Folder()
            let query = FilterText([text], folder: &folder)
            let keys = kept.keys
            visible = keys.indices.filter { keys[$0].contains(query) }
            visibleRows = visible.count == allRows.count ? allRows : visible.map { allRows[$0] }
        } else {
            visible = Array(allRows.indices)
            visibleRows = allRows
        }
        if !visible.contains(where: { allRows[$0].id == selectedID }) {
            let index = min(position ?? 0, visible.count - 1)
            selectedID = index >= 0 ? allRows[visible[index]].id : nil
        }
    }

    private func render() {
        let rows = visibleRows
        let total = allRows.count
        var subtitle: String
        if let text = filter?.text, !text.isEmpty {
            subtitle = "\(rows.count) of \(TripText.count(total, "trip")) match"
        } else {
            subtitle = TripText.count(total, "trip")
        }
        if interactor.isLoading { subtitle += " so far, reading…" }
        if case .readOnly = interactor.access { subtitle += " · read-only" }
        let emptyText: String?
        if !rows.isEmpty {
            emptyText = nil
        } else if total == 0, let version = interactor.newerSchemaVersion {
            // Its trips may be there, unreadable here, and nothing can be created: "no trips yet" would mislead.
            emptyText = TripText.writtenByNewer(schema: version)
        } else if total == 0 {
            emptyText = "No trips yet. Press a to plan one, ? for help."
        } else {
            emptyText = "No trip matches \"\(filter?.text ?? "")\". Esc clears the filter."
        }
        view?.show(TripListViewModel(
            title: "Roadtrips", subtitle: subtitle, rows: rows, widest: kept.widest,
            selectedIndex: rows.firstIndex { $0.id == selectedID }, filter: filter,
            emptyText: emptyText, message: message, map: rows.isEmpty ? nil : selectedMap()))
    }

    /// The selected trip's map, made once per selection and reload (a key that moves nothing reuses it).
    private func selectedMap() -> TripMapContent? {
        guard let id = selectedID else { return nil }
        if let map, map.id == id, map.generation == generation { return map.content }
        guard let (trip, itinerary) = interactor.plannedTrip(id) else { return nil }
        let content = TripMapContent(tripID: id, stops: trip.waypoints, itinerary: itinerary,
                                     unit: settings.current.units, stopsRevision: generation,
                                     legsRevision: generation, baseMap: { [baseMap] in baseMap?.map },
                                     towns: { [places] in places?.index?.towns })
        map = (id, generation, content)
        return content
    }
}
