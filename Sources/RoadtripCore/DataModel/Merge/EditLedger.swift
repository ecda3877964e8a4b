import Foundation

/// What a merge needs beside the trips (schema 2): when each field was last edited, where each stop sits, what was
/// deleted, and which edits the file holds. The store keeps it with the trips (`TripStore`), brings it up to date
/// from each change (`record`), and writes it into the file; `TripMerge` joins two. Entities and screens never see it.
public struct EditLedger: Equatable, Sendable {
    /// Per device, its latest edit that this document holds: it holds that device's every edit up to then (each
    /// device edits one file at a time, in order). A value missing from the file whose stamp is seen was removed on
    /// purpose, not yet to arrive.
    public var seen: [DeviceID: EditStamp] = [:]
    /// The marks of trips that have any; a trip without has its stops in canonical order and no field edited.
    public var trips: [UUID: TripMarks] = [:]
    /// Deleted trips, whole, until `pruned` drops them: an edit made elsewhere after the delete brings one back.
    public var deletedTrips: [DeletedTrip] = []
    /// Trips made since the file was last written (never in the file, so on no other machine): deleting one keeps
    /// nothing. Not written; the store empties it as its saves land (`TripStore.endSave`).
    public var fresh: Set<UUID> = []

    public init() {}

    /// The latest stamp the document holds.
    public var latest: EditStamp { seen.values.max() ?? .zero }

    /// Whether the document holds the edit stamped `stamp`.
    func hasSeen(_ stamp: EditStamp) -> Bool {
        stamp.isZero || (seen[stamp.device].map { $0 >= stamp } ?? false)
    }

    mutating func see(_ stamp: EditStamp) {
        guard !stamp.isZero else { return }
        if seen[stamp.device].map({ $0 < stamp }) ?? true { seen[stamp.device] = stamp }
    }
}

/// A trip's marks.
public struct TripMarks: Equatable, Sendable {
    /// When the trip's own fields were last edited (`MergeFields.trip` names), and "restored" when a delete was
    /// undone. A field missing has the zero stamp.
    public var stamps: [String: EditStamp] = [:]
    /// The same for each stop (`MergeFields.stop` names, "order" for a move, "restored").
    public var stopStamps: [UUID: [String: EditStamp]] = [:]
    /// The stops' keys, in the trip's order; nil while they are canonical (`OrderKey.canonical`).
    public var order: [OrderKey]?
    /// Deleted stops, whole, until `pruned` drops them.
    public var deletedStops: [DeletedStop] = []
    /// When the trip was deleted (for a trip in `EditLedger.deletedTrips`).
    public var deleted: EditStamp?

    public init() {}

    public var isEmpty: Bool { stamps.isEmpty && stopStamps.isEmpty && order == nil && deletedStops.isEmpty && deleted == nil }

    /// The stops' keys, canonical ones made up for a trip of `count` stops without keys.
    func keys(count: Int) -> [OrderKey] {
        if let order, order.count == count { return order }
        return (0..<count).map(OrderKey.canonical)
    }

    /// The latest stamp of the trip's fields, its stops' (deleted ones too) and their deletions.
    var latest: EditStamp {
        var latest = stamps.values.max() ?? .zero
        for stamps in stopStamps.values { latest = max(latest, stamps.values.max() ?? .zero) }
        for stop in deletedStops { latest = max(latest, stop.latest) }
        return latest
    }
}

public struct DeletedTrip: Equatable, Sendable {
    public var trip: Trip
    public var marks: TripMarks
}

public struct DeletedStop: Equatable, Sendable {
    public var stop: Waypoint
    public var order: OrderKey
    public var stamps: [String: EditStamp]
    public var deleted: EditStamp

    var latest: EditStamp { max(deleted, stamps.values.max() ?? .zero) }
}

extension EditLedger {
    /// How long a deleted trip or stop is kept for a merge to bring back: a copy that comes back after longer may
    /// bring back what was deleted (docs/guide.md says so).
    public static let keepDeleted: TimeInterval = 90 * 86_400

    /// The marks without the deletions older than `keepDeleted`, as a save writes them.
    public func pruned(now: Date) -> EditLedger {
        let horizon = Int64((now.timeIntervalSince1970 - Self.keepDeleted) * 1000)
        func old(_ stamp: EditStamp?) -> Bool { (stamp?.millis ?? .max) < horizon }
        guard deletedTrips.contains(where: { old($0.marks.deleted) })
                || trips.values.contains(where: { $0.deletedStops.contains { old($0.deleted) } }) else { return self }
        var copy = self
        copy.deletedTrips.removeAll { old($0.marks.deleted) }
        for (id, marks) in trips where marks.deletedStops.contains(where: { old($0.deleted) }) {
            copy.trips[id]?.deletedStops.removeAll { old($0.deleted) }
            if copy.trips[id]?.isEmpty == true { copy.trips[id] = nil }
        }
        return copy
    }
}
