import Foundation

/// How far from a day's line towns are looked for. Along a road a router gave, a fixed width; along the straight
/// line (no road data) a width that grows with the leg, since the unseen road strays from the line in proportion to
/// the distance it spans: the Stuart Highway passes Tennant Creek 107 km off Alice Springs → Katherine's 1,041 km
/// line, the Great Northern Highway Fitzroy Crossing 139 km off Kununurra → Broome's 733 km.
public struct OvernightCorridor: Equatable, Sendable {
    /// Along a road: a night 20 km off it is a 40 km detour.
    public static let roadKm = 20.0
    /// Along the straight line, this share of the leg's line on each side…
    public static let straightLineShare = 0.25
    /// …within these bounds: no narrower than the road's; no wider than 250 km, where a town the road does not pass
    /// is 500 km there and back, a day's driving of its own (and the places to look at grow with the width).
    public static let straightLineKm: ClosedRange<Double> = roadKm...250

    /// The half-width along the legs with a road; nil when none has one.
    public let roadKm: Double?
    /// The narrowest and widest half-widths along the legs on the straight line; nil when every leg has its road.
    public let straightLineKm: ClosedRange<Double>?

    public var basis: DayBasis {
        straightLineKm == nil ? .road : roadKm == nil ? .straightLine : .mixed
    }
}

extension OvernightCorridor {
    /// The corridor of `legs` between `stops`.
    init(_ legs: [Itinerary.Leg], stops: [Waypoint]) {
        let straight = legs.filter(\.isOnStraightLine).map { Self.halfWidthKm($0, stops: stops) }
        roadKm = legs.contains { !$0.isOnStraightLine } ? Self.roadKm : nil
        straightLineKm = straight.min().map { $0...straight.max()! }
    }

    /// How far from `leg` a town may be.
    static func halfWidthKm(_ leg: Itinerary.Leg, stops: [Waypoint]) -> Double {
        guard leg.isOnStraightLine else { return roadKm }
        let from = stops[leg.from].coordinate, to = stops[leg.to].coordinate
        let line = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
        return min(straightLineKm.upperBound, max(straightLineKm.lowerBound, line * straightLineShare))
    }
}
