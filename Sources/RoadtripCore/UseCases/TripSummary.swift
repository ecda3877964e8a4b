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
        trips.map { trip in
            let known = distance(of: trip)
            return TripSummary(trip, distance: (known.km, known.estimated),
                               endDate: endDate(of: trip, longestDay: known.longestDay))
        }
    }
}
