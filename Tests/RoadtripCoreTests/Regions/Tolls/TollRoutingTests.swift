import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// A region built by `RegionBuilder` (osmium, planetsplitter) from `TollExtract`, its legs routed by router `auto`
/// with Debian's routino-router: each leg's tolled kilometres and their price from the region's tolled ways.
final class TollRoutingTests: XCTestCase {
    private var folder: URL!
    private var regions: URL { folder.appendingPathComponent("regions") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("toll-routing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    private func build() throws -> InstalledRegion {
        let extract = try TollExtract.write(into: folder.appendingPathComponent("extract"))
        var builder = RegionBuilder(progress: .hidden)
        builder.osmium = try FjordExtract.osmium()
        builder.planetsplitter = try RoutingTools.routino("planetsplitter")
        return try builder.build(from: extract, name: "tolls", in: regions).region
    }

    private func leg(_ from: Coordinate, _ to: Coordinate) throws -> RoutedLeg {
        var settings = Settings()
        settings.router = .auto
        let engine = try XCTUnwrap(RoutingEngines.auto(settings, regions: InstalledRegions.scan(regions),
                                                       routinoExecutable: try RoutingTools.routino("routino-router")))
        let leg = try engine.leg(from: from, to: to)
        XCTAssertEqual(leg.source, .routino)
        XCTAssertEqual(leg.region, "tolls")
        return leg
    }

    func testTheBuildKeepsEachTolledRoadWithItsNodesAndCharge() throws {
        let region = try build()
        let ways = try TollFile.read(region.tollsFile)
        let exact = { (nodes: [(Double, Double)]) in nodes.map { TollWay.Point(degrees: $0.0, $0.1)! } }
        XCTAssertEqual(ways.count, 3)
        let priced = try XCTUnwrap(ways.first { $0.charge != nil })
        XCTAssertEqual(priced.charge, TollCharge(amount: 12, currency: "EUR"))
        XCTAssertEqual(priced.points, exact(TollExtract.pricedRoad), "every node, at 1e-7°")
        XCTAssertEqual(ways.filter { $0.charge == nil }.map(\.points),
                       [exact(TollExtract.unpricedWest), exact(TollExtract.unpricedEast)])
    }

    private func passes(_ leg: RoutedLeg, _ node: (Double, Double)) -> Bool {
        leg.geometry.contains { abs($0.latitude - node.0) < 1e-5 && abs($0.longitude - node.1) < 1e-5 }
    }

    /// Over the priced road (whose straight middle Routino's answer skips), over the unpriced one (whose answer has
    /// no point where its two ways meet or where its toll ends), on a free road, and back over both the other way.
    func testEachLegPaysTheTollsOfTheRoadsItDrives() throws {
        try build()
        let priced = try leg(TollExtract.vest, TollExtract.midt)
        XCTAssertEqual(try XCTUnwrap(priced.tollKm), TollExtract.pricedKm, accuracy: 0.01)
        XCTAssertEqual(priced.tollPrice, 12)
        XCTAssertGreaterThan(priced.distanceKm, TollExtract.pricedKm + 1, "the free roads to its ends are not tolled")
        for node in TollExtract.straightMiddle {
            XCTAssertFalse(passes(priced, node), "planetsplitter dropped the straight stretch's middle nodes")
        }

        let unpriced = try leg(TollExtract.midt, TollExtract.aust)
        for node in TollExtract.unpricedJoints {
            XCTAssertFalse(passes(unpriced, node), "planetsplitter dropped the joints on the straight")
        }
        XCTAssertEqual(try XCTUnwrap(unpriced.tollKm), TollExtract.unpricedKm, accuracy: 0.01)
        XCTAssertGreaterThan(TollExtract.unpricedKm, 10)
        XCTAssertNil(unpriced.tollPrice, "tolled, price unknown")

        let free = try leg(TollExtract.aust, TollExtract.nord)
        XCTAssertEqual(free.tollKm, 0, "known: no toll")
        XCTAssertNil(free.tollPrice)

        let back = try leg(TollExtract.nord, TollExtract.vest)
        XCTAssertEqual(try XCTUnwrap(back.tollKm), TollExtract.pricedKm + TollExtract.unpricedKm, accuracy: 0.02)
        XCTAssertNil(back.tollPrice, "one of its tolled roads has no price")
    }

    /// A leg from a point on the priced road to another pays from there, not from the next node: Routino's answer
    /// starts and ends where the stops meet the road, between two of its nodes.
    func testALegBetweenTwoPointsOfATollRoadPaysFromTheFirstToTheLast() throws {
        try build()
        let road = TollExtract.pricedRoad
        let middle = { (a: (Double, Double), b: (Double, Double)) in ((a.0 + b.0) / 2, (a.1 + b.1) / 2) }
        let (from, to) = (middle(road[2], road[3]), middle(road[12], road[13]))
        let leg = try leg(try Coordinate(latitude: from.0, longitude: from.1), try Coordinate(latitude: to.0, longitude: to.1))
        XCTAssertEqual(try XCTUnwrap(leg.tollKm), TollExtract.km([from] + road[3...12] + [to]), accuracy: 0.01)
        XCTAssertEqual(leg.tollKm ?? 0, leg.distanceKm, accuracy: 0.01, "the whole leg is on the toll road")
        XCTAssertEqual(leg.tollPrice, 12)

        let (cacheFolder, ends) = (folder.appendingPathComponent("cache"), (leg.geometry[0], leg.geometry.last!))
        let cache = LegCache(directory: cacheFolder)
        cache.store(leg, identity: "tolls", from: ends.0, to: ends.1)
        cache.save()
        let cached = LegCache(directory: cacheFolder).leg("tolls", from: ends.0, to: ends.1)
        XCTAssertEqual(cached?.tollKm, leg.tollKm, "kept by the leg cache")
        XCTAssertEqual(cached?.tollPrice, 12)
    }

    /// A region built before the toll file (or whose file is damaged) knows nothing of tolls: unknown, never 0.
    func testARegionWithoutItsTollFileKnowsNoTolls() throws {
        let region = try build()
        try FileManager.default.removeItem(at: region.tollsFile)
        let leg = try leg(TollExtract.vest, TollExtract.midt)
        XCTAssertNil(leg.tollKm)
        XCTAssertNil(leg.tollPrice)
    }

    func testADamagedTollFileKnowsNoTolls() throws {
        let region = try build()
        let bytes = try Data(contentsOf: region.tollsFile)
        try bytes.dropLast(4).write(to: region.tollsFile)
        let leg = try leg(TollExtract.vest, TollExtract.midt)
        XCTAssertNil(leg.tollKm)
        XCTAssertNil(leg.tollPrice)
    }
}
