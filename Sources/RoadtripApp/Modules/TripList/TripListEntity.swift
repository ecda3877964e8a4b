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

/// Why a trip named on the command line (or typed) could not be found.
public enum TripLookupError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case ambiguous(String, candidates: [String])

    public var description: String {
        switch self {
        case let .notFound(query):
            return "no trip matches \"\(TerminalSafe.line(query))\" (see `roadtrip list`)"
        case let .ambiguous(query, candidates):
            let names = candidates.map { "\"\(TerminalSafe.line($0))\"" }.joined(separator: ", ")
            return "\"\(TerminalSafe.line(query))\" matches several trips: \(names); type more of the name or use its id"
        }
    }
}
