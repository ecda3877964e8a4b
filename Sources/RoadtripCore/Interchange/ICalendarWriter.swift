import Foundation

/// iCalendar (RFC 5545): one all-day event per stay (a stop with nights), from the day it is reached to the
/// day it is left (DTEND is exclusive), so that the plan shows in a calendar. Needs the trip's start date.
///
/// Lines end with CR LF and are folded at 75 octets, never inside a UTF-8 sequence; text values escape
/// `\` `;` `,` and line breaks (`\n`), and carry no control character (`ExportText`). Each event's UID is its
/// stop's id, so importing the file again updates the events instead of doubling them; DTSTAMP is when the trip
/// last changed, so the same trip gives the same file. LOCATION names the place (`location`), GEO is the stop's
/// position.
enum ICalendarWriter {
    static func document(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit, creator: String) throws -> String {
        guard trip.startDate != nil else { throw ExportError.noStartDate }
        let stamp = timestamp(trip.updatedAt)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//roadtrip//\(text(creator))//EN",
                     "CALSCALE:GREGORIAN", "X-WR-CALNAME:\(text(ExportText.line(trip.name)))"]
        var events = 0
        for (index, stop) in trip.waypoints.enumerated() where stop.nights > 0 {
            // A calendar date has four digits of year: a stay past 9999 cannot be written (nor left out unsaid).
            guard let arrival = itinerary.arrivals[index].date, let departure = arrival.adding(days: stop.nights)
            else { throw ExportError.datesOutOfRange }
            let description = [ExportText.stopFacts(trip, itinerary, index, unit), ExportText.multiline(stop.notes)]
                .filter { !$0.isEmpty }.joined(separator: "\n\n")
            lines += ["BEGIN:VEVENT", "UID:\(stop.id.uuidString.lowercased())@roadtrip", "DTSTAMP:\(stamp)",
                      "DTSTART;VALUE=DATE:\(date(arrival))", "DTEND;VALUE=DATE:\(date(departure))",
                      "SUMMARY:\(text(ExportText.line(stop.name)))"]
            lines += ["LOCATION:\(text(location(stop)))", "GEO:\(ExportText.degrees(stop.latitude));\(ExportText.degrees(stop.longitude))",
                      "DESCRIPTION:\(text(description))", "TRANSP:TRANSPARENT", "END:VEVENT"]
            events += 1
        }
        // A calendar must hold at least one component.
        guard events > 0 else { throw ExportError.noStays }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined()
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
