import Foundation
@testable import RoadtripCore
import RoadtripTestSupport

/// A wall clock the merge tests move by hand: each replica reads it with its own skew.
final class HandClock: @unchecked Sendable {
    var millis: Int64 = 1_800_000_000_000
}

/// One machine editing its copy of the trips as the store does: each change recorded in the ledger with the
/// machine's clock. Its edits are random (`edit(using:)`), drawn from every kind a user makes.
struct MergeReplica {
    var document: MergeDocument
    var clock: EditClock
    /// Earlier trips, for an undo.
    var history: [[Trip]] = []

    init(_ document: MergeDocument, device: UInt32, wall: HandClock, skew: Int64) {
        self.document = document
        // It came through a file: nothing in it is this machine's alone.
        self.document.ledger.fresh = []
        clock = EditClock(device: DeviceID(device), now: { wall.millis + skew })
    }

    mutating func change(_ change: (inout [Trip]) -> Void) {
        var trips = document.trips
        change(&trips)
        history.append(document.trips)
        document.ledger.record(from: document.trips, to: &trips, clock: &clock)
        document.trips = trips
    }

    /// The copy as a save leaves it, written and so on its way to the other machines.
    mutating func save() {
        document.ledger.fresh = []
    }

    /// Takes in what a merge gave, as the store does after merging a copy in.
    mutating func adopt(_ merged: MergeDocument) {
        document = merged
        clock.see(merged.ledger.latest)
    }

    mutating func edit(using rng: inout SeededGenerator) {
        let kind = Int.random(in: 0..<14, using: &rng)
        if document.trips.isEmpty || kind == 0 {
            change { $0.insert(Self.randomTrip(using: &rng), at: 0) }
            return
        }
        let t = Int.random(in: 0..<document.trips.count, using: &rng)
        let stops = document.trips[t].waypoints.count
        switch kind {
        case 1: change { $0.remove(at: t) }
        case 2: change { $0[t].name = "Trip \(Int.random(in: 0..<1000, using: &rng))" }
        case 3: change { $0[t].notes = ["", "drive slowly", "寿司 🍣", "a\nb"].randomElement(using: &rng)! }
        case 4: change { $0[t].startDate = [nil, CalendarDate(year: 2027, month: 6, day: Int.random(in: 1...28, using: &rng))].randomElement(using: &rng)! }
        case 5: change { $0[t].waypoints.insert(Self.randomStop(using: &rng), at: Int.random(in: 0...stops, using: &rng)) }
        case 6 where stops > 0: change { $0[t].waypoints.remove(at: Int.random(in: 0..<stops, using: &rng)) }
        case 7 where stops > 1:
            let from = Int.random(in: 0..<stops, using: &rng), to = Int.random(in: 0..<stops, using: &rng)
            change { $0[t].waypoints.insert($0[t].waypoints.remove(at: from), at: to) }
        case 8 where stops > 0: change { Self.editStop(&$0[t].waypoints[Int.random(in: 0..<stops, using: &rng)], using: &rng) }
        case 9 where stops > 0: change { Self.editStop(&$0[t].waypoints[Int.random(in: 0..<stops, using: &rng)], using: &rng) }
        case 10: change { $0.insert($0[t].copy(named: "Copy"), at: 0) }
        case 11: change { $0[t].waypoints.reverse() }
        case 12: change { $0.append(contentsOf: (0..<2).map { _ in Self.randomTrip(using: &rng) }) }
        case 13 where !history.isEmpty:
            let earlier = history.removeLast()
            var trips = earlier
            document.ledger.record(from: document.trips, to: &trips, clock: &clock)
            document.trips = trips
        default: change { $0[t].waypoints.append(Self.randomStop(using: &rng)) }
        }
    }

    static func randomTrip(using rng: inout SeededGenerator) -> Trip {
        Trip(id: UUID(uuid: randomUUID(using: &rng)), name: "Trip \(Int.random(in: 0..<100, using: &rng))",
             createdAt: Date(timeIntervalSince1970: Double(Int.random(in: 1_700_000_000...1_800_000_000, using: &rng))),
             waypoints: (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomStop(using: &rng) })
    }

    static func randomStop(using rng: inout SeededGenerator) -> Waypoint {
        Waypoint(id: UUID(uuid: randomUUID(using: &rng)), name: "Stop \(Int.random(in: 0..<100, using: &rng))",
                 latitude: Double(Int.random(in: -80...80, using: &rng)), longitude: Double(Int.random(in: -170...170, using: &rng)),
                 nights: Int.random(in: 0...3, using: &rng))
    }

    static func editStop(_ stop: inout Waypoint, using rng: inout SeededGenerator) {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: stop.name = "Stop \(Int.random(in: 0..<1000, using: &rng))"
        case 1: (stop.latitude, stop.longitude) = (Double(Int.random(in: -80...80, using: &rng)), 10.5)
        case 2: stop.nights = Int.random(in: 0...5, using: &rng)
        case 3: stop.notes = ["", "ferry at 9", "Ünïcode ✓"].randomElement(using: &rng)!
        case 4: stop.stayMinutes = Int.random(in: 0...240, using: &rng)
        case 5: stop.pinned.toggle()
        case 6: stop.timeZone = ["Europe/Oslo", nil, "Asia/Tokyo"].randomElement(using: &rng)!
        case 7: stop.placeId = [nil, 3_143_244].randomElement(using: &rng)!
        case 8: stop.region = ["Oslo", nil].randomElement(using: &rng)!
        default: stop.countryCode = ["NO", nil, "JP"].randomElement(using: &rng)!
        }
    }

    static func randomUUID(using rng: inout SeededGenerator) -> uuid_t {
        let a = rng.next(), b = rng.next()
        return withUnsafeBytes(of: (a, b)) { raw in raw.load(as: uuid_t.self) }
    }
}
