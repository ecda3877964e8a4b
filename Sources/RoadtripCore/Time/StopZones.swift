import Foundation

/// Each stop's time zone, as the itinerary's clock reads it: the stop's stored `timeZone` when this system knows
/// it, else the bundled boundary index at its position, else the nautical zone of its longitude. Computed, never
/// written: an older file gains zones on load without being rewritten. `TimeZone` objects and index answers are
/// kept (making a `TimeZone` costs about a microsecond, an index answer a few), so a long trip's itinerary asks
/// each at most once.
public enum StopZones {
    public static func zone(of stop: Waypoint) -> TimeZone {
        if let name = stop.timeZone, let zone = cache.timeZone(named: name) { return zone }
        return cache.zone(latitude: stop.latitude, longitude: stop.longitude)
    }

    /// The zone the index gives at a position (nautical over open water), or the nautical zone of the longitude
    /// when the index is not installed.
    public static func zoneName(latitude: Double, longitude: Double) -> String {
        guard let index = try? TimeZoneIndex.bundled() else { return nautical(longitude: longitude) }
        return index.zone(latitude: latitude, longitude: longitude)
    }

    /// `Etc/GMT+10` at 150° W: the sea's zone, an hour for each 15° from Greenwich. POSIX signs, so the name's
    /// sign is the opposite of the offset's.
    public static func nautical(longitude: Double) -> String {
        guard longitude.isFinite else { return "Etc/GMT" }
        let hours = Int((longitude / 15).rounded())
        let wrapped = hours > 12 ? hours - 24 : hours < -12 ? hours + 24 : hours
        return wrapped == 0 ? "Etc/GMT" : wrapped > 0 ? "Etc/GMT-\(wrapped)" : "Etc/GMT+\(-wrapped)"
    }

    private static let cache = ZoneCache()
}

/// Zones by name and by position, behind a lock: any thread may build an itinerary.
private final class ZoneCache: @unchecked Sendable {
    private let lock = NSLock()
    private var byName: [String: TimeZone?] = [:]
    private var byPosition: [PositionKey: TimeZone] = [:]
    /// Enough for every stop of many long trips; past it each table starts again (a file may name any zone).
    private let positionLimit = 20_000
    private let nameLimit = 2_000

    private struct PositionKey: Hashable {
        let latitude: Double
        let longitude: Double
    }

    func timeZone(named name: String) -> TimeZone? {
        lock.lock()
        defer { lock.unlock() }
        return cachedZone(named: name)
    }

    func zone(latitude: Double, longitude: Double) -> TimeZone {
        let key = PositionKey(latitude: latitude, longitude: longitude)
        lock.lock()
        if let zone = byPosition[key] {
            lock.unlock()
            return zone
        }
        lock.unlock()
        // Asked outside the lock: the index is immutable, and two threads asking at once get the same answer.
        let name = StopZones.zoneName(latitude: latitude, longitude: longitude)
        lock.lock()
        defer { lock.unlock() }
        // Every name the index gives is a zone Foundation knows; the nautical one of the position covers one that
        // this system's tz database lacks.
        let zone = cachedZone(named: name) ?? cachedZone(named: StopZones.nautical(longitude: longitude))
            ?? TimeZone(secondsFromGMT: 0)!
        if byPosition.count >= positionLimit { byPosition.removeAll(keepingCapacity: true) }
        byPosition[key] = zone
        return zone
    }

    /// Call with the lock held.
    private func cachedZone(named name: String) -> TimeZone? {
        if let known = byName[name] { return known }
        let zone = TimeZone(identifier: name)
        if byName.count >= nameLimit { byName.removeAll(keepingCapacity: true) }
        byName[name] = zone
        return zone
    }
}

extension Waypoint {
    /// The stop with its time zone stored: as it was, or the zone at its position when it had none. For a stop
    /// being saved (added, edited, moved, imported), so its file holds the zone from then on.
    public func fillingTimeZone() -> Waypoint {
        guard timeZone == nil else { return self }
        var copy = self
        copy.timeZone = StopZones.zoneName(latitude: latitude, longitude: longitude)
        return copy
    }
}
