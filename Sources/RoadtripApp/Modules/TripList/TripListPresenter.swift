import Foundation
import RoadtripCore

/// View logic of the trip list: selection, filter, formatting, and what each key press leads to.
final class TripListPresenter: TripListViewOutput {
    weak var view: TripListViewInput?
    private let interactor: TripListInteractorInput
    private let router: TripListRouterInput
    private let unit: DistanceUnit

    private var allRows: [TripListViewModel.Row] = []
    /// Indices into `allRows` that pass the filter, cached so a cursor move formats nothing.
    private var visible: [Int] = []
    private var selectedID: Trip.ID?
    private var filter: TripListViewModel.Filter?
    private var message: StatusMessage?
    private var noticesShown = false

    init(interactor: TripListInteractorInput, router: TripListRouterInput, unit: DistanceUnit) {
        self.interactor = interactor
        self.router = router
        self.unit = unit
    }

    // MARK: View output

    func viewWillAppear() {
        if !noticesShown {
            noticesShown = true
            if let notice = interactor.notices.first { message = .info(notice) }
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
        router.showDetail(for: id)
    }

    func didRequestAdd() {
        message = nil
        router.askForText(title: "New trip", initial: "") { [weak self] name in
            self?.submitting {
                let id = try $0.interactor.addTrip(named: name)
                $0.filter = nil
                $0.selectedID = id
                $0.message = .info("Created \"\(name.trimmingCharacters(in: .whitespacesAndNewlines))\"")
            }
        }
        render()
    }

    func didRequestRename() {
        guard let row = selectedRow else { return }
        message = nil
        router.askForText(title: "Rename trip", initial: row.name) { [weak self] name in
            self?.submitting { try $0.interactor.renameTrip(row.id, to: name) }
        }
    }

    func didRequestDelete() {
        guard let row = selectedRow else { return }
        message = nil
        router.confirm("Delete trip \"\(row.name)\" (\(row.stops))?") { [weak self] in
            guard let self else { return }
            let position = self.visible.firstIndex { self.allRows[$0].id == row.id } ?? 0
            do {
                try self.interactor.deleteTrip(row.id)
                self.message = .info("Deleted \"\(row.name)\"")
            } catch {
                self.message = .failure(error)
            }
            self.reload(keepingPosition: position)
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

    func didRequestHelp() {
        router.showHelp()
    }

    func didRequestReload() {
        message = nil
        guard interactor.hasUnsavedChanges else { return reloadFromDisk() }
        router.confirm("Drop the change that could not be saved and read the file again?") { [weak self] in
            self?.reloadFromDisk()
        }
    }

    private func reloadFromDisk() {
        do {
            try interactor.reload()
            message = .info(interactor.access == .readWrite ? "Read the file again" : "Read the file again (read-only)")
        } catch {
            message = .failure(error)
        }
        reload()
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
        allRows = interactor.loadTrips().map(row)
        applyFilter(keepingPosition: position)
        render()
    }

    private func row(_ trip: TripSummary) -> TripListViewModel.Row {
        let route = trip.firstStop.map { first in trip.lastStop.map { "\(first) → \($0)" } ?? first } ?? ""
        return .init(id: trip.id, name: trip.name, stops: Formatting.count(trip.stopCount, "stop"),
                     distance: trip.stopCount > 1 ? unit.format(km: trip.totalKm) : "", route: route)
    }

    private func applyFilter(keepingPosition position: Int? = nil) {
        if let text = filter?.text, !text.isEmpty {
            visible = allRows.indices.filter { Self.matches(allRows[$0], text) }
        } else {
            visible = Array(allRows.indices)
        }
        if !visible.contains(where: { allRows[$0].id == selectedID }) {
            let index = min(position ?? 0, visible.count - 1)
            selectedID = index >= 0 ? allRows[visible[index]].id : nil
        }
    }

    private static func matches(_ row: TripListViewModel.Row, _ text: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return row.name.range(of: text, options: options) != nil || row.route.range(of: text, options: options) != nil
    }

    private func render() {
        let rows = visible.map { allRows[$0] }
        let total = allRows.count
        var subtitle: String
        if let text = filter?.text, !text.isEmpty {
            subtitle = "\(rows.count) of \(Formatting.count(total, "trip")) match"
        } else {
            subtitle = Formatting.count(total, "trip")
        }
        if case .readOnly = interactor.access { subtitle += " · read-only" }
        let emptyText: String?
        if !rows.isEmpty {
            emptyText = nil
        } else if total == 0 {
            emptyText = "No trips yet. Press a to plan one, ? for help."
        } else {
            emptyText = "No trip matches \"\(filter?.text ?? "")\". Esc clears the filter."
        }
        view?.show(TripListViewModel(
            title: "Roadtrips", subtitle: subtitle, rows: rows,
            selectedIndex: rows.firstIndex { $0.id == selectedID }, filter: filter,
            emptyText: emptyText, message: message))
    }
}
