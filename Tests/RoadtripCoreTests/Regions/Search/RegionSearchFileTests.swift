import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The regions' search index (`RegionSearchFile`): written as `region add` writes it, mapped by later loads with
/// exactly the answers of the index built from the tables, built on first use for a region without one, and never
/// used once its tables, its name or the build changed.
final class RegionSearchFileTests: XCTestCase {
    private var folder: URL!
    private var regions: URL { folder.appendingPathComponent("regions") }
    private var cache: URL { folder.appendingPathComponent("cache") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("region-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: regions, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A file's inode and modification time: unchanged when a load mapped it rather than wrote it again.
    private func stamp(_ url: URL) throws -> [AnyHashable] {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return [attributes[.systemFileNumber] as? Int, attributes[.modificationDate] as? Date]
    }

    func testARegionWrittenAsRegionAddWritesItIsMappedWithTheAnswersOfTheBuiltIndex() throws {
        var random = SplitMix64(seed: 35)
        let (places, pois) = Self.features(&random, count: 1_500, first: 1_000)
        let region = try RegionFromOsmium.install(places: places, pois: pois, name: "fjell", in: regions)
        try RegionSearchFile.write(places: places, pois: pois, name: "fjell", into: region.folder)
        let index = region.folder.appendingPathComponent(RegionSearchFile.fileName)
        let written = try stamp(index)

        let installed = InstalledRegions.scan(regions)
        let mapped = RegionPlaceIndex.load(installed)
        XCTAssertEqual(try stamp(index), written, "mapped, not built again")
        let built = RegionPlaceIndex(RegionTables.read(installed))
        XCTAssertEqual(Array(mapped.features), Array(built.features))
        XCTAssertEqual(mapped.placeCount, built.placeCount)
        XCTAssertEqual(mapped.regionNames, ["fjell"])
        XCTAssertEqual(mapped.circle, built.circle)

        let gazetteer = try BundledPlaces.index()
        var fromMap = PlaceFinder(places: gazetteer, regions: mapped, zone: { _, _ in "Europe/Oslo" })
        var fromTables = PlaceFinder(places: gazetteer, regions: built, zone: { _, _ in "Europe/Oslo" })
        fromMap.exhaustive = true
        fromTables.exhaustive = true
        let kinds = ["fuel", "camp", "hotel", "viewpoint", "museum", "rest area", "ferry"]
        var withRegionHits = 0
        for round in 0..<300 {
            let name = places[Int.random(in: 0..<places.count, using: &random)].name
            let text: String
            switch round % 5 {
            case 0: text = kinds[round % kinds.count] + (round % 2 == 0 ? " near " + name : "")
            case 1: text = String(name.prefix(Int.random(in: 1...4, using: &random)))
            case 2: text = String(name.dropLast())   // a letter short: the typo walk
            default: text = name.lowercased()
            }
            let near: (latitude: Double, longitude: Double)? = round % 3 == 0 ? nil : (places[round].latitude, places[round].longitude)
            let expected = fromTables.query(text, limit: 10, near: near, useCache: false)
            XCTAssertEqual(fromMap.query(text, limit: 10, near: near, useCache: false), expected, "\"\(text)\"")
            if expected.contains(where: { $0.regional != nil }) { withRegionHits += 1 }
        }
        XCTAssertGreaterThan(withRegionHits, 200)
    }

    func testARegionWithoutAnIndexGetsOneOnFirstUseAndAReplacedTableMakesItStale() throws {
        let village = RegionFeature(osmID: "n1", latitude: 62.1, longitude: 7.2, kind: "village", name: "Kvitfjellvik")
        let region = try RegionFromOsmium.install(places: [village], pois: [], name: "fjord", in: regions)
        let index = region.folder.appendingPathComponent(RegionSearchFile.fileName)
        XCTAssertFalse(FileManager.default.fileExists(atPath: index.path))
        XCTAssertEqual(RegionPlaceIndex.load(InstalledRegions.scan(regions)).features.map(\.name), ["Kvitfjellvik"])
        let written = try stamp(index)
        XCTAssertEqual(RegionPlaceIndex.load(InstalledRegions.scan(regions)).features.map(\.name), ["Kvitfjellvik"])
        XCTAssertEqual(try stamp(index), written)

        let hamlet = RegionFeature(osmID: "n2", latitude: 62.2, longitude: 7.3, kind: "hamlet", name: "Nystøl")
        try RegionTable.write([village, hamlet], to: region.placesFile)
        XCTAssertEqual(RegionPlaceIndex.load(InstalledRegions.scan(regions)).features.map(\.name), ["Kvitfjellvik", "Nystøl"])
        XCTAssertNotEqual(try stamp(index), written)

        // Renamed, the region answers by its new name.
        try FileManager.default.moveItem(at: region.folder, to: regions.appendingPathComponent("fjell"))
        XCTAssertEqual(RegionPlaceIndex.load(InstalledRegions.scan(regions)).regionNames, ["fjell"])
    }

    func testAnIndexOfAnotherBuildOrADamagedOneIsBuiltAgain() throws {
        let village = RegionFeature(osmID: "n1", latitude: 62.1, longitude: 7.2, kind: "village", name: "Kvitfjellvik")
        let region = try RegionFromOsmium.install(places: [village], pois: [], name: "fjord", in: regions)
        let index = region.folder.appendingPathComponent(RegionSearchFile.fileName)
        let other = RegionFeature(osmID: "n9", latitude: 60, longitude: 5, kind: "town", name: "Elsewhere")
        var identity = try XCTUnwrap(RegionSearchFile.identity([("fjord", region.folder)]))
        identity[0] = "build 00"
        try RegionPlaceIndex([("fjord", .success([other]), .success([]))]).write(to: index, identity: identity)
        XCTAssertEqual(RegionPlaceIndex.load(InstalledRegions.scan(regions)).features.map(\.name), ["Kvitfjellvik"])

        for damage in [Data(count: 100), Data("RTSF".utf8), try Data(contentsOf: index).prefix(3000)] {
            try damage.write(to: index)
            let loaded = RegionPlaceIndex.load(InstalledRegions.scan(regions))
            XCTAssertEqual(loaded.features.map(\.name), ["Kvitfjellvik"])
            XCTAssertEqual(loaded.skipped, [])
        }
    }

    func testSeveralRegionsShareOneIndexInTheCacheWithTheirNotices() throws {
        let shared = RegionFeature(osmID: "n5", latitude: 61, longitude: 8, kind: "village", name: "Grensevik")
        try RegionFromOsmium.install(places: [shared], pois: [], name: "north", in: regions)
        try RegionFromOsmium.install(places: [shared, RegionFeature(osmID: "n6", latitude: 60, longitude: 9, kind: "hamlet",
                                                                    name: "Sørli")], pois: [], name: "south", in: regions)
        let broken = try RegionFromOsmium.install(places: [], pois: [], name: "west", in: regions)
        try "# not a table\n".write(to: broken.poisFile, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: regions.appendingPathComponent("half-built"), withIntermediateDirectories: true)
        let installed = InstalledRegions.scan(regions)
        let built = RegionPlaceIndex(RegionTables.read(installed), problems: installed.problems)

        XCTAssertEqual(RegionPlaceIndex.load(installed).features.count, 2, "no cache: built for this process")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path))
        var written: [AnyHashable]?
        for _ in 0..<2 {
            let index = RegionPlaceIndex.load(InstalledRegions.scan(regions), cacheDirectory: cache)
            XCTAssertEqual(Array(index.features), Array(built.features))
            XCTAssertEqual(index.features.map(\.name), ["Grensevik", "Sørli"], "an OSM object in two regions, once")
            XCTAssertEqual(index.regionNames, ["north", "south"])
            XCTAssertEqual(index.skipped, built.skipped)
            XCTAssertEqual(index.skipped.count, 2)
            let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
                .filter { $0.hasPrefix(RegionSearchFile.cachePrefix) }
            XCTAssertEqual(files.count, 1)
            let now = try stamp(cache.appendingPathComponent(files[0]))
            XCTAssertEqual(written ?? now, now, "the second load maps the first one's index")
            written = now
        }
        for name in ["north", "south", "west"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: regions.appendingPathComponent("\(name)/search.index").path))
        }
    }

    /// `count` features in Norway's box named from syllables, the `first` of them places, the rest POIs of every
    /// category (a tenth unnamed, fuel with brands), some places with English and old names and a population.
    /// The POIs along the road come from the same mapped file (not written again: mapped): the features, their grid
    /// and the region's outline of the index built from the table.
    func testThePOIsAlongTheRoadAreReadFromTheMappedIndex() throws {
        var random = SplitMix64(seed: 36)
        let (places, pois) = Self.features(&random, count: 800, first: 300)
        let region = try RegionFromOsmium.install(places: places, pois: pois, name: "fjell", in: regions)
        try RegionSearchFile.write(places: places, pois: pois, name: "fjell", into: region.folder)
        let fromTable = POIIndex(features: pois, outlines: [region.manifest.outline])
        let index = region.folder.appendingPathComponent(RegionSearchFile.fileName)
        let written = try stamp(index)

        let installed = InstalledRegions.scan(regions)
        let mapped = POIIndex.load(installed)
        XCTAssertEqual(try stamp(index), written, "mapped, not built again")
        XCTAssertEqual(Array(mapped.features), Array(fromTable.features), "the POIs as the table had them, in its order")
        XCTAssertEqual(mapped.outlines, fromTable.outlines)
        XCTAssertEqual(mapped.skipped, [])
        // Each POI is in its category's cell and no other's; a cell holds only its own.
        for (i, feature) in mapped.features.enumerated() {
            let cell = POIIndex.cell(row: POIIndex.row(feature.latitude), column: POIIndex.column(feature.longitude))
            for category in POICategory.allCases {
                let items = mapped.items(category, cell: cell)
                XCTAssertEqual(items.contains(Int32(i)), category == feature.category)
                XCTAssertTrue(items.allSatisfy { mapped.features[Int($0)].category == category })
                XCTAssertEqual(items, fromTable.items(category, cell: cell))
            }
        }
    }

    static func features(_ random: inout SplitMix64, count: Int, first: Int) -> (places: [RegionFeature], pois: [RegionFeature]) {
        let starts = ["Vest", "Aust", "Nord", "Sør", "Kval", "Stor", "Sand", "Ås", "Lund", "Berg", "Fjell"]
        let ends = ["vik", "nes", "by", "dal", "stad", "heim", "fjord", "øy", "li", "sund"]
        let kinds = ["hamlet", "village", "town", "isolated_dwelling"]
        var places: [RegionFeature] = [], pois: [RegionFeature] = []
        for i in 0..<count {
            let name = starts[Int.random(in: 0..<starts.count, using: &random)] + ends[Int.random(in: 0..<ends.count, using: &random)]
            let latitude = Double.random(in: 58...71, using: &random), longitude = Double.random(in: 4.5...30.5, using: &random)
            if i < first {
                places.append(RegionFeature(osmID: "n\(10_000 + i)", latitude: latitude, longitude: longitude,
                                            kind: kinds[i % kinds.count], population: i % 4 == 0 ? i * 7 : 0, name: name,
                                            englishName: i % 5 == 0 ? "West" + name.lowercased() : "",
                                            otherNames: i % 7 == 0 ? [name + "en", "Gamle " + name] : []))
            } else {
                let tag = POICategory.tags[i % POICategory.tags.count]
                pois.append(RegionFeature(osmID: "n\(10_000 + i)", latitude: latitude, longitude: longitude, kind: tag.value,
                                          category: tag.category, name: i % 10 == 0 ? "" : name + " " + tag.value,
                                          otherNames: tag.category == .fuel ? ["Circle K"] : []))
            }
        }
        return (places, pois)
    }
}
