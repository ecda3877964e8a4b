import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// Router `auto` with real regions (the fjord extract and the Helsinki extract, built here by Routino's
/// planetsplitter), asked through the route service as the screens ask it.
final class AutoRoutingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("auto-routing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var regionsFolder: URL { folder.appendingPathComponent("regions") }

    @discardableResult
    private func fjordRegion(built: String = "2026-11-27T07:00:00Z") throws -> InstalledRegion {
        try TestRegion.install("fjord", from: try FjordExtract.write(into: folder), outline: TestRegion.fjordOutline,
                               into: regionsFolder, built: built)
    }

    private func service(cache: LegLookup? = nil) throws -> RouteService {
        let router = try RoutingTools.routino("routino-router")
        let regions = regionsFolder
        var settings = Settings()
        settings.router = .auto
        return RouteService(settings: { settings }, makeEngine: {
            RoutingEngines.auto($0, regions: InstalledRegions.scan(regions), routinoExecutable: router)
        }, cache: cache, water: TestWater.shared)
    }

    private func trip(_ stops: [(String, Coordinate)]) -> Trip {
        Trip(name: "Auto", waypoints: stops.map {
            Waypoint(name: $0.0, latitude: $0.1.latitude, longitude: $0.1.longitude)
        })
    }

    private func routed(_ trip: Trip, _ service: RouteService) throws -> Itinerary {
        try XCTUnwrap(service.routedItinerary(for: trip, requester: RouteRequester("test", priority: .screen)))
    }

    /// Across the fjord by its ferry (its time in the leg and the day), south inside the region by Routino, and
    /// out of the region to Bergen by the estimate: one trip. (Midtre, beside the road's middle, is no stop:
    /// planetsplitter makes the straight road one segment, whose middle Routino does not find.)
    func testOneTripTakesTheFerryInsideTheRegionAndTheEstimateOutside() throws {
        try fjordRegion()
        let bergen = try Coordinate(latitude: 60.3913, longitude: 5.3221)
        let journey = trip([("Vestvik", FjordExtract.vestvik.coordinate), ("Austvik", FjordExtract.austvik.coordinate),
                            ("Vestvik", FjordExtract.vestvik.coordinate), ("Sørby", FjordExtract.sorby.coordinate),
                            ("Bergen", bergen)])
        let itinerary = try routed(journey, try service())
        let ferry = itinerary.legs[0]
        XCTAssertEqual(ferry.source, .routino)
        XCTAssertEqual(ferry.region, "fjord")
        XCTAssertEqual(ferry.ferryKm, FjordExtract.ferryKm, accuracy: 0.1)
        XCTAssertEqual(ferry.ferrySeconds, FjordExtract.ferryKm / RoutinoEngine.ferryKmh * 3600, accuracy: 30)
        XCTAssertGreaterThan(ferry.durationSeconds, ferry.ferrySeconds, "the shore roads come on top")
        XCTAssertEqual(TripText.leg(ferry, .km), "10.1 km · 39 min ⛴ Routino fjord")

        let south = itinerary.legs[2]
        XCTAssertNil(south.note)
        XCTAssertEqual(south.source, .routino)
        XCTAssertEqual(south.region, "fjord")
        XCTAssertEqual(south.ferrySeconds, 0, "the road south has no ferry")
        XCTAssertEqual(south.distanceKm, FjordExtract.southRoadKm, accuracy: 1)

        let out = itinerary.legs[3]
        XCTAssertEqual(out.source, .estimate)
        XCTAssertNil(out.region)
        XCTAssertNil(out.note, "an estimate by choice, not a failure")

        let firstDay = try XCTUnwrap(itinerary.days.first)
        XCTAssertTrue(firstDay.legs.contains(0))
        XCTAssertGreaterThanOrEqual(firstDay.drivingSeconds, ferry.durationSeconds, "the ferry's time is driving time")
        XCTAssertTrue(TripText.dayPlan(firstDay, itinerary, journey.waypoints, .km).plan
            .contains("⛴ "))
    }

    /// The Helsinki extract as a region: legs inside it by Routino, the leg to Tampere by the estimate.
    func testHelsinkiRegionRoutesInsideAndEstimatesTampere() throws {
        try TestRegion.install("helsinki", from: RoutingTools.helsinkiExtract, outline: TestRegion.helsinkiOutline,
                               into: regionsFolder)
        let itinerary = try routed(trip([("Centre", try Coordinate(latitude: 60.1700, longitude: 24.9400)),
                                         ("Kruununhaka", try Coordinate(latitude: 60.1760, longitude: 24.9521)),
                                         ("Tampere", try Coordinate(latitude: 61.4978, longitude: 23.7610))]), try service())
        XCTAssertEqual(itinerary.legs.map(\.source), [.routino, .estimate])
        XCTAssertEqual(itinerary.legs[0].region, "helsinki")
        XCTAssertEqual(itinerary.legs[0].ferrySeconds, 0)
        XCTAssertFalse(itinerary.legs[1].crossesWater, "Helsinki to Tampere is over land")
    }

    /// Two regions never share a cached leg (the smaller answers, under its own folder), and a rebuilt region
    /// (a new `built`) is asked again, not served its old legs.
    func testCachedLegsBelongToOneRegionAndOneBuild() throws {
        let region = try fjordRegion()
        var wide = region
        wide.folder = regionsFolder.appendingPathComponent("wide")
        wide.manifest.name = "wide"
        wide.manifest.outline = RegionOutline(west: 4, south: 60, east: 6, north: 64)
        try FileManager.default.createDirectory(at: wide.folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: region.routinoDirectory, to: wide.routinoDirectory)
        try TestRegion.writeManifest(of: wide)

        let (from, to) = (FjordExtract.vestvik.coordinate, FjordExtract.austvik.coordinate)
        let engine = try XCTUnwrap(RoutingEngines.auto(Settings(), regions: InstalledRegions.scan(regionsFolder)))
        XCTAssertEqual(engine.identity(from: from, to: to),
                       "routino \(region.routinoDirectory.path) motorcar built=2026-11-27T07:00:00Z", "the smaller region")
        let bergen = try Coordinate(latitude: 60.3913, longitude: 5.3221)
        XCTAssertEqual(engine.identity(from: from, to: bergen),
                       "routino \(wide.routinoDirectory.path) motorcar built=2026-11-27T07:00:00Z", "only the wide one holds Bergen")

        let cache = LegCache(directory: folder.appendingPathComponent("cache"))
        _ = try routed(trip([("V", from), ("A", to)]), try service(cache: cache))
        XCTAssertEqual(cache.count, 1)
        try fjordRegion(built: "2026-11-28T07:00:00Z")
        let rebuilt = try XCTUnwrap(RoutingEngines.auto(Settings(), regions: InstalledRegions.scan(regionsFolder)))
        let identity = try XCTUnwrap(rebuilt.identity(from: from, to: to))
        XCTAssertNil(cache.leg(identity, from: from, to: to), "the old build's leg is not the new one's")
        _ = try routed(trip([("V", from), ("A", to)]), try service(cache: cache))
        XCTAssertEqual(cache.leg(identity, from: from, to: to)?.region, "fjord")
    }

    /// Without a region, `auto` asks OSRM only when the settings file names its URL, else every leg is the
    /// estimate (no engine at all).
    func testAutoWithoutRegionsUsesOSRMOnlyWhenItsURLIsSet() throws {
        let none = InstalledRegions.scan(regionsFolder)
        XCTAssertNil(RoutingEngines.auto(Settings(), regions: none))
        let config = folder.appendingPathComponent("config.toml")
        try "router = \"auto\"\nosrm_url = \"http://127.0.0.1:9\"\n".write(to: config, atomically: true, encoding: .utf8)
        let settings = SettingsFile(url: config).load().settings
        XCTAssertEqual(settings.router, .auto)
        XCTAssertTrue(settings.osrmURLIsSet)
        XCTAssertEqual(RoutingEngines.auto(settings, regions: none)?.identity(
            from: FjordExtract.vestvik.coordinate, to: FjordExtract.austvik.coordinate), "osrm http://127.0.0.1:9 driving")
        try "router = \"auto\"\n".write(to: config, atomically: true, encoding: .utf8)
        XCTAssertFalse(SettingsFile(url: config).load().settings.osrmURLIsSet)
    }
}
