import Foundation
import RoadtripCore

/// The full-screen map's use cases: the trip, its legs, and saving an edited stop.
final class TripMapInteractor: TripViewingInteractor, TripMapInteractorInput {
    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService) {
        super.init(tripID: tripID, repository: repository, routes: routes, requester: .tripMap)
    }

    func updateStop(_ waypoint: Waypoint) throws -> ChangeDescription {
        try editor.updateStop(waypoint).change
    }
}
