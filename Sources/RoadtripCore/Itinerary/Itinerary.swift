import Foundation

/// A trip as it will be driven: each leg's distance, time, shape and source, the day each stop is reached,
/// each day's driving, and the totals. The one place these are computed: every screen, the command line,
/// the map and the exports read it.
public struct Itinerary: Equatable, Sendable {
    public struct Leg: Equatable, Sendable {
        /// The start stop's index; the leg ends at `from + 1`.
        public let from: Int
        public let distanceKm: Double
        public let durationSeconds: Double
        public let source: LegSource
        /// The ferry part of the leg (in its distance and duration), 0 without one.
        public let ferryKm: Double
        public let ferrySeconds: Double
        /// An estimate's open sea where no way round was found (`EstimateEngine`): the shortest gap, km; 0 otherwise.
        public let seaKm: Double
        /// The shape, note and region, which most legs lack (an estimate has none): one reference, nil then, so a
        /// leg copies with at most one retain (a 500-stop trip copies its legs on every edit).
        @usableFromInline let extras: Extras?

        /// The road's polyline; empty for an estimate (the great-circle arc between the stops).
        @inlinable public var geometry: [Coordinate] { extras?.geometry ?? [] }
        /// Why the chosen routing engine's answer is missing, when this leg is an estimate in its place.
        @inlinable public var note: String? { extras?.note }
        /// The installed region whose database routed the leg (router auto).
        @inlinable public var region: String? { extras?.region }
        /// Roads the profile asked to avoid that the engine could not keep off (`RoutedLeg.unavoided`).
        @inlinable public var unavoided: [Avoid] { extras?.unavoided ?? [] }
        /// The engine routed for its own vehicle, not the profile's.
        @inlinable public var ownProfile: Bool { extras?.ownProfile ?? false }
        /// Tolled km and their price, when known (`RoutedLeg.tollKm`).
        @inlinable public var tollKm: Double? { extras?.tollKm }
        @inlinable public var tollPrice: Double? { extras?.tollPrice }
        @inlinable public var tollCurrency: String? { extras?.tollCurrency }

        public init(from: Int, _ leg: RoutedLeg, note: String? = nil) {
            self.from = from
            distanceKm = leg.distanceKm
            durationSeconds = leg.durationSeconds
            source = leg.source
            ferryKm = leg.ferryKm
            ferrySeconds = leg.ferrySeconds
            seaKm = leg.seaKm
            let plain = leg.geometry.isEmpty && note == nil && leg.region == nil && leg.unavoided.isEmpty
                && !leg.ownProfile && leg.tollKm == nil
            extras = plain ? nil : Extras(geometry: leg.geometry, note: note, region: leg.region, unavoided: leg.unavoided,
                                          ownProfile: leg.ownProfile, tollKm: leg.tollKm, tollPrice: leg.tollPrice,
                                          tollCurrency: leg.tollCurrency)
        }

        @usableFromInline final class Extras: Equatable, Sendable {
            @usableFromInline let geometry: [Coordinate]
            @usableFromInline let note: String?
            @usableFromInline let region: String?
            @usableFromInline let unavoided: [Avoid]
            @usableFromInline let ownProfile: Bool
            @usableFromInline let tollKm: Double?
            @usableFromInline let tollPrice: Double?
            @usableFromInline let tollCurrency: String?

            init(geometry: [Coordinate], note: String?, region: String?, unavoided: [Avoid], ownProfile: Bool,
                 tollKm: Double?, tollPrice: Double?, tollCurrency: String?) {
                (self.geometry, self.note, self.region) = (geometry, note, region)
                (self.unavoided, self.ownProfile, self.tollKm, self.tollPrice) = (unavoided, ownProfile, tollKm, tollPrice)
                self.tollCurrency = tollCurrency
            }

            @usableFromInline static func == (a: Extras, b: Extras) -> Bool {
                a === b || (a.geometry == b.geometry && a.note == b.note && a.region == b.region
                    && a.unavoided == b.unavoided && a.ownProfile == b.ownProfile && a.tollKm == b.tollKm
                    && a.tollPrice == b.tollPrice && a.tollCurrency == b.tollCurrency)
            }
        }

        public var usesFerry: Bool { ferrySeconds > 0 || ferryKm > 0 }
        public var crossesWater: Bool { seaKm > 0 }

        public var to: Int { from + 1 }
        public var isEstimate: Bool { source == .estimate }
    }

    /// When a stop is reached and left, on its own wall clock (`ZoneClock.swift` says how the clock runs).
    public struct Arrival: Equatable, Sendable {
        /// 0 for the first day: the day of the plan the stop is reached on. A stop passed through belongs to the
        /// day it is driven on (driving past midnight stays on it); a night starts on the date its stop is reached,
        /// so a day that overruns past midnight moves that night, and every later day, to the date it really is.
        public let dayIndex: Int
        /// The plan day's date; nil without a start date (or beyond the year 9999).
        public let date: CalendarDate?
        /// The stop's zone (`StopZones`), held without reference counting (`InternedZone`).
        public unowned(unsafe) let zone: InternedZone
        public var timeZone: TimeZone { zone.timeZone }
        /// When the stop is reached, to the minute, breaks included; nil for the first stop (and for a time past
        /// what a calendar holds).
        public let instant: Date?
        /// `instant` on the stop's wall clock.
        public let local: WallTime?
        /// Seconds the stop's clock is ahead of the clock at the stop the day left from, at the arrival
        /// (3600: "+1 h"); 0 for the first stop and within one zone.
        public let zoneShift: Int
        /// Rest breaks taken on the leg that reaches the stop, and their minutes in all.
        public let breaks: Int
        public let breakMinutes: Int
        /// Minutes spent here before the next leg: the stop's stay when it is passed through without a night (the
        /// first and last stops have none).
        public let stayMinutes: Int
        /// When the stop is left: the arrival plus the stay, or the departure time on the day after its nights;
        /// nil for the last stop.
        public let departure: Date?
        /// `departure` on the stop's wall clock.
        public let departureLocal: WallTime?

