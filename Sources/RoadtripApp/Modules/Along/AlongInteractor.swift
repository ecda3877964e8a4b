import Foundation
import RoadtripCore

/// The regions' POIs along a day (`AlongFinder`) off the loop, waiting for the POI index to load; the stop through
/// `TripEditor`, as `add-stop` makes it.
final class AlongInteractor: AlongInteractorInput {
    private let editor: TripEditor
    private let routes: RouteService
    private let settings: LiveSettings
    private let regions: RegionLoader
    private let work: OffLoopWork
    /// The stops the list shown was found for: a stop is added only while the trip still has them.
    private var foundFor: [Waypoint]?

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService, settings: LiveSettings,
         regions: RegionLoader, post: @escaping (@escaping () -> Void) -> Void) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.routes = routes
        self.settings = settings
        self.regions = regions
        work = OffLoopWork(post: post)
    }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func along(day index: Int, of trip: Trip, category: POICategory, corridorKm: Double,
               found: @escaping (Result<AlongDay, AlongFailure>) -> Void) {
        let (routes, regions, settings) = (routes, regions, settings.current)
        foundFor = trip.waypoints
        work.start({ isCancelled in
            // The router's roads, waited for (a list opened before they came would place its POIs on the estimate's
            // longer line and stay so); the arcs where it gives none.
            let itinerary = routes.routedItinerary(for: trip, requester: .along, isCancelled: isCancelled)
                ?? routes.itinerary(for: trip)
            guard itinerary.days.indices.contains(index) else {
                return .failure(AlongFailure(message: "The trip has no day \(index + 1) any more."))
            }
            let loaded = regions.wait().pois
            guard !loaded.isEmpty else {
                return .failure(AlongFailure(message: "No region is installed: add one with roadtrip region add FILE.osm.pbf."))
            }
            return .success(AlongFinder(index: loaded, settings: settings)
                .along(day: index + 1, trip: trip, itinerary: itinerary, categories: [category], corridorKm: corridorKm))
        }, done: found)
    }

    func cancel() {
        work.cancel()
    }

    func insert(_ stop: AlongStop) throws -> ChangeDescription {
        guard let stops = foundFor, stops.indices.contains(stop.leg + 1),
              stops[stop.leg].id == stop.fromStop, stops[stop.leg + 1].id == stop.toStop else {
            throw TripEditError.tripChanged
        }
        return try editor.addStop(stop.waypoint, at: stop.leg + 1, expecting: stops)
    }
}
