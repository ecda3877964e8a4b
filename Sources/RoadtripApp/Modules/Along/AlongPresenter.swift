import Foundation
import RoadtripCore

/// View logic of the list along a day's road: the regions' POIs of one category within a corridor, in order along
/// the road; c and + change the category and widen the corridor (a new search, off the loop); Enter makes the
/// selected POI a stop where it lies in the order (one change: `add-stop`'s sentence); Esc closes without a change.
final class AlongPresenter: AlongViewOutput {
    weak var view: AlongViewInput?
    weak var output: AlongModuleOutput?
    private let interactor: AlongInteractorInput
    private let router: AlongRouterInput
    private let settings: LiveSettings
    private let day: Int
    private var trip: Trip?
    private var category = POICategory.sleep
    private var corridor = 1
    /// What Enter inserts: the last search's answer, nil while one runs.
    private var found: AlongDay?

    /// The corridor's half-widths a key steps through, km.
    static let corridors: [Double] = [2, AlongFinder.defaultCorridorKm, 10, 20, 50]

    init(interactor: AlongInteractorInput, router: AlongRouterInput, settings: LiveSettings, day: Int) {
        self.interactor = interactor
        self.router = router
        self.settings = settings
        self.day = day
    }

    func viewWillAppear() {
        guard trip == nil else { return }
        guard let loaded = interactor.loadTrip() else { return finish(.error(TripEditError.tripNotFound.description)) }
        trip = loaded
        search()
    }

    func didRequestInsert(row: Int) {
        guard let stops = found?.stops, stops.indices.contains(row) else { return }
        do {
            finish(.info(try interactor.insert(stops[row]).done))
        } catch {
            finish(.failure(error))
        }
    }

    func didRequestCategory(step: Int) {
        let all = POICategory.allCases
        category = all[(all.firstIndex(of: category)! + step + all.count) % all.count]
        search()
    }

    func didRequestCorridor(step: Int) {
        let next = max(0, min(Self.corridors.count - 1, corridor + step))
        guard next != corridor else { return }
        corridor = next
        search()
    }

    func didRequestCancel() {
        interactor.cancel()
        finish(.info("The trip is unchanged."))
    }

    private func search() {
        guard let trip else { return }
        found = nil
        show(heading: "Looking along day \(day + 1)…", rows: [])
        interactor.along(day: day, of: trip, category: category, corridorKm: Self.corridors[corridor]) { [weak self] in
            self?.didFind($0)
        }
    }

    private func didFind(_ answer: Result<AlongDay, AlongFailure>) {
        switch answer {
        case let .failure(failure):
            finish(.error(failure.message))
        case let .success(along):
            found = along
            let unit = settings.current.units
            let within = unit.format(km: along.corridorKm)
            guard !along.stops.isEmpty else {
                return show(heading: "No \(category.rawValue) within \(within) of day \(day + 1)'s road.", rows: [])
            }
            show(heading: "\(TripText.count(along.stops.count, "place")) in order along the road "
                     + "(© OpenStreetMap contributors):",
                 rows: along.stops.map { stop in
                     "\(unit.format(km: stop.kmAlong)) · +\(TripText.duration(stop.detourSeconds)) · "
                         + "\(stop.feature.kind.replacingOccurrences(of: "_", with: " ")) · \(stop.name)"
                 })
        }
    }

    private func show(heading: String, rows: [String]) {
        let title = "Along day \(day + 1): \(category.rawValue) within \(settings.current.units.format(km: Self.corridors[corridor]))"
        view?.show(AlongViewModel(title: title, heading: heading, rows: rows))
    }

    private func finish(_ message: StatusMessage) {
        output?.alongModule(didFinish: message)
        router.close()
    }
}
