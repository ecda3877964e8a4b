import Foundation
import RoadtripCore

/// View logic of one trip: stop rows with legs and arrival days, the day-by-day plan, selection, reorder,
/// and the dialogs. Legs and days come from the itinerary (`RouteService`): estimates first, real roads as
/// they arrive (`dataDidChange`).
final class TripDetailPresenter: TripDetailViewOutput, WaypointModuleOutput, TripMapModuleOutput,
                                 RefusesEditsWhenReadOnly {
    weak var view: TripDetailViewInput?
    /// Changes from elsewhere (`dataDidChange`), for as long as the presenter lives.
    var subscription: ChangeFeed.Subscription?
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    private let routes: RouteService
    private let settings: LiveSettings
    private let baseMap: BaseMapLoader?
    private let places: PlaceIndexLoader?
    private var showingDays = false
    /// The map's revisions of the stops and of the legs (see `TripMapContent`).
    private var stopsRevision = 0
    private var legsRevision = 0
    private var selectedDay = 0

    private var trip: Trip?
    private var selectedID: Waypoint.ID?
    /// Where a stop being added will go: after the selection when the form opened.
    private var insertionIndex: Int?
    private var message: StatusMessage?
    /// What `trip` looks like on screen, formatted when it is (re)loaded: a cursor move only re-selects.
    private var formatted = Formatted()
    /// The export dialog and the share links.
    private lazy var sharing = TripDetailSharing(interactor: interactor, router: router) { [weak self] message in
        self?.message = message
        self?.render()
    }

    private struct Formatted {
        var rows: [TripDetailViewModel.Row] = []
        /// What row i was made from, so that the next `format` reuses the rows whose sources did not change:
        /// a reorder in a 500-stop trip changes two rows and the legs around them.
        var sources: [RowSource] = []
        var summary: [TripDetailViewModel.SummaryFact] = []
        /// Whether dates carry their year: only when the trip crosses one (the summary's dates give it).
        var datesWithYear = true
        var notesPreview: String?
        var itinerary: Itinerary?
        var unit = DistanceUnit.km
        var dayRows: [TripDetailViewModel.DayRow]?
    }

    /// Everything a stop's row depends on.
    private struct RowSource: Equatable {
        let stop: Waypoint
        let legKm: Double?
        let legSeconds: Double?
        let legSource: LegSource?
        let legNote: String?
        let dayIndex: Int
        let date: CalendarDate?
    }

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput, routes: RouteService,
         settings: LiveSettings, baseMap: BaseMapLoader? = nil, places: PlaceIndexLoader? = nil,
         message: String? = nil) {
        self.message = message.map(StatusMessage.info)
        self.baseMap = baseMap
        self.places = places
        self.interactor = interactor
        self.router = router
        self.routes = routes
        self.settings = settings
    }

    /// Routes arrived for this trip, the settings changed, or the file was read again.
    func dataDidChange(_ change: DataChange) {
        switch change {
        case .routesArrived(let id) where id == interactor.tripID:
            reload()
            if message == nil, let (leg, note) = formatted.itinerary?.notes.first {
                message = .info("≈ Leg \(leg + 1)–\(leg + 2) is estimated: \(note)")
                render()
            }
        case .settingsChanged, .tripsReloaded:
            reload()
        case let .historyStepped(what):
            // The trip may be gone (an undone "create"): `reload` then goes back to the list, which says it.
            message = .info(what)
            let earlier = trip?.waypoints ?? []
            reload()
            selectChange(since: earlier)
        case let .saveFailed(why):
            message = .error(why)
            render()
        case .routesArrived, .allTripsLoaded, .placesLoaded:
            break
        }
    }

    // MARK: View output

    func viewWillAppear() {
        reload()
    }

    func didMoveSelection(to row: Int) {
        message = nil
        guard let stops = trip?.waypoints, !stops.isEmpty else { return }
        selectedID = stops[min(max(row, 0), stops.count - 1)].id
        render()
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
                self.selectedID = stops[min(index, stops.count - 1)].id
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
        selectedID = stops[min(changed.position, stops.count - 1)].id
        render()
    }

    func didRequestExport() {
        guard let trip else { return }
        message = nil
        sharing.export(trip) { [weak self] in
            guard let self, let itinerary = self.formatted.itinerary else { return nil }
            return (itinerary, self.formatted.unit)
        }
    }

    func didRequestShareLink() {
        guard let trip else { return }
        sharing.showLink(trip)
    }

    func didRequestToggleDays() {
        message = nil
        showingDays.toggle()
        if showingDays, let index = selectedIndex, let arrival = formatted.itinerary?.arrivals[index] {
            selectedDay = min(arrival.dayIndex, max(0, (formatted.itinerary?.days.count ?? 1) - 1))
        }
        render()
    }

    func didRequestMap() {
        guard let trip else { return }
        message = nil
        router.showMap(of: trip.id, selected: selectedID, output: self)
    }

    func didMoveDaySelection(to row: Int) {
        message = nil
        selectedDay = max(0, min(row, (formatted.itinerary?.days.count ?? 1) - 1))
        render()
    }


    var access: StoreAccess { interactor.access }

    func show(_ message: StatusMessage) {
        self.message = message
        render()
    }

    func didRequestBack() {
        if showingDays {
            showingDays = false
            return render()
        }
        router.close()
    }

    // MARK: Waypoint module output

    func waypointModule(didSave waypoint: Waypoint) -> String? {
        let isNew = !(trip?.waypoints.contains { $0.id == waypoint.id } ?? false)
        selectedID = waypoint.id
        return submitting {
            isNew ? try $0.interactor.addStop(waypoint, at: $0.insertionIndex) : try $0.interactor.updateStop(waypoint)
        }
    }

    // MARK: Trip map module output

    func tripMap(didSelect stop: Waypoint.ID) {
        selectedID = stop
    }

    // MARK: Building the view model

    private var selectedIndex: Int? {
        trip?.waypoints.firstIndex { $0.id == selectedID }
    }

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
        let before = trip?.waypoints
        trip = interactor.loadTrip()
        if trip?.waypoints != before { stopsRevision += 1 }
        legsRevision += 1
        if trip == nil {
            // Deleted elsewhere or gone after a reload: nothing to show here any more.
            router.close()
            return
        }
        if selectedIndex == nil { selectedID = trip?.waypoints.first?.id }
        if let trip { formatted = format(trip) }
        render()
    }

    private func format(_ trip: Trip) -> Formatted {
        let unit = settings.current.units
        let itinerary = routes.itinerary(for: trip)
        let withYear = trip.startDate == nil || trip.startDate?.year != itinerary.endDate?.year
        let earlier = formatted.unit == unit && formatted.datesWithYear == withYear ? formatted : Formatted()
        var rows: [TripDetailViewModel.Row] = []
        var sources: [RowSource] = []
        rows.reserveCapacity(trip.waypoints.count)
        sources.reserveCapacity(trip.waypoints.count)
        for (index, stop) in trip.waypoints.enumerated() {
            let leg = index > 0 ? itinerary.legs[index - 1] : nil
            let arrival = itinerary.arrivals[index]
            let source = RowSource(stop: stop, legKm: leg?.distanceKm, legSeconds: leg?.durationSeconds,
                                   legSource: leg?.source, legNote: leg?.note, dayIndex: arrival.dayIndex,
                                   date: arrival.date)
            sources.append(source)
            if index < earlier.sources.count, earlier.sources[index] == source {
                rows.append(earlier.rows[index])
                continue
            }
            rows.append(.init(
                id: stop.id, number: String(index + 1), name: stop.name, place: TripText.place(of: stop),
                leg: leg.map { TripText.leg($0, unit) } ?? "",
                nights: stop.nights == 0 ? "" : TripText.count(stop.nights, "night"),
                arrival: TripText.day(index: arrival.dayIndex, date: arrival.date, start: trip.startDate, year: withYear),
                hasNotes: !stop.notes.isEmpty, legFellBack: leg?.note != nil))
        }
        let notes = trip.notes.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
        let facts = TripText.summaryFacts(trip, itinerary, unit)
        var summary = facts.enumerated().map { index, text in
            TripDetailViewModel.SummaryFact(text: text, kept: index == 0 || (index == facts.count - 1 && trip.startDate != nil))
        }
        // While real legs are on their way, the estimates on screen say so.
        if routes.isWorking { summary.append(.init(text: "routing…", kept: true)) }
        return Formatted(rows: rows, sources: sources, summary: summary, datesWithYear: withYear,
                         notesPreview: notes, itinerary: itinerary, unit: unit)
    }

    /// The selected stop as the preview under the stops shows it.
    private func preview(_ trip: Trip) -> TripDetailViewModel.StopPreview? {
        guard let index = selectedIndex, index < formatted.rows.count else { return nil }
        let stop = trip.waypoints[index], row = formatted.rows[index]
        // As the command line prints them, and as the stop form takes them pasted.
        let coordinates = TripText.coordinates(of: stop)
        let stay = stop.nights == 0 ? "passing through" : row.nights
        return .init(title: "\(row.number) \(stop.name)", place: [row.place, coordinates].filter { !$0.isEmpty }
                        .joined(separator: " · "),
                     stay: "\(row.arrival) · \(stay)", notes: stop.notes)
    }

    /// The day-by-day plan, made when first shown after a change.
    private func days(_ trip: Trip) -> [TripDetailViewModel.DayRow] {
        if let made = formatted.dayRows { return made }
        let made = formatted.itinerary.map { dayRows(trip, $0) } ?? []
        formatted.dayRows = made
        return made
    }

    private func dayRows(_ trip: Trip, _ itinerary: Itinerary) -> [TripDetailViewModel.DayRow] {
        itinerary.days.map { day in
            let text = TripText.dayPlan(day, itinerary, trip.waypoints, formatted.unit)
            return .init(label: TripText.day(index: day.number - 1, date: day.date, start: trip.startDate,
                                             year: formatted.datesWithYear),
                         driving: text.driving, plan: text.plan, overLimit: day.exceedsLimit)
        }
    }

    private func render() {
        guard let trip else { return }
        let rows = formatted.rows
        view?.show(TripDetailViewModel(
            title: trip.name, accessNote: interactor.access == .readWrite ? nil : "read-only",
            summaryFacts: formatted.summary, rows: rows, selectedIndex: selectedIndex, preview: preview(trip),
            days: showingDays ? days(trip) : nil, selectedDay: selectedDay,
            notesPreview: formatted.notesPreview,
            emptyText: rows.isEmpty ? "No stops yet. Press a to add the first one." : nil, message: message,
            map: TripMapContent(tripID: trip.id, stops: trip.waypoints, itinerary: formatted.itinerary,
                                unit: formatted.unit, stopsRevision: stopsRevision, legsRevision: legsRevision,
                                routing: routes.isWorking, baseMap: { [baseMap] in baseMap?.map },
                                towns: { [places] in places?.index?.towns })))
    }
}
