import Foundation
import RoadtripCore

/// The full-screen map's use cases: the trip, its legs, and saving an edited stop.
final class TripMapInteractor: TripMapInteractorInput {
    private let editor: TripEditor
    private let routes: RouteService

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.routes = routes
    }

    var tripID: Trip.ID { editor.tripID }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func itinerary(for trip: Trip) -> Itinerary {
        routes.itinerary(for: trip)
    }

    var isRouting: Bool { routes.isWorking }

    func updateStop(_ waypoint: Waypoint) throws {
        try editor.updateStop(waypoint)
    }
}
