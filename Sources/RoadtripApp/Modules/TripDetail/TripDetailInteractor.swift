import Foundation
import RoadtripCore

/// Use cases of one trip: its stops, order, name, notes and start date. Saves after every change.
public final class TripDetailInteractor: TripDetailInteractorInput {
    public let tripID: Trip.ID
    private let repository: TripRepository

    public init(tripID: Trip.ID, repository: TripRepository) {
        self.tripID = tripID
        self.repository = repository
    }

    public func loadTrip() -> Trip? {
        repository.trips.first { $0.id == tripID }
    }

    public func addStop(_ waypoint: Waypoint, at index: Int?) throws {
        try change { trip in
            let position = min(max(index ?? trip.waypoints.count, 0), trip.waypoints.count)
            trip.waypoints.insert(waypoint, at: position)
        }
    }

    public func updateStop(_ waypoint: Waypoint) throws {
        try change { trip in
            guard let index = trip.waypoints.firstIndex(where: { $0.id == waypoint.id }) else {
                throw TripDetailError.stopNotFound
            }
            trip.waypoints[index] = waypoint
        }
    }

    public func deleteStop(_ id: Waypoint.ID) throws {
        try change { try $0.removeStop(withID: id) }
    }

    public func moveStop(from: Int, to: Int) throws {
        try change { trip in
            guard trip.waypoints.indices.contains(from), trip.waypoints.indices.contains(to) else {
                throw TripDetailError.positionOutOfRange(count: trip.waypoints.count)
            }
            let stop = trip.waypoints.remove(at: from)
            trip.waypoints.insert(stop, at: to)
        }
    }

    public func rename(to name: String) throws {
        try change { $0.name = name }
    }

    public func setNotes(_ notes: String) throws {
        try change { $0.notes = notes }
    }

    public func setStartDate(_ date: CalendarDate?) throws {
        try change { $0.startDate = date }
    }

    private func change(_ body: (inout Trip) throws -> Void) throws {
        try repository.update { trips in
            guard let index = trips.firstIndex(where: { $0.id == tripID }) else { throw TripDetailError.tripNotFound }
            try body(&trips[index])
            trips[index].updatedAt = .wholeSecondNow
        }
    }
}

public enum TripDetailError: Error, Equatable, CustomStringConvertible {
    case tripNotFound
    case stopNotFound
    case positionOutOfRange(count: Int)

    public var description: String {
        switch self {
        case .tripNotFound: return "this trip no longer exists"
        case .stopNotFound: return "this stop no longer exists"
        case let .positionOutOfRange(count):
            return count == 0 ? "the trip has no stops" : "position must be between 1 and \(count)"
        }
    }
}
