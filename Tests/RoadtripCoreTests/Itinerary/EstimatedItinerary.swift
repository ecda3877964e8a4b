import RoadtripCore
import RoadtripTestSupport

/// A trip's itinerary as the app and the command line compute it under the estimate setting: the route
/// service with no engine to ask.
func estimatedItinerary(_ trip: Trip, settings: Settings = Settings()) -> Itinerary {
    estimateService(settings).itinerary(for: trip)
}

/// The route service behind `estimatedItinerary`.
func estimateService(_ settings: Settings = Settings()) -> RouteService {
    var settings = settings
    settings.router = .estimate
    return RouteService(settings: { settings }, makeEngine: RoutingEngines.make, cache: nil, water: TestWater.shared)
}
