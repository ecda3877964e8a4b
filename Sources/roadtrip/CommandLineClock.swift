import Foundation
import RoadtripCore

/// `show`'s clock: each stop's local arrival, with the zone where the trip crosses zones and the change against
/// the day's first stop; rests, visits, each day's hours and its night's sunset; legs that end in the dark.
extension CommandLineFormat {
    /// "Mon 14 Jun 2027 12:00 UTC−6 (−1 h)", "Day 2 12:00"; the first stop's day alone. A time past midnight or
    /// across the date line is given with the day it falls on there.
    static func arrival(_ trip: Trip, _ itinerary: Itinerary, _ index: Int, zones: Bool) -> String {
        let arrival = itinerary.arrivals[index]
        guard let local = arrival.local else {
            return TripText.day(index: arrival.dayIndex, date: arrival.date, start: trip.startDate)
        }
        let day = TripText.day(index: itinerary.localDayIndex(local), date: local.date, start: trip.startDate)
        var text = "\(day) \(ClockText.time(local, zone: zones))"
        if let shift = ClockText.shift(arrival.zoneShift) { text += " (\(shift))" }
        return text
    }

    /// What happens at a stop besides its name: "1 rest", "visit 1h30 until 12:00", "after dark".
    static func stopFacts(_ itinerary: Itinerary, _ index: Int, light: ItineraryDaylight.LegLight?, zones: Bool) -> [String] {
        let arrival = itinerary.arrivals[index]
        var facts: [String] = []
        if let rests = ClockText.rests(arrival) { facts.append(rests) }
        if arrival.stayMinutes > 0 {
            let until = arrival.departureLocal.map { " until " + ClockText.time($0, zone: zones) } ?? ""
            facts.append("visit \(StayDuration.format(arrival.stayMinutes))\(until)")
        }
        if let light, light.arrivesAfterDark { facts.append(light.drivesIntoDark ? "into the dark" : "after dark") }
        return facts
    }

    /// "09:00–16:45", "09:00 UTC−5 – 16:45 UTC−7", "09:00–01:10 (+1 day)": when a driving day leaves and arrives,
    /// each on its stop's clock.
    static func hours(_ day: Itinerary.Day, _ itinerary: Itinerary, zones: Bool) -> String {
        guard day.isDriving, let leaves = itinerary.arrivals[day.startStop].departureLocal,
              let arrives = itinerary.arrivals[day.endStop].local else { return "" }
        let separator = zones ? " – " : "–"
        var text = ClockText.time(leaves, zone: zones) + separator + ClockText.time(arrives, zone: zones)
        // Past midnight, or across the date line: the day the clock there shows.
        let days = itinerary.localDayIndex(arrives) - (day.number - 1)
        if days != 0 { text += " (\(days > 0 ? "+" : "−")\(TripText.count(abs(days), "day")))" }
        return text
    }

    /// "sunset 20:31", "midnight sun", "polar night": the sun at a day's night stop; nil for an undated trip, the
    /// last day (no night) and a day that ends on the road.
    static func sunset(_ day: Itinerary.Day, _ daylight: ItineraryDaylight, _ itinerary: Itinerary, zones: Bool) -> String? {
        guard !day.isLast, !day.overruns, let date = day.date else { return nil }
        let clock = ZoneClock(itinerary.arrivals[day.endStop].timeZone, dated: true)
        switch daylight.daylight(at: day.endStop, on: date) {
        case let .day(_, sunset, _): return "sunset " + ClockText.time(clock.local(sunset), zone: zones)
        case .midnightSun: return "midnight sun"
        case .polarNight: return "polar night"
        }
    }

    /// One line per leg that ends in the dark, with the dusk and what to do about it.
    static func darkNotes(_ trip: Trip, _ itinerary: Itinerary, _ daylight: ItineraryDaylight, zones: Bool) -> String {
        var out = ""
        for leg in itinerary.legs.indices {
            guard let light = daylight.light(ofLeg: leg), light.arrivesAfterDark else { continue }
            let stop = TerminalSafe.line(trip.waypoints[leg + 1].name)
            var dusk = ""
            if case let .day(_, _, civilDusk?)? = daylight.daylight(at: leg + 1) {
                let clock = ZoneClock(itinerary.arrivals[leg + 1].timeZone, dated: true)
                dusk = " (dusk \(ClockText.time(clock.local(civilDusk), zone: zones)))"
            }
            let what = light.drivesIntoDark ? "drives into the dark before \(stop)" : "reaches \(stop) after dark"
            out += "\n☾ leg \(leg + 1)–\(leg + 2) \(what)\(dusk): leave earlier or split the day"
        }
        return out.isEmpty ? "" : out + "\n"
    }
}
