import Foundation

/// A time zone made once for the life of the process and never freed, so that the clocks and arrivals of an
/// itinerary hold it as a plain pointer (`unowned(unsafe)`, no reference counting): their arrays then copy and
/// free as bytes. A 500-stop reorder copied and released a `TimeZone` in each of its 1,500 arrivals, clocks and
/// carried states. The zones a process meets are bounded (the tz database's names and fixed offsets), so
/// keeping them all costs a few kilobytes. One instance per distinct zone: equal zones are the same object.
public final class InternedZone: Equatable, Sendable {
    public let timeZone: TimeZone

    private init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The one instance for `timeZone`.
    public static func of(_ timeZone: TimeZone) -> InternedZone {
        table.withLock { zones in
            if let known = zones[timeZone] { return known }
            let zone = InternedZone(timeZone)
            zones[timeZone] = zone
            return zone
        }
    }

    public static func == (a: InternedZone, b: InternedZone) -> Bool { a === b }

    /// Never emptied: every `unowned(unsafe)` reference to a zone stays valid because this table holds it.
    private static let table = LockedTable()

    private final class LockedTable: @unchecked Sendable {
        private let lock = NSLock()
        private var zones: [TimeZone: InternedZone] = [:]

        func withLock<T>(_ body: (inout [TimeZone: InternedZone]) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&zones)
        }
    }
}
