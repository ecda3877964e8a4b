import Foundation
import RoadtripCore

/// What a screen showing one trip reads: the trip, its legs (asked for as `requester`), whether more are on
/// their way, and whether changes can be saved. The days view's interactor is this; the map's adds saving a stop.
class TripViewingInteractor {
    let editor: TripEditor
    private let routes: RouteService
    private let repository: TripRepository
    private let requester: RouteRequester

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService, requester: RouteRequester) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.routes = routes
        self.repository = repository
        self.requester = requester
    }

    var tripID: Trip.ID { editor.tripID }
    var access: StoreAccess { repository.access }
    var isRouting: Bool { routes.isWorking }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func itinerary(for trip: Trip) -> Itinerary {
        routes.itinerary(for: trip, requester: requester)
    }
}
