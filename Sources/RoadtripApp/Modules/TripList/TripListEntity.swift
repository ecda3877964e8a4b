import Foundation
import RoadtripCore

/// One trip as the list shows it: what a person needs to recognise it.
public struct TripSummary: Equatable {
    public let id: Trip.ID
    public let name: String
    public let stopCount: Int
    public let totalKm: Double
    public let firstStop: String?
    public let lastStop: String?
    public let startDate: CalendarDate?
    public let updatedAt: Date

    public init(_ trip: Trip) {
        id = trip.id
        name = trip.name
        stopCount = trip.waypoints.count
        totalKm = RouteDistances(trip.waypoints).totalKm
        firstStop = trip.waypoints.first?.name
        lastStop = trip.waypoints.count > 1 ? trip.waypoints.last?.name : nil
        startDate = trip.startDate
        updatedAt = trip.updatedAt
    }
}
