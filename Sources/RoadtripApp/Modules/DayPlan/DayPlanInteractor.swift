import Foundation
import RoadtripCore

/// The days view's use cases: the trip and its legs, read only.
final class DayPlanInteractor: DayPlanInteractorInput {
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
    var isRouting: Bool { routes.isWorking }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func itinerary(for trip: Trip) -> Itinerary {
        routes.itinerary(for: trip, requester: .dayPlan)
    }
}
