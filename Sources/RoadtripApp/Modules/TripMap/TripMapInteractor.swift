import Foundation
import RoadtripCore

/// The full-screen map's use cases: the trip, its legs, and saving an edited stop.
final class TripMapInteractor: TripViewingInteractor, TripMapInteractorInput {
    private let settings: LiveSettings?
    /// The regions' POIs; nil where there are none (a test's map without regions).
    private let regions: RegionLoader?
    private let poiWork: OffLoopWork

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService, settings: LiveSettings? = nil,
         regions: RegionLoader? = nil, post: @escaping (@escaping () -> Void) -> Void = { $0() }) {
        self.settings = settings
        self.regions = regions
        poiWork = OffLoopWork(post: post)
        super.init(tripID: tripID, repository: repository, routes: routes, requester: .tripMap)
    }

    func poisAlong(_ trip: Trip, _ itinerary: Itinerary, category: POICategory, found: @escaping ([AlongStop]) -> Void) {
        guard let regions, let settings = settings?.current else { return found([]) }
        poiWork.start({ isCancelled in
            let index = regions.wait().pois
            guard !index.isEmpty else { return [] }
            let finder = AlongFinder(index: index, settings: settings)
            var stops: [AlongStop] = []
            for day in itinerary.days where day.isDriving && !isCancelled() {
                stops += finder.along(day: day.number, trip: trip, itinerary: itinerary, categories: [category]).stops
            }
            return stops
        }, done: found)
    }

    func updateStop(_ waypoint: Waypoint) throws -> ChangeDescription {
        try editor.updateStop(waypoint).change
    }
}
