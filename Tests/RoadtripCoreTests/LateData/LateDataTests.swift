import Foundation
import XCTest
@testable import RoadtripCore

/// The door for late data: revisions, waits that start what they wait for, one event per loop turn.
final class LateDataTests: XCTestCase {
    func testArrivalsOfOneTurnAreOneEventNamingEachInputAndTheRoutedTrips() {
        let feed = ChangeFeed()
        var posted: [() -> Void] = []
        let late = LateData(feed: feed) { posted.append($0) }
        var heard: [DataChange] = []
        let subscription = feed.subscribe { heard.append($0) }
        let a = Trip.ID(), b = Trip.ID()
        late.arrived(.routes, routedTrips: [a], settled: false)
        late.arrived(.shorelines)
        late.arrived(.routes, routedTrips: [b])
        XCTAssertEqual(posted.count, 1, "one post for the turn")
        posted.forEach { $0() }
        XCTAssertEqual(heard, [.arrived(LateArrival([.routes, .shorelines], routedTrips: [a, b]))])
        XCTAssertEqual(late.current[.routes], 2)
        XCTAssertEqual(late.current[.shorelines], 1)
        XCTAssertEqual(late.current.changed(since: Revisions()), [.routes, .shorelines])
        withExtendedLifetime(subscription) {}
    }

    func testAWaitStartsTheLoadAndReturnsOnceItIsIn() {
        let late = LateData(feed: ChangeFeed()) { $0() }
        let starts = Counter()
        late.register(.places) {
            starts.increment()
            DispatchQueue.global().async { late.arrived(.places) }
        }
        XCTAssertFalse(late.isIn(.places), "the app's door does not wait")
        XCTAssertEqual(starts.value, 0)
        XCTAssertTrue(late.ready(for: [.places, .baseMap], timeout: 10), "nothing loads the base map: it is in")
        XCTAssertTrue(late.isIn(.places))
        late.start()
        XCTAssertEqual(starts.value, 1, "a load runs once")
    }

    func testTheCommandLinesDoorWaitsWhereItIsRead() {
        let late = LateData()
        late.register(.shorelines) { DispatchQueue.global().async { late.arrived(.shorelines) } }
        XCTAssertTrue(late.isIn(.shorelines))
        XCTAssertEqual(late.current[.shorelines], 1)
    }

    func testAWaitEndsAtItsTimeOutWhenNothingArrives() {
        let late = LateData(feed: ChangeFeed()) { $0() }
        late.register(.regions) {}
        XCTAssertFalse(late.ready(for: [.regions], timeout: 0.05))
        late.unsettled(.routes)
        XCTAssertFalse(late.ready(for: [.routes], timeout: 0.01), "a routing engine at work")
    }

    /// What each screen decides is `LateArrival.concerns`: routes are per trip, everything else for all.
    func testAnArrivalConcernsTheScreensThatReadIt() {
        let a = Trip.ID(), b = Trip.ID()
        let routes = LateArrival([.routes], routedTrips: [a])
        XCTAssertTrue(routes.concerns([.routes, .settings], trip: a))
        XCTAssertFalse(routes.concerns([.routes, .settings], trip: b))
        XCTAssertTrue(routes.concerns([.routes]), "a list of every trip")
        XCTAssertFalse(routes.concerns([.places]))
        XCTAssertTrue(LateArrival([.routes, .shorelines], routedTrips: [a]).concerns([.routes, .shorelines], trip: b))
    }

    /// The water measured for one trip's legs is news for that trip; the shorelines read for all, for every trip.
    func testWaterMeasuredForATripIsPerTripUntilTheShorelinesComeForAll() {
        let feed = ChangeFeed()
        var posted: [() -> Void] = []
        let late = LateData(feed: feed) { posted.append($0) }
        var heard: [LateArrival] = []
        let subscription = feed.subscribe { if case let .arrived(arrival) = $0 { heard.append(arrival) } }
        defer { withExtendedLifetime(subscription) {} }
        let a = Trip.ID(), b = Trip.ID()
        late.arrived(.shorelines, routedTrips: [a])
        posted.forEach { $0() }
        posted.removeAll()
        XCTAssertEqual(heard.last?.perTrip, [.shorelines])
        XCTAssertEqual(heard.last?.concerns([.shorelines], trip: a), true)
        XCTAssertEqual(heard.last?.concerns([.shorelines], trip: b), false)
        XCTAssertEqual(heard.last?.onlyRoutedTrips([.routes, .shorelines]), true)
        XCTAssertEqual(late.current[.shorelines], 1)
        XCTAssertEqual(late.currentForEveryTrip[.shorelines], 0, "a list's other rows stand")

        late.arrived(.shorelines, routedTrips: [a])
        late.arrived(.shorelines)
        posted.forEach { $0() }
        XCTAssertEqual(heard.last?.perTrip, [], "merged with an arrival for every trip, it is for every trip")
        XCTAssertEqual(heard.last?.concerns([.shorelines], trip: b), true)
        XCTAssertEqual(heard.last?.onlyRoutedTrips([.shorelines]), false)
        XCTAssertEqual(late.currentForEveryTrip[.shorelines], 1)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
