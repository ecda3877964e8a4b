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
    /// Values that lost to another machine's edit in a merge, listed on the trip (`Trip.conflicts`).
    public let clashes: Int

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
        clashes = trip.conflicts.count
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

    /// The summaries of `trips`, working out again only those of trips changed since `kept` last saw them, and those
    /// `rebase` drops when late data came in meanwhile for every trip (routes and the water measured for a trip's
    /// legs come per trip: `refresh` them). A new trip in a list of 100,000 costs one summary, not 100,000.
    public func summaries(of trips: [Trip], keeping kept: TripSummaries) -> [TripSummary] {
        if !isCurrent(kept) { _ = rebase(kept) }
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

    /// Brings `kept` to the late data in now, keeping what still holds, and says which trips' summaries it dropped:
    /// nil when it dropped them all. When only the water answers kept across runs came in, a trip none of whose legs
    /// they mark as crossing water reads as before (a leg they do not know is measured later, for its trip):
    /// 100,000 trips keep their summaries, and a list redoes the few rows by the sea instead of every one.
    public func rebase(_ kept: TripSummaries) -> Set<Trip.ID>? {
        let basis = summaryBasis
        guard basis != kept.basis else { return [] }
        let onlyWater = kept.basis.count == basis.count
            && Self.summaryInputs.indices.allSatisfy { Self.summaryInputs[$0] == .shorelines || basis[$0] == kept.basis[$0] }
        guard onlyWater else {
            kept.reset(basis)
            return nil
        }
        return kept.rebase(basis, dropping: crossesKnownWater)
    }

    /// The late data a summary stands on (its distance, estimated or routed, and its end date): not the base map
    /// or the gazetteer, whose arrival leaves every summary as it was.
    private static let summaryInputs: [LateInput] = [.routes, .shorelines, .regions, .settings]

    /// The revisions of `summaryInputs` now, what came per trip aside.
    private var summaryBasis: [Int] {
        let revisions = late.currentForEveryTrip
        return Self.summaryInputs.map { revisions[$0] }
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

    /// On `basis` now, keeping the summaries of the trips `stale` does not pick; returns the ids of those it picked.
    fileprivate func rebase(_ basis: [Int], dropping stale: (Trip) -> Bool) -> Set<Trip.ID> {
        self.basis = basis
        var dropped: Set<Trip.ID> = []
        for (id, entry) in kept where stale(entry.trip) { dropped.insert(id) }
        for id in dropped { kept[id] = nil }
        return dropped
    }

    fileprivate func summary(of trip: Trip) -> TripSummary? {
        guard let entry = kept[trip.id], entry.trip == trip else { return nil }
        return entry.summary
    }

    fileprivate func keep(_ summary: TripSummary, of trip: Trip) {
        kept[trip.id] = (trip, summary)
    }
}
