import Foundation
import RoadtripCore

/// One machine's edits since the merge bench's base, each applied, checked and stamped as `TripStore.apply` does
/// (`EditLedger.record` with this machine's `EditClock`), one change at a time, as a person makes them.
struct MergeBenchSide {
    private(set) var trips: [Trip]
    private(set) var ledger: EditLedger
    private var clock: EditClock
    private let wall: Wall
    private var random: MergeBenchTrips
    /// How many edits of each kind were made (`Kind`'s names).
    private(set) var made: [String: Int] = [:]

    enum Kind: String, CaseIterable {
        case nights, notes, name, position, move, delete
    }

    /// `start`: this machine's wall clock at its first edit, in ms since 1970; it moves on 7 s an edit.
    init(base: MergeDocument, device: UInt32, start: Int64, seed: UInt64) {
        trips = base.trips
        ledger = base.ledger
        let wall = Wall(millis: start)
        self.wall = wall
        clock = EditClock(device: DeviceID(device)) { wall.tick() }
        random = MergeBenchTrips(seed: seed)
    }

    /// A kind for a stop edited once: mostly its nights and notes, now and then a move or a delete.
    mutating func someKind() -> Kind {
        switch random.int(100) {
        case ..<32: return .nights
        case ..<62: return .notes
        case ..<76: return .name
        case ..<90: return .position
        case ..<95: return .move
        default: return .delete
        }
    }

    /// Edits the stop `stop` of the trip `trip`. `value` tells two machines' edits of one field apart (a clash).
    mutating func edit(trip: UUID, stop: UUID, _ kind: Kind, value: Int) throws {
        let seconds = Date(timeIntervalSince1970: Double(wall.millis / 1000))
        let other = random.int(1_000)
        var done = false
        try apply { trips in
            guard let t = trips.firstIndex(where: { $0.id == trip }),
                  let s = trips[t].waypoints.firstIndex(where: { $0.id == stop }) else { return }
            switch kind {
            case .nights: trips[t].waypoints[s].nights = value % 14
            case .notes: trips[t].waypoints[s].notes = "Changed plan (\(value)): " + MergeBenchTrips.stopNotes[value % MergeBenchTrips.stopNotes.count]
            case .name: trips[t].waypoints[s].name = trips[t].waypoints[s].name + " (\(value % 7 == 0 ? "old town" : "centre"))"
            case .position:
                trips[t].waypoints[s].latitude = min(89, trips[t].waypoints[s].latitude + Double(value % 50 + 1) / 1_000)
                trips[t].waypoints[s].longitude = min(179, trips[t].waypoints[s].longitude - Double(value % 30 + 1) / 1_000)
            case .move:
                let count = trips[t].waypoints.count
                guard count > 1 else { return }
                let moved = trips[t].waypoints.remove(at: s)
                trips[t].waypoints.insert(moved, at: (s + 1 + other % (count - 1)) % count)
            case .delete:
                guard trips[t].waypoints.count > 2 else { return }
                trips[t].waypoints.remove(at: s)
            }
            trips[t].updatedAt = seconds
            done = true
        }
        if done { made[kind.rawValue, default: 0] += 1 }
    }

    mutating func delete(trip: UUID) throws {
        try apply { $0.removeAll { $0.id == trip } }
        made["trip deleted", default: 0] += 1
    }

    private mutating func apply(_ change: (inout [Trip]) -> Void) throws {
        var after = try trips.applying(change)
        ledger.record(from: trips, to: &after, clock: &clock)
        trips = after
    }

    var document: MergeDocument { MergeDocument(trips: trips, ledger: ledger) }
}

/// A machine's wall clock for the bench: moves on 7 s each time it is read.
private final class Wall: @unchecked Sendable {
    private(set) var millis: Int64

    init(millis: Int64) { self.millis = millis }

    func tick() -> Int64 {
        millis += 7_000
        return millis
    }
}
