import Foundation

/// A day in the proleptic Gregorian calendar, stored as "YYYY-MM-DD" (no time zone: a trip starts on a
/// date wherever the traveller is).
public struct CalendarDate: Codable, Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        guard (1...9999).contains(year), let date = Self.calendar.date(from: components),
              Self.calendar.dateComponents([.year, .month, .day], from: date) == components
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
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

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

extension CalendarDate {
    /// 1 = Sunday … 7 = Saturday.
    public var weekday: Int {
        Self.calendar.component(.weekday, from: startOfDay)
    }

    /// The date `days` later (or earlier when negative); nil outside the years 1…9999, never a wrong date.
    public func adding(days: Int) -> CalendarDate? {
        // 9999 years are under 3.7 million days: anything beyond cannot land in range (and would overflow
        // Foundation's seconds arithmetic).
        guard (-Self.dayLimit...Self.dayLimit).contains(days),
              let date = Self.calendar.date(byAdding: .day, value: days, to: startOfDay) else { return nil }
        let c = Self.calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = c.year, let month = c.month, let day = c.day else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    private static let dayLimit = 4_000_000

    private var startOfDay: Date {
        Self.calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }
}
