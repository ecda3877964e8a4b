import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The estimate over open sea, on the real base map (GSHHG shorelines shipped in Resources/map).
final class WaterCrossingTests: XCTestCase {
    private let engine = EstimateEngine(water: TestWater.shared)
    private let plain = EstimateEngine()

    private func at(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The issue's two legs: marked, and longer than the plain estimate by their share over water.
    func testTheIssuesLegsAreMarkedAndLonger() throws {
        for (from, to, road) in [(try at(57.8953, -5.1607), try at(57.4125, -6.1961), 195.0),   // Ullapool → Portree
                                 (try at(62.4723, 6.1549), try at(62.1008, 7.2059), 150.0)] {   // Ålesund → Geiranger
            let leg = engine.leg(from: from, to: to), straight = plain.leg(from: from, to: to)
            XCTAssertTrue(leg.crossesWater)
            XCTAssertGreaterThan(leg.waterShare, 0.2)
            XCTAssertEqual(leg.distanceKm, straight.distanceKm * (1 + leg.waterShare), accuracy: 0.001)
            XCTAssertLessThan(leg.distanceKm, road, "still short of the road: the mark says so")
            XCTAssertEqual(leg.durationSeconds, leg.distanceKm / 80 * 3600, accuracy: 0.001)
        }
    }

    /// Over land, along a coast whose line grazes a bay, or round a lake: not marked, the plain estimate.
    func testLegsOverLandOrAlongACoastAreNotMarked() throws {
        let pairs = [
            (try at(48.1374, 11.5755), try at(48.2082, 16.3738)),   // Munich → Vienna
            (try at(60.1699, 24.9384), try at(60.3932, 25.6650)),   // Helsinki → Porvoo, along the gulf
            (try at(61.4978, 23.7610), try at(60.1699, 24.9384)),   // Tampere → Helsinki, past lakes
            (try at(46.2044, 6.1432), try at(46.5197, 6.6323)),     // Geneva → Lausanne, along Lake Geneva
            // Lines that lie off a coast's bays for most of their length, with a road round close to them.
            (try at(41.3874, 2.1686), try at(39.4699, -0.3763)),    // Barcelona → Valencia
            (try at(43.7102, 7.2620), try at(44.4056, 8.9463)),     // Nice → Genoa
            (try at(34.0195, -118.4912), try at(32.7157, -117.1611)), // Santa Monica → San Diego
            (try at(40.8518, 14.2681), try at(40.6824, 14.7681)),   // Naples → Salerno
        ]
        for (from, to) in pairs {
            let leg = engine.leg(from: from, to: to)
            XCTAssertFalse(leg.crossesWater, "\(from) → \(to)")
            XCTAssertEqual(leg.distanceKm, plain.leg(from: from, to: to).distanceKm)
        }
    }

    /// Helsinki → Tallinn is nearly all sea; a short hop under `markedKm` is never marked.
    func testOpenSeaAndShortHops() throws {
        XCTAssertGreaterThan(engine.leg(from: try at(60.1699, 24.9384), to: try at(59.4370, 24.7536)).waterShare, 0.9)
        XCTAssertFalse(engine.leg(from: try at(60.16, 24.95), to: try at(60.15, 24.98)).crossesWater)
    }

    /// The way round over land: close to the line along a coast, far from it across a strait, none to an island.
    func testTheWayRoundOverLand() throws {
        let coast = CoastlineIndex(map: try BaseMap.loadBundled())
        let coastal = try XCTUnwrap(LandDetour.ratio(from: try at(41.3874, 2.1686), to: try at(39.4699, -0.3763), coast: coast))
        XCTAssertLessThan(coastal, WaterCrossing.aroundFactor, "Barcelona → Valencia goes round the gulf")
        XCTAssertGreaterThanOrEqual(coastal, 1, "never shorter than the straight line")
        let strait = try XCTUnwrap(LandDetour.ratio(from: try at(57.8953, -5.1607), to: try at(57.4125, -6.1961), coast: coast))
        XCTAssertGreaterThan(strait, 1.5, "Ullapool → Portree goes round by Kyle")
        XCTAssertNil(LandDetour.ratio(from: try at(51.1279, 1.3134), to: try at(50.9513, 1.8587), coast: coast), "Dover → Calais")
        let inland = try XCTUnwrap(LandDetour.ratio(from: try at(48.1374, 11.5755), to: try at(48.2082, 16.3738), coast: coast))
        XCTAssertLessThan(inland, 1.09, "Munich → Vienna: the grid's steps add at most 8 %")
        // Many latitudes on one meridian answer as one at a time does.
        var generator = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let longitude = Double.random(in: -180..<180, using: &generator)
            let latitudes = (0..<50).map { _ in Double.random(in: -80...80, using: &generator) }
            XCTAssertEqual(coast.isLand(longitude: longitude, latitudes: latitudes),
                           latitudes.map { coast.isLand(latitude: $0, longitude: longitude) }, "\(longitude)")
        }
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
        let blind = WaterCrossing { nil }
        XCTAssertEqual(blind.markedShare(from: try at(60.1699, 24.9384), to: try at(59.4370, 24.7536)), 0)
        var loads = 0
        let map = try BaseMap.loadBundled()
        let counted = WaterCrossing { loads += 1; return map }
        for _ in 0..<3 { _ = counted.markedShare(from: try at(60.1699, 24.9384), to: try at(59.4370, 24.7536)) }
        XCTAssertEqual(loads, 1)
    }

