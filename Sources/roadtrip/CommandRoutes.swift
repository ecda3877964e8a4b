import Foundation
import RoadtripCore

/// The command line's itineraries: the same `RouteService` as the app, without a loop to post to, so a
/// command waits for the engine's answers (each bounded by the engine's time-out) before it prints.
enum CommandRoutes {
    static func service(_ settings: Settings) -> RouteService {
        RouteService(settings: { settings }, makeEngine: RoutingEngines.make, cache: LegCache(directory: LegCache.defaultDirectory()),
                     feed: nil, deliver: { $0() })
    }

    /// The itinerary with every leg the engine can give.
    static func itinerary(_ trip: Trip, settings: Settings) -> Itinerary {
        let service = service(settings)
        _ = service.itinerary(for: trip, requester: .commandLine)
        service.waitUntilIdle()
        defer { service.close() }
        return service.itinerary(for: trip)
    }

    /// Runs `body` with a function giving any trip's itinerary with every leg the engine can give, over one
    /// route service (`pace` asks for one itinerary per night it adds).
    static func withItineraries<T>(_ settings: Settings, _ body: ((Trip) -> Itinerary) -> T) -> T {
        let service = service(settings)
        defer { service.close() }
        return body { trip in
            _ = service.itinerary(for: trip, requester: .commandLine)
            service.waitUntilIdle()
            return service.itinerary(for: trip)
        }
    }

    /// The trip a command names, its itinerary and the settings in force (the file's problems go to stderr):
    /// what `show`, `export` and `map` start with.
    static func plannedTrip(_ query: String, data: DataOptions, options: UnitOptions) throws
        -> (trip: Trip, itinerary: Itinerary, settings: Settings) {
        let store = try data.openStore()
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(query) }
        guard let trip = catalog.trip(id) else { throw CLIFailure.user(TripEditError.tripNotFound.description) }
        let (settings, problems) = options.effectiveSettings()
        Output.printNotices(problems)
        return (trip, itinerary(trip, settings: settings), settings)
    }

    /// The driving times between every two of `stops`, waiting for the engine (a pair without a road is a
    /// missing cell, which the solver avoids).
    /// Routino answers one leg per process, minutes for a big trip, so past 15 stops the search weighs the
    /// estimate's matrix and `searchedOnEstimates` says so (the totals are still routed).
    static func matrix(_ stops: [Coordinate], settings: Settings) -> (matrix: LegMatrix, searchedOnEstimates: Bool) {
        let estimate = { EstimateEngine(settings).table(stops) }
        if settings.router == .routino && stops.count > 15 { return (estimate(), true) }
        let service = service(settings)
        defer { service.close() }
        let answer = MatrixAnswer()
        service.table(stops, requester: .commandLine) { answer.give($0) }
        // An engine that is down fails every cell: weigh the estimate's then, rather than no roads at all.
        guard let matrix = answer.wait(), stops.indices.contains(where: { from in
            stops.indices.contains { $0 != from && matrix[from, $0] != nil }
        }) else { return (estimate(), true) }
        return (matrix, false)
    }
}

/// The one matrix a command waits for, handed over from the routing queue.
private final class MatrixAnswer: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var matrix: LegMatrix?

    func give(_ matrix: LegMatrix?) {
        self.matrix = matrix
        ready.signal()
    }

    func wait() -> LegMatrix? {
        ready.wait()
        return matrix
    }
}
