import Foundation

/// A town where a day could end: a place of the gazetteer near the day's road, what reaching it costs, and how it
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
    /// The driving it adds: from the road to the town and back.
    public let addedSeconds: Double
    /// The day's driving up to the town, and from it to the day's end; together the day's driving plus `addedSeconds`.
    public let beforeSeconds: Double
    public let afterSeconds: Double
    /// How far the town is from the road.
    public let offRoadKm: Double

    public var coordinate: Coordinate { Coordinate(checked: place.latitude, place.longitude) }
    /// `[before, after]`, as `suggest --json` gives it.
    public var splitSeconds: [Double] { [beforeSeconds, afterSeconds] }

    /// "Aviemore · +4 min · 3 h 55 then 4 h 10": what picking it does (the name is the gazetteer's: sanitise it
    /// before a terminal shows it).
    public var text: String {
        "\(place.name) · +\(TripText.duration(addedSeconds)) · \(TripText.duration(beforeSeconds)) then \(TripText.duration(afterSeconds))"
    }
}

/// The towns where one day could end, best first; none when no town lies along its road.
public struct DayOvernights: Equatable, Sendable {
    public let day: Int
    public let drivingSeconds: Double
    public let exceedsLimit: Bool
    public let candidates: [OvernightCandidate]
    /// The day has no driving to split (a rest day).
    public let isRestDay: Bool

    /// No town lies within the corridor of a day that drives: say so rather than offer one far off the road.
    public var hasNoTownAlong: Bool { !isRestDay && candidates.isEmpty }

    /// Why there is nothing to offer, or nil when there is.
    public var emptyReason: String? {
        guard candidates.isEmpty else { return nil }
        return isRestDay ? "No driving on day \(day)" : "No town along day \(day)'s road"
    }
}
