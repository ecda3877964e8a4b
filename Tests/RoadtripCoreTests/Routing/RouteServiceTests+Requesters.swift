import Foundation
import XCTest
@testable import RoadtripCore

/// Waiting work kept by requester: a screen's ask replaces only its own, the screen that asked last goes
/// first, background work waits for the screens, and a leg two of them want is asked once.
extension RouteServiceTests {
    /// The trip screen under the map asks for its trip, then the map for another: neither cancels the other.
    func testAnotherScreensRequestsDoNotCancelThisOnes() {
        let (service, _) = service()
        let screen = trip(4), map = trip(3, shift: 1)
        _ = service.itinerary(for: screen, requester: .tripScreen)
        waitUntil { engine.asked.count == 1 }
        _ = service.itinerary(for: map, requester: .tripMap)
        engine.open(10)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        XCTAssertEqual(engine.asked.map { $0.0.latitude }, [60, 61, 61, 60, 60],
                       "the first leg was in flight; then the map's, which asked last; then the rest of the trip screen's")
        XCTAssertEqual(service.itinerary(for: screen).legs.map(\.source), [.osrm, .osrm, .osrm])
        XCTAssertEqual(service.itinerary(for: map).legs.map(\.source), [.osrm, .osrm])
    }

    func testBackgroundWorkWaitsForTheScreenAndDoesNotCancelIt() {
        let (service, _) = service()
        let solver = RouteRequester("solver", priority: .background)
        _ = service.itinerary(for: trip(3), requester: .tripScreen)
        waitUntil { engine.asked.count == 1 }
        // Asked last, but nobody is looking at it.
        _ = service.itinerary(for: trip(4, shift: 1), requester: solver)
        _ = service.itinerary(for: trip(3), requester: .tripScreen)
        engine.open(10)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        XCTAssertEqual(engine.asked.map { $0.0.latitude }, [60, 60, 61, 61, 61])
    }

    func testALegTwoScreensWantIsAskedOnce() {
        let (service, _) = service()
        _ = service.itinerary(for: trip(4), requester: .tripScreen)
        waitUntil { engine.asked.count == 1 }
        _ = service.itinerary(for: trip(4), requester: .tripMap)
        engine.open(10)
        XCTAssertTrue(service.waitUntilIdle(timeout: 5))
        XCTAssertEqual(engine.asked.count, 3)
    }

    /// Idle is signalled by the worker: a wait without a time-out wakes when the last answer is in (bounded
    /// here at 30 s, so a wait nobody wakes fails instead of hanging), and a wait with one gives up at it.
    func testWaitingForIdleEndsWithTheWorkOrAtItsTimeOut() {
        let (service, _) = service()
        _ = service.itinerary(for: trip(2), requester: .tripScreen)
        XCTAssertFalse(service.waitUntilIdle(timeout: 0.05), "the leg is still behind the gate")
        let woke = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            service.waitUntilIdle()
            woke.signal()
        }
        engine.open()
        XCTAssertEqual(woke.wait(timeout: .now() + 30), .success, "the waiter was woken")
        XCTAssertFalse(service.isWorking)
    }
}
