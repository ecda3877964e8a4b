import Foundation

/// A trip's start date from the first time a file holds (when it carries none of roadtrip's own, `TripFields`).
/// A date alone, or a local time without a zone, gives its date as written; a time in UTC or with an offset
/// ("2027-06-12T23:00:00Z") is an instant, whose date is read on the first stop's clock, where the trip begins:
/// Tokyo's 08:00 on the 13th is 23:00Z on the 12th.
enum ImportStartDate {
    static func date(_ time: String, firstStop: Waypoint?) -> CalendarDate? {
        let text = Substring(time)
        guard let day = CalendarDate(String(text.prefix(10))) else { return nil }
        guard let firstStop, let seconds = instant(text.dropFirst(10), on: day) else { return day }
        let clock = ZoneClock(StopZones.zone(of: firstStop), dated: true)
        // To the minute before: 23:59:59.5 is still that day (the clock reads minutes).
        return clock.local(Date(timeIntervalSince1970: (seconds / 60).rounded(.down) * 60)).date ?? day
    }

    /// Seconds since 1970 of "THH:MM[:SS[.fff]](Z|±HH[:MM])" on `day`; nil without a zone or not in that form.
    private static func instant(_ rest: Substring, on day: CalendarDate) -> Double? {
        var rest = rest
        guard let separator = rest.popFirst(), "Tt ".contains(separator),
              let hours = number(&rest, digits: 2), rest.popFirst() == ":", let minutes = number(&rest, digits: 2)
        else { return nil }
        var seconds = 0.0
        if rest.first == ":" {
            rest.removeFirst()
            guard let whole = number(&rest, digits: 2) else { return nil }
            seconds = Double(whole)
            if rest.first == "." || rest.first == "," {
                rest.removeFirst()
                let fraction = rest.prefix(while: \.isASCIIDigit)
                rest.removeFirst(fraction.count)
                seconds += Double("0." + fraction) ?? 0
            }
        }
        guard hours < 24, minutes < 60, seconds < 61, let sign = rest.popFirst() else { return nil }
        var offset = 0
        switch sign {
        case "Z", "z": break
        case "+", "-":
            guard let offsetHours = number(&rest, digits: 2) else { return nil }
            if rest.first == ":" { rest.removeFirst() }
            let offsetMinutes = rest.isEmpty ? 0 : number(&rest, digits: 2)
            guard let offsetMinutes, offsetHours < 24, offsetMinutes < 60 else { return nil }
            offset = (offsetHours * 60 + offsetMinutes) * 60 * (sign == "-" ? -1 : 1)
        default: return nil
        }
        guard rest.isEmpty else { return nil }
        return ZoneClock.seconds(day: day.dayNumber, minutes: hours * 60 + minutes) + seconds - Double(offset)
    }

    /// `digits` ASCII digits taken from the front of `text`.
    private static func number(_ text: inout Substring, digits: Int) -> Int? {
        let head = text.prefix(digits)
        guard head.count == digits, head.allSatisfy(\.isASCIIDigit), let value = Int(head) else { return nil }
        text.removeFirst(digits)
        return value
    }
}
