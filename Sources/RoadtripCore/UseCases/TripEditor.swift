import Foundation

/// Changes to one trip: its stops, their order, its name, notes and start date. The trip screen's
/// interactor and the command line both call these. Each change stamps `updatedAt`.
public struct TripEditor {
    public let tripID: Trip.ID
    private let repository: TripRepository

    public init(tripID: Trip.ID, repository: TripRepository) {
        self.tripID = tripID
        self.repository = repository
    }

    public var trip: Trip? {
        repository.trips.first { $0.id == tripID }
    }

    /// Inserts at `index` (clamped), or at the end; the stop stores its time zone (`fillingTimeZone`).
    @discardableResult
    /// `expecting`: the stops a stop found off the loop was found for (along a day's road); refused
    /// (`tripChanged`) when the trip's are not those any more.
    public func addStop(_ waypoint: Waypoint, at index: Int?, expecting stops: [Waypoint]? = nil) throws -> ChangeDescription {
        var position = 0
        return try change({ trip in
            try Self.check(trip, is: stops)
            position = min(max(index ?? trip.waypoints.count, 0), trip.waypoints.count)
            trip.waypoints.insert(waypoint.fillingTimeZone(), at: position)
        }, describe: { .addStop(position + 1, $0.waypoints[position].name) })
    }

    /// Replaces the stop with the same id; returns what was saved. A stop given other coordinates but still
    /// the place it had loses that place (`Waypoint.forgetPlace`): it described where the stop was. Moved and
    /// still in the zone it had, it takes the zone of where it is now; and it stores its zone (`fillingTimeZone`).
    @discardableResult
    public func updateStop(_ waypoint: Waypoint) throws -> (stop: Waypoint, change: ChangeDescription) {
        var saved = waypoint
        var position = 0
        let change = try change({ trip in
            guard let index = trip.waypoints.firstIndex(where: { $0.id == waypoint.id }) else {
                throw TripEditError.stopNotFound
            }
            let old = trip.waypoints[index]
            let moved = saved.latitude != old.latitude || saved.longitude != old.longitude
            if moved, saved.hasSamePlace(as: old) { saved.forgetPlace() }
            if moved, saved.timeZone == old.timeZone { saved.timeZone = nil }
            saved = saved.fillingTimeZone()
            trip.waypoints[index] = saved
            position = index
        }, describe: { .editStop(position + 1, $0.waypoints[position].name) })
        return (saved, change)
    }

    /// Deletes exactly the stop with this id (refused, deleting nothing, if several had it).
    @discardableResult
    public func deleteStop(_ id: Waypoint.ID) throws -> ChangeDescription {
        var deleted = (position: 0, name: "")
        return try change({ trip in
            guard let index = trip.waypoints.firstIndex(where: { $0.id == id }) else {
                throw TripEditError.stopNotFound
            }
            deleted = (index, trip.waypoints[index].name)
            try trip.removeStop(withID: id)
        }, describe: { _ in .deleteStop(deleted.position + 1, deleted.name) })
    }

    /// Moves the stop at `from` to `to` (0-based).
    @discardableResult
    public func moveStop(from: Int, to: Int) throws -> ChangeDescription {
        try change({ trip in
            guard trip.waypoints.indices.contains(from), trip.waypoints.indices.contains(to) else {
                throw TripEditError.positionOutOfRange(count: trip.waypoints.count)
            }
            // Walked there a swap at a time: removing and inserting would shift every stop after it, twice (a
            // 500-stop trip's whole array for a move near its start).
            let step = to > from ? 1 : -1
            for index in stride(from: from, to: to, by: step) { trip.waypoints.swapAt(index, index + step) }
        }, describe: { .moveStop($0.waypoints[to].name, to: to + 1) })
    }

    /// Pins the stop with this id where it is, so the optimiser keeps it there, or unpins it.
    @discardableResult
    public func setPinned(_ pinned: Bool, stop id: Waypoint.ID) throws -> ChangeDescription {
        var position = 0
        return try change({ trip in
            guard let index = trip.waypoints.firstIndex(where: { $0.id == id }) else { throw TripEditError.stopNotFound }
            trip.waypoints[index].pinned = pinned
            position = index
        }, describe: { .pinStop($0.waypoints[position].name, at: position + 1, pinned: pinned) })
    }

    @discardableResult
    public func rename(to name: String) throws -> ChangeDescription {
        var old = ""
        return try change({ trip in
            old = trip.name
            trip.name = name
        }, describe: { .renameTrip(from: old, to: $0.name) })
    }

    @discardableResult
    public func setNotes(_ notes: String) throws -> ChangeDescription {
        try change({ $0.notes = notes }, describe: { .setNotes(of: $0.name, empty: $0.notes.isEmpty) })
    }

    @discardableResult
    public func setStartDate(_ date: CalendarDate?) throws -> ChangeDescription {
        try change({ $0.startDate = date }, describe: { .setStartDate(of: $0.name, to: $0.startDate) })
    }

