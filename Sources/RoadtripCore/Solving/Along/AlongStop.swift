import Foundation

/// A point of interest near a day's road: where it meets the road and what reaching it costs.
public struct AlongStop: Equatable, Sendable {
    public let feature: RegionFeature
    /// The leg it lies along (`Itinerary.Leg.from`): as a stop it goes after that leg's start stop.
    public let leg: Int
    /// The stops at the ends of that leg: insertion is refused once they are no longer neighbours.
    public let fromStop: Waypoint.ID
    public let toStop: Waypoint.ID
    /// How far along the day's road its nearest point is (the legs' distances, spread along their roads).
    public let kmAlong: Double
    /// The day's driving up to that point.
    public let secondsAlong: Double
    /// From the day's line to it, in a straight line: from its road, or from the straight line between the stops
    /// when its leg has no road data.
    public let offKm: Double
    /// Its leg has no road data: `offKm` is measured from the straight line, and the road may pass anywhere.
    public let onStraightLine: Bool
    /// The detour it adds: from the line to it and back, by the estimate (2 × `offKm` × the detour factor, at the
    /// estimate's speed).
    public let detourKm: Double
    public let detourSeconds: Double

    public var coordinate: Coordinate { Coordinate(checked: feature.latitude, feature.longitude) }

    /// Its name for a list and a stop: the name, else its English name, else its kind ("fuel").
    public var name: String {
        !feature.name.isEmpty ? feature.name : !feature.englishName.isEmpty ? feature.englishName
            : feature.kind.replacingOccurrences(of: "_", with: " ")
    }

    /// The POI as a stop of the trip (its zone is filled in when it is added).
    public var waypoint: Waypoint {
        Waypoint(name: name, latitude: feature.latitude, longitude: feature.longitude)
    }
}

/// The POIs along one day, in order along the road.
public struct AlongDay: Equatable, Sendable {
    public let day: Int
    public let categories: [POICategory]
    public let corridorKm: Double
    /// What the corridor follows: the roads, the straight line (no road data), or both.
    public let basis: DayBasis
    /// The day's road length (the legs' distances).
    public let distanceKm: Double
    public let stops: [AlongStop]
}
