import Foundation
import RoadtripCore

/// The days view's use cases: the trip and its legs, read only.
final class DayPlanInteractor: TripViewingInteractor, DayPlanInteractorInput {
    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService) {
        super.init(tripID: tripID, repository: repository, routes: routes, requester: .dayPlan)
    }
}
