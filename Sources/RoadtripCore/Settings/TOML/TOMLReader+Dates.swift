/// Dates and times (RFC 3339 as TOML takes it): `1979-05-27`, `07:32:00.5`, `1979-05-27T07:32:00`,
/// `1979-05-27 07:32:00-07:00`. Seconds are required; a date must exist (no 1979-02-29, no year 0).
extension TOMLReader {
    /// The date or time starting here, or nil (nothing read) when none does.
    mutating func readDateOrTime() throws -> TOMLValue? {
        let start = index
        if let (date, dateEnd) = matchDate(at: index) {
            guard date.year >= 1, date.day <= Self.daysIn(month: date.month, year: date.year) else {
                throw fault("\(String(decoding: bytes[start..<dateEnd], as: UTF8.self)) is no date in the calendar",
                            at: start)
            }
            let separators = [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]
            guard dateEnd < bytes.count, separators.contains(bytes[dateEnd]),
                  let (time, timeEnd) = matchTime(at: dateEnd + 1) else {
                index = dateEnd
                return .localDate(date)
            }
            guard let (offset, offsetEnd) = matchOffset(at: timeEnd) else {
                index = timeEnd
                return .localDateTime(date, time)
            }
            index = offsetEnd
            return .offsetDateTime(date, time, offsetMinutes: offset)
        }
        guard let (time, timeEnd) = matchTime(at: index) else { return nil }
        index = timeEnd
        return .localTime(time)
    }

    /// `YYYY-MM-DD`, months 01 to 12, days 01 to 31.
    private func matchDate(at offset: Int) -> (TOMLDate, end: Int)? {
        guard let year = number(at: offset, digits: 4), byte(at: offset + 4) == UInt8(ascii: "-"),
              let month = number(at: offset + 5, digits: 2), (1...12).contains(month),
              byte(at: offset + 7) == UInt8(ascii: "-"),
              let day = number(at: offset + 8, digits: 2), (1...31).contains(day) else { return nil }
        return (TOMLDate(year: year, month: month, day: day), offset + 10)
    }

    /// `HH:MM:SS` with an optional fraction, of which the first six digits count.
    private func matchTime(at offset: Int) -> (TOMLTime, end: Int)? {
        guard let hour = number(at: offset, digits: 2), hour < 24, byte(at: offset + 2) == UInt8(ascii: ":"),
              let minute = number(at: offset + 3, digits: 2), minute < 60, byte(at: offset + 5) == UInt8(ascii: ":"),
              let second = number(at: offset + 6, digits: 2), second < 60 else { return nil }
        var end = offset + 8
        var microsecond = 0
        if byte(at: end) == UInt8(ascii: "."), number(at: end + 1, digits: 1) != nil {
            end += 1
            var digits = 0
            while let digit = number(at: end, digits: 1) {
                if digits < 6 { microsecond = microsecond * 10 + digit }
                digits += 1
                end += 1
            }
            for _ in min(digits, 6)..<6 { microsecond *= 10 }
        }
        return (TOMLTime(hour: hour, minute: minute, second: second, microsecond: microsecond), end)
    }

    /// `Z` (or `z`), or `+HH:MM` / `-HH:MM`: minutes east of UTC.
    private func matchOffset(at offset: Int) -> (Int, end: Int)? {
        if byte(at: offset) == UInt8(ascii: "Z") || byte(at: offset) == UInt8(ascii: "z") { return (0, offset + 1) }
        guard let sign = byte(at: offset), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
              let hours = number(at: offset + 1, digits: 2), hours < 24, byte(at: offset + 3) == UInt8(ascii: ":"),
              let minutes = number(at: offset + 4, digits: 2), minutes < 60 else { return nil }
        return ((sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes), offset + 6)
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// The value of exactly `digits` decimal digits at `offset`, or nil.
    private func number(at offset: Int, digits: Int) -> Int? {
        var value = 0
        for at in offset..<(offset + digits) {
            guard let byte = byte(at: at), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
