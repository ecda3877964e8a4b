import Foundation

/// The order `TourSolver` finds for a trip's stops from a matrix of driving times: the first stop stays, the
/// last stays unless `freeEnd` (a round trip, whose last stop is its first place, always ends there); a pinned
/// stop (`Waypoint.pinned`) keeps its position.
/// Nights, notes, stays and zones are the stops' own, so they travel with them.
public struct TripOptimisation: Equatable, Sendable {
    /// `order[position]`: the index, in the trip as it is, of the stop to put at `position`.
    public let order: [Int]
    /// The solver proved the order best (for the matrix's times), rather than found it by search.
    public let isOptimal: Bool
    /// The first and last stops are one place, so the last did not move.
    public let isRoundTrip: Bool
    /// Some legs of the order have no road in the matrix (a ferry the engine does not take, an island).
    public let usesMissingLegs: Bool
    /// How many of the trip's stops are pinned, and so kept where they are.
    public let pinnedCount: Int

    /// Whether the order differs from the trip's.
    public var changesOrder: Bool { order != Array(order.indices) }

    public static func solve(_ trip: Trip, matrix: LegMatrix, freeEnd: Bool = false,
                             isCancelled: () -> Bool = { false }) -> TripOptimisation {
        let stops = trip.waypoints
        precondition(matrix.count == stops.count, "a matrix of the trip's stops")
        let roundTrip = stops.count > 2 && stops[0].coordinate == stops[stops.count - 1].coordinate
        let pinned = Set(stops.indices.filter { stops[$0].pinned })
        let problem = TourProblem(count: stops.count, freeEnd: freeEnd && !roundTrip, pinned: pinned) {
            matrix[$0, $1]?.durationSeconds
        }
        let solution = TourSolver.solve(problem, isCancelled: isCancelled)
        let missing = zip(solution.order, solution.order.dropFirst()).contains { matrix[$0, $1] == nil }
        return TripOptimisation(order: solution.order, isOptimal: solution.isOptimal, isRoundTrip: roundTrip,
                                usesMissingLegs: missing, pinnedCount: pinned.count)
    }
}

extension Trip {
    /// The trip with its stops in `order` (`order[position]` = the stop's index now); nil unless `order` is a
    /// permutation of the stops.
    public func reordered(_ order: [Int]) -> Trip? {
        guard order.count == waypoints.count, Set(order) == Set(waypoints.indices) else { return nil }
        var copy = self
        copy.waypoints = order.map { waypoints[$0] }
        return copy
    }
}
