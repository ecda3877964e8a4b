import RoadtripCore

/// How the trip's screens write the days of the itinerary's clock (`ClockText` writes its times, zones and changes
/// as `show` does).
enum ScreenClock {
    /// The day a wall time falls on there ("Sun 13 Jun", "Day 2"): the plan's day, or the one after past midnight.
    static func day(_ time: WallTime, _ itinerary: Itinerary, start: CalendarDate?, year: Bool) -> String {
        TripText.day(index: itinerary.localDayIndex(time), date: time.date, start: start, year: year)
    }

    /// When stop `index` is reached: "Sun 13 Jun 14:35", "Day 2 14:35"; the first stop's day alone.
    static func arrival(_ itinerary: Itinerary, _ index: Int, start: CalendarDate?, year: Bool) -> String {
        let arrival = itinerary.arrivals[index]
        guard let local = arrival.local else {
            return TripText.day(index: arrival.dayIndex, date: arrival.date, start: start, year: year)
        }
        return "\(day(local, itinerary, start: start, year: year)) \(local.clock)"
    }
}
