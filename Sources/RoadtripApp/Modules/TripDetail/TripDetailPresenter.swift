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
        render()
    }

    private func render() {
        guard let trip else { return }
        let route = RouteDistances(trip.waypoints)
        var arrival = trip.startDate
        var rows: [TripDetailViewModel.Row] = []
        rows.reserveCapacity(trip.waypoints.count)
        for (index, stop) in trip.waypoints.enumerated() {
            let place = [stop.region, stop.countryCode].compactMap { $0 }.filter { !$0.isEmpty }
            rows.append(.init(
                id: stop.id, number: String(index + 1), name: stop.name, place: place.joined(separator: ", "),
                leg: route.legs[index].map(unit.format(km:)) ?? "",
                nights: stop.nights == 0 ? "" : Formatting.count(stop.nights, "night"),
                arrival: arrival.map(Formatting.day) ?? "", hasNotes: !stop.notes.isEmpty))
            arrival = arrival?.adding(days: stop.nights)
        }
        var facts = [Formatting.count(trip.waypoints.count, "stop")]
        if trip.waypoints.count > 1 { facts.append(unit.format(km: route.totalKm)) }
        if trip.totalNights > 0 { facts.append(Formatting.count(trip.totalNights, "night")) }
        if let start = trip.startDate { facts.append("starts \(Formatting.day(start))") }
        let notes = trip.notes.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
        view?.show(TripDetailViewModel(
            title: trip.name, summary: facts.joined(separator: " · "), rows: rows, selectedIndex: selectedIndex,
            notesPreview: notes,
            emptyText: rows.isEmpty ? "No stops yet. Press a to add the first one." : nil, message: message))
    }
}
