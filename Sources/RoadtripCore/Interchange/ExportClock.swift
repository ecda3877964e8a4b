import Foundation

/// How the exports write the itinerary's clock (`ZoneClock.swift`): instants in UTC for GPX, local times with
/// their offset for GeoJSON, and, where a trip crosses zones, each local time with its zone for people to read.
enum ExportClock {
    /// Whether the trip's clocks read differently somewhere (another offset, or a zone change on the way): then
    /// the times people read carry their zone.
    static func crossesZones(_ itinerary: Itinerary) -> Bool {
        var offsets = Set<Int>()
        for arrival in itinerary.arrivals {
            if arrival.zoneShift != 0 { return true }
            if let offset = arrival.local?.utcOffset { offsets.insert(offset) }
            if let offset = arrival.departureLocal?.utcOffset { offsets.insert(offset) }
        }
        return offsets.count > 1
    }

    /// "UTC−6", "UTC+5:45", "UTC": a zone by its offset, which reads the same on every system (Linux names most
    /// zones "GMT-6" anyway).
    static func zone(offset seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let hours = "\(minutes / 60)" + (minutes % 60 == 0 ? "" : String(format: ":%02d", minutes % 60))
        return "UTC" + (seconds < 0 ? "−" : "+") + hours
    }

    /// "14:35", or "14:35 UTC−6" with the zone.
    static func time(_ time: WallTime, zone: Bool) -> String {
        zone ? "\(time.clock) \(self.zone(offset: time.utcOffset))" : time.clock
    }

    /// "2027-06-14T14:35:00-06:00": a dated wall time in ISO 8601 with its offset; nil undated (its day is no date).
    static func iso(_ time: WallTime?) -> String? {
        guard let time, let date = time.date else { return nil }
        return "\(date)T\(time.clock):00\(time.isoOffset)"
    }

    /// "2027-06-14T20:35:00Z": the instant in UTC; nil past the calendar.
    static func utc(_ instant: Date) -> String? {
        let wall = utcClock.local(instant)
        guard let date = wall.date else { return nil }
        return "\(date)T\(wall.clock):00Z"
    }

    private static let utcClock = ZoneClock(TimeZone(identifier: "UTC")!, dated: true)
}
