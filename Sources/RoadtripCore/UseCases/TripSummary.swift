import Foundation

/// One trip as a list shows it (the trip list screen, `roadtrip list`): what a person needs to recognise it.
public struct TripSummary: Equatable, Sendable {
    public let id: Trip.ID
    public let name: String
    public let stopCount: Int
    public let totalKm: Double
    /// Whether some leg of `totalKm` is an estimate (shown with ≈).
    public let isEstimated: Bool
    public let firstStop: String?
    public let lastStop: String?
    /// Every stop's name, in order (what the list's filter searches).
    public let stopNames: [String]
    public let startDate: CalendarDate?
    /// The last day, as the itinerary has it.
    public let endDate: CalendarDate?
    public let updatedAt: Date

    /// `distance`: the trip's distance as the route service knows it now.
    public init(_ trip: Trip, distance: (km: Double, estimated: Bool), endDate: CalendarDate?) {
        id = trip.id
        name = trip.name
        stopCount = trip.waypoints.count
        totalKm = distance.km
        isEstimated = distance.estimated
        firstStop = trip.waypoints.first?.name
        lastStop = trip.waypoints.count > 1 ? trip.waypoints.last?.name : nil
        stopNames = trip.waypoints.map(\.name)
        startDate = trip.startDate
        self.endDate = endDate
        updatedAt = trip.updatedAt
    }
}

extension RouteService {
    public func summaries(of trips: [Trip]) -> [TripSummary] {
        trips.map(summary(of:))
    }

    public func summary(of trip: Trip) -> TripSummary {
        let known = distance(of: trip)
        return TripSummary(trip, distance: (known.km, known.estimated), endDate: endDate(of: trip, longestDay: known.longestDay))
    }

    /// The summaries of `trips`, working out again only those of trips changed since `kept` last saw them, or all of
    /// them when late data came in meanwhile for every trip (routes and the water measured for a trip's legs come per
    /// trip: `refresh` them). A new trip in a list of 100,000 costs one summary, not 100,000.
    public func summaries(of trips: [Trip], keeping kept: TripSummaries) -> [TripSummary] {
        let basis = summaryBasis
        if basis != kept.basis { kept.reset(basis) }
        return trips.map { trip in
            if let summary = kept.summary(of: trip) { return summary }
            let summary = summary(of: trip)
            kept.keep(summary, of: trip)
            return summary
        }
    }

    /// Whether `kept` was made on the late data in now: if not, `summaries(of:keeping:)` works out every trip again.
    public func isCurrent(_ kept: TripSummaries) -> Bool {
        kept.basis == summaryBasis
    }

    /// The revisions of the late data a summary stands on, what came per trip aside.
    private var summaryBasis: [Int] {
        let revisions = late.currentForEveryTrip
        return LateInput.allCases.map { revisions[$0] }
    }

    /// The summaries of `trips` worked out again (their routes came in), and kept.
    public func refresh(_ trips: [Trip], keeping kept: TripSummaries) -> [TripSummary] {
        trips.map { trip in
            let summary = summary(of: trip)
            kept.keep(summary, of: trip)
            return summary
        }
    }
}

/// A list's trip summaries kept from one reading of the list to the next (`RouteService.summaries(of:keeping:)`),
/// each with the trip it was made from. Used on one thread.
public final class TripSummaries {
    fileprivate private(set) var basis: [Int] = []
    private var kept: [Trip.ID: (trip: Trip, summary: TripSummary)] = [:]

    public init() {}

    fileprivate func reset(_ basis: [Int]) {
        self.basis = basis
        kept.removeAll(keepingCapacity: true)
    }

    fileprivate func summary(of trip: Trip) -> TripSummary? {
        guard let entry = kept[trip.id], entry.trip == trip else { return nil }
        return entry.summary
    }

    fileprivate func keep(_ summary: TripSummary, of trip: Trip) {
        kept[trip.id] = (trip, summary)
    }
}
