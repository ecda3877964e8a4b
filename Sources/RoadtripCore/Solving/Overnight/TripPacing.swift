import Foundation

extension Trip {
    /// The trip with `candidate`'s town inserted as a stop of one night between the ends of the leg it lies along,
    /// so its day ends there and the days after it shift by one; nil when those stops are no longer neighbours
    /// (the trip changed since the candidate was found).
    public func insertingOvernight(_ candidate: OvernightCandidate) -> Trip? {
        guard let from = waypoints.firstIndex(where: { $0.id == candidate.fromStop }), from + 1 < waypoints.count,
              waypoints[from + 1].id == candidate.toStop else { return nil }
        var copy = self
        copy.waypoints.insert(candidate.place.waypoint(nights: 1).fillingTimeZone(), at: from + 1)
        return copy
    }
}

/// A trip paced: every day over the daily limit split by the best town near its line (`OvernightFinder`), again
/// and again until each fits (a 20-hour day at a 6-hour limit takes three nights), as one change. Days that cannot
/// be split say why.
public struct TripPacing: Sendable {
    /// A day still over the limit after pacing.
    public struct LongDay: Equatable, Sendable {
        /// The day's number in the paced trip.
        public let day: Int
        public let drivingSeconds: Double
        /// The day's leg longer than the limit on its own, near which no town lies; nil when the day is over the
        /// limit through several legs and no town lies near any.
        public let leg: Int?
        public let legSeconds: Double?
        /// How far from that leg's line (else the day's) towns were looked for.
        public let corridor: OvernightCorridor
    }

    public let before: Trip
    public let after: Trip
    /// The towns inserted, in the order they were chosen.
    public let inserted: [OvernightCandidate]
    public let longDays: [LongDay]
    /// The paced trip's itinerary (the last one `pace` computed).
    public let itinerary: Itinerary

    public var changesTrip: Bool { !inserted.isEmpty }

    /// Paces `trip`, reading each new itinerary from `itinerary` (the route service's, or the estimate's). At most
    /// `maxNights` towns are inserted.
    public static func pace(_ trip: Trip, finder: OvernightFinder, itinerary: (Trip) -> Itinerary,
                            maxNights: Int = 500) -> TripPacing {
        var current = trip
        var plan = itinerary(trip)
        var inserted: [OvernightCandidate] = []
        // Days no town splits, by their end stops (numbers shift as nights are added).
        var unsplittable: Set<[Waypoint.ID]> = []
        func key(_ day: Itinerary.Day) -> [Waypoint.ID] { [current.waypoints[day.startStop].id, current.waypoints[day.endStop].id] }
        while inserted.count < maxNights,
              let day = plan.days.first(where: { $0.exceedsLimit && !unsplittable.contains(key($0)) }) {
            // A town that leaves the first part within the limit and the rest shorter than the day was.
            let choice = finder.suggestions(forDay: day.number, trip: current, itinerary: plan, limit: 50).candidates.first {
                $0.beforeSeconds <= plan.dailyLimitSeconds && $0.afterSeconds < day.drivingSeconds
            }
            guard let choice, let next = current.insertingOvernight(choice) else {
                unsplittable.insert(key(day))
                continue
            }
            current = next
            inserted.append(choice)
            plan = itinerary(current)
        }
        let longDays = plan.days.filter(\.exceedsLimit).map { day -> LongDay in
            let longest = day.legs.max { plan.legs[$0].durationSeconds < plan.legs[$1].durationSeconds }
                .flatMap { plan.legs[$0].durationSeconds > plan.dailyLimitSeconds ? $0 : nil }
            let legs = longest.map { [$0] } ?? Array(day.legs)
            return LongDay(day: day.number, drivingSeconds: day.drivingSeconds, leg: longest,
                           legSeconds: longest.map { plan.legs[$0].durationSeconds },
                           corridor: OvernightCorridor(legs.map { plan.legs[$0] }, stops: current.waypoints))
        }
        return TripPacing(before: trip, after: current, inserted: inserted, longDays: longDays, itinerary: plan)
    }
}
