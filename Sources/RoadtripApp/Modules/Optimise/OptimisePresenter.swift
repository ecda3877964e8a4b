import Foundation
import RoadtripCore

/// View logic of the optimise preview: the search under way, then the totals before and after, their change,
/// the new order with the stops that moved, and what the figures rest on. Enter applies, Esc keeps the old order
/// (or cancels the search); nothing to gain closes it at once with a sentence for the trip screen.
final class OptimisePresenter: OptimiseViewOutput {
    weak var view: OptimiseViewInput?
    /// The trip screen that opened it, told how it ended.
    weak var output: OptimiseModuleOutput?
    private let interactor: OptimiseInteractorInput
    private let router: OptimiseRouterInput
    private let settings: LiveSettings
    private var title = "Optimise"
    private var started = false
    /// The preview shown, once the search is done.
    private var preview: OrderPreview?

    init(interactor: OptimiseInteractorInput, router: OptimiseRouterInput, settings: LiveSettings) {
        self.interactor = interactor
        self.router = router
        self.settings = settings
    }

    func viewWillAppear() {
        guard !started else { return }
        started = true
        guard let trip = interactor.loadTrip() else { return finish(.error(TripEditError.tripNotFound.description)) }
        title = "Optimise: \(trip.name)"
        view?.show(OptimiseViewModel(title: title, state: .searching(
            "Optimising the order of \(TripText.count(trip.waypoints.count, "stop"))…")))
        interactor.search(trip) { [weak self] preview in self?.didFind(preview) }
    }

    func didRequestApply() {
        guard let preview else { return }
        // The trip changed under the preview (the file was read again): its order would put the wrong stops.
        guard interactor.loadTrip()?.waypoints == preview.trip.waypoints else {
            return finish(.error("The trip changed since the search: press o again."))
        }
        do {
            finish(.info(try interactor.apply(preview).done))
        } catch {
            finish(.failure(error))
        }
    }

    func didRequestCancel() {
        if preview == nil {
            interactor.cancel()
            finish(.info("Optimising cancelled: the order is unchanged."))
        } else {
            finish(.info("The order is unchanged."))
        }
    }

    private func didFind(_ found: OrderPreview?) {
        guard let found else { return finish(.error("The search could not finish: the order is unchanged.")) }
        guard found.better else {
            let sentence = found.nothingToGain.prefix(1).uppercased() + found.nothingToGain.dropFirst() + "."
            return finish(.info(([sentence] + found.notes).joined(separator: " ")))
        }
        preview = found
        view?.show(OptimiseViewModel(title: title, state: .preview(Self.model(of: found, settings.current.units))))
    }

    private func finish(_ message: StatusMessage) {
        output?.optimiseModule(didFinish: message)
        router.close()
    }

    /// The preview's words: the saving, the totals before and after and their change, the stops in their new
    /// order with where each was, the notes.
    static func model(of preview: OrderPreview, _ unit: DistanceUnit) -> OptimiseViewModel.Preview {
        let before = preview.totalsBefore, after = preview.totalsAfter
        let limit = TripText.duration(preview.before.dailyLimitSeconds)
        let row = { (label: String, totals: OrderPreview.Totals) -> [String] in
            [label, TripText.distance(totals.distanceKm, unit, estimated: totals.estimated),
             TripText.duration(totals.drivingSeconds), String(totals.days), String(totals.daysOverLimit)]
        }
        let change = ["change",
                      signed(after.distanceKm - before.distanceKm, zero: 0.5) { TripText.distance($0, unit, estimated: false) },
                      signed(after.drivingSeconds - before.drivingSeconds, zero: 30) { TripText.duration($0) },
                      signed(Double(after.days - before.days), zero: 0.5) { String(Int($0)) },
                      signed(Double(after.daysOverLimit - before.daysOverLimit), zero: 0.5) { String(Int($0)) }]
        let stops = preview.stops.enumerated().map { position, stop in
            OptimiseViewModel.Stop(number: String(position + 1), was: stop.was == position ? "" : String(stop.was + 1),
                                   name: stop.stop.name + (stop.stop.pinned ? "  (pinned)" : ""))
        }
        return .init(
            headline: "A new order saves \(TripText.duration(preview.savedSeconds)) of driving (\(preview.proof)).",
            totalsHeader: ["", "DISTANCE", "DRIVING", "DAYS", "OVER \(limit.uppercased())"],
            totals: [row("before", before), row("after", after), change], stops: stops, notes: preview.notes)
    }

    /// "−469 km", "+12 km", "0": a change with its sign; within `zero` of nothing is "0".
    private static func signed(_ value: Double, zero: Double, _ format: (Double) -> String) -> String {
        guard abs(value) >= zero else { return "0" }
        return (value < 0 ? "−" : "+") + format(abs(value))
    }
}
