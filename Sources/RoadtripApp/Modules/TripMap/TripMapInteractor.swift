import Foundation
import RoadtripCore

/// The full-screen map's use cases: the trip, its legs, and saving an edited stop.
final class TripMapInteractor: TripMapInteractorInput {
    private let editor: TripEditor
    private let routes: RouteService
    private let repository: TripRepository

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.routes = routes
        self.repository = repository
    }

    var tripID: Trip.ID { editor.tripID }
    var access: StoreAccess { repository.access }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func itinerary(for trip: Trip) -> Itinerary {
        routes.itinerary(for: trip, requester: .tripMap)
    }

    var isRouting: Bool { routes.isWorking }

    func updateStop(_ waypoint: Waypoint) throws -> ChangeDescription {
        try editor.updateStop(waypoint).change
    }
}
