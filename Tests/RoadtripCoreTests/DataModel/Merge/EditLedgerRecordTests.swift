import Foundation
import XCTest
@testable import RoadtripCore
import RoadtripTestSupport

/// `EditLedger.record` on long trips, where it keys only the runs that moved: after every random move, insert,
/// delete and reverse the keys follow the stops, and a stop left in place keeps its key.
final class EditLedgerRecordTests: XCTestCase {
    func testKeysFollowTheStopsOfALongTripThroughRandomEdits() {
        var rng = SeededGenerator(seed: 7)
        let wall = HandClock()
        var replica = MergeReplica(MergeDocument(trips: []), device: 1, wall: wall, skew: 0)
        replica.change { $0 = [Trip(name: "Long", waypoints: (0..<200).map { _ in MergeReplica.randomStop(using: &rng) })] }
        for step in 0..<2_000 {
            let before = replica.document
            let count = replica.document.trips[0].waypoints.count
            replica.change { trips in
                var stops = trips[0].waypoints
                switch Int.random(in: 0..<6, using: &rng) {
                case 0 where count > 1: stops.insert(stops.remove(at: Int.random(in: 0..<count, using: &rng)), at: Int.random(in: 0..<count, using: &rng))
                case 1 where count > 1: stops.swapAt(Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
                case 2 where count > 20: stops.remove(at: Int.random(in: 0..<count, using: &rng))
                case 3: stops.insert(MergeReplica.randomStop(using: &rng), at: Int.random(in: 0...count, using: &rng))
                case 4 where step % 100 == 0: stops.reverse()
                default: stops.append(MergeReplica.randomStop(using: &rng))
                }
                trips[0].waypoints = stops
            }
            wall.millis += 1
            let trip = replica.document.trips[0], marks = replica.document.ledger.trips[trip.id] ?? TripMarks()
            let keys = marks.keys(count: trip.waypoints.count)
            XCTAssertEqual(marks.order.map(\.count) ?? keys.count, trip.waypoints.count, "step \(step)")
            guard zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else { return XCTFail("step \(step): keys out of order") }
            let oldTrip = before.trips[0], oldKeys = (before.ledger.trips[oldTrip.id] ?? TripMarks()).keys(count: oldTrip.waypoints.count)
            for (index, stop) in trip.waypoints.enumerated() where index < oldTrip.waypoints.count && oldTrip.waypoints[index].id == stop.id {
                XCTAssertEqual(keys[index], oldKeys[index], "step \(step): stop \(index) stayed and keeps its key")
            }
            XCTAssertLessThan(keys.map(\.text.count).max() ?? 0, 16, "step \(step): keys stay short")
        }
    }
}

/// Deletions are kept 90 days for a merge to bring back, then a save drops them.
final class EditLedgerPruningTests: XCTestCase {
    func testDeletionsOlderThanNinetyDaysAreDroppedAtSave() {
        let wall = HandClock()
        var replica = MergeReplica(MergeDocument(trips: []), device: 1, wall: wall, skew: 0)
        var rng = SeededGenerator(seed: 90)
        replica.change { $0 = [MergeReplica.randomTrip(using: &rng), MergeReplica.randomTrip(using: &rng)] }
        replica.save()
        replica.change { $0[0].waypoints.append(MergeReplica.randomStop(using: &rng)) }
        replica.change { $0[0].waypoints.removeLast() }
        replica.change { $0.removeLast() }
        wall.millis += 100 * 86_400_000
        replica.change { $0[0].waypoints.append(MergeReplica.randomStop(using: &rng)) }
        replica.change { $0[0].waypoints.removeLast() }
        let ledger = replica.document.ledger
        XCTAssertEqual(ledger.deletedTrips.count, 1)
        XCTAssertEqual(ledger.trips.values.map(\.deletedStops.count).reduce(0, +), 2)
        let now = Date(timeIntervalSince1970: Double(wall.millis) / 1000)
        let pruned = ledger.pruned(now: now)
        XCTAssertEqual(pruned.deletedTrips.count, 0, "deleted 100 days ago")
        XCTAssertEqual(pruned.trips.values.map(\.deletedStops.count).reduce(0, +), 1, "the one deleted today stays")
        XCTAssertEqual(ledger.pruned(now: now.addingTimeInterval(-50 * 86_400)), ledger, "at 50 days nothing goes")
    }
}
