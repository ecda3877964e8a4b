import Foundation
import RoadtripCore

/// Where to sleep: the gazetteer's towns along a day (`OvernightFinder`) and pacing (`TripPacing`), both off the loop
/// (the gazetteer may still be loading, pacing waits for the router); the changes through `TripEditor`.
final class OvernightInteractor: OvernightInteractorInput {
    private let editor: TripEditor
    private let routes: RouteService
    private let settings: LiveSettings
    private let places: PlaceIndexLoader?
    private let work: OffLoopWork
    /// The stops the towns shown were found for: a town is inserted only while the trip still has them.
    private var foundFor: [Waypoint]?

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService, settings: LiveSettings,
         places: PlaceIndexLoader?, post: @escaping (@escaping () -> Void) -> Void) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.routes = routes
        self.settings = settings
        self.places = places
        work = OffLoopWork(post: post)
    }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func towns(day index: Int, of trip: Trip, found: @escaping (Result<DayOvernights, OvernightFailure>) -> Void) {
        let (routes, places, settings) = (routes, places, settings.current)
        foundFor = trip.waypoints
        work.start({ _ in
            Self.finder(places, settings).map { finder in
                // The legs known now: the router's roads where it gave them, else the great-circle arcs.
                let itinerary = routes.itinerary(for: trip)
                return finder.suggestions(forDay: index + 1, trip: trip, itinerary: itinerary)
            }
        }, done: found)
    }

    func pace(_ trip: Trip, found: @escaping (Result<PacePreview, OvernightFailure>) -> Void) {
        let (routes, places, settings) = (routes, places, settings.current)
        work.start({ isCancelled in
            Self.finder(places, settings).map { finder in
                let routed = { (trip: Trip) in
                    routes.routedItinerary(for: trip, requester: .pace, isCancelled: isCancelled) ?? routes.itinerary(for: trip)
                }
                let before = routed(trip)
                return PacePreview(pacing: TripPacing.pace(trip, finder: finder, itinerary: routed), before: before)
            }
        }, done: found)
    }

    func cancel() {
        work.cancel()
    }

    func insert(_ candidate: OvernightCandidate) throws -> ChangeDescription {
        try editor.insertOvernight(candidate, expecting: foundFor)
    }

    func apply(_ pacing: TripPacing) throws -> ChangeDescription {
        try editor.pace(pacing)
    }

    /// The finder over the gazetteer, waiting for it to load (off the loop); why not when there is none.
    private static func finder(_ places: PlaceIndexLoader?, _ settings: Settings) -> Result<OvernightFinder, OvernightFailure> {
        guard let places else { return .failure(OvernightFailure(message: "Place search is off: no towns to suggest.")) }
        do {
            return .success(OvernightFinder(places: try places.wait(), settings: settings))
        } catch {
            return .failure(OvernightFailure(message: "The places could not be read: \(error)"))
        }
    }
}
