import Foundation
import RoadtripCore

/// View logic of one trip: stop rows with legs and arrival days, the day-by-day plan, selection, reorder,
/// and the dialogs. Legs and days come from the itinerary (`RouteService`): estimates first, real roads as
/// they arrive (`dataDidChange`).
final class TripDetailPresenter: TripDetailViewOutput, WaypointModuleOutput, TripMapModuleOutput, DayPlanModuleOutput,
                                 PreviewModuleOutput, RefusesEditsWhenReadOnly {
    weak var view: TripDetailViewInput?
    /// Changes from elsewhere (`dataDidChange`), for as long as the presenter lives.
    var subscription: ChangeFeed.Subscription?
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    private let routes: RouteService
    private let settings: LiveSettings
    private let baseMap: BaseMapLoader?
    private let places: PlaceIndexLoader?
    /// The installed regions, for the legs across two of them (`RegionSpan`).
    private let regions: RegionLoader?

    private var watched = WatchedTrip()
    private var trip: Trip? { watched.trip }
    /// Where a stop being added will go: after the selection when the form opened.
    private var insertionIndex: Int?
    private var message: StatusMessage?
    /// What `trip` looks like on screen, formatted when it is (re)loaded: a cursor move only re-selects.
    private var formatter = TripDetailFormatter()
    /// The trip's legs across regions not merged, as of the last reload.
    private var spans: [RegionSpan] = []
    /// An electric trip's battery at each stop, as of the last reload (nil for any other).
    private var battery: ScreenBattery?
    /// The export dialog and the share links.
    private lazy var conflicts = TripDetailConflicts(interactor: interactor, router: router,
                                                     perform: { [weak self] change in self?.perform(change) },
                                                     say: { [weak self] message in self?.message = message; self?.render() })
    private lazy var vehicle = TripDetailVehicle(interactor: interactor, router: router, settings: settings,
                                                 perform: { [weak self] change in self?.perform(change) })
    private lazy var sharing = TripDetailSharing(interactor: interactor, router: router) { [weak self] message in
        self?.message = message
        self?.render()
    }

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput, routes: RouteService,
         settings: LiveSettings, baseMap: BaseMapLoader? = nil, places: PlaceIndexLoader? = nil,
         regions: RegionLoader? = nil, message: String? = nil) {
        self.message = message.map(StatusMessage.info)
        self.regions = regions
        self.baseMap = baseMap
        self.places = places
        self.interactor = interactor
        self.router = router
        self.routes = routes
        self.settings = settings
    }

    /// The late data the trip screen reads: its legs and their water marks, the settings, the regions (the
    /// router's), and the base map and towns of its side map.
    static let reads: Set<LateInput> = [.routes, .shorelines, .settings, .regions, .baseMap, .places]

    /// Late data arrived, the file was read again, an undo or a redo, a failed save.
    func dataDidChange(_ change: DataChange) {
        let earlier = trip?.waypoints ?? []
        ScreenChange(change, reads: Self.reads, trip: interactor.tripID).apply(say: { message = $0 }, reload: reload,
                                                                              render: render)
        if case .historyStepped = change {
            // The trip may be gone (an undone "create"): `reload` then went back to the list, which says it.
            selectChange(since: earlier)
        } else if case let .arrived(arrival) = change, arrival.routedTrips.contains(interactor.tripID), message == nil,
                  let (leg, note) = formatter.itinerary?.notes.first {
            message = .info("≈ Leg \(leg + 1)–\(leg + 2) is estimated: \(note)")
            render()
        }
    }

    // MARK: View output

    func viewWillAppear() {
        reload()
    }

    func didMoveSelection(to row: Int) {
        message = nil
        guard let stops = trip?.waypoints, !stops.isEmpty else { return }
        let index = min(max(row, 0), stops.count - 1)
        watched.selectedID = stops[index].id
        message = legMarksMessage(reaching: index)
        render()
    }

    /// The leg reaching the selected stop, when it has marks (a ferry, water, a region) or could not honour the
    /// trip's vehicle or roads: the message line shows them even where the LEG column is left out (a narrow screen).
    private func legMarksMessage(reaching index: Int) -> StatusMessage? {
        guard index > 0, let legs = formatter.itinerary?.legs, index - 1 < legs.count else { return nil }
        let leg = legs[index - 1], unit = settings.current.units
        var parts: [String] = []
        // The ferry's word: the presenter does not know whether the terminal shows its symbol.
        if !TripText.legMarks(leg, unit).isEmpty { parts.append(LegMarkText.ascii(TripText.leg(leg, unit))) }
        if let unhonoured = ProfileText.unhonoured(leg) { parts.append(unhonoured) }
        return parts.isEmpty ? nil : .info("Leg \(index)–\(index + 1): " + parts.joined(separator: " · "))
    }

    func didRequestAddStop() {
        guard let trip else { return }
        message = nil
        let index = selectedIndex.map { $0 + 1 } ?? trip.waypoints.count
        insertionIndex = index
        router.showWaypointForm(editing: nil, after: index > 0 ? trip.waypoints[index - 1] : nil,
                                before: index > 0 && index < trip.waypoints.count ? trip.waypoints[index] : nil, output: self)
    }

    func didRequestEditStop() {
        guard let trip, let index = selectedIndex else { return }
        message = nil
        insertionIndex = nil
        router.showWaypointForm(editing: trip.waypoints[index], after: index > 0 ? trip.waypoints[index - 1] : nil,
                                before: index > 0 && index + 1 < trip.waypoints.count ? trip.waypoints[index + 1] : nil,
                                output: self)
    }

    func didRequestDeleteStop() {
        guard let trip, let index = selectedIndex else { return }
        let stop = trip.waypoints[index]
        message = nil
        router.confirm(TripText.deleteQuestion(stop: index + 1, stop.name)) { [weak self] in
            guard let self else { return }
            self.perform { try self.interactor.deleteStop(stop.id) }
            // The next stop takes the deleted one's place.
            if let stops = self.trip?.waypoints, !stops.isEmpty {
                self.watched.selectedID = stops[min(index, stops.count - 1)].id
            }
            self.render()
        }
    }

    func didRequestMoveStop(by offset: Int) {
        guard let stops = trip?.waypoints, let from = selectedIndex else { return }
        let to = from + offset
        guard stops.indices.contains(to) else { return }
        message = nil
        perform { try interactor.moveStop(from: from, to: to) }
    }

    func didRequestRename() {
        guard let trip else { return }
        message = nil
        router.askForText(title: "Rename trip", initial: trip.name) { [weak self] name in
            self?.submitting { try $0.interactor.rename(to: name) }
        }
    }

    func didRequestNotes() {
        guard let trip else { return }
        message = nil
        router.editText(title: "Notes: \(trip.name)", initial: trip.notes) { [weak self] notes in
            self?.submitting { try $0.interactor.setNotes(notes) }
        }
    }

    func didRequestStartDate() {
        guard let trip else { return }
        message = nil
        router.askForText(title: "Start date (YYYY-MM-DD, empty for none)",
                          initial: trip.startDate?.description ?? "") { [weak self] text in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let date = CalendarDate(trimmed)
            if !trimmed.isEmpty && date == nil { return TripText.notADate(trimmed) }
            return self?.submitting { try $0.interactor.setStartDate(date) }
        }
    }

    func didRequestReverse() {
        guard let count = trip?.waypoints.count, count > 1 else { return }
        message = nil
        perform { try interactor.reverse() }
    }

    func didRequestTogglePin() {
        guard let trip, let index = selectedIndex else { return }
        let stop = trip.waypoints[index]
        message = nil
        perform { try interactor.setPinned(!stop.pinned, stop: stop.id) }
    }

    func didRequestConflicts() {
        guard let trip else { return }
        message = nil
        conflicts.show(trip)
    }

    func didRequestVehicle() {
        guard let trip else { return }
        message = nil
        vehicle.show(trip)
    }

    func didRequestOptimise() {
        guard let trip else { return }
        message = nil
        if let nothing = TripOrderSearch.nothingToReorder(trip) { return show(.info(TripText.sentence(nothing))) }
        router.showOptimise(of: trip.id, output: self)
    }

    func didRequestUndo() {
        stepHistory(saying: "Nothing to undo") { try interactor.undo() }
    }

    func didRequestRedo() {
        stepHistory(saying: "Nothing to redo") { try interactor.redo() }
    }

    /// After an undo or a redo the selection goes to the stops it changed, unless it is on one of them.
    private func selectChange(since earlier: [Waypoint]) {
        guard let stops = trip?.waypoints, !stops.isEmpty, let changed = ChangedRange(from: earlier, to: stops) else {
            return
        }
        if let index = selectedIndex, changed.inNew.contains(index) { return }
        watched.selectedID = stops[min(changed.position, stops.count - 1)].id
        render()
    }

    func didRequestExport() {
        guard let trip else { return }
        message = nil
        sharing.export(trip) { [weak self] in
            guard let self, let itinerary = self.formatter.itinerary else { return nil }
            let cost = TripCost(itinerary: itinerary, trip: trip, settings: self.settings.current.applying(trip))
            return (itinerary, self.formatter.unit, cost, self.battery?.battery)
        }
    }

    func didRequestShareLink() {
        guard let trip else { return }
        sharing.showLink(trip)
    }

    func didRequestDays() {
        guard let trip else { return }
        message = nil
        let day = selectedIndex.flatMap { formatter.itinerary?.arrivals[$0].dayIndex } ?? 0
        router.showDays(of: trip.id, day: day, output: self)
    }

    func didRequestMap() {
        guard let trip else { return }
        message = nil
        router.showMap(of: trip.id, selected: watched.selectedID, output: self)
    }

    var access: StoreAccess { interactor.access }

    func show(_ message: StatusMessage) {
        self.message = message
        render()
    }

    func didRequestBack() {
        router.close()
    }

    // MARK: Waypoint module output

    func waypointModule(didSave waypoint: Waypoint) -> String? {
        let isNew = !(trip?.waypoints.contains { $0.id == waypoint.id } ?? false)
        watched.selectedID = waypoint.id
        return submitting {
            isNew ? try $0.interactor.addStop(waypoint, at: $0.insertionIndex) : try $0.interactor.updateStop(waypoint)
        }
    }

    // MARK: Trip map module output

    func tripMap(didSelect stop: Waypoint.ID) {
        watched.selectedID = stop
    }

    // MARK: Day plan module output

    func dayPlan(didChoose stop: Waypoint.ID) {
        watched.selectedID = stop
    }

    // MARK: Optimise preview output

    func previewModule(didFinish message: StatusMessage) {
        self.message = message
        reload()
    }

    // MARK: Building the view model

    private var selectedIndex: Int? { watched.selectedIndex }

    /// Runs a change and says what it did; a failure goes to the message line (the store keeps the change in
    /// memory).
    private func perform(_ change: () throws -> ChangeDescription) {
        do {
            message = .info(try change().done)
        } catch {
            message = .failure(error)
        }
        reload()
    }

    /// Runs a prompt's change (see `PromptResult`), then shows the result and says what it did.
    private func submitting(_ change: (TripDetailPresenter) throws -> ChangeDescription) -> String? {
        defer { reload() }
        return PromptResult.run({ message = .info(try change(self).done) }) { message = .failure($0) }
    }

    private func reload() {
        guard watched.reload(interactor.loadTrip), let trip else {
            // Deleted elsewhere or gone after a reload: nothing to show here any more.
            router.close()
            return
        }
        let itinerary = routes.itinerary(for: trip, requester: .tripScreen)
        let known = spans
        spans = regions?.value.map { RegionSpan.find(trip, itinerary, in: $0.installed, router: settings.current.router) } ?? []
        // Said once where it first shows: the summary has no room for the command.
        if message == nil, let new = spans.first(where: { !known.contains($0) }) { message = .info("≈ " + TerminalSafe.line(new.note)) }
        formatter.format(trip, itinerary, unit: settings.current.units, access: interactor.access, routing: routes.isWorking,
                         spans: spans, settings: settings.current)
        battery = ScreenBattery.of(trip, itinerary, settings: settings.current,
                                 chargers: regions?.value.map { ChargerIndex.of($0.installed) })
        render()
    }

    private func render() {
        guard let trip, let header = formatter.header else { return }
        let rows = formatter.rows
        view?.show(TripDetailViewModel(
            header: header, rows: rows, selectedIndex: selectedIndex,
            preview: selectedIndex.flatMap { index in
                formatter.preview(of: trip, at: index).map { battery?.preview($0, of: trip.waypoints[index], at: index) ?? $0 }
            },
            emptyText: rows.isEmpty ? "No stops yet. Press a to add the first one." : nil, message: message,
            map: watched.mapContent(formatter.itinerary, unit: formatter.unit, routing: routes.isWorking,
                                    baseMap: baseMap, places: places),
            daylight: formatter.daylight, battery: battery))
    }
}
