import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The orchestration: estimates first, answers as they arrive, fallbacks with reasons, one request at a
/// time, stale requests dropped, no retry storm. The engine here is the estimate behind a gate and a counter,
/// so the test decides when each answer comes (the engines themselves are tested against real servers).
final class RouteServiceTests: XCTestCase {
    var engine: GatedEngine!
    private var delivered: [() -> Void] = []
    private let deliveredLock = NSLock()
    private var feedEvents: [DataChange] = []

    func service(retryAfter: TimeInterval = 30) -> (RouteService, ChangeFeed) {
        engine = GatedEngine()
        let feed = ChangeFeed()
        let subscription = feed.subscribe { [weak self] in self?.feedEvents.append($0) }
        addTeardownBlock { _ = subscription }
        let late = LateData(feed: feed) { [weak self] work in
            self?.deliveredLock.lock()
            self?.delivered.append(work)
            self?.deliveredLock.unlock()
        }
        let service = RouteService(settings: { Settings() }, makeEngine: { [engine] _ in engine }, cache: nil,
                                   late: late, retryAfter: retryAfter)
        return (service, feed)
    }

    /// Runs what the service handed to the "main thread" so far.
    func runDelivered() {
        deliveredLock.lock()
        let work = delivered
        delivered = []
        deliveredLock.unlock()
        work.forEach { $0() }
    }

    func trip(_ count: Int, shift: Double = 0) -> Trip {
        Trip(name: "T", waypoints: (0..<count).map {
            Waypoint(name: "S\($0)", latitude: 60 + shift, longitude: 24 + Double($0) / 10)
        })
    }

    func waitUntil(_ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let end = Date().addingTimeInterval(5)
        while !condition() && Date() < end { usleep(1_000) }
        XCTAssertTrue(condition(), "timed out", file: file, line: line)
    }

    func testEstimatesFirstThenTheAnswersOneByOne() {
        let (service, _) = service()
        let trip = trip(3)
        var itinerary = service.itinerary(for: trip, requester: .tripScreen)
        XCTAssertEqual(itinerary.legs.map(\.source), [.estimate, .estimate], "the screen never waits")
        waitUntil { engine.asked.count == 1 }
        XCTAssertEqual(engine.asked.count, 1, "one request in flight")
        engine.open()
        waitUntil { engine.asked.count == 2 }
        runDelivered()
        XCTAssertEqual(feedEvents, [.arrived(LateArrival([.routes], routedTrips: [trip.id]))])
        itinerary = service.itinerary(for: trip, requester: .tripScreen)
        XCTAssertEqual(itinerary.legs.map(\.source), [.osrm, .estimate])
        engine.open()
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        XCTAssertEqual(service.itinerary(for: trip, requester: .tripScreen).legs.map(\.source), [.osrm, .osrm])
        XCTAssertEqual(engine.asked.count, 2, "known legs are not asked again")
    }

    func testAnEditDropsTheRequestsThatNoLongerMatter() {
        let (service, _) = service()
        _ = service.itinerary(for: trip(6), requester: .tripScreen)
        waitUntil { engine.asked.count == 1 }
        // The user moved every stop: the four legs still waiting are not wanted any more.
        let moved = trip(3, shift: 1)
        _ = service.itinerary(for: moved, requester: .tripScreen)
        engine.open(10)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        let asked = engine.asked.map { $0.0.latitude }
        XCTAssertEqual(asked, [60, 61, 61], "the first leg was in flight; then only the new trip's two legs")
        XCTAssertEqual(service.itinerary(for: moved, requester: .tripScreen).legs.map(\.source), [.osrm, .osrm])
    }

    func testADeadRouterIsAskedOnceAndTheLegsSayWhy() {
        let (service, _) = service()
        engine.failure = .unavailable("OSRM: no server at http://127.0.0.1:9")
        engine.open(10)
        _ = service.itinerary(for: trip(5), requester: .tripScreen)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        XCTAssertEqual(engine.asked.count, 1, "no retry storm")
        let itinerary = service.itinerary(for: trip(5), requester: .tripScreen)
        XCTAssertEqual(itinerary.legs.map(\.note), Array(repeating: "OSRM: no server at http://127.0.0.1:9", count: 4))
        XCTAssertTrue(itinerary.legs.allSatisfy(\.isEstimate))
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        XCTAssertEqual(engine.asked.count, 1, "still down: not asked again within the wait")
    }

    func testAFailedLegFallsBackAloneAndTheOthersStillCome() {
        let (service, _) = service()
        engine.failure = .noRoute("OSRM: no route")
        engine.open()
        _ = service.itinerary(for: trip(2), requester: .tripScreen)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        let itinerary = service.itinerary(for: trip(2), requester: .tripScreen)
        XCTAssertEqual(itinerary.legs[0].note, "OSRM: no route")
        XCTAssertEqual(itinerary.legs[0].source, .estimate)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        XCTAssertEqual(engine.asked.count, 1, "a leg without a route is not asked again")
    }

    /// An engine that says 1e300 is a failed leg with a reason, never an answer that is kept or scheduled.
    func testAnImpossibleAnswerFallsBackWithItsReasonAndIsNotKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-absurd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = LegCache(directory: folder)
        engine = GatedEngine()
        let service = RouteService(settings: { Settings() }, makeEngine: { [engine] _ in engine }, cache: cache,
                                   water: TestWater.shared)
        let cases: [(km: Double, seconds: Double, reason: String)] = [
            (1e300, 3600, "OSRM: impossible answer (1e+300 km of road for 6 km as the crow flies)"),
            (6, 1e300, "OSRM: impossible answer (over a week of driving)"),
            (6, 1e20, "OSRM: impossible answer (over a week of driving)"),
            (400, 14_400, "OSRM: impossible answer (400 km of road for 6 km as the crow flies)"),
            (6, 86_400, "OSRM: impossible answer (slower than 0.5 km/h)"),
        ]
        for (index, answer) in cases.enumerated() {
            engine.absurd = (answer.km, answer.seconds)
            engine.open()
            let trip = trip(2, shift: Double(index) / 100)
            _ = service.itinerary(for: trip, requester: .tripScreen)
            XCTAssertTrue(service.waitUntilIdle(timeout: 5))
            let leg = service.itinerary(for: trip, requester: .tripScreen).legs[0]
            XCTAssertEqual(leg.note, answer.reason)
            XCTAssertEqual(leg.source, .estimate)
            XCTAssertLessThan(leg.durationSeconds, 3600, "the estimate stands in")
        }
        // And one faster than 300 km/h over the straight line: Helsinki to Rome in an hour.
        engine.absurd = (2_500, 3600)
        engine.open()
        let far = Trip(name: "F", waypoints: [Waypoint(name: "H", latitude: 60.17, longitude: 24.94),
                                              Waypoint(name: "R", latitude: 41.9, longitude: 12.5)])
        _ = service.itinerary(for: far, requester: .tripScreen)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        XCTAssertEqual(service.itinerary(for: far, requester: .tripScreen).legs[0].note, "OSRM: impossible answer (faster than 300 km/h)")
        service.close()
        XCTAssertEqual(LegCache(directory: folder).count, 0, "nothing impossible reached the cache")
    }

    func testTheEstimateSettingAsksNothing() {
        let service = RouteService(settings: { Settings() }, makeEngine: RoutingEngines.make, cache: nil, water: TestWater.shared)
        let itinerary = service.itinerary(for: trip(4), requester: .tripScreen)
        XCTAssertFalse(service.isWorking)
        XCTAssertTrue(itinerary.legs.allSatisfy { $0.isEstimate && $0.note == nil })
    }
}
