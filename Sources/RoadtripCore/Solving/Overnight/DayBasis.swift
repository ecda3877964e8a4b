import Foundation

/// What an answer about a day was found along: the roads a router gave, the straight line between the stops where
/// it gave none (the estimate: no road data, so the road itself is unseen), or both on a day of both.
public enum DayBasis: String, Equatable, Sendable {
    case road
    case straightLine = "straight line"
    case mixed

    /// The basis of these legs (a day's, or one leg's).
    init(_ legs: [Itinerary.Leg]) {
        self = !legs.contains(where: \.isOnStraightLine) ? .road
            : legs.allSatisfy(\.isOnStraightLine) ? .straightLine : .mixed
    }

    /// One answer's: a town's or a place's, by its leg.
    public init(onStraightLine: Bool) {
        self = onStraightLine ? .straightLine : .road
    }

    /// "the road", "the straight line (no road data)": what an answer was found along.
    public var lineText: String {
        switch self {
        case .road: return "the road"
        case .straightLine: return "the straight line (no road data)"
        case .mixed: return "the road, or the straight line where there is no road data"
        }
    }
}

extension Itinerary.Leg {
    /// No road is known under it: the estimate, or an answer without a shape; a day's line (`DayRoute`) then runs
    /// along the great circle between its stops.
    var isOnStraightLine: Bool { isEstimate || geometry.count < 2 }
}
