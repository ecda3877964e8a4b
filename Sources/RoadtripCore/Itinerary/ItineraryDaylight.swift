import Foundation

/// The sun along a trip, computed when asked (never in `Itinerary.init`, which a keystroke rebuilds): each stop's
/// sunrise, sunset and civil dusk, and which legs end in the dark. Nothing for an undated trip: without a season
/// there is no sunset to tell.
public struct ItineraryDaylight {
    private let stops: [Waypoint]
    private let itinerary: Itinerary

    public init(trip: Trip, itinerary: Itinerary) {
        stops = trip.waypoints
        self.itinerary = itinerary
    }

    /// How a leg meets the dark: `arrivesAfterDark` when it reaches its stop after civil dusk (or before civil
    /// dawn, or on a day the sun stays 6° below the horizon); `drivesIntoDark` when, besides, it left in daylight
    /// (the dark falls on the way).
    public struct LegLight: Equatable, Sendable {
        public let arrivesAfterDark: Bool
        public let drivesIntoDark: Bool
    }

    /// The sun at stop `index` on its local date `date`.
    public func daylight(at index: Int, on date: CalendarDate) -> Daylight {
        let stop = stops[index]
        let noon = ZoneClock(itinerary.arrivals[index].timeZone, dated: true).instant(day: date.dayNumber, minutes: 12 * 60)
        return SolarEvents.daylight(aroundLocalNoon: noon, latitude: stop.latitude, longitude: stop.longitude)
    }

    /// The sun at stop `index` on the day it is reached there (the first stop: the day it is left); nil for an
    /// undated trip or a time past the calendar. A night stop's sunset is the one the days view shows.
    public func daylight(at index: Int) -> Daylight? {
        guard itinerary.startDate != nil, itinerary.arrivals.indices.contains(index),
              let date = (itinerary.arrivals[index].local ?? itinerary.arrivals[index].departureLocal)?.date
        else { return nil }
        return daylight(at: index, on: date)
    }

    /// How leg `leg` (from stop `leg` to `leg + 1`) meets the dark; nil for an undated trip or a leg without times.
    public func light(ofLeg leg: Int) -> LegLight? {
        guard itinerary.startDate != nil, itinerary.legs.indices.contains(leg),
              let left = itinerary.arrivals[leg].departure, let arrived = itinerary.arrivals[leg + 1].instant
        else { return nil }
        let after = isDark(at: arrived, stop: leg + 1)
        return LegLight(arrivesAfterDark: after, drivesIntoDark: after && !isDark(at: left, stop: leg))
    }

    /// Whether the sun is more than 6° below the horizon at stop `index` at `instant`: after civil dusk or before
    /// civil dawn, or all day in a polar night deep enough; never in a white night. One sun position, not the day's
    /// events: a 500-stop trip asks this for every leg.
    func isDark(at instant: Date, stop index: Int) -> Bool {
        let stop = stops[index]
        return SolarEvents.altitude(at: instant, latitude: stop.latitude, longitude: stop.longitude)
            < SolarEvents.civilDuskAltitude
    }
}
