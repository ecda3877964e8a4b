/// A stop's visit length (`Waypoint.stayMinutes`) as people type it and as roadtrip writes it back: minutes alone
/// (`45`, `90m`, `90 min`), hours (`2h`), both (`1h30`, `1h 30m`, `1:30`). One parser for the stop form and the
/// command line, so both take and say the same.
public enum StayDuration {
    /// Text that is not a duration, quoted as typed.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The minutes `text` says; blank is 0 (no visit). Throws `Invalid` for what is not a duration, and
    /// `Limits.checkStay`'s error for a day or more (that is a night).
    public static func parse(_ text: String, field: String = "Stay") throws -> Int {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        guard !compact.isEmpty else { return 0 }
        guard let minutes = minutes(in: compact) else {
            throw Invalid(description: "\(field) must be a duration like 45, 90m, 2h or 1h30 (got \"\(text)\")")
        }
        try Limits.checkStay(minutes, field: field)
        return minutes
    }

    /// How the app shows `minutes`: "" for none, "45m", "2h", "1h30", "1h05"; `parse` reads it back.
    public static func format(_ minutes: Int) -> String {
        guard minutes > 0 else { return "" }
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// The minutes of a lowercased text without spaces, or nil when it is none of the accepted shapes.
    private static func minutes(in text: String) -> Int? {
        if let colon = text.firstIndex(of: ":") {
            let after = text[text.index(after: colon)...]
            guard after.count == 2, let hours = number(text[..<colon]), let minutes = number(after), minutes < 60 else {
                return nil
            }
            return hours * 60 + minutes
        }
        var rest = Substring(text)
        var hours = 0
        if let h = rest.firstIndex(where: { $0 == "h" }) {
            guard let value = number(rest[..<h]) else { return nil }
            hours = value
            rest = rest[rest.index(after: h)...].drop { $0 == "r" || $0 == "s" }  // "h", "hr", "hrs"
            if rest.isEmpty { return hours * 60 }
        }
        for unit in ["mins", "min", "m"] where rest.hasSuffix(unit) {
            rest = rest.dropLast(unit.count)
            break
        }
        guard let minutes = number(rest), hours == 0 || minutes < 60 else { return nil }
        return hours * 60 + minutes
    }

    /// A whole number of at most six ASCII digits (never overflows; the range check says what is too long).
    private static func number(_ text: Substring) -> Int? {
        guard (1...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
