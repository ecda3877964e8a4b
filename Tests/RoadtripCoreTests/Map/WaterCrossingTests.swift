import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The estimate by the sea, on the real base map (GSHHG shorelines shipped in Resources/map). The real legs and their
/// roads are `WaterLegsTests`'; this is how the answer is made and reaches the itinerary.
final class WaterCrossingTests: XCTestCase {
    private let engine = EstimateEngine(water: TestWater.shared)
    private let plain = EstimateEngine()

    private func at(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A crossing: its land at the average speed and its sea gap at a ferry's, the gap in the distance.
    func testACrossingIsItsLandDrivenAndItsSeaByFerry() throws {
        let (helsinki, tallinn) = (try at(60.1699, 24.9384), try at(59.4370, 24.7536))
        guard case let .crossing(landKm, seaKm) = TestWater.shared.answer(from: helsinki, to: tallinn) else {
            return XCTFail("Helsinki → Tallinn has no way round")
        }
        let leg = engine.leg(from: helsinki, to: tallinn)
        XCTAssertTrue(leg.crossesWater)
        XCTAssertEqual(leg.seaKm, seaKm)
        XCTAssertEqual(leg.distanceKm, landKm * 1.3 + seaKm, accuracy: 1e-9)
        XCTAssertEqual(leg.durationSeconds, (landKm * 1.3 / 80 + seaKm / EstimateEngine.ferryKmh) * 3600, accuracy: 1e-6)
        XCTAssertEqual(EstimateEngine(detour: 1.5, speedKmh: 100, water: TestWater.shared).leg(from: helsinki, to: tallinn)
            .durationSeconds, (landKm * 1.5 / 100 + seaKm / EstimateEngine.ferryKmh) * 3600, accuracy: 1e-6)
    }

    /// Over land, or along a coast whose line grazes a bay, or round a lake: not marked, and never under the plain
    /// estimate; the way round a gulf is the detour over the way, not the line.
    func testLegsOverLandOrAlongACoastAreNotMarked() throws {
        let overLand = [
            (try at(48.1374, 11.5755), try at(48.2082, 16.3738)),   // Munich → Vienna
            (try at(61.4978, 23.7610), try at(60.1699, 24.9384)),   // Tampere → Helsinki, past lakes
            (try at(46.2044, 6.1432), try at(46.5197, 6.6323)),     // Geneva → Lausanne, along Lake Geneva
        ]
        for (from, to) in overLand {
            XCTAssertEqual(TestWater.shared.answer(from: from, to: to), .overLand, "\(from) → \(to)")
            XCTAssertEqual(engine.leg(from: from, to: to), plain.leg(from: from, to: to))
        }
        let coastal = [
            (try at(60.1699, 24.9384), try at(60.3932, 25.6650)),   // Helsinki → Porvoo, along the gulf
            (try at(41.3874, 2.1686), try at(39.4699, -0.3763)),    // Barcelona → Valencia
            (try at(40.8518, 14.2681), try at(40.6824, 14.7681)),   // Naples → Salerno
        ]
        for (from, to) in coastal {
            let leg = engine.leg(from: from, to: to)
            XCTAssertFalse(leg.crossesWater, "\(from) → \(to)")
            XCTAssertGreaterThanOrEqual(leg.distanceKm, plain.leg(from: from, to: to).distanceKm)
            XCTAssertEqual(leg.durationSeconds, leg.distanceKm / 80 * 3600, accuracy: 1e-6)
        }
        guard case let .wayRound(landKm) = TestWater.shared.answer(from: coastal[1].0, to: coastal[1].1) else {
            return XCTFail("Barcelona → Valencia goes round the gulf")
        }
        XCTAssertEqual(engine.leg(from: coastal[1].0, to: coastal[1].1).distanceKm, landKm * 1.3, accuracy: 1e-9)
    }

    /// A hop under `minimumKm` is never searched; two stops at sea are nothing for a road to judge.
    func testShortHopsAndLegsAtSea() throws {
        XCTAssertEqual(TestWater.shared.answer(from: try at(60.16, 24.95), to: try at(60.15, 24.98)), .overLand)
        XCTAssertEqual(TestWater.shared.answer(from: try at(55, 3), to: try at(56, 4)), .overLand, "the North Sea")
    }

    /// The way over land: close to the line along a coast, far from it round sea lochs, a sound crossed where a bridge
    /// is (Skye's), none to an island.
    func testTheWayRoundOverLand() throws {
        let coast = CoastlineIndex(map: try BaseMap.loadBundled())
        func ratio(_ from: Coordinate, _ to: Coordinate) -> Double? {
            let line = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
            guard case let .wayRound(landKm) = WaterCrossing.answer(from: from, to: to, coast: coast) else { return nil }
            return landKm / line
        }
        let coastal = try XCTUnwrap(ratio(try at(41.3874, 2.1686), try at(39.4699, -0.3763)), "Barcelona → Valencia")
        XCTAssertLessThan(coastal, 1.1, "the way round the gulf is pulled tight, not the grid's eight directions")
        XCTAssertGreaterThanOrEqual(coastal, 1, "never shorter than the straight line")
        let lochs = try XCTUnwrap(ratio(try at(57.8953, -5.1607), try at(57.4125, -6.1961)), "Ullapool → Portree")
        XCTAssertGreaterThan(lochs, 1.3, "round the sea lochs and over the Skye Bridge's sound")
        guard case let .crossing(_, seaKm) = WaterCrossing.answer(from: try at(51.1279, 1.3134), to: try at(50.9513, 1.8587),
                                                                    coast: coast) else { return XCTFail("Dover → Calais") }
        XCTAssertEqual(seaKm, 35, accuracy: 5, "the strait at its narrowest, by Cap Gris-Nez: 33 km")
        // Many rising latitudes on one meridian answer as one at a time does.
        var generator = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let longitude = Double.random(in: -180..<180, using: &generator)
            let latitudes = (0..<50).map { _ in Double.random(in: -80...80, using: &generator) }.sorted()
            XCTAssertEqual(coast.isLand(longitude: longitude, rising: latitudes),
                           latitudes.map { coast.isLand(latitude: $0, longitude: longitude) }, "\(longitude)")
        }
    }

