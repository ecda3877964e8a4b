import Foundation
import RoadtripCore

/// The days view's use cases: the trip and its legs, and undo and redo of the changes made there (a night added,
/// a trip paced) or anywhere.
final class DayPlanInteractor: TripViewingInteractor, DayPlanInteractorInput {
    /// The app's undo history; nil where there is none (a test's repository).
    private let history: ChangeHistory?
    private let settings: LiveSettings?
    /// The regions' POIs for the fuel gaps; nil where there are none (a test's days without regions).
    private let regions: RegionLoader?
    private let gapWork: OffLoopWork

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService, history: ChangeHistory? = nil,
         settings: LiveSettings? = nil, regions: RegionLoader? = nil,
         post: @escaping (@escaping () -> Void) -> Void = { $0() }) {
        self.history = history
        self.settings = settings
        self.regions = regions
        gapWork = OffLoopWork(post: post)
        super.init(tripID: tripID, repository: repository, routes: routes, requester: .dayPlan)
    }

    func undo() throws -> ChangeDescription? {
        try history?.undo()
    }

    func redo() throws -> ChangeDescription? {
        try history?.redo()
    }

    var chargers: (any ChargerLookup)? {
        regions?.value.map { ChargerIndex.of($0.installed) }
    }

    func fuelCheck(_ trip: Trip, _ itinerary: Itinerary, found: @escaping (FuelCheck) -> Void) {
        guard let regions, let settings = settings?.current, settings.range > 0 else { return gapWork.cancel() }
        gapWork.start({ _ in
            FuelGaps.check(trip: trip, itinerary: itinerary,
                           finder: AlongFinder(index: regions.wait().pois, settings: settings), settings: settings)
        }, done: { if let check = $0 { found(check) } })
    }
}
