import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// What the order search waits for: the routed itinerary (every leg answered or failed, the wait stopped by a
/// cancel), and the matrix it searches on (the engine's, or the estimate's past Routino's limit and when the
/// engine is down, saying so).
extension RouteServiceTests {
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    private final class Box<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value?
        private(set) var done = false
        var value: Value? { lock.withLock { stored } }
        var isDone: Bool { lock.withLock { done } }
        func put(_ value: Value?) { lock.withLock { stored = value; done = true } }
    }

    /// The wait looks again at each answer (asking `isCancelled` each time it finds a leg missing): two looks
    /// after the second answer, with the third leg held at the gate, and it has not returned.
    func testARoutedItineraryWaitsForEveryLegOfTheTrip() {
        let (service, _) = service()
        let trip = trip(4)
        let answer = Box<Itinerary>()
        let looks = Counter()
        DispatchQueue.global().async {
            answer.put(service.routedItinerary(for: trip, requester: .optimise, isCancelled: { looks.increment(); return false }))
        }
        waitUntil { engine.asked.count == 1 }
        engine.open(2)
        waitUntil { engine.asked.count == 3 }
        let seen = looks.value
        waitUntil { looks.value >= seen + 2 }
        XCTAssertFalse(answer.isDone, "a leg is still on its way")
        engine.open()
        waitUntil { answer.isDone }
        XCTAssertEqual(answer.value?.legs.map(\.source), [.osrm, .osrm, .osrm])
    }

    func testARoutedItineraryStopsWaitingWhenCancelled() {
        let (service, _) = service()
        let cancelled = Flag()
        let answer = Box<Itinerary>()
        DispatchQueue.global().async {
            answer.put(service.routedItinerary(for: self.trip(3), requester: .optimise, isCancelled: { cancelled.isSet }))
        }
        waitUntil { engine.asked.count == 1 }
        cancelled.set()
        waitUntil { answer.isDone }
        XCTAssertNil(answer.value)
        engine.open(5)
    }

    func testAFailedLegEndsTheWaitWithTheEstimateAndItsReason() {
        let (service, _) = service()
        engine.failure = .noRoute("OSRM: no route")
        engine.open(5)
        let itinerary = service.routedItinerary(for: trip(3), requester: .optimise)
        XCTAssertEqual(itinerary?.legs.map(\.source), [.estimate, .estimate])
        XCTAssertEqual(itinerary?.legs.map(\.note), ["OSRM: no route", "OSRM: no route"])
    }

    func testTheSearchWeighsTheEnginesMatrixOrTheEstimatesAndSaysWhich() {
        let (service, _) = service()
        engine.open(100)
        let stops = trip(5).waypoints.map(\.coordinate)
        let found = service.searchMatrix(stops, requester: .optimise)
        XCTAssertEqual(found?.searchedOnEstimates, false)
        XCTAssertEqual(found?.matrix.source, .osrm)
        XCTAssertEqual(engine.asked.count, 20, "every pair")

        // An engine that is down answers no cell: the estimate's, said so.
        let (down, _) = self.service()
        engine.failure = .unavailable("OSRM: connection refused")
        engine.open(100)
        let estimated = down.searchMatrix(stops, requester: .optimise)
        XCTAssertEqual(estimated?.searchedOnEstimates, true)
        XCTAssertEqual(estimated?.matrix, EstimateEngine(Settings()).table(stops))
    }

    /// Routino's matrix is asked for up to 420 unknown pairs: 21 stops from nothing, 22 once 21 are known.
    func testPastItsLimitOfUnknownPairsRoutinoIsNotAskedForTheMatrix() {
        engine = GatedEngine()
        var settings = Settings()
        settings.router = .routino
        let service = RouteService(settings: { settings }, makeEngine: { [engine] _ in engine }, cache: nil, water: TestWater.shared)
        engine.open(22 * 21)  // a broken limit fails below rather than waits
        let stops = trip(22).waypoints.map(\.coordinate)
        let found = service.searchMatrix(stops, requester: .optimise)
        XCTAssertEqual(found?.searchedOnEstimates, true, "462 unknown pairs")
        XCTAssertEqual(found?.matrix, EstimateEngine(settings).table(stops))
        XCTAssertFalse(service.isWorking, "no request was queued")
        XCTAssertTrue(engine.asked.isEmpty)
        XCTAssertEqual(service.searchMatrix(Array(stops.prefix(21)), requester: .optimise)?.searchedOnEstimates, false)
        XCTAssertEqual(engine.asked.count, 21 * 20, "Routino's own legs, pair by pair")
        XCTAssertEqual(service.searchMatrix(stops, requester: .optimise)?.searchedOnEstimates, false)
        XCTAssertEqual(engine.asked.count, 21 * 20 + 2 * 21, "only the new stop's pairs")
    }
}
