import Foundation

/// Two trips, or two stops of one trip, with the same id. A delete or an edit by id could then touch an item
/// the user did not pick, so a file with one is refused like any invalid file (`TripFileReader`), a change that
/// would make one is refused (`Array.applying`), and a removal by id never removes two (`removeTrip`).
public struct DuplicateID: Error, Equatable, CustomStringConvertible {
    public let id: UUID
    /// The trip whose stops share the id; nil when two trips share it.
    public let trip: String?
    public let first: String
    public let second: String

    public var description: String {
        // Names come from the file: made safe here, since this message goes to a terminal as it is.
        let names = "\"\(TerminalSafe.line(first))\" and \"\(TerminalSafe.line(second))\""
        guard let trip else { return "two trips share the id \(id.uuidString): \(names)" }
        return "two stops of \"\(TerminalSafe.line(trip))\" share the id \(id.uuidString): \(names)"
    }

    /// The first two trips that share an id, if any.
    static func among(_ trips: [Trip]) -> DuplicateID? {
        firstRepeat(in: trips).map { DuplicateID(id: trips[$0.1].id, trip: nil, first: trips[$0.0].name,
                                                 second: trips[$0.1].name) }
    }

    /// The first two stops of `trip` that share an id, if any.
    static func among(stopsOf trip: Trip) -> DuplicateID? {
        let stops = trip.waypoints
        return firstRepeat(in: stops).map { DuplicateID(id: stops[$0.1].id, trip: trip.name, first: stops[$0.0].name,
                                                        second: stops[$0.1].name) }
    }

    /// The indices of the first element whose id an earlier one has, and of that earlier one.
    private static func firstRepeat<Item: Identifiable>(in items: [Item]) -> (Int, Int)? where Item.ID == UUID {
        var seen = Set<UUID>(minimumCapacity: items.count)
        for (index, item) in items.enumerated() where !seen.insert(item.id).inserted {
            return (items.firstIndex { $0.id == item.id }!, index)
        }
        return nil
    }
}

extension Array where Element == Trip {
    /// Removes the trip with `id` (nothing when none has it). Throws `StoreError.duplicateID`, removing nothing,
    /// when several have it: a delete never takes more than the one trip the user picked.
    public mutating func removeTrip(withID id: UUID) throws {
        let matches = indices.filter { self[$0].id == id }
        if matches.count > 1 {
            throw StoreError.duplicateID(DuplicateID(id: id, trip: nil, first: self[matches[0]].name,
                                                     second: self[matches[1]].name))
        }
        if let index = matches.first { remove(at: index) }
    }
}

extension Trip {
    /// Removes the stop with `id` (nothing when none has it). Throws `StoreError.duplicateID`, removing nothing,
    /// when several have it.
    public mutating func removeStop(withID id: UUID) throws {
        let matches = waypoints.indices.filter { waypoints[$0].id == id }
        if matches.count > 1 {
            throw StoreError.duplicateID(DuplicateID(id: id, trip: name, first: waypoints[matches[0]].name,
                                                     second: waypoints[matches[1]].name))
        }
        if let index = matches.first { waypoints.remove(at: index) }
    }
}
