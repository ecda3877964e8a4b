import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The water check never runs on the app's loop: a leg the loop has not seen measured is the plain estimate until the
/// water queue has measured it, and that arrival (`.shorelines`) brings the mark. The command line searches at once.
final class RouteServiceWaterTests: XCTestCase {
    private let gulf = Trip(name: "Gulf", waypoints: [Waypoint(name: "Helsinki", latitude: 60.1699, longitude: 24.9384),
                                                      Waypoint(name: "Tallinn", latitude: 59.4370, longitude: 24.7536)])

    func testTheLoopLeavesTheSearchToTheWaterQueueAndHearsItsAnswer() throws {
        let loop = AppLoop()
        let (water, late) = (loop.water, loop.late)
        XCTAssertTrue(late.ready(for: [.shorelines], timeout: 30))
        loop.runPosted()   // the shorelines' own arrival
        let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil, late: late, water: water)
        let (from, to) = (gulf.waypoints[0].coordinate, gulf.waypoints[1].coordinate)

        XCTAssertTrue(Thread.isMainThread)
        XCTAssertNil(water.known(from: from, to: to))
        let first = service.itinerary(for: gulf)
        XCTAssertFalse(first.legs[0].crossesWater, "the loop drew the plain estimate, not a search of its own")
        XCTAssertEqual(first.legs[0].distanceKm, EstimateEngine().leg(from: from, to: to).distanceKm, accuracy: 1e-9)

        XCTAssertFalse(late.isIn(.shorelines), "out while the water queue measures, for whoever waits for every mark")
        XCTAssertTrue(late.ready(for: [.shorelines], timeout: 30))
        loop.arrivals.removeAll()
        loop.runPosted()
        XCTAssertEqual(loop.arrivals.last?.inputs, [.shorelines], "the water queue's answer arrives as the shorelines")
        XCTAssertTrue(service.itinerary(for: gulf).legs[0].crossesWater)
        XCTAssertGreaterThan(late.current[.shorelines], first.basis[.shorelines], "the answer stands on a later revision")
    }

    /// 10,000 trips' lists: the water measured for one trip's legs arrives for that trip, so the list redoes its row
    /// alone (it redid every trip at each answer: 0.8 s a frame, for minutes).
    func testTheWaterMeasuredForATripsLegsArrivesForThatTripAlone() throws {
        let loop = AppLoop()
        let (water, late) = (loop.water, loop.late)
        XCTAssertTrue(late.ready(for: [.shorelines], timeout: 30))
        loop.runPosted()
        loop.arrivals.removeAll()
        let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil, late: late, water: water)
        let inland = Trip(name: "Lakes", waypoints: [Waypoint(name: "Tampere", latitude: 61.4978, longitude: 23.7610),
                                                     Waypoint(name: "Lahti", latitude: 60.9827, longitude: 25.6615)])
        let kept = TripSummaries()
        _ = service.summaries(of: [gulf, inland], keeping: kept)

        XCTAssertTrue(late.ready(for: [.shorelines], timeout: 30))
        loop.runPosted()
        XCTAssertEqual(loop.arrivals.count, 1, "\(loop.arrivals)")
        XCTAssertEqual(loop.arrivals.last?.routedTrips, [gulf.id], "the gulf's leg crosses water; the lakes' does not")
        XCTAssertEqual(loop.arrivals.last?.perTrip, [.shorelines])
        XCTAssertTrue(service.isCurrent(kept), "the list's other summaries stand")
        XCTAssertTrue(service.itinerary(for: gulf).legs[0].crossesWater)
    }

    /// The answers kept across runs come in (the shorelines' own arrival, for every trip): a list keeps the summaries
    /// of the trips none of whose legs they mark as crossing water, and works out the others again (it worked out
    /// all 100,000 of a large file: 2.4 s on the loop).
    func testTheKeptAnswersRedoOnlyTheTripsTheyMarkAsCrossingWater() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-water-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let lastRun = WaterCrossing(map: { try? BaseMap.bundled() }, cacheDirectory: cache)
        XCTAssertNotEqual(lastRun.answer(from: gulf.waypoints[0].coordinate, to: gulf.waypoints[1].coordinate), .overLand)
        lastRun.close()

        let loop = AppLoop(cacheDirectory: cache)
        let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil, late: loop.late,
                                   water: loop.water)
        let inland = Trip(name: "Lakes", waypoints: [Waypoint(name: "Tampere", latitude: 61.4978, longitude: 23.7610),
                                                     Waypoint(name: "Lahti", latitude: 60.9827, longitude: 25.6615)])
        let kept = TripSummaries()
        let before = service.summaries(of: [gulf, inland], keeping: kept)
        XCTAssertTrue(loop.late.ready(for: [.shorelines], timeout: 30))
        loop.runPosted()
        XCTAssertEqual(loop.arrivals.last?.routedTrips, [], "the kept answers came for every trip")
        XCTAssertFalse(service.isCurrent(kept))

        XCTAssertEqual(service.rebase(kept), [gulf.id], "the gulf's leg is marked; the lakes' summary stands")
        XCTAssertTrue(service.isCurrent(kept))
        let after = service.summaries(of: [gulf, inland], keeping: kept)
        XCTAssertEqual(after[1], before[1])
        XCTAssertGreaterThan(after[0].totalKm, before[0].totalKm, "the gulf's leg goes round or crosses now")
        XCTAssertEqual(after, service.summaries(of: [gulf, inland]), "as if worked out from nothing")

        loop.late.changedOnLoop(.settings)
        XCTAssertNil(service.rebase(kept), "other late data redoes every trip")
    }

    func testTheCommandLineSearchesAtOnce() {
        let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil, late: LateData(),
                                   water: WaterCrossing(map: { try? BaseMap.bundled() }))
        XCTAssertTrue(service.itinerary(for: gulf).legs[0].crossesWater)
    }

    /// The app's door for late data on the bundled shorelines, its loop run by hand: `runPosted` runs what was
    /// posted to it, `arrivals` keeps what the screens heard.
    private final class AppLoop: @unchecked Sendable {
        let water: WaterCrossing
        let feed = ChangeFeed()
        private(set) lazy var late: LateData = {
            let late = LateData(feed: feed) { [unowned self] work in lock.withLock { posted.append(work) } }
            water.register(in: late)
            return late
        }()
        var arrivals: [LateArrival] = []
        private let lock = NSLock()
        private var posted: [() -> Void] = []
        private var subscription: ChangeFeed.Subscription?

        init(cacheDirectory: URL? = nil) {
            water = WaterCrossing(map: { try? BaseMap.bundled() }, cacheDirectory: cacheDirectory)
            subscription = feed.subscribe { [unowned self] in if case let .arrived(arrival) = $0 { arrivals.append(arrival) } }
        }

        func runPosted() {
            let work = lock.withLock { () -> [() -> Void] in
                defer { posted.removeAll() }
                return posted
            }
            work.forEach { $0() }
        }
    }
}
