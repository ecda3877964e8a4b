import Foundation
import RoadtripCore

/// View logic of one trip: stop rows with legs and arrival days, selection, reorder, and the dialogs.
final class TripDetailPresenter: TripDetailViewOutput, WaypointModuleOutput {
    weak var view: TripDetailViewInput?
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    private let unit: DistanceUnit

    private var trip: Trip?
    private var selectedID: Waypoint.ID?
    /// Where a stop being added will go: after the selection when the form opened.
    private var insertionIndex: Int?
    private var message: StatusMessage?
    /// What `trip` looks like on screen, formatted when it is (re)loaded: a cursor move only re-selects.
    private var formatted = Formatted()
    /// Arrival labels by day offset from the start date: a date goes through Foundation's calendar (about
    /// 10 µs), so a moved stop finds its new arrival day already made.
    private var dayLabels: (start: CalendarDate, labels: [Int: String])?

    private struct Formatted {
        var rows: [TripDetailViewModel.Row] = []
        var summary = ""
        var notesPreview: String?
        /// What row i was made from (everything a row depends on), so that the next `format` reuses the rows
        /// whose sources did not change: a reorder in a 500-stop trip changes two rows and one more leg.
        var stops: [Waypoint] = []
        var legs: [Double?] = []
        var dayOffsets: [Int] = []
        var start: CalendarDate?
    }

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput, unit: DistanceUnit) {
        self.interactor = interactor
        self.router = router
        self.unit = unit
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
        router.showWaypointForm(editing: nil, near: index > 0 ? trip.waypoints[index - 1] : nil, output: self)
    }

    func didRequestEditStop() {
        guard let trip, let index = selectedIndex else { return }
        message = nil
        insertionIndex = nil
        router.showWaypointForm(editing: trip.waypoints[index], near: index > 0 ? trip.waypoints[index - 1] : nil,
                                output: self)
    }

    func didRequestDeleteStop() {
        guard let trip, let index = selectedIndex else { return }
        let stop = trip.waypoints[index]
        message = nil
        router.confirm("Delete stop \(index + 1) \"\(stop.name)\"?") { [weak self] in
            guard let self else { return }
            self.perform("Deleted \"\(stop.name)\"") { try self.interactor.deleteStop(stop.id) }
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
        perform(nil) { try interactor.moveStop(from: from, to: to) }
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
            if !trimmed.isEmpty && date == nil { return "\"\(trimmed)\" is not a date like 2027-06-12" }
            return self?.submitting { try $0.interactor.setStartDate(date) }
        }
    }

    func didRequestHelp() {
        router.showHelp()
    }

    func didFailToSave(_ error: Error) {
        message = .failure(error)
        render()
    }

    func didRequestBack() {
        router.close()
    }

    // MARK: Waypoint module output

    func waypointModule(didSave waypoint: Waypoint) -> String? {
        let isNew = !(trip?.waypoints.contains { $0.id == waypoint.id } ?? false)
        selectedID = waypoint.id
        return submitting {
            if isNew {
                try $0.interactor.addStop(waypoint, at: $0.insertionIndex)
            } else {
                try $0.interactor.updateStop(waypoint)
            }
            $0.message = .info(isNew ? "Added \"\(waypoint.name)\"" : "Saved \"\(waypoint.name)\"")
        }
    }

    // MARK: Building the view model

    private var selectedIndex: Int? {
        trip?.waypoints.firstIndex { $0.id == selectedID }
    }

    /// Runs a change; a failure goes to the message line (the store keeps the change in memory).
    private func perform(_ success: String?, _ change: () throws -> Void) {
        do {
            try change()
            message = success.map(StatusMessage.info)
        } catch {
            message = .failure(error)
        }
        reload()
    }

    /// Runs a prompt's change (see `PromptResult`), then shows the result.
    private func submitting(_ change: (TripDetailPresenter) throws -> Void) -> String? {
        defer { reload() }
        return PromptResult.run({ try change(self) }) { message = .failure($0) }
    }

    private func reload() {
        trip = interactor.loadTrip()
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
        let route = RouteDistances(trip.waypoints)
        let earlier = formatted.start == trip.startDate ? formatted : Formatted()
        var rows: [TripDetailViewModel.Row] = []
        rows.reserveCapacity(trip.waypoints.count)
        var dayOffsets: [Int] = []
        dayOffsets.reserveCapacity(trip.waypoints.count)
        var dayOffset = 0
        for (index, stop) in trip.waypoints.enumerated() {
            dayOffsets.append(dayOffset)
            if index < earlier.rows.count, earlier.dayOffsets[index] == dayOffset, earlier.legs[index] == route.legs[index],
               earlier.stops[index] == stop {
                rows.append(earlier.rows[index])
            } else {
                let place = [stop.region, stop.countryCode].compactMap { $0 }.filter { !$0.isEmpty }
                rows.append(.init(
                    id: stop.id, number: String(index + 1), name: stop.name, place: place.joined(separator: ", "),
                    leg: route.legs[index].map(unit.format(km:)) ?? "",
                    nights: stop.nights == 0 ? "" : Formatting.count(stop.nights, "night"),
                    arrival: trip.startDate.map { dayLabel($0, plus: dayOffset) } ?? "", hasNotes: !stop.notes.isEmpty))
            }
            dayOffset = dayOffset.saturatingAdding(stop.nights)
        }
        var facts = [Formatting.count(trip.waypoints.count, "stop")]
        if trip.waypoints.count > 1 { facts.append(unit.format(km: route.totalKm)) }
        if trip.totalNights > 0 { facts.append(Formatting.count(trip.totalNights, "night")) }
        if let start = trip.startDate { facts.append("starts \(Formatting.day(start))") }
        let notes = trip.notes.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
        return Formatted(rows: rows, summary: facts.joined(separator: " · "), notesPreview: notes,
                         stops: trip.waypoints, legs: route.legs, dayOffsets: dayOffsets, start: trip.startDate)
    }

    /// "Sat 12 Jun 2027" for the day `days` after `start`.
    private func dayLabel(_ start: CalendarDate, plus days: Int) -> String {
        if dayLabels?.start != start { dayLabels = (start, [:]) }
        if let known = dayLabels?.labels[days] { return known }
        let label = start.adding(days: days).map(Formatting.day) ?? "after 9999"
        dayLabels?.labels[days] = label
        return label
    }

    private func render() {
        guard let trip else { return }
        let rows = formatted.rows
        view?.show(TripDetailViewModel(
            title: trip.name, summary: formatted.summary, rows: rows, selectedIndex: selectedIndex,
            notesPreview: formatted.notesPreview,
            emptyText: rows.isEmpty ? "No stops yet. Press a to add the first one." : nil, message: message))
    }
}
