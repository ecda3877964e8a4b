import Foundation

/// What optimising a trip's order would do, before it is done (issue 22): the totals before and after, the new
/// order and what the figures rest on. `roadtrip optimise` prints it; the trip screen's `o` shows it. A value:
/// only applying it (`TripEditor.reorder(order)`) changes the trip.
public struct OrderPreview: Sendable {
    /// What a plan adds up to, as the preview compares it.
    public struct Totals: Equatable, Sendable {
        public let distanceKm: Double
        public let drivingSeconds: Double
        public let days: Int
        public let daysOverLimit: Int
        /// Some legs are estimates (the router did not answer them).
        public let estimated: Bool

        public init(_ itinerary: Itinerary) {
            distanceKm = itinerary.distanceKm
            drivingSeconds = itinerary.drivingSeconds
            days = itinerary.dayCount
            daysOverLimit = itinerary.days.filter(\.exceedsLimit).count
            estimated = itinerary.hasEstimates
        }
    }

    public let trip: Trip
    public let before: Itinerary
    public let after: Itinerary
    public let optimisation: TripOptimisation
    /// The search weighed estimated times (Routino past its limit of unknown pairs, or the engine did not answer).
    public let searchedOnEstimates: Bool

    public init(trip: Trip, before: Itinerary, after: Itinerary, optimisation: TripOptimisation,
                searchedOnEstimates: Bool) {
        self.trip = trip
        self.before = before
        self.after = after
        self.optimisation = optimisation
        self.searchedOnEstimates = searchedOnEstimates
    }

    /// The new order drives less than the old one (by more than rounding).
    public var better: Bool { savedSeconds > 0.5 }
    public var savedSeconds: Double { before.drivingSeconds - after.drivingSeconds }
    public var order: [Int] { optimisation.order }
    public var totalsBefore: Totals { Totals(before) }
    public var totalsAfter: Totals { Totals(after) }

    /// The stops in the new order, each with its position in the trip as it is.
    public var stops: [(stop: Waypoint, was: Int)] { order.map { (trip.waypoints[$0], $0) } }

    /// "the stops are already in the best order (proven)": said instead of a preview when nothing is gained.
    public var nothingToGain: String {
        "the stops are already in the best order (\(optimisation.isOptimal ? "proven" : "none better found"))"
    }

    /// "proven best" or "the best found".
    public var proof: String { optimisation.isOptimal ? "proven best" : "the best found" }

    /// What the figures rest on, one sentence each: a round trip's end, pinned stops, estimates searched, legs without
    /// a road.
    public var notes: [String] {
        var notes: [String] = []
        if optimisation.isRoundTrip { notes.append("A round trip: the last stop is the first place, so it stays last.") }
        if optimisation.pinnedCount > 0 {
            let count = optimisation.pinnedCount
            notes.append("\(TripText.count(count, "stop")) \(count == 1 ? "is" : "are") pinned and kept in place.")
        }
        if searchedOnEstimates {
            notes.append("The search weighed estimated times (the router's table was not available); the totals are routed.")
        }
        if optimisation.usesMissingLegs { notes.append("Some legs of this order have no road in the router's answer.") }
        return notes
    }
}

/// The preview of the best order for a trip, from the route service: the search's matrix, the solver, then the
/// itineraries before and after with every leg the engine gives. Blocks (it waits for the engine): the command
/// line calls it in place, the app off its loop.
public enum TripOrderSearch {
    /// nil when `isCancelled` says so first (asked while waiting and between the solver's rounds). The trip needs
    /// a stop that may move: at least three stops, or two with `freeEnd`.
    public static func preview(of trip: Trip, routes: RouteService, requester: RouteRequester, freeEnd: Bool = false,
                               isCancelled: () -> Bool = { false }) -> OrderPreview? {
        guard let (matrix, estimated) = routes.searchMatrix(trip.waypoints.map(\.coordinate), of: trip, requester: requester,
                                                            isCancelled: isCancelled) else { return nil }
        let optimisation = TripOptimisation.solve(trip, matrix: matrix, freeEnd: freeEnd, isCancelled: isCancelled)
        guard !isCancelled(), let reordered = trip.reordered(optimisation.order),
              let before = routes.routedItinerary(for: trip, requester: requester, isCancelled: isCancelled)
        else { return nil }
        var after = before
        if optimisation.changesOrder {
            guard let routed = routes.routedItinerary(for: reordered, requester: requester, isCancelled: isCancelled)
            else { return nil }
            after = routed
        }
        return OrderPreview(trip: trip, before: before, after: after, optimisation: optimisation,
                            searchedOnEstimates: estimated)
    }
}
