import Foundation

/// iCalendar (RFC 5545), so that the plan shows in a calendar. Needs the trip's start date.
///
/// - one all-day event per stay (a stop with nights), from the day it is reached to the day it is left (DTEND is
///   exclusive);
/// - one event per driving day, from its departure to its arrival, each on the wall clock of its stop
///   (`DTSTART;TZID=America/Chicago:…`, `DTEND;TZID=America/Denver:…`), with a `VTIMEZONE` for each zone they
///   name (`ICalendarZones`), so that a calendar shows them at the itinerary's instants in any zone.
///
/// Lines end with CR LF and are folded at 75 octets, never inside a UTF-8 sequence; text values escape
/// `\` `;` `,` and line breaks (`\n`), and carry no control character (`ExportText`). Each event's UID is its
/// stop's id (a drive's, the stop it leaves from), so importing the file again updates the events instead of
/// doubling them; DTSTAMP is when the trip last changed, so the same trip gives the same file. LOCATION names the
/// place (`location`: a stay's stop, a drive's stop it leaves from), GEO is that stop's position. A calendar
/// carrying OpenStreetMap's data credits it in its own DESCRIPTION (`ExportAttribution`).
enum ICalendarWriter {
    static func document(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit, creator: String,
                         cost: TripCost? = nil, battery: TripBattery? = nil) throws -> String {
        guard trip.startDate != nil else { throw ExportError.noStartDate }
        let stamp = timestamp(trip.updatedAt)
        let zones = itinerary.crossesZones
        let named = trip.waypoints.map { stop -> Waypoint in
            var copy = stop
            copy.name = ExportText.line(stop.name)
            return copy
        }
        var events: [String] = []
        // The instants each zone's events span, for its VTIMEZONE; in the order the zones come.
        var spans: [(zone: TimeZone, first: Date, last: Date)] = []
        func use(_ zone: TimeZone, _ instant: Date) {
            if let index = spans.firstIndex(where: { $0.zone == zone }) {
                spans[index].first = min(spans[index].first, instant)
                spans[index].last = max(spans[index].last, instant)
            } else {
                spans.append((zone, instant, instant))
            }
        }
        for day in itinerary.days {
            if day.isDriving {
                let from = itinerary.arrivals[day.startStop], to = itinerary.arrivals[day.endStop]
                // A drive past what a calendar's dates hold (the year 9999) cannot be written.
                guard let left = day.departure, let arrived = day.arrival,
                      let start = wall(from.departureLocal), let end = wall(to.local)
                else { throw ExportError.datesOutOfRange }
                use(from.timeZone, left)
                use(to.timeZone, arrived)
                let costLine = cost.flatMap { cost in
                    cost.days.indices.contains(day.number - 1) ? CostText.dayParts(cost.days[day.number - 1], cost) : nil
                }
                events += drive(trip, named, itinerary, day, unit, zones: zones, stamp: stamp, cost: costLine, battery: battery,
                                start: "DTSTART;TZID=\(from.timeZone.identifier):\(start)",
                                end: "DTEND;TZID=\(to.timeZone.identifier):\(end)")
            }
            let index = day.endStop, stop = trip.waypoints[index]
            // A stay is the night of the day its stop is reached (the days after it are rest days there).
            guard stop.nights > 0, itinerary.arrivals[index].dayIndex == day.number - 1 else { continue }
            // A calendar date has four digits of year: a stay past 9999 cannot be written (nor left out unsaid).
            guard let arrival = itinerary.arrivals[index].date, let departure = arrival.adding(days: stop.nights)
            else { throw ExportError.datesOutOfRange }
            let description = [ExportText.stopFacts(trip, itinerary, index, unit, zones: zones),
                               ExportText.multiline(stop.notes)].filter { !$0.isEmpty }.joined(separator: "\n\n")
            events += ["BEGIN:VEVENT", "UID:\(stop.id.uuidString.lowercased())@roadtrip", "DTSTAMP:\(stamp)",
                       "DTSTART;VALUE=DATE:\(date(arrival))", "DTEND;VALUE=DATE:\(date(departure))",
                       "SUMMARY:\(text(ExportText.line(stop.name)))"]
            events += place(stop) + ["DESCRIPTION:\(text(description))", "TRANSP:TRANSPARENT", "END:VEVENT"]
        }
        // A calendar must hold at least one component.
        guard !events.isEmpty else { throw ExportError.noStays }
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//roadtrip//\(text(creator))//EN",
                     "CALSCALE:GREGORIAN", "X-WR-CALNAME:\(text(ExportText.line(trip.name)))"]
        // The calendar's own DESCRIPTION (RFC 7986 §5.2): the trip's cost, and the credit for OpenStreetMap's data.
        let about = [cost.flatMap(CostText.summary).map { "Cost: " + $0 },
                     ExportAttribution.carriesOpenStreetMap(trip, itinerary) ? ExportAttribution.openStreetMapLine : nil]
            .compactMap { $0 }
        if !about.isEmpty { lines.append("DESCRIPTION:\(text(about.joined(separator: "\n")))") }
        for span in spans { lines += ICalendarZones.component(span.zone, from: span.first, to: span.last) }
        lines += events
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined()
    }

    /// A driving day's event: "Day 2: Chicago → Denver", what the days view says of it and each stop reached with
    /// its time.
    /// `stops`: the trip's stops with their names on one line.
    private static func drive(_ trip: Trip, _ stops: [Waypoint], _ itinerary: Itinerary, _ day: Itinerary.Day,
                              _ unit: DistanceUnit, zones: Bool, stamp: String, cost: String?, battery: TripBattery?, start: String,
                              end: String) -> [String] {
        let (driving, plan) = TripText.dayPlan(day, itinerary, stops, unit)
        var description = ["\(driving) — \(plan)"]
        if let cost, !cost.isEmpty { description.append("Cost: " + cost) }
        for index in day.legs.map({ $0 + 1 }) {
            let facts = [ExportText.arrivalText(trip, itinerary, index, zones: zones), stops[index].name]
                + ExportText.clockFacts(itinerary.arrivals[index]) + ExportText.batteryFacts(trip, index, battery)
            description.append(facts.joined(separator: " · "))
        }
        let origin = trip.waypoints[day.startStop]
        return ["BEGIN:VEVENT", "UID:\(origin.id.uuidString.lowercased())-drive@roadtrip", "DTSTAMP:\(stamp)", start, end,
                "SUMMARY:\(text("Day \(day.number): \(stops[day.startStop].name) → \(stops[day.endStop].name)"))"]
            + place(origin) + ["DESCRIPTION:\(text(description.joined(separator: "\n")))", "END:VEVENT"]
    }

    /// LOCATION and GEO of a stop.
    private static func place(_ stop: Waypoint) -> [String] {
        ["LOCATION:\(text(location(stop)))", "GEO:\(ExportText.degrees(stop.latitude));\(ExportText.degrees(stop.longitude))"]
    }

    /// "20270614T090000": a wall time as a local DATE-TIME; nil undated or past the calendar.
    private static func wall(_ time: WallTime?) -> String? {
        guard let time, let day = time.date else { return nil }
        return date(day) + String(format: "T%02d%02d00", time.minutes / 60, time.minutes % 60)
    }

    /// "Portree, Scotland, United Kingdom": what a calendar's map search finds the stay by. The stop's name,
    /// its region and its country in English (Foundation's locale data; the code where it has no name), each
    /// left out when empty or the same as the part before it ("Tokyo, Tokyo").
    static func location(_ stop: Waypoint) -> String {
        let country = stop.countryCode.map { code in
            code == "ZZ" ? code : Locale(identifier: "en").localizedString(forRegionCode: code) ?? code
        }
        var parts: [String] = []
        for part in [stop.name, stop.region, country].compactMap({ $0.map(ExportText.line) }) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, trimmed != parts.last { parts.append(trimmed) }
        }
        return parts.joined(separator: ", ")
    }

    /// A TEXT value: `\` `;` `,` escaped, line breaks as `\n`.
    static func text(_ value: String) -> String {
        var out = ""
        for character in ExportText.multiline(value) {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// The content line with CR LF, folded so that no line passes 75 octets: a break, then a space, before
    /// the Unicode scalar that would pass it.
    static func folded(_ line: String) -> String {
        var out = "", octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out + "\r\n"
    }

    private static func date(_ date: CalendarDate) -> String {
        String(format: "%04d%02d%02d", date.year, date.month, date.day)
    }

    /// "20270612T090000Z".
    private static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 1970, c.month ?? 1, c.day ?? 1,
                      c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
