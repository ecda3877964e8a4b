import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Pinned stops (`Waypoint.pinned`, issue 22) never move, whatever the trip: a property over seeded random
/// trips, small (exact solver) and large (local search), with and without a free end.
final class TripOptimisationPinTests: XCTestCase {
    /// A scrambled trip of `count` stops around the Great Lakes, each pinned with probability `pinRate`.
    private func randomTrip(_ count: Int, pinRate: Double, _ generator: inout SeededGenerator) -> Trip {
        Trip(name: "Random", waypoints: (0..<count).map { index in
            Waypoint(name: "S\(index)", latitude: Double.random(in: 38...48, using: &generator),
                     longitude: Double.random(in: -95 ... -75, using: &generator),
                     nights: Int.random(in: 0...2, using: &generator),
                     pinned: Double.random(in: 0..<1, using: &generator) < pinRate)
        })
    }

    func testPinnedStopsNeverMoveAndEveryOrderIsAPermutation() {
        var generator = SeededGenerator(seed: 2222)
        let engine = EstimateEngine()
        var pinsThatWouldMove = 0, pins = 0
        for trial in 0..<45 {
            let count = trial % 3 == 2 ? Int.random(in: 18...30, using: &generator) : Int.random(in: 3...14, using: &generator)
            let trip = randomTrip(count, pinRate: Double.random(in: 0.1...0.5, using: &generator), &generator)
            let matrix = engine.table(trip.waypoints.map(\.coordinate))
            let freeEnd = trial % 2 == 1
            let solved = TripOptimisation.solve(trip, matrix: matrix, freeEnd: freeEnd)
            XCTAssertEqual(solved.order.sorted(), Array(0..<count), "trial \(trial): \(solved.order) is no permutation")
            let pinned = trip.waypoints.indices.filter { trip.waypoints[$0].pinned }
            XCTAssertEqual(solved.pinnedCount, pinned.count)
            for position in pinned {
                XCTAssertEqual(solved.order[position], position, "trial \(trial): pinned stop \(position + 1) moved")
            }
            let applied = trip.reordered(solved.order)?.waypoints ?? []
            XCTAssertEqual(applied.indices.filter { applied[$0].pinned }, pinned, "the applied trip has its pins where they were")

            // The pins matter: without them the same trip would move some of those stops.
            var unpinned = trip
            for index in unpinned.waypoints.indices { unpinned.waypoints[index].pinned = false }
            let free = TripOptimisation.solve(unpinned, matrix: matrix, freeEnd: freeEnd).order
            pins += pinned.count
            pinsThatWouldMove += pinned.filter { free[$0] != $0 }.count
        }
        XCTAssertGreaterThan(pins, 80)
        XCTAssertGreaterThan(Double(pinsThatWouldMove) / Double(pins), 0.5,
                             "\(pinsThatWouldMove) of \(pins) pinned stops would move unpinned: the property is not idle")
    }

    /// A pinned first or last stop changes nothing (they stay anyway), but with `freeEnd` a pinned last stop stays.
    func testAPinnedLastStopStaysEvenWithAFreeEnd() {
        // On a line, the last stop (at 1°) belongs between the first (0°) and the others (2°…4°).
        let longitudes = [0.0, 2, 3, 4, 1]
        var trip = Trip(name: "Line", waypoints: longitudes.enumerated().map {
            Waypoint(name: "S\($0.offset)", latitude: 0, longitude: $0.element)
        })
        let matrix = EstimateEngine().table(trip.waypoints.map(\.coordinate))
        XCTAssertEqual(TripOptimisation.solve(trip, matrix: matrix, freeEnd: true).order, [0, 4, 1, 2, 3])
        trip.waypoints[4].pinned = true
        let pinned = TripOptimisation.solve(trip, matrix: matrix, freeEnd: true)
        XCTAssertEqual(pinned.order.last, 4, "\(pinned.order)")
        XCTAssertEqual(pinned.pinnedCount, 1)
    }
}