    /// Puts the stops in the opposite order: the way home.
    @discardableResult
    public func reverse() throws -> ChangeDescription {
        try change({ $0.waypoints.reverse() }, describe: { .reverse($0.name, stops: $0.waypoints.count) })
    }

    /// Puts `stops` in `order` (`order[position]` = the stop's index in `stops`), as one change: the optimiser's.
    /// Refused when the trip's stops are not `stops` any more: an order worked out before a stop was moved,
    /// pinned, edited, added or removed would undo that edit.
    @discardableResult
    public func reorder(_ order: [Int], of stops: [Waypoint]) throws -> ChangeDescription {
        try change({ trip in
            try Self.check(trip, is: stops)
            guard let reordered = trip.reordered(order) else {
                throw TripEditError.positionOutOfRange(count: trip.waypoints.count)
            }
            trip.waypoints = reordered.waypoints
        }, describe: { .reorder($0.name, stops: $0.waypoints.count) })
    }

    /// Inserts a town where a day could end, as a stop of one night (`Trip.insertingOvernight`). Refused when the
    /// leg it lies along is no longer in the trip, or the trip's stops are not `stops` (what it was found for).
    @discardableResult
    public func insertOvernight(_ candidate: OvernightCandidate, expecting stops: [Waypoint]? = nil) throws -> ChangeDescription {
        var position = 0
        return try change({ trip in
            try Self.check(trip, is: stops)
            guard let inserted = trip.insertingOvernight(candidate) else { throw TripEditError.tripChanged }
            trip.waypoints = inserted.waypoints
            position = trip.waypoints.firstIndex { $0.id == candidate.fromStop }! + 1
        }, describe: { .addOvernight(position + 1, $0.waypoints[position].name) })
    }

    /// Applies a pacing (`TripPacing`) as one change. Refused when the trip's stops changed since it was computed.
    @discardableResult
    public func pace(_ pacing: TripPacing) throws -> ChangeDescription {
        try change({ trip in
            try Self.check(trip, is: pacing.before.waypoints)
            trip.waypoints = pacing.after.waypoints
        }, describe: { .pace($0.name, nights: pacing.inserted.count) })
    }

    /// Applies a charging plan (`TripCharging`) as one change: its charge stops in, an earlier plan's out. Refused
    /// when the trip's stops changed since it was computed.
    @discardableResult
    public func charge(_ charging: TripCharging) throws -> ChangeDescription {
        try change({ trip in
            try Self.check(trip, is: charging.before.waypoints)
            trip.waypoints = charging.after.waypoints
        }, describe: { .charge($0.name, charges: charging.charges.count) })
    }

    /// Throws `tripChanged` unless the trip's stops are `stops` (order, positions, nights, pins and all): checked
    /// inside the change, so an edit saved by another process while a search ran is never overwritten.
    private static func check(_ trip: Trip, is stops: [Waypoint]?) throws {
        if let stops, trip.waypoints != stops { throw TripEditError.tripChanged }
    }

    /// Makes `body`'s change to the trip; `describe` says what it did, from the trip as it is after it.
    func change(_ body: (inout Trip) throws -> Void,
                        describe: (Trip) -> ChangeDescription) throws -> ChangeDescription {
        try repository.update({ trips in
            guard let index = trips.firstIndex(where: { $0.id == tripID }) else { throw TripEditError.tripNotFound }
            try body(&trips[index])
            trips[index].updatedAt = .wholeSecondNow
        }, describe: {
            // Described once made, so names read as validation left them (trimmed).
            describe(trip ?? Trip(id: tripID, name: ""))
        })
    }
}

extension Waypoint {
    /// Whether the stop has a gazetteer place (id, region or country).
    public var hasPlace: Bool { placeId != nil || region != nil || countryCode != nil }

    /// Drops the gazetteer place (id, region, country) and its time zone: for a stop moved to coordinates they do
    /// not describe.
    public mutating func forgetPlace() {
        (placeId, region, countryCode, timeZone) = (nil, nil, nil, nil)
    }

    fileprivate func hasSamePlace(as other: Waypoint) -> Bool {
        hasPlace && placeId == other.placeId && region == other.region && countryCode == other.countryCode
    }
}

public enum TripEditError: Error, Equatable, CustomStringConvertible {
    case tripNotFound
    case stopNotFound
    case positionOutOfRange(count: Int)
    /// The stops a change was computed for are not the trip's any more (it was edited meanwhile).
    case tripChanged
    /// No such clash from a merge, or its value no longer fits its field.
    case conflictNotFound

    public var description: String {
        switch self {
        case .conflictNotFound: return "no such clash from a merge (it may have been settled)"
        case .tripNotFound: return "this trip no longer exists"
        case .stopNotFound: return "this stop no longer exists"
        case .tripChanged: return "the trip's stops changed meanwhile"
        case let .positionOutOfRange(count):
            return count == 0 ? "the trip has no stops" : "position must be between 1 and \(count)"
        }
    }
}