    /// A leg and its return are one answer: Ullapool → Portree measured 147 km and Portree → Ullapool 146.
    func testALegAndItsReturnAgree() throws {
        let (ullapool, portree) = (try at(57.8953, -5.1607), try at(57.4125, -6.1961))
        let water = WaterCrossing { try? BaseMap.loadBundled() }
        XCTAssertEqual(water.answer(from: ullapool, to: portree), water.answer(from: portree, to: ullapool))
        XCTAssertEqual(water.answer(from: portree, to: ullapool), TestWater.shared.answer(from: portree, to: ullapool))
    }

    /// A ray north from a point in the middle of an ocean, a continent, and an island's interior.
    func testLandAndSeaPoints() throws {
        let coast = CoastlineIndex(map: try BaseMap.loadBundled())
        XCTAssertTrue(coast.isLand(latitude: 48.1, longitude: 11.5))      // Bavaria
        XCTAssertTrue(coast.isLand(latitude: 57.3, longitude: -6.3))      // Skye
        XCTAssertTrue(coast.isLand(latitude: -25, longitude: 134))        // Australia
        XCTAssertTrue(coast.isLand(latitude: 65, longitude: 170))         // Chukotka, east of the antimeridian cut
        XCTAssertFalse(coast.isLand(latitude: 55, longitude: 3))          // North Sea
        XCTAssertFalse(coast.isLand(latitude: 0, longitude: -140))        // Pacific
        XCTAssertFalse(coast.isLand(latitude: 57.6, longitude: -5.9))     // Inner Sound
    }

