import Foundation

/// A day in the proleptic Gregorian calendar, stored as "YYYY-MM-DD" (no time zone: a trip starts on a
/// date wherever the traveller is).
public struct CalendarDate: Codable, Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }
    /// Four bytes in all (the years are 1…9999): an itinerary holds dates in every arrival and day, and copies its
    /// arrays of them as bytes on each edit.
    private let storedYear: UInt16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        (storedYear, storedMonth, storedDay) = (UInt16(year), UInt8(month), UInt8(day))
    }

    /// A date known to be valid.
    private init(storedYear: UInt16, month: UInt8, day: UInt8) {
        (self.storedYear, storedMonth, storedDay) = (storedYear, month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return month == 2 ? (leap ? 29 : 28) : month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31
    }

    /// Parses "YYYY-MM-DD".
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "\"\(text)\" is not a date (YYYY-MM-DD)"))
        }
        self = date
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

extension CalendarDate {
    /// 1 = Sunday … 7 = Saturday (0001-01-01 was a Monday).
    public var weekday: Int {
        (dayNumber + 1) % 7 + 1
    }

    /// The date `days` later (or earlier when negative); nil outside the years 1…9999, never a wrong date.
    /// Integer arithmetic on day numbers: cheap enough for every stop of a long trip, and it cannot overflow.
    public func adding(days: Int) -> CalendarDate? {
        guard (-Self.lastDayNumber...Self.lastDayNumber).contains(days) else { return nil }  // abs(Int.min) traps
        return CalendarDate(dayNumber: dayNumber + days)
    }

    /// The day after, nil after 9999-12-31: what `adding(days: 1)` gives, without a day number each way (a long
    /// trip's days are dated one after another).
    public var next: CalendarDate? {
        // Every month has a 28th: most days need no check.
        if storedDay < 28 { return CalendarDate(storedYear: storedYear, month: storedMonth, day: storedDay + 1) }
        return CalendarDate(year: year, month: month, day: day + 1) ?? CalendarDate(year: year, month: month + 1, day: 1)
            ?? CalendarDate(year: year + 1, month: 1, day: 1)
    }

    /// Days since 0001-01-01 (day 0), in the proleptic Gregorian calendar.
    public var dayNumber: Int {
        // Count from March, so that the leap day ends a year: years of 365 days plus leap days so far.
        let y = month <= 2 ? year - 1 : year
        let m = month <= 2 ? month + 9 : month - 3  // March = 0 … February = 11
        let dayOfYear = (153 * m + 2) / 5 + day - 1
        return 365 * y + y / 4 - y / 100 + y / 400 + dayOfYear - Self.dayNumberOfFirstDay
    }

    /// The date of a day number; nil outside the years 1…9999.
    public init?(dayNumber: Int) {
        guard (0...Self.lastDayNumber).contains(dayNumber) else { return nil }
        let days = dayNumber + Self.dayNumberOfFirstDay
        // Years of the 400-year cycle (146,097 days), then within it, counting from March as above.
        let era = days / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let m = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * m + 2) / 5 + 1
        let month = m < 10 ? m + 3 : m - 9
        let year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
        (storedYear, storedMonth, storedDay) = (UInt16(year), UInt8(month), UInt8(day))
    }

    /// The count from year 0's March 1 to 0001-01-01, so that day numbers start at 0.
    private static let dayNumberOfFirstDay = 306
    /// 9999-12-31.
    private static let lastDayNumber = 3_652_058
}
