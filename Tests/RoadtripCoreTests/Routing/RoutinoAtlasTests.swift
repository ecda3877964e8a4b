import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// A region's main roads (`RoutinoAtlas`) on an invented 500 × 150 km lattice of primary and trunk roads with
/// residential blocks, built here with the real osmium, planetsplitter and filedumper, and long legs driven
/// through it by the real `routino-router` behind a wrapper that notes each run's database.
final class RoutinoAtlasTests: XCTestCase {
    private static var folder: URL?
    private static var region: InstalledRegion?
    private static var setUpError: Error?
    private var scratch: URL!

    private static let widthKm = 500, heightKm = 150

    override class func setUp() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-atlas-\(UUID().uuidString)")
        self.folder = folder
        do {
            let extract = try RoadLatticeExtract.write(into: folder, widthKm: widthKm, heightKm: heightKm)
            let corner = RoadLatticeExtract.point(eastKm: Double(widthKm), northKm: Double(heightKm), heightKm: heightKm)
            let region = try TestRegion.install("lattice", from: extract,
                                                outline: RegionOutline(west: 1.9, south: 47.9, east: corner.longitude + 0.1,
                                                                       north: corner.latitude + 0.1),
                                                into: folder.appendingPathComponent("regions"))
            try RoutinoAtlas.build(from: extract, into: region.atlasDirectory, osmium: try FjordExtract.osmium(),
                                   planetsplitter: try RoutingTools.routino("planetsplitter"),
                                   filedumper: try RoutingTools.routino("filedumper"))
            self.region = region
        } catch {
            setUpError = error
        }
    }

    override class func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-atlas-runs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func installed() throws -> InstalledRegion {
        if let error = Self.setUpError { throw error }
        return try XCTUnwrap(Self.region)
    }

    private func point(_ eastKm: Double, _ northKm: Double) -> Coordinate {
        RoadLatticeExtract.point(eastKm: eastKm, northKm: northKm, heightKm: Self.heightKm)
    }

    private var runs: URL { scratch.appendingPathComponent("runs") }

    /// `routino-router` behind a script that writes its `--dir=` argument to `runs` first.
    private func countedRouter() throws -> String {
        let script = scratch.appendingPathComponent("routino-router")
        try """
            #!/bin/sh
            for argument; do case "$argument" in --dir=*) echo "${argument#--dir=}" >> '\(runs.path)';; esac; done
            exec '\(try RoutingTools.routino("routino-router"))' "$@"

            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return script.path
    }

    private var databasesRun: [String] {
        ((try? String(contentsOf: runs, encoding: .utf8)) ?? "").split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }
    }

    private func auto(_ regions: URL, router: String) -> AutoEngine {
        AutoEngine(regions: InstalledRegions.scan(regions), fallback: nil, routinoExecutable: router)
    }

    /// The lattice's junctions, counted from how it is drawn: 16 × 51 primary crossings less the 4 corners,
    /// 2 trunk rows across 51 primary columns, 5 trunk columns across 16 primary rows, and 2 × 5 trunk crossings.
    private static let junctions: Int = 16 * 51 - 4 + 2 * 51 + 5 * 16 + 2 * 5

    func testTheAtlasHoldsTheMainRoadsAndTheirJunctions() throws {
        let region = try installed()
        let atlas = try XCTUnwrap(RoutinoAtlas.load(region.atlasDirectory))
        XCTAssertEqual(atlas.junctions.count, Self.junctions)
        XCTAssertTrue(RoutinoDatabase.exists(in: region.atlasDirectory))
        XCTAssertFalse(FileManager.default.fileExists(atPath: region.atlasDirectory.appendingPathComponent(".main.osm.pbf").path))
    }

    /// 490 km across the lattice: three runs (to the main roads, along them on the atlas, and off them). Other stops
    /// than the other tests': parts asked before are remembered in the process.
    func testALongLegDrivesTheMainRoadsInThreeRuns() throws {
        let leg = try atlasLeg(from: point(10.5, 30.5), to: point(490.5, 130.5))
        XCTAssertEqual(databasesRun.sorted(), ["atlas", "routino", "routino"])
        XCTAssertEqual(leg.region, "lattice")
    }

    /// 273 km: two junctions at each end, every combination at once (4 runs on each database), the quickest kept.
    func testALegUnder400KmTriesTwoJunctionsAtEachEnd() throws {
        _ = try atlasLeg(from: point(10.5, 10.5), to: point(260.5, 120.5))
        XCTAssertEqual(databasesRun.sorted(), Array(repeating: "atlas", count: 4) + Array(repeating: "routino", count: 4))
    }

    /// A stop on a junction itself drives no way to it: the atlas still serves the leg.
    func testAStopOnAJunctionStartsOnTheMainRoads() throws {
        let atlas = try XCTUnwrap(RoutinoAtlas.load(try installed().atlasDirectory))
        let junction = try XCTUnwrap(atlas.junctions.min { RoutinoAtlas.km($0, point(10, 10)) < RoutinoAtlas.km($1, point(10, 10)) })
        let leg = try atlasLeg(from: junction, to: point(470.5, 110.5))
        XCTAssertEqual(databasesRun.sorted(), ["atlas", "routino"], "along the main roads and off them; no direct search")
        XCTAssertEqual(leg.geometry.first, junction)
    }

    /// The leg through the atlas by router `auto`, checked against the direct search: a road from stop to stop.
    private func atlasLeg(from: Coordinate, to: Coordinate, file: StaticString = #filePath, line: UInt = #line) throws -> RoutedLeg {
        let region = try installed()
        let leg = try auto(region.folder.deletingLastPathComponent(), router: try countedRouter()).leg(from: from, to: to)
        let direct = try RoutinoEngine(databaseDirectory: region.routinoDirectory).leg(from: from, to: to)
        XCTAssertEqual(leg.source, .routino, file: file, line: line)
        XCTAssertEqual(leg.durationSeconds, direct.durationSeconds, accuracy: direct.durationSeconds * 0.05, file: file, line: line)
        XCTAssertGreaterThan(leg.distanceKm, RoutinoAtlas.km(from, to), file: file, line: line)
        XCTAssertLessThan(RoutinoAtlas.km(try XCTUnwrap(leg.geometry.first), from), 1, file: file, line: line)
        XCTAssertLessThan(RoutinoAtlas.km(try XCTUnwrap(leg.geometry.last), to), 1, file: file, line: line)
        // One road: it passes an entry junction and an exit junction, where its parts meet.
        let (entries, exits) = try XCTUnwrap(RoutinoAtlas.load(region.atlasDirectory)?.junctions(from: from, to: to),
                                             file: file, line: line)
        let passes = { (junction: Coordinate) in leg.geometry.contains { RoutinoAtlas.km($0, junction) < 0.002 } }
        XCTAssertTrue(entries.contains(where: passes) && exits.contains(where: passes), file: file, line: line)
        let gaps = zip(leg.geometry, leg.geometry.dropFirst()).map { RoutinoAtlas.km($0, $1) }
        XCTAssertEqual(leg.distanceKm, gaps.reduce(0, +), accuracy: leg.distanceKm * 0.02, "the distance is its road's",
                       file: file, line: line)
        return leg
    }

    func testAShortLegAndALegWithoutAnAtlasAreAskedDirectly() throws {
        let region = try installed()
        let router = try countedRouter()
        _ = try auto(region.folder.deletingLastPathComponent(), router: router).leg(from: point(10.5, 10.5), to: point(210.5, 70.5))
        XCTAssertEqual(databasesRun, ["routino"], "209 km: one run")

        let withoutAtlas = RoutinoEngine(databaseDirectory: region.routinoDirectory, executable: router,
                                         atlas: RoutinoAtlas.load(scratch.appendingPathComponent("atlas")))
        _ = try withoutAtlas.leg(from: point(10.5, 10.5), to: point(490.5, 130.5))
        XCTAssertEqual(databasesRun, ["routino", "routino"], "no atlas: one run")
    }

    /// `region add` builds the atlas beside the roads (the one call in `RegionBuilder`).
    func testARegionBuildMakesItsAtlas() throws {
        let extract = try installed().folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lattice.osm.pbf")
        let built = try RegionBuilder(progress: .hidden).build(from: extract, name: "lattice", in: scratch)
        XCTAssertEqual(RoutinoAtlas.load(built.region.atlasDirectory)?.junctions.count, Self.junctions)
    }

    func testAnExtractWithoutMainRoadsGetsNoAtlas() throws {
        let streets = try GridExtract.write(into: scratch, streets: 10, nodesPerStreet: 50)
        let atlas = scratch.appendingPathComponent("atlas")
        XCTAssertNil(try RoutinoAtlas.build(from: streets, into: atlas, osmium: try FjordExtract.osmium(),
                                            planetsplitter: try RoutingTools.routino("planetsplitter"),
                                            filedumper: try RoutingTools.routino("filedumper")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: atlas.path))
    }

    func testALongLegWithoutAnAtlasWaitsLonger() {
        let engine = RoutinoEngine(databaseDirectory: scratch, timeout: 10)
        XCTAssertEqual(engine.timeout(forKm: 30), 10)
        XCTAssertEqual(engine.timeout(forKm: 1_000), 30)
        XCTAssertEqual(engine.timeout(forKm: .infinity), 110, "bounded")
    }
}
