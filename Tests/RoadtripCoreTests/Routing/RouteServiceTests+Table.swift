import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The matrix through the route service: known legs from the one lookup, the rest from the engine in the
/// requester's turn, every cell through the leg door, and every caller told once.
extension RouteServiceTests {
    /// What a table's completion handed over, and when.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [LegMatrix?] = []
        private let arrived = DispatchSemaphore(value: 0)

        var completion: @Sendable (LegMatrix?) -> Void {
            { [self] matrix in
                lock.withLock { values.append(matrix) }
                arrived.signal()
            }
        }
        var received: [LegMatrix?] { lock.withLock { values } }

        /// The next answer, waited for at most 5 s.
        func next(file: StaticString = #filePath, line: UInt = #line) -> LegMatrix?? {
            guard arrived.wait(timeout: .now() + 5) == .success else {
                XCTFail("no answer within 5 s", file: file, line: line)
                return nil
            }
            return lock.withLock { values.last }
        }
    }

    private var solver: RouteRequester { RouteRequester("solver", priority: .background) }

    private func stops(_ count: Int, shift: Double) -> [Coordinate] {
        trip(count, shift: shift).waypoints.map(\.coordinate)
    }

    func testATableOfKnownLegsAsksNothing() throws {
        let (service, _) = service()
        // There and back: both legs between the two stops are known after this.
        let there = trip(2), both = Trip(name: "B", waypoints: there.waypoints + [there.waypoints[0]])
        _ = service.itinerary(for: both, requester: .tripScreen)
        engine.open(2)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        let answers = Answers()
        service.table(there.waypoints.map(\.coordinate), requester: solver, completion: answers.completion)
        let matrix = try XCTUnwrap(try XCTUnwrap(answers.received.first), "answered at once")
        XCTAssertEqual(engine.asked.count, 2, "nothing asked again")
        let legs = service.itinerary(for: both).legs
        XCTAssertEqual(matrix[0, 1]?.durationSeconds, legs[0].durationSeconds)
        XCTAssertEqual(matrix[1, 0]?.distanceKm, legs[1].distanceKm)
        XCTAssertEqual(matrix[0, 1]?.source, .osrm)
    }

    func testATableWaitsForTheScreensLegsAndHasEveryCell() throws {
        let (service, _) = service()
        _ = service.itinerary(for: trip(3), requester: .tripScreen)
        waitUntil { engine.asked.count == 1 }
        let answers = Answers()
        let points = stops(3, shift: 2)
        service.table(points, requester: solver, completion: answers.completion)
        engine.open(2 + 6)
        let matrix = try XCTUnwrap(answers.next() ?? nil)
        XCTAssertEqual(engine.asked.map { $0.0.latitude }, [60, 60] + Array(repeating: 62, count: 6), "the screen's legs first")
        for from in 0..<3 {
            for to in 0..<3 where from != to {
                var expected = EstimateEngine(detour: 1.1, speedKmh: 100).leg(from: points[from], to: points[to])
                expected.source = .osrm
                XCTAssertEqual(matrix[from, to], expected)
            }
        }
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
    }

    func testANewerTableReplacesTheWaitingOneWhoseCallerIsToldNil() throws {
        let (service, _) = service()
        _ = service.itinerary(for: trip(2), requester: .tripScreen)
        waitUntil { engine.asked.count == 1 }
        let older = Answers(), newer = Answers()
        service.table(stops(3, shift: 1), requester: solver, completion: older.completion)
        service.table(stops(2, shift: 2), requester: solver, completion: newer.completion)
        XCTAssertEqual(older.received.count, 1)
        XCTAssertNil(try XCTUnwrap(older.received.first), "replaced before it was asked")
        engine.open(1 + 2)
        XCTAssertEqual(try XCTUnwrap(newer.next() ?? nil).count, 2)
        XCTAssertEqual(engine.asked.count, 3, "the replaced matrix was never asked for")
    }

    func testASettingsChangeTellsAWaitingTableNil() {
        let (service, _) = service()
        _ = service.itinerary(for: trip(2), requester: .tripScreen)
        waitUntil { engine.asked.count == 1 }
        let answers = Answers()
        service.table(stops(3, shift: 1), requester: solver, completion: answers.completion)
        service.enginesMayHaveChanged()
        XCTAssertEqual(answers.received.count, 1)
        XCTAssertNil(answers.received.first ?? LegMatrix(stops: [], source: .osrm))
        engine.open()
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
    }

    func testATableFromADeadEngineSaysWhyInEveryCellAndAsksOnce() throws {
        let (service, _) = service()
        engine.failure = .unavailable("OSRM: no server at http://127.0.0.1:9")
        engine.open(10)
        let answers = Answers()
        service.table(stops(3, shift: 0), requester: solver, completion: answers.completion)
        let matrix = try XCTUnwrap(answers.next() ?? nil)
        for from in 0..<3 {
            for to in 0..<3 where from != to {
                XCTAssertNil(matrix[from, to])
                XCTAssertEqual(matrix.failure(from: from, to: to), "OSRM: no server at http://127.0.0.1:9")
            }
        }
        let again = Answers()
        service.table(stops(3, shift: 1), requester: solver, completion: again.completion)
        XCTAssertEqual(try XCTUnwrap(again.received.first ?? nil).failure(from: 0, to: 1),
                       "OSRM: no server at http://127.0.0.1:9", "down: answered at once")
        XCTAssertEqual(engine.asked.count, 1, "no retry storm")
    }

    func testImpossibleCellsHaveNoLegAndSayWhy() throws {
        let (service, _) = service()
        engine.absurd = (1e300, 3600)
        engine.open(2)
        let answers = Answers()
        service.table(stops(2, shift: 0), requester: solver, completion: answers.completion)
        let matrix = try XCTUnwrap(answers.next() ?? nil)
        XCTAssertNil(matrix[0, 1])
        XCTAssertEqual(matrix.failure(from: 0, to: 1), "OSRM: impossible answer (1e+300 km of road for 6 km as the crow flies)")
    }

    func testTheEstimateSettingGivesItsTableAtOnce() throws {
        let service = RouteService(settings: { Settings() }, makeEngine: RoutingEngines.make, cache: nil, water: TestWater.shared)
        let answers = Answers()
        let points = stops(3, shift: 0)
        service.table(points, requester: solver, completion: answers.completion)
        let matrix = try XCTUnwrap(try XCTUnwrap(answers.received.first))
        XCTAssertEqual(matrix[2, 0], EstimateEngine(Settings()).leg(from: points[2], to: points[0]))
        XCTAssertFalse(service.isWorking)
    }
}
