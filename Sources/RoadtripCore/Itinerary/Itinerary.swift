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
        /// The road's polyline; empty for an estimate (the great-circle arc between the stops).
        public let geometry: [Coordinate]
        public let source: LegSource
        /// Why the chosen routing engine's answer is missing, when this leg is an estimate in its place.
        public let note: String?

        public init(from: Int, _ leg: RoutedLeg, note: String? = nil) {
            self.from = from
            distanceKm = leg.distanceKm
            durationSeconds = leg.durationSeconds
            geometry = leg.geometry
            source = leg.source
            self.note = note
        }

        public var to: Int { from + 1 }
        public var isEstimate: Bool { source == .estimate }
    }

    /// When a stop is reached.
    public struct Arrival: Equatable, Sendable {
        /// 0 for the first day.
        public let dayIndex: Int
        /// nil without a start date (or beyond the year 9999).
        public let date: CalendarDate?
        /// Minutes after midnight of that day, leaving at the departure time and driving without breaks
        /// (may pass 24 h on an overlong day); nil for the first stop.
        public let minutes: Int?
    }

    public struct Day: Equatable, Sendable {
        /// 1-based, as people count them ("Day 3").
        public let number: Int
        public let date: CalendarDate?
        /// Where the day starts and where its night is (the same stop on a day without driving).
        public let startStop: Int
        public let endStop: Int
        /// The legs driven that day (empty on a rest day, and on the last day of the trip).
        public let legs: Range<Int>
        public let distanceKm: Double
        public let drivingSeconds: Double
        public let exceedsLimit: Bool
        /// The last day has no night: the trip ends there.
        public let isLast: Bool

        public var isDriving: Bool { !legs.isEmpty }
    }

    public let legs: [Leg]
    public let arrivals: [Arrival]
    public let days: [Day]
    public let distanceKm: Double
    public let drivingSeconds: Double
    public let nights: Int
    public let startDate: CalendarDate?
    public let endDate: CalendarDate?
    /// Driving beyond this in a day marks it (`Day.exceedsLimit`).
    public let dailyLimitSeconds: Double

    /// Whether any leg is an estimate: totals are then marked ≈ too.
    public var hasEstimates: Bool { legs.contains(where: \.isEstimate) }
    /// Legs whose routing engine failed, with why (the message line and `show` say it).
    public var notes: [(leg: Int, note: String)] { legs.compactMap { leg in leg.note.map { (leg.from, $0) } } }

    public static func == (a: Itinerary, b: Itinerary) -> Bool {
        a.legs == b.legs && a.arrivals == b.arrivals && a.days == b.days && a.startDate == b.startDate
            && a.dailyLimitSeconds == b.dailyLimitSeconds
    }
}