    /// Without a base map nothing is marked, and each pair is measured once.
    func testNoMapMarksNothingAndPairsAreKept() throws {
        let (helsinki, tallinn) = (try at(60.1699, 24.9384), try at(59.4370, 24.7536))
        XCTAssertEqual(WaterCrossing { nil }.answer(from: helsinki, to: tallinn), .overLand)
        var loads = 0
        let map = try BaseMap.loadBundled()
        let counted = WaterCrossing { loads += 1; return map }
        for _ in 0..<3 { _ = counted.answer(from: helsinki, to: tallinn) }
        XCTAssertEqual(loads, 1)
    }

    private let minch = Trip(name: "Minch", waypoints: [
        Waypoint(name: "Ullapool", latitude: 57.8953, longitude: -5.1607),
        Waypoint(name: "Stornoway", latitude: 58.2093, longitude: -6.3865),
    ])

    /// The app never waits for the shorelines: its list and its trips' itineraries go unmarked until they are in,
    /// then one arrival says so and every figure has them. The command line waits for them on its first estimate.
    func testTheAppDoesNotWaitForTheShorelines() throws {
        let map = try BaseMap.loadBundled()
        let (from, to) = (minch.waypoints[0].coordinate, minch.waypoints[1].coordinate)
        for feed in [ChangeFeed(), nil] {
            let loads = LockedCounter()
            let water = WaterCrossing { loads.increment(); return map }
            let late = feed.map { LateData(feed: $0) { $0() } } ?? LateData()
            water.register(in: late)
            let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil, late: late,
                                       water: water)
            let listed = service.distance(of: minch).km
            XCTAssertEqual(loads.value, feed == nil ? 1 : 0)
            XCTAssertEqual(listed, (feed == nil ? EstimateEngine(water: water) : plain).leg(from: from, to: to).distanceKm,
                           accuracy: 1e-9)
            if let feed {
                let unmarked = service.itinerary(for: minch)
                XCTAssertFalse(unmarked.legs[0].crossesWater, "the app's frames do not wait")
                XCTAssertEqual(loads.value, 0)
                var published: [DataChange] = []
                let subscription = feed.subscribe { published.append($0) }
                late.start([.shorelines])
                XCTAssertTrue(late.ready(for: [.shorelines], timeout: 30))
                XCTAssertEqual(published, [.arrived(LateArrival([.shorelines]))])
                let read = service.itinerary(for: minch)
                XCTAssertEqual(read.basis.changed(since: unmarked.basis), [.shorelines])
                XCTAssertFalse(read.legs[0].crossesWater, "the loop leaves the search to the water queue")
                let end = Date().addingTimeInterval(30)
                while water.known(from: from, to: to) == nil && Date() < end { usleep(1_000) }
                withExtendedLifetime(subscription) {}
            }
            XCTAssertTrue(service.itinerary(for: minch).legs[0].crossesWater)
            XCTAssertEqual(loads.value, 1)
        }
    }

    /// An optimise search or a suggestion runs off the loop: it waits for the shorelines first, so its figures are
    /// the command line's (an optimise preview once disagreed with `optimise --dry-run` while they were being read).
    func testWorkOffTheLoopWaitsForTheShorelines() throws {
        let map = try BaseMap.loadBundled()
        let loads = LockedCounter()
        let water = WaterCrossing { loads.increment(); return map }
        let late = LateData(feed: ChangeFeed()) { $0() }
        water.register(in: late)
        let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil, late: late,
                                   water: water)
        let trip = minch
        XCTAssertFalse(service.itinerary(for: trip).legs[0].crossesWater, "the loop does not wait")
        let done = expectation(description: "the itinerary off the loop")
        nonisolated(unsafe) var marked = false
        DispatchQueue.global().async {
            marked = service.routedItinerary(for: trip, requester: .optimise)?.legs[0].crossesWater == true
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        XCTAssertTrue(marked)
        XCTAssertEqual(loads.value, 1)
        XCTAssertTrue(service.itinerary(for: trip).legs[0].crossesWater, "and the loop has them from then on")
    }
}

private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
