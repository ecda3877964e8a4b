import Foundation
import RoadtripCore

/// A night along every long day (`TripPacing`), read as `PacePreview.lines`, as `roadtrip pace` prints it; Enter
/// adds every night (`TripEditor.pace`). A pacing that changes nothing closes with why.
final class PaceKind: PreviewKind {
    private let routes: RouteService
    private let settings: LiveSettings
    private let places: PlaceIndexLoader?

    init(routes: RouteService, settings: LiveSettings, places: PlaceIndexLoader?) {
        self.routes = routes
        self.settings = settings
        self.places = places
    }

    func title(of trip: Trip) -> String { "Pace: \(trip.name)" }

    func searching(_: Trip) -> String { "Looking for a night along every long day…" }

    func search(_ trip: Trip) -> (_ isCancelled: @escaping () -> Bool) -> Result<PacePreview, PreviewFailure> {
        let (routes, places, settings) = (routes, places, settings.current)
        return { isCancelled in
            OvernightKind.finder(places, settings).map { finder in
                let routed = { (trip: Trip) in
                    routes.routedItinerary(for: trip, requester: .pace, isCancelled: isCancelled) ?? routes.itinerary(for: trip)
                }
                return PacePreview(pacing: TripPacing.pace(trip, finder: finder, itinerary: routed), before: routed(trip))
            }
        }
    }

    func read(_ found: PacePreview) -> PreviewReading {
        let lines = found.lines(settings.current.units)
        guard found.pacing.changesTrip else { return .close(.info(lines.filter { !$0.isEmpty }.joined(separator: " "))) }
        return .show(.lines(lines))
    }

    func apply(_ found: PacePreview, row _: Int, editor: TripEditor, foundFor _: [Waypoint]) throws -> ChangeDescription? {
        try editor.pace(found.pacing)
    }

    static let keys = [
        PreviewKey([.enter], "add these nights (one change: u undoes it)", hint: "add these nights", .apply),
        PreviewKey([.escape, .character("q")], "keep the trip as it is", hint: "keep", .cancel),
    ]

    func refine(_: PreviewRefinement) -> Bool { false }

    let stopped = "Stopped: the trip is unchanged."
    let kept = "The trip is unchanged."
}