        /// The zone's abbreviation at the arrival (or departure) as this system names it ("CDT", "GMT-5").
        public var zoneAbbreviation: String? {
            (instant ?? departure).flatMap { timeZone.abbreviation(for: $0) }
        }
    }

    public struct Day: Equatable, Sendable {
        /// 1-based, as people count them ("Day 3").
        public let number: Int
        public let date: CalendarDate?
        /// Where the day starts and where its night is (the same stop on a day without driving).
        public let startStop: Int
        public let endStop: Int
        /// The legs driven that day (empty on a rest day, on a day on the road, and on the last day of the trip).
        public let legs: Range<Int>
        public let distanceKm: Double
        public let drivingSeconds: Double
        public let exceedsLimit: Bool
        /// The last day has no night: the trip ends there.
        public let isLast: Bool
        /// When a driving day leaves its first stop and reaches its night's stop (breaks and stays included); nil
        /// on a day without driving.
        public let departure: Date?
        public let arrival: Date?
        /// The number of the day its drive reaches `endStop` on: `number` unless the drive overruns past midnight
        /// into later days (which are then `isOnTheRoad`, with the same `lastNumber`); `Int.max` for a drive that
        /// reaches it only past the year 9999.
        public let lastNumber: Int
        /// A day spent on the road by a drive that left on an earlier day, with no night planned: from `startStop`
        /// towards `endStop`, reached on the drive's `lastNumber`.
        public let isOnTheRoad: Bool

        public var isDriving: Bool { !legs.isEmpty }
        /// Whether a night is spent at `endStop` at the day's end: not the trip's last day, nor one whose drive
        /// arrives on a later day.
        public var hasNight: Bool { !isLast && lastNumber == number }
        /// Whether the day ends on the road: its drive reaches its night's stop on a later day (no night planned).
        public var overruns: Bool { lastNumber > number }
        /// Whole days from leaving to arriving, rounded up ("2 days on the road"): 1 for a day within a day.
        public var daysOnTheRoad: Int {
            guard let departure, let arrival, arrival > departure else { return 1 }
            return max(1, Int(saturating: (arrival.timeIntervalSince(departure) / 86_400).rounded(.up)))
        }
    }

    public let legs: [Leg]
    /// The revisions of the late data it was worked out from (`LateData`): set by the route service.
    public var basis = Revisions()
    public let arrivals: [Arrival]
    public let days: [Day]
    public let distanceKm: Double
    public let drivingSeconds: Double
    public let nights: Int
    /// Days of the trip, from the first to the one it ends on (overrun days included); more than `days` holds for
    /// a plan past `dayLimit`.
    public let dayCount: Int
    public let startDate: CalendarDate?
    /// The day the trip ends: the last stop's date plus its nights, as the clock runs (a drive that overruns
    /// past midnight moves it).
    public let endDate: CalendarDate?
    /// Driving beyond this in a day marks it (`Day.exceedsLimit`).
    public let dailyLimitSeconds: Double
    /// The first day as a `CalendarDate.dayNumber` (`ZoneClock.referenceDay` for an undated trip): a local wall
    /// time's day counts from it (`localDayIndex`).
    public let firstDay: Int
    /// Whether the trip's clocks read differently somewhere (another offset, at the same instant or at another
    /// time of year): then times are shown with their zone.
    public let crossesZones: Bool
    /// The clock's workings, lent to the trip's next itinerary (`init(trip:legs:settings:reusing:)`).
    let clockMemo: Clock.Memo

    /// Days after the first day of a wall time (`Arrival.local`): the plan's `dayIndex` on most days, one more
    /// past midnight, one less across the date line westwards.
    public func localDayIndex(_ time: WallTime) -> Int { time.day - firstDay }

    /// Stop `index`'s arrival on its own wall clock when that falls on its plan day: nil for the first stop, past
    /// midnight on an overlong day, and across the date line (a day's clock that leaves its date is told another way).
    public func arrivalClock(at index: Int) -> WallTime? {
        guard arrivals.indices.contains(index), let local = arrivals[index].local,
              localDayIndex(local) == arrivals[index].dayIndex else { return nil }
        return local
    }

    /// Whether any leg is an estimate: totals are then marked ≈ too.
    public var hasEstimates: Bool { legs.contains(where: \.isEstimate) }
    /// Legs whose routing engine failed, with why (the message line and `show` say it).
    public var notes: [(leg: Int, note: String)] { legs.compactMap { leg in leg.note.map { (leg.from, $0) } } }

    public static func == (a: Itinerary, b: Itinerary) -> Bool {
        a.legs == b.legs && a.arrivals == b.arrivals && a.days == b.days && a.startDate == b.startDate
            && a.dailyLimitSeconds == b.dailyLimitSeconds
    }
}
