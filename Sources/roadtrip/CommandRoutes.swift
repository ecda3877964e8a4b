import Foundation
import RoadtripCore

/// The command line's itineraries: the same `RouteService` as the app, without a loop to post to, so a
/// command waits for the engine's answers (each bounded by the engine's time-out) before it prints, saying how
/// far it is on stderr when that takes more than a second (`RoutingProgressLine`).
enum CommandRoutes {
    /// Damaged region folders are named on stderr first: they are left out of the routing. Late data is waited
    /// for where it is read (a command has no loop to come back to): the estimate's shorelines.
    static func service(_ settings: Settings) -> RouteService {
        Output.printNotices(RegionNotices.damaged(InstalledRegions.scan()))
        let late = LateData()
        let water = WaterCrossing.bundled(cacheDirectory: LegCache.defaultDirectory())
        water.register(in: late)
        return RouteService(settings: { settings }, makeEngine: RoutingEngines.make,
                            cache: LegCache(directory: LegCache.defaultDirectory()), late: late, water: water)
    }

    /// The itinerary with every leg the engine can give.
    static func itinerary(_ trip: Trip, settings: Settings) -> Itinerary {
        let service = service(settings)
        defer { service.close() }
        return routedItinerary(trip, service)
    }

    /// Runs `body` with a function giving any trip's itinerary with every leg the engine can give, over one
    /// route service (`pace` asks for one itinerary per night it adds).
    static func withItineraries<T>(_ settings: Settings, _ body: ((Trip) -> Itinerary) -> T) -> T {
        let service = service(settings)
        defer { service.close() }
        return body { routedItinerary($0, service) }
    }

    /// The itinerary once the engine has answered every leg it can, with a progress line while that takes long.
    private static func routedItinerary(_ trip: Trip, _ service: RouteService) -> Itinerary {
        _ = service.itinerary(for: trip, requester: .commandLine)
        RoutingProgressLine.during(service) { service.waitUntilIdle() }
        return service.itinerary(for: trip)
    }

    /// An electric trip's battery over the trip as it stands (nights charge at the installed regions' chargers);
    /// nil for any other vehicle or an unknown battery. The regions are read only for an electric car.
    static func battery(_ trip: Trip, _ itinerary: Itinerary, settings: Settings) -> TripBattery? {
        guard settings.vehicle.isElectric else { return nil }
        return TripBattery(trip, itinerary, settings: settings, chargers: ChargerIndex.of(InstalledRegions.scan()))
    }

    /// The trip a command names, its itinerary and the settings in force (the file's problems go to stderr):
    /// what `show`, `export` and `map` start with.
    static func plannedTrip(_ query: String, data: DataOptions, options: UnitOptions) throws
        -> (trip: Trip, itinerary: Itinerary, settings: Settings) {
        let (trip, settings) = try namedTrip(query, data: data, options: options)
        return (trip, itinerary(trip, settings: settings), settings.applying(trip))
    }

    /// The trip a command names and the settings in force (the file's problems go to stderr), before any routing.
    static func namedTrip(_ query: String, data: DataOptions, options: UnitOptions) throws
        -> (trip: Trip, settings: Settings) {
        let store = try data.openStore()
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(query) }
        guard let trip = catalog.trip(id) else { throw CLIFailure.user(TripEditError.tripNotFound.description) }
        let (settings, problems) = options.effectiveSettings()
        Output.printNotices(problems)
        return (trip, settings)
    }
}
