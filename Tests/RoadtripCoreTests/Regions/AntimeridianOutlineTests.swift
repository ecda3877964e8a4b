import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Extracts across ±180° (Alaska, Russia, Fiji, New Zealand…): their outline holds what they cover and not
/// the rest of the globe, their area is on the sphere, and no leg elsewhere is theirs (issue 31, item 4).
final class AntimeridianOutlineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("antimeridian-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private let london = try! Coordinate(latitude: 51.5074, longitude: -0.1278)
    private let amsterdam = try! Coordinate(latitude: 52.3676, longitude: 4.9041)
    private let berlin = try! Coordinate(latitude: 52.52, longitude: 13.405)
    private let aleutian = try! Coordinate(latitude: 52.0, longitude: 178.0)
    private let attu = try! Coordinate(latitude: 52.9, longitude: 172.9)
    private let anchorage = try! Coordinate(latitude: 61.2181, longitude: -149.9003)
    private let juneau = try! Coordinate(latitude: 58.3019, longitude: -134.4197)

    /// Geofabrik's polygon of Alaska, in outline: a ring east of 172° E up to 180°, one from −180° to 130° W.
    private let alaskaPoly = """
        alaska
        1
           1.720000E+02   5.100000E+01
           1.800000E+02   5.100000E+01
           1.800000E+02   7.200000E+01
           1.720000E+02   7.200000E+01
        END
        2
          -1.800000E+02   5.100000E+01
          -1.300000E+02   5.100000E+01
          -1.300000E+02   7.200000E+01
          -1.800000E+02   7.200000E+01
        END
        END

        """

    private func assertAlaska(_ outline: RegionOutline, file: StaticString = #filePath, line: UInt = #line) {
        for inside in [anchorage, juneau, aleutian, attu] {
            XCTAssertTrue(outline.contains(inside), "\(inside)", file: file, line: line)
        }
        for outside in [london, amsterdam, berlin, try! Coordinate(latitude: 60, longitude: 100),
                        try! Coordinate(latitude: 60, longitude: -100)] {
            XCTAssertFalse(outline.contains(outside), "\(outside)", file: file, line: line)
        }
        // 58° of longitude from 51° to 72° N: 7.15 million km² (Alaska itself is 1.7 million).
        XCTAssertEqual(outline.areaKm2, 7_150_000, accuracy: 100_000, file: file, line: line)
    }

    func testPolygonFileWithRingsOnBothSidesHoldsAlaskaOnly() throws {
        assertAlaska(try XCTUnwrap(ExtractOutline.parsePoly(alaskaPoly)))
    }

    func testABoxAcrossTheAntimeridianIsTwoBoxes() throws {
        let box = RegionOutline(west: 172, south: 51, east: -130, north: 72)
        XCTAssertEqual(box.rings.count, 2)
        assertAlaska(box)
    }

    func testAreasAreOnTheSphere() {
        XCTAssertEqual(RegionOutline(west: -180, south: -90, east: 180, north: 90).areaKm2, 510_072_000, accuracy: 10_000)
        // The cap north of 80°: 2πR²(1 − sin 80°).
        XCTAssertEqual(RegionOutline(west: -180, south: 80, east: 180, north: 90).areaKm2, 3_874_000, accuracy: 2_000)
        XCTAssertEqual(RegionOutline(west: 0, south: -0.5, east: 1, north: 0.5).areaKm2, 12_364, accuracy: 5)
        // Overlapping rings never add up past the Earth.
        let twice = RegionOutline(rings: RegionOutline(west: -180, south: -90, east: 180, north: 90).rings
                                    + RegionOutline(west: -180, south: -90, east: 180, north: 90).rings)
        XCTAssertLessThanOrEqual(twice.areaKm2, RegionOutline.earthKm2)
    }

    /// The header's box (osmium writes Alaska's as −130…172) and, without one, the data's box (−149.9…179.6)
    /// span most of the globe: the outline is then the box of the extract's nodes on each side of 0°.
    func testABuildOfAnExtractAcrossTheAntimeridianHoldsItsRoadsOnly() throws {
        _ = try FjordExtract.osmium()
        for header in [true, false] {
            let pbf = try DatelineExtract.write(into: folder.appendingPathComponent("extract-\(header)"), header: header)
            var builder = RegionBuilder(progress: .hidden)
            builder.planetsplitter = try RoutingTools.routino("planetsplitter")
            let result = try builder.build(from: pbf, name: "dateline", in: folder.appendingPathComponent("regions-\(header)"))
            let outline = result.region.manifest.outline
            XCTAssertEqual(result.outlineSource, header ? "bounding box in the file's header, split at the antimeridian"
                                                        : "bounding box of its data, split at the antimeridian")
            XCTAssertEqual(outline, RegionOutline(rings: RegionOutline(west: -149.9, south: 61.2, east: -149.8, north: 61.3).rings
                                                    + RegionOutline(west: 179.5, south: 52.0, east: 179.6, north: 52.1).rings))
            XCTAssertTrue(outline.contains(DatelineExtract.aleutian) && outline.contains(DatelineExtract.anchorage))
            XCTAssertFalse(outline.contains(london))
            XCTAssertLessThan(outline.areaKm2, 200, "two boxes of a tenth of a degree")
            XCTAssertEqual(InstalledRegions.scan(folder.appendingPathComponent("regions-\(header)")).regions.first?.manifest,
                           result.region.manifest, "it reads back")
        }
    }

    func testAnOldOutlineJoinedAcrossTheAntimeridianIsDamaged() throws {
        let regions = folder.appendingPathComponent("regions")
        for (name, corners) in [("alaska", "[[-180,51],[180,51],[180,72],[-180,72]]"), ("helsinki", "[[24.9,60.1],[25,60.1],[25,60.2]]")] {
            try FileManager.default.createDirectory(at: regions.appendingPathComponent(name), withIntermediateDirectories: true)
            try Data("""
                {"built":"2026-11-27T07:00:00Z","format":1,"name":"\(name)","outline":{"corners":\(corners)},\
                "places":0,"pois":0,"source":"/x.osm.pbf","source_bytes":1}
                """.utf8).write(to: regions.appendingPathComponent("\(name)/region.json"))
        }
        let installed = InstalledRegions.scan(regions)
        XCTAssertEqual(installed.regions.map(\.name), ["helsinki"], "format 1 is still read")
        XCTAssertEqual(installed.problems, ["alaska": "its region.json has an outline joined across the antimeridian "
                                                + "(made by an older roadtrip); rebuild it"])
    }

    /// Router `auto` gives a leg to a region only when its outline holds both stops; the fuel gaps look for
    /// stations only where a region's outline holds the whole day.
    func testNoLegOrFuelGapElsewhereIsAlaskas() throws {
        let alaska = InstalledRegion(folder: folder.appendingPathComponent("alaska"), manifest: RegionManifest(
            name: "alaska", source: "/x/alaska-latest.osm.pbf", sourceBytes: 1, built: "2026-11-27T07:00:00Z",
            outline: try XCTUnwrap(ExtractOutline.parsePoly(alaskaPoly)), places: 0, pois: 0))
        let engine = AutoEngine(regions: InstalledRegions(directory: folder, regions: [alaska], problems: [:]), fallback: nil)
        XCTAssertNil(engine.regional(from: london, to: amsterdam))
        XCTAssertNil(engine.regional(from: amsterdam, to: berlin))
        XCTAssertNil(engine.identity(from: london, to: berlin), "the estimate's")
        XCTAssertNil(engine.regional(from: anchorage, to: berlin))
        XCTAssertEqual(engine.regional(from: anchorage, to: juneau)?.region.name, "alaska")
        XCTAssertEqual(engine.regional(from: aleutian, to: anchorage)?.region.name, "alaska")
        let pois = POIIndex(features: [], outlines: [alaska.manifest.outline])
        XCTAssertFalse(pois.covers([london, amsterdam, berlin]))
        XCTAssertTrue(pois.covers([anchorage, juneau]))
    }
}
