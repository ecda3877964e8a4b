import RoadtripCore

/// How the trip's screens write the itinerary's clock: each arrival on its stop's wall clock, the zone named by its
/// UTC offset ("UTC−6": Foundation on Linux names zones "GMT-6" anyway, and an offset reads the same everywhere) where
/// the trip crosses zones, and "+1 h" where a day's clock changed against the stop it left from.
enum ScreenClock {
    /// "UTC−6", "UTC+5:45", "UTC".
    static func zone(offset seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let hours = "\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)")
        return "UTC" + (seconds < 0 ? "−" : "+") + hours
    }

    /// "+1 h", "−1 h", "+30 min": the clock change against the day's first stop; nil for none.
    static func shift(_ seconds: Int) -> String? {
        guard seconds != 0 else { return nil }
        return (seconds < 0 ? "−" : "+") + TripText.duration(Double(abs(seconds)))
    }

    /// Whether the trip's clocks read differently somewhere: then its times carry their zone.
    static func crossesZones(_ itinerary: Itinerary) -> Bool {
        var offsets = Set<Int>()
        for arrival in itinerary.arrivals {
            if let offset = arrival.local?.utcOffset { offsets.insert(offset) }
            if let offset = arrival.departureLocal?.utcOffset { offsets.insert(offset) }
            if offsets.count > 1 || arrival.zoneShift != 0 { return true }
        }
        return false
    }

    /// "14:35", or "14:35 UTC−6" with the zone.
    static func time(_ time: WallTime, zone: Bool) -> String {
        zone ? "\(time.clock) \(self.zone(offset: time.utcOffset))" : time.clock
    }

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
