import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Building a region folder from a real extract with Debian's osmium and planetsplitter (`make test-deps`).
final class BuildRegionTests: XCTestCase {
    private var folder: URL!
    private var regions: URL { folder.appendingPathComponent("regions") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("region-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try FjordExtract.osmium()
        _ = try RoutingTools.routino("planetsplitter")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func build(_ extract: URL, name: String, osmium: String = "osmium") throws -> RegionBuilder.Result {
        var builder = RegionBuilder(progress: .hidden)
        builder.osmium = osmium
        return try builder.build(from: extract, name: name, in: regions, now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    func testHelsinkiHotelsMuseumsAndItsFerryTerminalAreItsPOIs() throws {
        let result = try build(RoutingTools.helsinkiExtract, name: "helsinki")
        let region = try XCTUnwrap(InstalledRegions.scan(regions).regions.first)
        XCTAssertEqual(region.manifest, result.region.manifest)
        XCTAssertEqual(region.folder.standardizedFileURL.path, result.region.folder.standardizedFileURL.path)
        XCTAssertEqual(region.manifest.built, "2027-01-15T08:00:00Z")
        XCTAssertEqual(region.manifest.sources.map(\.bytes), [685_110])
        XCTAssertEqual(region.manifest.sources.map(\.checksum), [try SourceChecksum.of(RoutingTools.helsinkiExtract)])
        let pois = try RegionTable.read(region.poisFile)
        XCTAssertEqual(region.manifest.pois, pois.count)
        let hotels = pois.filter { $0.kind == "hotel" }
        XCTAssertGreaterThanOrEqual(hotels.count, 20)
        XCTAssertTrue(hotels.allSatisfy { $0.category == .sleep })
        XCTAssertTrue(hotels.contains { $0.name == "Hilton Helsinki Strand" && $0.osmID == "n55211772" })
        XCTAssertGreaterThanOrEqual(pois.filter { $0.kind == "museum" && $0.category == .see }.count, 5)
        // Its one ferry terminal, a node with names in Swedish and Russian besides the Finnish one.
        let terminal = try XCTUnwrap(pois.first { $0.category == .ferry })
        XCTAssertEqual(terminal.name, "Kolera-allas")
        XCTAssertEqual(terminal.otherNames, ["Пристань", "Kolerabassängen"])
        // Ways stand at their centre, inside the extract.
        let ways = pois.filter { $0.osmID.hasPrefix("w") }
        XCTAssertFalse(ways.isEmpty)
        XCTAssertTrue(ways.allSatisfy { region.manifest.outline.contains(latitude: $0.latitude, longitude: $0.longitude) })
        XCTAssertEqual(Set(pois.map(\.osmID)).count, pois.count, "each object once")
        let places = try RegionTable.read(region.placesFile)
        XCTAssertEqual(places.map(\.kind), ["city"])
        XCTAssertEqual(places.first?.name, "Helsinki")
        // No .poly beside it: the header's bounding box.
        XCTAssertEqual(result.outlineSource, "bounding box in the file's header")
        XCTAssertEqual(region.manifest.outline, RegionOutline(west: 24.9351762, south: 60.164155, east: 24.9534145, north: 60.179113))
        XCTAssertTrue(RoutinoDatabase.exists(in: region.routinoDirectory))
        // Nothing else: no leftovers of osmium's output.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: region.folder.path).sorted(),
                       ["chargers.tsv", "places.tsv", "pois.tsv", "region.json", "routino", "search.index", "tolls.bin"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), ["helsinki"])
    }

    func testFjordVillagesWithEnglishNamesPopulationsFerryTerminalsAndFuel() throws {
        let pbf = try FjordExtract.write(into: folder.appendingPathComponent("extract"))
        let result = try build(pbf, name: "fjord")
        let places = try RegionTable.read(result.region.placesFile)
        let vestvik = try XCTUnwrap(places.first { $0.name == "Vestvik" })
        XCTAssertEqual(vestvik.kind, "village")
        XCTAssertEqual(vestvik.population, 180)
        XCTAssertEqual(vestvik.englishName, "Westbay")
        XCTAssertEqual(places.first { $0.name == "Austvik" }?.englishName, "Eastbay")
        XCTAssertEqual(places.first { $0.name == "Midtre" }?.otherNames, ["Mitre"])
        XCTAssertEqual(Set(places.map(\.name)), ["Vestvik", "Austvik", "Midtre", "Sørby"])
        XCTAssertTrue(places.filter { $0.name != "Sørby" }.allSatisfy { $0.population < 500 })
        let pois = try RegionTable.read(result.region.poisFile)
        XCTAssertEqual(Set(pois.filter { $0.category == .ferry }.map(\.name)), ["Vestvik ferjekai", "Austvik ferjekai"])
        XCTAssertEqual(Set(pois.filter { $0.category == .fuel }.map(\.name)), ["Vestvik Bensin", "Sørby Drivstoff"])
        XCTAssertEqual(pois.first { $0.category == .charge }?.name, "Midtre Lading")
        XCTAssertEqual(pois.first { $0.kind == "camp_site" }?.category, .sleep)
        let campsite = try XCTUnwrap(pois.first { $0.kind == "camp_site" })
        XCTAssertEqual(campsite.latitude, FjordExtract.campsite.latitude + 0.0003, accuracy: 1e-7)
        // No header box in a converted XML: the data's bounding box, which holds every stop of the fixture.
        XCTAssertEqual(result.outlineSource, "bounding box of its data")
        let installed = InstalledRegions.scan(regions)
        XCTAssertEqual(installed.smallest(covering: [FjordExtract.vestvik.coordinate, FjordExtract.sorby.coordinate])?.name, "fjord")
        // Its search index, written beside the tables before the folder took its name, is the one later loads map.
        let index = result.region.folder.appendingPathComponent(RegionSearchFile.fileName)
        let written = try FileManager.default.attributesOfItem(atPath: index.path)[.modificationDate] as? Date
        XCTAssertEqual(RegionPlaceIndex.load(installed).features.first { $0.englishName == "Eastbay" }?.name, "Austvik")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: index.path)[.modificationDate] as? Date, written)
        XCTAssertNil(installed.smallest(covering: [try Coordinate(latitude: 59.9, longitude: 10.7)]))
    }

    func testGeofabrikPolyFileBesideTheExtractIsItsOutline() throws {
        let extract = folder.appendingPathComponent("geo")
        try FileManager.default.createDirectory(at: extract, withIntermediateDirectories: true)
        let pbf = extract.appendingPathComponent("fjord-latest.osm.pbf")
        try FileManager.default.copyItem(at: try FjordExtract.write(into: folder.appendingPathComponent("x")), to: pbf)
        try """
            fjord
            1
               4.5E+00   6.05E+01
               5.5E+00   6.05E+01
               5.5E+00   6.35E+01
               4.5E+00   6.35E+01
               4.5E+00   6.05E+01
            END
            !2
               4.9E+00   6.1E+01
               5.1E+00   6.1E+01
               5.0E+00   6.2E+01
            END
            END

            """.write(to: extract.appendingPathComponent("fjord.poly"), atomically: true, encoding: .utf8)
        let result = try build(pbf, name: RegionName.from(file: pbf))
        XCTAssertEqual(result.region.name, "fjord")
        XCTAssertEqual(result.outlineSource, "polygon file fjord.poly")
        XCTAssertEqual(result.region.manifest.outline, RegionOutline(corners: [[4.5, 60.5], [5.5, 60.5], [5.5, 63.5], [4.5, 63.5]]))
    }

    func testPolyFilesOfSeveralRingsBecomeTheirHullAndBadOnesAreRefused() throws {
        let two = "islands\n1\n0 0\n1 0\n1 1\n0 1\nEND\n2\n3 0\n4 0\n4 1\nEND\nEND\n"
        let hull = try XCTUnwrap(ExtractOutline.parsePoly(two))
        XCTAssertEqual(hull, RegionOutline(corners: [[0, 0], [4, 0], [4, 1], [0, 1]]))
        XCTAssertTrue(hull.contains(latitude: 0.5, longitude: 2))
        XCTAssertNil(ExtractOutline.parsePoly("x\n1\n0 0\n1 zero\n1 1\nEND\nEND\n"))
        XCTAssertNil(ExtractOutline.parsePoly("x\n1\n0 0\n200 0\n1 1\nEND\nEND\n"))
        XCTAssertNil(ExtractOutline.parsePoly("x\n1\n0 0\n1 1\nEND\nEND\n"))
        XCTAssertNil(ExtractOutline.parsePoly(""))
        XCTAssertEqual(ExtractOutline.polyFiles(beside: URL(fileURLWithPath: "/d/norway-latest.osm.pbf")).map(\.path),
                       ["/d/norway-latest.poly", "/d/norway.poly"])
    }

    func testFailedBuildsLeaveTheOldRegionAsItWas() throws {
        let pbf = try FjordExtract.write(into: folder.appendingPathComponent("extract"))
        _ = try build(pbf, name: "fjord")
        let old = try Data(contentsOf: regions.appendingPathComponent("fjord/region.json"))
        let notPBF = folder.appendingPathComponent("notes.osm.pbf")
        try Data("this is not OpenStreetMap data".utf8).write(to: notPBF)
        XCTAssertThrowsError(try build(notPBF, name: "fjord")) { error in
            XCTAssertEqual(error as? RegionBuildError, .notOSM(notPBF.path))
        }
        let missing = folder.appendingPathComponent("nowhere.osm.pbf")
        XCTAssertThrowsError(try build(missing, name: "fjord")) { error in
            XCTAssertEqual(error as? RegionBuildError, .noInput(missing.path))
        }
        XCTAssertThrowsError(try build(pbf, name: "fjord", osmium: "osmium-not-here")) { error in
            XCTAssertEqual(error as? RegionBuildError, .notInstalled(tool: "osmium", package: "osmium-tool"))
            XCTAssertEqual("\(error)", "osmium is not installed (Debian: apt install osmium-tool)")
        }
        // A PBF whose blocks are cut short: osmium's own words, then ours.
        let cut = folder.appendingPathComponent("cut.osm.pbf")
        try Data(contentsOf: pbf).prefix(200).write(to: cut)
        XCTAssertThrowsError(try build(cut, name: "fjord")) { error in
            XCTAssertTrue("\(error)".hasPrefix("osmium tags-filter failed (exit 1)"), "\(error)")
        }
        for name in ["", ".hidden", "../up", "a/b", "-x", "tab\tname"] {
            XCTAssertThrowsError(try build(pbf, name: name)) { error in
                XCTAssertEqual(error as? RegionBuildError, .badName(name))
            }
        }
        XCTAssertEqual(try Data(contentsOf: regions.appendingPathComponent("fjord/region.json")), old)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), ["fjord"])
    }

    func testNamesComeFromTheFileAndArePlainFolderNames() {
        XCTAssertEqual(RegionName.from(file: URL(fileURLWithPath: "/d/norway-latest.osm.pbf")), "norway")
        XCTAssertEqual(RegionName.from(file: URL(fileURLWithPath: "/d/Helsinki.osm.pbf")), "Helsinki")
        XCTAssertEqual(RegionName.from(file: URL(fileURLWithPath: "/d/wales.osm.bz2")), "wales")
        XCTAssertTrue(RegionName.isValid("møre_og_romsdal-2"))
        XCTAssertTrue(RegionName.isValid("北海道"))
        for bad in ["", ".", "..", ".x", "-x", "a/b", "a b", "x\u{7}", String(repeating: "a", count: 65)] {
            XCTAssertFalse(RegionName.isValid(bad), bad)
        }
    }

    func testTagsFromOutsideAreBoundedAndNamesKeptOnce() throws {
        XCTAssertEqual(OSMFeatureTags.population("1200"), 1200)
        for text in ["ca. 300", "1,200", "-5", "12e3", "999999999999", "١٢٣"] {
            XCTAssertEqual(OSMFeatureTags.population(text), 0, text)
        }
        let place = try XCTUnwrap(OSMFeatureTags.place(osmID: "n1", latitude: 62.1, longitude: 7.2, tags: [
            "place": "village", "name": "Geiranger", "name:en": "Geiranger", "name:de": "Geirangerdorf",
            "name:etymology:wikidata": "Q1", "alt_name": "Geirangerfjord;Geiranger", "old_name": "Maråk", "population": "250",
        ]))
        XCTAssertEqual(place.englishName, "")
        XCTAssertEqual(place.otherNames, ["Geirangerdorf", "Geirangerfjord", "Maråk"])
        XCTAssertEqual(place.population, 250)
        XCTAssertNil(OSMFeatureTags.place(osmID: "w1", latitude: 0, longitude: 0, tags: ["place": "village", "name": "X"]))
        XCTAssertNil(OSMFeatureTags.place(osmID: "n1", latitude: 0, longitude: 0, tags: ["place": "farm", "name": "X"]))
        XCTAssertNil(OSMFeatureTags.place(osmID: "n1", latitude: 0, longitude: 0, tags: ["place": "village"]))
        let fuel = try XCTUnwrap(OSMFeatureTags.poi(osmID: "w7", latitude: 0, longitude: 0, tags: ["amenity": "fuel", "brand": "Circle K"]))
        XCTAssertEqual(fuel.category, .fuel)
        XCTAssertEqual(fuel.name, "")
        XCTAssertEqual(fuel.otherNames, ["Circle K"])
        let long = try XCTUnwrap(OSMFeatureTags.poi(osmID: "n9", latitude: 0, longitude: 0,
                                                    tags: ["tourism": "museum", "name": " " + String(repeating: "é", count: 100_000)]))
        XCTAssertEqual(long.name.count, 255)
        XCTAssertNil(GeoJSONFeatures.centre(of: [Double.nan, 60.0]))
        XCTAssertNil(GeoJSONFeatures.centre(of: [[24.9, 91.0], [25.0, 60.0]]))
        XCTAssertNil(GeoJSONFeatures.centre(of: "x"))
        let centre = try XCTUnwrap(GeoJSONFeatures.centre(of: [[[24.0, 60.0], [26.0, 60.0], [26.0, 61.0], [24.0, 60.0]]]))
        XCTAssertEqual(centre.0, 25.0)
        XCTAssertEqual(centre.1, 60.5)
    }

    func testOsmiumOutputThatIsNotAFeatureIsSkippedAndCounted() throws {
        let file = folder.appendingPathComponent("out.geojsonseq")
        let good = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[5.0,63.0]},"properties":{"@type":"node","@id":7,"place":"village","name":"Vestvik"}}"#
        let long = "\u{1E}{\"x\":\"" + String(repeating: "a", count: GeoJSONFeatures.maxLine + 10) + "\"}"
        try Data((["\u{1E}" + good, "not json", #"{"properties":{"@type":"node","@id":8}}"#, long, good].joined(separator: "\n") + "\n").utf8)
            .write(to: file)
        var features = GeoJSONFeatures()
        try features.read(file)
        XCTAssertEqual(features.places.map(\.osmID), ["n7", "n7"])
        XCTAssertEqual(features.skipped, 3)
    }
}
