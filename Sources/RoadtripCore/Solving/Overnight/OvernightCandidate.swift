import Foundation

/// A town where a day could end: a place of the gazetteer near the day's line, what reaching it costs, and how it
/// splits the day's driving.
public struct OvernightCandidate: Equatable, Sendable {
    public let place: Place
    /// The day it splits (1-based, as `Itinerary.Day.number`).
    public let day: Int
    /// The leg it lies along (`Itinerary.Leg.from`): it is inserted after that leg's start stop.
    public let leg: Int
    /// The stops at the ends of that leg: insertion is refused once they are no longer neighbours.
    public let fromStop: Waypoint.ID
    public let toStop: Waypoint.ID
    /// The driving it adds: from the road to the town and back; on the straight line, what the estimate adds by
    /// going through it (its legs to and from the town less the leg it splits).
    public let addedSeconds: Double
    /// The day's driving up to the town, and from it to the day's end; together the day's driving plus `addedSeconds`.
    public let beforeSeconds: Double
    public let afterSeconds: Double
    /// How far the town is from the day's line: its road, or the straight line between its stops.
    public let offKm: Double
    /// Its leg has no road data: `offKm` is measured from the straight line, and the road may pass anywhere.
    public let onStraightLine: Bool

    public var coordinate: Coordinate { Coordinate(checked: place.latitude, place.longitude) }
    /// `[before, after]`, as `suggest --json` gives it.
    public var splitSeconds: [Double] { [beforeSeconds, afterSeconds] }

    /// "Aviemore · +4 min · 3 h 55 then 4 h 10", and on the straight line "· 107 km off the straight line": what
    /// picking it does (the name is the gazetteer's: sanitise it before a terminal shows it).
    public func text(_ unit: DistanceUnit) -> String {
        "\(place.name) · +\(TripText.duration(addedSeconds)) · \(TripText.duration(beforeSeconds)) then "
            + TripText.duration(afterSeconds) + (onStraightLine ? " · \(unit.format(km: offKm)) off the straight line" : "")
    }
}
