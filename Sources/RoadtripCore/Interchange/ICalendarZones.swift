import Foundation

/// The `VTIMEZONE` of a zone over the span of a trip's events (RFC 5545 §3.6.5), from Foundation's own rules
/// (`TimeZone`), so that a calendar reads the events' `DTSTART;TZID=…` as the itinerary does even where its own
/// zone database differs or it has none. No recurrence rule: the observance in force before the first event, then
/// one observance for each change of offset up to the last, each dated on the wall clock it leaves
/// (`TZOFFSETFROM`), as the RFC wants; a zone without changes then is a single `STANDARD`.
enum ICalendarZones {
    /// The component's content lines for `zone` covering `first`…`last` (instants).
    static func component(_ zone: TimeZone, from first: Date, to last: Date) -> [String] {
        // A day before the first event: any reader's lookup of the first event's local time falls after it.
        let start = first.addingTimeInterval(-86_400)
        let opening = zone.secondsFromGMT(for: start)
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        lines += observance(daylight: zone.isDaylightSavingTime(for: start), at: start, from: opening, to: opening)
        var after = start
        // Each change in the span; a trip is at most 30 years of days (`Itinerary.dayLimit`), two changes a year.
        while let change = zone.nextDaylightSavingTimeTransition(after: after), change <= last, change > after {
            let from = zone.secondsFromGMT(for: change.addingTimeInterval(-1))
            lines += observance(daylight: zone.isDaylightSavingTime(for: change), at: change, from: from,
                                to: zone.secondsFromGMT(for: change))
            after = change
        }
        return lines + ["END:VTIMEZONE"]
    }

    private static func observance(daylight: Bool, at instant: Date, from: Int, to: Int) -> [String] {
        let kind = daylight ? "DAYLIGHT" : "STANDARD"
        return ["BEGIN:\(kind)", "DTSTART:\(wall(instant, offset: from))", "TZOFFSETFROM:\(offset(from))",
                "TZOFFSETTO:\(offset(to))", "END:\(kind)"]
    }

    /// "20270314T020000": `instant` on a clock `offset` seconds east of UTC, in the form of a local DATE-TIME.
    static func wall(_ instant: Date, offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(format: "%04d%02d%02dT%02d%02d%02d", c.year ?? 1970, c.month ?? 1, c.day ?? 1,
                      c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// "-0500", "+0545", "+0000" (a UTC-OFFSET; seconds, which no zone has had since 1972, dropped).
    static func offset(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + HourMinute.text(minutes: minutes, separator: "")
    }
}