    /// The app never waits for the shorelines: its list and its trips' itineraries go unmarked until they are in,
    /// then one arrival says so and every figure has them. The command line waits for them on its first estimate.
    func testTheAppDoesNotWaitForTheShorelines() throws {
        let map = try BaseMap.loadBundled()
        let trip = Trip(name: "Minch", waypoints: [Waypoint(name: "Ullapool", latitude: 57.8953, longitude: -5.1607),
                                                   Waypoint(name: "Portree", latitude: 57.4125, longitude: -6.1961)])
        for feed in [ChangeFeed(), nil] {
            let loads = LockedCounter()
            let water = WaterCrossing { loads.increment(); return map }
            let late = feed.map { LateData(feed: $0) { $0() } } ?? LateData()
            water.register(in: late)
            let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil, late: late,
                                       water: water)
            let plain = EstimateEngine().leg(from: trip.waypoints[0].coordinate, to: trip.waypoints[1].coordinate)
            let listed = service.distance(of: trip).km
            XCTAssertEqual(loads.value, feed == nil ? 1 : 0)
            XCTAssertEqual(listed, feed == nil ? plain.distanceKm * (1 + water.markedShare(
                from: trip.waypoints[0].coordinate, to: trip.waypoints[1].coordinate)) : plain.distanceKm, accuracy: 1e-9)
            if let feed {
                let unmarked = service.itinerary(for: trip)
                XCTAssertFalse(unmarked.legs[0].crossesWater, "the app's frames do not wait")
                XCTAssertEqual(loads.value, 0)
                var published: [DataChange] = []
                let subscription = feed.subscribe { published.append($0) }
                late.start([.shorelines])
                XCTAssertTrue(late.ready(for: [.shorelines], timeout: 30))
                XCTAssertEqual(published, [.arrived(LateArrival([.shorelines]))])
                XCTAssertEqual(service.itinerary(for: trip).basis.changed(since: unmarked.basis), [.shorelines])
                withExtendedLifetime(subscription) {}
            }
            XCTAssertTrue(service.itinerary(for: trip).legs[0].crossesWater)
            XCTAssertEqual(loads.value, 1)
        }
    }

    /// An optimise search or a suggestion runs off the loop: it waits for the shorelines first, so its figures are
    /// the command line's (an optimise preview once disagreed with `optimise --dry-run` while they were being read).
    func testWorkOffTheLoopWaitsForTheShorelines() throws {
        let map = try BaseMap.loadBundled()
        let trip = Trip(name: "Minch", waypoints: [Waypoint(name: "Ullapool", latitude: 57.8953, longitude: -5.1607),
                                                   Waypoint(name: "Portree", latitude: 57.4125, longitude: -6.1961)])
        let loads = LockedCounter()
        let water = WaterCrossing { loads.increment(); return map }
        let late = LateData(feed: ChangeFeed()) { $0() }
        water.register(in: late)
        let service = RouteService(settings: { Settings() }, makeEngine: { _ in nil }, cache: nil, late: late,
                                   water: water)
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
