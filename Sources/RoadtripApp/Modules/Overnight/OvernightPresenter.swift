import Foundation
import RoadtripCore

/// View logic of where to sleep: the search under way (Esc stops it), then the towns along the day (Enter inserts
/// the selected one as a stop of one night) or the pacing's preview (Enter adds every night); Esc closes without a
/// change. Nothing to offer closes at once with the reason for the days view.
final class OvernightPresenter: OvernightViewOutput {
    weak var view: OvernightViewInput?
    weak var output: OvernightModuleOutput?
    private let interactor: OvernightInteractorInput
    private let router: OvernightRouterInput
    private let settings: LiveSettings
    private let request: OvernightRequest
    private var started = false
    private var title = ""
    /// What Enter does once the search is done.
    private var towns: [OvernightCandidate]?
    private var pacing: TripPacing?

    init(interactor: OvernightInteractorInput, router: OvernightRouterInput, settings: LiveSettings,
         request: OvernightRequest) {
        self.interactor = interactor
        self.router = router
        self.settings = settings
        self.request = request
    }

    func viewWillAppear() {
        guard !started else { return }
        started = true
        guard let trip = interactor.loadTrip() else { return finish(.error(TripEditError.tripNotFound.description)) }
        switch request {
        case let .towns(day):
            title = "Where to sleep on day \(day + 1)"
            show(.working("Looking for towns along day \(day + 1)…"))
            interactor.towns(day: day, of: trip) { [weak self] in self?.didFind($0) }
        case .pace:
            title = "Pace: \(trip.name)"
            show(.working("Looking for a night along every long day…"))
            interactor.pace(trip) { [weak self] in self?.didPace($0) }
        }
    }

    func didRequestApply(row: Int) {
        if let towns, towns.indices.contains(row) {
            change { try $0.insert(towns[row]) }
        } else if let pacing {
            change { try $0.apply(pacing) }
        }
    }

    func didRequestCancel() {
        if towns == nil && pacing == nil {
            interactor.cancel()
            finish(.info("Stopped: the trip is unchanged."))
        } else {
            finish(.info("The trip is unchanged."))
        }
    }

    private func didFind(_ found: Result<DayOvernights, OvernightFailure>) {
        switch found {
        case let .failure(failure):
            finish(.error(failure.message))
        case let .success(day):
            if let empty = day.emptyReason { return finish(.info(empty + ".")) }
            towns = day.candidates
            let driving = TripText.duration(day.drivingSeconds)
            show(.towns(heading: "Day \(day.day) drives \(driving)\(day.exceedsLimit ? ", over the limit" : ""). End it at:",
                        rows: day.candidates.map(\.text)))
        }
    }

    private func didPace(_ found: Result<PacePreview, OvernightFailure>) {
        switch found {
        case let .failure(failure):
            finish(.error(failure.message))
        case let .success(preview):
            let lines = preview.lines(settings.current.units)
            guard preview.pacing.changesTrip else {
                return finish(.info(lines.filter { !$0.isEmpty }.joined(separator: " ")))
            }
            pacing = preview.pacing
            show(.pacing(lines))
        }
    }

    /// Makes the change, tells the days view what it did (or why not) and closes.
    private func change(_ body: (OvernightInteractorInput) throws -> ChangeDescription) {
        do {
            finish(.info(try body(interactor).done))
        } catch {
            finish(.failure(error))
        }
    }

    private func show(_ state: OvernightViewModel.State) {
        view?.show(OvernightViewModel(title: title, state: state))
    }

    private func finish(_ message: StatusMessage) {
        output?.overnightModule(didFinish: message)
        router.close()
    }
}
