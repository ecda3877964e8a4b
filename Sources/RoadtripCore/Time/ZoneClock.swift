import Foundation

// The itinerary's clock, in one place (issue 21). Every stop has a zone; every time is an instant shown on the
// wall clock of the stop it belongs to.
//
// - `StopZones.zone(of:)` / `StopZones.clocks(for:dated:)`: each stop's zone — its stored `timeZone` when this
//   system knows it, else the bundled boundary index at its position, else the nautical `Etc/GMT±N` of its
//   longitude. Computed, never written back; `Waypoint.fillingTimeZone()` stores it when a stop is saved.
// - `ZoneClock`: one zone's wall clock ↔ instants, by Foundation's `TimeZone` rules (DST included). A wall time
//   the clock skips (spring forward) is the instant the wall clock jumps to (02:30 → 03:30); one it shows twice
//   (fall back) is its first occurrence. An undated trip reads every zone at its standard offset.
// - `Itinerary.Arrival`: per stop, `instant` (nil for the first stop), `local` (its wall time there), `timeZone`,
//   `zoneShift` (seconds against the day's departure stop: +3600 shows "+1 h"), `breaks` taken on the leg that
//   reaches it, `stayMinutes` spent there, and `departure` / `departureLocal` (arrival + stay, or the departure
//   time on the day after its nights; nil for the last stop).
// - `Itinerary.Day`: `departure` and `arrival` instants of a driving day.
// - `Itinerary.localDayIndex(_:)`: the day of a wall time counted from the trip's first day (an arrival past
//   midnight is a day on, across the date line westwards a day back); `arrivalClock(at:)` the arrival's wall
//   time when it falls on its plan day.
// - `ItineraryDaylight(trip:itinerary:)`: `daylight(at:)` (the stop's arrival day) and `daylight(at:on:)` give
//   sunrise, sunset and civil dusk or a polar day or night; `light(ofLeg:)` whether a leg arrives after dark or
//   drives into the dark. Computed when asked, never in `Itinerary.init`.
// - `WallTime.iso8601` ("2027-06-14T14:35:00-06:00"); `ClockText`: "UTC−6", "+1 h", "14:35 UTC−6", "1 rest",
//   and whether a trip crosses zones (then times carry their zone).
// - Settings `break_after_hours` (4.5) and `break_minutes` (45): the EU drivers' rest, 0 turns it off.

/// One zone's wall clock: the instant of a wall time and the wall time of an instant.
public struct ZoneClock: Equatable, Sendable {
    /// Held without reference counting (`InternedZone`): an itinerary keeps a clock for each stop.
    public unowned(unsafe) let zone: InternedZone
    public var timeZone: TimeZone { zone.timeZone }
    /// Undated trips have no season, so every zone is read at its standard offset (its offset on
    /// `referenceDay` less any daylight saving then): times still show, and a trip in one zone reads as if
    /// DST did not exist. nil for a dated trip, whose clocks follow the zone's rules day by day.
    public let fixedOffset: Int?

    /// 2026-01-01, the day an undated trip's first day stands for (the zones' current rules).
    public static let referenceDay = CalendarDate(year: 2026, month: 1, day: 1)!

    public init(_ timeZone: TimeZone, dated: Bool) {
        zone = InternedZone.of(timeZone)
        if dated {
            fixedOffset = nil
        } else {
            let reference = Date(timeIntervalSince1970: Self.seconds(day: Self.referenceDay.dayNumber, minutes: 0))
            fixedOffset = timeZone.secondsFromGMT(for: reference) - Int(timeZone.daylightSavingTimeOffset(for: reference))
        }
    }

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: Date) -> Int {
        fixedOffset ?? timeZone.secondsFromGMT(for: instant)
    }

    /// The instant the wall clock shows `minutes` after midnight on `day` (a `CalendarDate.dayNumber`). In a
    /// gap (spring forward) the clock jumps: the wall time read with the offset before the jump, which lands as
    /// far past the gap as it was into it. Shown twice (fall back): the first time.
    public func instant(day: Int, minutes: Int) -> Date {
        let wall = Self.seconds(day: day, minutes: minutes)
        if let fixedOffset { return Date(timeIntervalSince1970: wall - Double(fixedOffset)) }
        // Offsets a day and a half either side bracket any change near this wall time.
        let before = offset(at: Date(timeIntervalSince1970: wall - 108_000))
        let candidates = [before, offset(at: Date(timeIntervalSince1970: wall)),
                          offset(at: Date(timeIntervalSince1970: wall + 108_000))]
        var first: Double?
        for candidate in candidates {
            let instant = wall - Double(candidate)
            if offset(at: Date(timeIntervalSince1970: instant)) == candidate, instant < first ?? .infinity {
                first = instant
            }
        }
        return Date(timeIntervalSince1970: first ?? wall - Double(before))
    }

    /// The wall time at `instant`, to the nearest minute.
    public func local(_ instant: Date) -> WallTime {
        let offset = offset(at: instant)
        let wall = (instant.timeIntervalSince1970 / 60).rounded() * 60 + Double(offset)
        let days = (wall / 86_400).rounded(.down)
        let minutes = Int(((wall - days * 86_400) / 60).rounded(.down))
        let day = Int(saturating: days).saturatingAdding(Self.epochDayNumber)
        return WallTime(day: day, date: fixedOffset == nil ? CalendarDate(dayNumber: day) : nil,
                        minutes: min(minutes, 24 * 60 - 1), utcOffset: offset)
    }

    /// Seconds since 1970 of a wall time read as UTC.
    static func seconds(day: Int, minutes: Int) -> Double {
        Double(day - epochDayNumber) * 86_400 + Double(minutes) * 60
    }

    static let epochDayNumber = CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber
}

/// A wall clock's reading: the day, the minutes after its midnight and the offset the clock keeps then.
public struct WallTime: Equatable, Hashable, Sendable {
    /// A `CalendarDate.dayNumber`; for an undated trip counted from `ZoneClock.referenceDay`.
    public let day: Int
    /// 0…1439.
    public let minutes: Int
    /// Seconds east of UTC.
    public let utcOffset: Int
    /// The date of a dated trip's clock (nil for an undated one, and past the calendar). Last, so that an optional
    /// wall time's flag fits in the padding after it (32 bytes, not 40).
    public let date: CalendarDate?

    public init(day: Int, date: CalendarDate?, minutes: Int, utcOffset: Int) {
        (self.day, self.date, self.minutes, self.utcOffset) = (day, date, minutes, utcOffset)
    }

    /// "14:35".
    public var clock: String { HourMinute.text(minutes: minutes) }

    /// "2027-06-14T14:35:00-06:00": ISO 8601 with the offset; nil without a date (an undated trip's clock).
    public var iso8601: String? {
        date.map { "\($0)T\(clock):00\(isoOffset)" }
    }

    /// "-06:00", "+05:45", "+00:00": the offset as ISO 8601 writes it.
    public var isoOffset: String {
        let magnitude = abs(utcOffset) / 60
        return (utcOffset < 0 ? "-" : "+") + HourMinute.text(minutes: magnitude)
    }
}
