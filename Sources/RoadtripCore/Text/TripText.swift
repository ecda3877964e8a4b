import Foundation

/// How figures read, the same on every screen and in every command: counts, distances, driving times,
/// days. `≈` marks what is estimated (a straight line × detour, not a routing engine's road).
public enum TripText {
    /// "1 stop", "12 stops", "1,203 nights".
    public static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(DistanceUnit.grouped(n)) \(noun)s"
    }

    /// "≈412 km" for an estimate, "412 km" for a routed distance.
    public static func distance(_ km: Double, _ unit: DistanceUnit, estimated: Bool) -> String {
        (estimated ? "≈" : "") + unit.format(km: km)
    }

    /// "4 h 35", "8 h", "45 min", "0 min"; hours grouped past 999 ("1,203 h 05").
    public static func duration(_ seconds: Double) -> String {
        let minutes = Int((min(max(0, seconds), 1e15) / 60).rounded())
        let hours = minutes / 60, rest = minutes % 60
        if hours == 0 { return "\(minutes) min" }
        if rest == 0 { return "\(DistanceUnit.grouped(hours)) h" }
        return "\(DistanceUnit.grouped(hours)) h " + (rest < 10 ? "0\(rest)" : "\(rest)")
    }

    /// "412 km · 4 h 35", with `≈` first for an estimate, then its marks (`legMarks`).
    public static func leg(_ leg: Itinerary.Leg, _ unit: DistanceUnit) -> String {
        let figures = "\(distance(leg.distanceKm, unit, estimated: leg.isEstimate)) · \(duration(leg.durationSeconds))"
        return ([figures] + legMarks(leg, unit)).joined(separator: " ")
    }

    /// A leg with a ferry on it; screens that cannot show it write `ferryWord`.
    public static let ferryMark = "⛴"
    public static let ferryWord = "ferry"
    /// An estimate with no way round the sea it crosses (`WaterCrossing`), with its best guess of the crossing, the
    /// shortest sea gap: "≈ crosses ≈18 km of sea".
    public static func waterMark(seaKm: Double, _ unit: DistanceUnit) -> String {
        "≈ crosses " + seaGap(seaKm, unit)
    }

    /// "≈18 km of sea": whole units, the gap being a guess.
    public static func seaGap(_ km: Double, _ unit: DistanceUnit) -> String {
        "≈\(DistanceUnit.grouped(max(1, Int(saturating: unit.value(fromKm: km).rounded())))) \(unit.rawValue) of sea"
    }

    /// What a leg's figures do not say: a ferry on it (`ferryMark`), an estimate over water (`waterMark`), the
    /// installed region whose database routed it ("Routino Norway").
    public static func legMarks(_ leg: Itinerary.Leg, _ unit: DistanceUnit) -> [String] {
        var marks: [String] = []
        if leg.usesFerry { marks.append(ferryMark) }
        if leg.crossesWater { marks.append(waterMark(seaKm: leg.seaKm, unit)) }
        if let region = leg.region { marks.append("\(leg.source.engineName) \(TerminalSafe.line(region))") }
        return marks
    }

    /// "Sat 12 Jun 2027": unambiguous in every locale, short enough for a column; "Sat 12 Jun" without the
    /// `year` (a table whose header gives it).
    public static func day(_ date: CalendarDate, year: Bool = true) -> String {
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let text = "\(weekdays[date.weekday - 1]) \(date.day) \(months[date.month - 1])"
        return year ? "\(text) \(date.year)" : text
    }

    /// The day a stop is reached or a day of the plan: its date, or "Day N" for a trip without a start date
    /// ("after 9999" for a date past the calendar).
    public static func day(index: Int, date: CalendarDate?, start: CalendarDate?, year: Bool = true) -> String {
        if let date { return day(date, year: year) }
        return start == nil ? "Day \(DistanceUnit.grouped(index.saturatingAdding(1)))" : "after 9999"
    }

    /// "12 Jun – 23 Jun 2027", "30 Dec 2027 – 2 Jan 2028", or one day.
    public static func span(_ start: CalendarDate, _ end: CalendarDate?) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let first = "\(start.day) \(months[start.month - 1])"
        guard let end, end != start else { return "\(first) \(start.year)" }
        let last = "\(end.day) \(months[end.month - 1]) \(end.year)"
        return end.year == start.year ? "\(first) – \(last)" : "\(first) \(start.year) – \(last)"
    }

    /// A trip's dates for a list, as short as they read unambiguously: "12–19 Jun 2027", "28 Jun – 3 Jul 2027",
    /// "30 Dec 2027 – 8 Jan 2028", "12 Jun 2027" (one day), "no date" (no start date), "… – after 9999".
    public static func dates(_ start: CalendarDate?, _ end: CalendarDate?) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let start else { return "no date" }
        let first = "\(start.day) \(months[start.month - 1]) \(start.year)"
        guard let end else { return "\(first) – after 9999" }
        if end == start { return first }
        let last = "\(end.day) \(months[end.month - 1]) \(end.year)"
        if end.year != start.year { return "\(first) – \(last)" }
        if end.month != start.month { return "\(start.day) \(months[start.month - 1]) – \(last)" }
        return "\(start.day)–\(last)"
    }

    /// One day of the plan: its driving ("≈548 km · 6 h 51", empty without driving; `⛴` after it with a ferry) and
    /// where it goes ("Chicago → St. Louis via Springfield", "At Santa Fe", "End at Santa Monica"), then its ferry
    /// time and whether an estimate crosses water, with the hint to split a day over the daily limit.
    public static func dayPlan(_ day: Itinerary.Day, _ itinerary: Itinerary, _ stops: [Waypoint],
                               _ unit: DistanceUnit) -> (driving: String, plan: String) {
        if day.isOnTheRoad {
            let from = stops[day.startStop].name, to = stops[day.endStop].name
            let at = itinerary.arrivals[day.endStop].local.map { " at " + $0.clock } ?? ""
            return ("", day.overruns ? "On the road to \(to), no night planned" : "Reaches \(to)\(at), on the road from \(from)")
        }
        guard day.isDriving else { return ("", (day.isLast ? "End at " : "At ") + stops[day.endStop].name) }
        let estimated = itinerary.legs[day.legs].contains(where: \.isEstimate)
        let ferrySeconds = itinerary.legs[day.legs].reduce(0) { $0 + $1.ferrySeconds }
        let driving = "\(distance(day.distanceKm, unit, estimated: estimated)) · \(duration(day.drivingSeconds))"
            + (ferrySeconds > 0 ? " " + ferryMark : "")
        var plan = "\(stops[day.startStop].name) → \(stops[day.endStop].name)"
        let via = stops[(day.startStop + 1)..<day.endStop].map(\.name)
        if !via.isEmpty { plan += " via " + via.joined(separator: ", ") }
        if ferrySeconds > 0 { plan += " · \(ferryMark) \(duration(ferrySeconds))" }
        let seaKm = itinerary.legs[day.legs].reduce(0) { $0 + $1.seaKm }
        if seaKm > 0 { plan += " · " + waterMark(seaKm: seaKm, unit) }
        if day.lastNumber == .max {
            plan += " · reaches \(stops[day.endStop].name) after 9999"
        } else if day.overruns {
            plan += " · \(duration(day.drivingSeconds)) of driving: \(count(day.daysOnTheRoad, "day")) on the road, "
                + "no night planned"
        } else if day.exceedsLimit {
            plan += " · over \(duration(itinerary.dailyLimitSeconds)): add a stop"
        }
        return (driving, plan)
    }

    /// The summary line: stops, distance, driving time, nights, days, dates.
    public static func summary(_ trip: Trip, _ itinerary: Itinerary, _ unit: DistanceUnit) -> String {
        summaryFacts(trip, itinerary, unit).joined(separator: " · ")
    }

    /// The facts of the summary line, in its order; the dates, when the trip has a start date, come last.
    public static func summaryFacts(_ trip: Trip, _ itinerary: Itinerary, _ unit: DistanceUnit) -> [String] {
        var facts = [count(trip.waypoints.count, "stop")]
        if trip.waypoints.count > 1 {
            let estimated = itinerary.hasEstimates
            facts.append(distance(itinerary.distanceKm, unit, estimated: estimated))
            facts.append((estimated ? "≈" : "") + duration(itinerary.drivingSeconds) + " driving")
        }
        if itinerary.nights > 0 { facts.append(count(itinerary.nights, "night")) }
        if !trip.waypoints.isEmpty { facts.append(count(itinerary.dayCount, "day")) }
        if let start = trip.startDate {
            let end = itinerary.endDate.map { span(start, $0) } ?? "\(span(start, nil)) – after 9999"
            facts.append(trip.waypoints.isEmpty ? "starts \(day(start))" : end)
        }
        return facts
    }
}
