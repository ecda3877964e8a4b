import Foundation
import RoadtripCore

/// The best order of the stops (`TripOrderSearch`): the totals before and after, their change, the new order with
/// the stops that moved; Enter reorders (`TripEditor.reorder`). Nothing to gain closes with a sentence.
final class OptimiseKind: PreviewKind {
    private let routes: RouteService
    private let settings: LiveSettings

    init(routes: RouteService, settings: LiveSettings) {
        self.routes = routes
        self.settings = settings
    }

    func title(of trip: Trip) -> String { "Optimise: \(trip.name)" }

    func searching(_ trip: Trip) -> String {
        "Optimising the order of \(TripText.count(trip.waypoints.count, "stop"))…"
    }

    func search(_ trip: Trip) -> (_ isCancelled: @escaping () -> Bool) -> Result<OrderPreview, PreviewFailure> {
        let routes = routes
        return { isCancelled in
            TripOrderSearch.preview(of: trip, routes: routes, requester: .optimise, isCancelled: isCancelled)
                .map(Result.success) ?? .failure(PreviewFailure(message: "The search could not finish: the order is unchanged."))
        }
    }

    func read(_ found: OrderPreview) -> PreviewReading {
        guard found.better else {
            return .close(.info(([TripText.sentence(found.nothingToGain)] + found.notes).joined(separator: " ")))
        }
        return .show(.order(Self.model(of: found, settings.current.units)))
    }

    func apply(_ found: OrderPreview, row _: Int, editor: TripEditor, foundFor _: [Waypoint]) throws -> ChangeDescription? {
        // Said before the editor's own check refuses it: the way back is to search again.
        guard editor.trip?.waypoints == found.trip.waypoints else {
            throw PreviewFailure(message: "The trip changed since the search: press o again.")
        }
        return try editor.reorder(found.order, of: found.trip.waypoints)
    }

    static let keys = [
        PreviewKey([.enter], "apply the new order (one change: u undoes it)", hint: "apply", .apply),
        PreviewKey([.escape, .character("q")], "keep the old order", hint: "keep", .cancel),
    ]

    func refine(_: PreviewRefinement) -> Bool { false }

    let stopped = "Optimising cancelled: the order is unchanged."
    let kept = OrderPreview.unchanged

    /// The preview's words: the saving, the totals before and after and their change, the stops in their new
    /// order with where each was, the notes.
    static func model(of preview: OrderPreview, _ unit: DistanceUnit) -> OrderPreviewModel {
        let before = preview.totalsBefore, after = preview.totalsAfter
        let row = { (label: String, totals: OrderPreview.Totals) in OrderPreview.totalsRow(label, totals, unit) }
        let change = ["change",
                      signed(after.distanceKm - before.distanceKm, zero: 0.5) { TripText.distance($0, unit, estimated: false) },
                      signed(after.drivingSeconds - before.drivingSeconds, zero: 30) { TripText.duration($0) },
                      signed(Double(after.days - before.days), zero: 0.5) { String(Int($0)) },
                      signed(Double(after.daysOverLimit - before.daysOverLimit), zero: 0.5) { String(Int($0)) }]
        let stops = preview.stops.enumerated().map { position, stop in
            OrderPreviewModel.Stop(number: String(position + 1), was: stop.was == position ? "" : String(stop.was + 1),
                                   name: OrderPreview.name(of: stop.stop))
        }
        return .init(
            headline: TripText.sentence(preview.saving), totalsHeader: preview.totalsHeader,
            totals: [row("before", before), row("after", after), change], stops: stops, notes: preview.notes)
    }

    /// "−469 km", "+12 km", "0": a change with its sign; within `zero` of nothing is "0".
    private static func signed(_ value: Double, zero: Double, _ format: (Double) -> String) -> String {
        guard abs(value) >= zero else { return "0" }
        return (value < 0 ? "−" : "+") + format(abs(value))
    }
}
