import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The installed regions' places and POIs in search, with the gazetteer: the invented fjord extract made into a
/// region by osmium, and small regions written with `RegionTable` for the merge and the faults.
final class PlacesFromRegionsTests: XCTestCase {
    private var folder: URL!
    private var regions: URL { folder.appendingPathComponent("regions") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-regions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func fjordFinder() throws -> PlaceFinder {
        try RegionFromOsmium.install(try FjordExtract.write(into: folder), name: "fjord", in: regions)
        return try finder()
    }

    private func finder() throws -> PlaceFinder {
        PlaceFinder(places: try BundledPlaces.index(), regions: RegionPlaceIndex.load(InstalledRegions.scan(regions)))
    }

    private static let portree = (latitude: 57.4129, longitude: -6.1942)

    func testAVillageOfTheRegionIsFoundByItsEnglishNameAndBecomesAStopInNorway() throws {
        let finder = try fjordFinder()
        let match = try XCTUnwrap(finder.query("Eastbay").first)
        XCTAssertEqual(match.place.name, "Austvik")
        XCTAssertEqual(match.matchedName, "Eastbay")
        XCTAssertEqual(match.kind, .exact)
        XCTAssertEqual(match.regional?.region, "fjord")
        XCTAssertEqual(match.regional?.summary, "hamlet")
        // By its own name too, and by the start of it while typing.
        XCTAssertEqual(finder.query("austvik").first?.place.name, "Austvik")
        XCTAssertEqual(finder.query("Austv").first?.place.name, "Austvik")

        let stop = match.place.waypoint()
        let node = try XCTUnwrap(Int(try XCTUnwrap(match.regional?.feature.osmID).dropFirst()))
        XCTAssertEqual(stop.placeId, -node, "minus the OSM node id: never a GeoNames id")
        XCTAssertEqual(stop.countryCode, "NO")
        XCTAssertNotNil(stop.region)
        // The point lies off the simplified coast (a nautical zone): the nearest town's zone is taken.
        XCTAssertEqual(stop.timeZone, "Europe/Oslo")
    }

    func testAVillageIsFoundByItsOldName() throws {
        let match = try XCTUnwrap(try fjordFinder().query("Mitre").first)
        XCTAssertEqual(match.place.name, "Midtre")
        XCTAssertEqual(match.matchedName, "Mitre")
    }

    func testPointsOfInterestByCategoryWordNearestThePlaceAfterNearOrThePreviousStop() throws {
        let finder = try fjordFinder()
        let south = finder.query("fuel near Southtown", limit: 2)
        XCTAssertEqual(south.map(\.place.name), ["Sørby Drivstoff", "Vestvik Bensin"])
        XCTAssertEqual(south.first?.kind, .category)
        XCTAssertEqual(south.first?.regional?.summary, "fuel near Sørby")
        XCTAssertEqual(finder.query("fuel near Vestvik", limit: 2).map(\.place.name), ["Vestvik Bensin", "Sørby Drivstoff"])
        // Without "near", from the previous stop: south of the road, Sørby's first.
        let fromSouth = finder.query("petrol", limit: 2, near: (60.8, 5.0))
        XCTAssertEqual(fromSouth.map(\.place.name), ["Sørby Drivstoff", "Vestvik Bensin"])
        let camp = try XCTUnwrap(finder.query("campsites", near: (63.0, 5.0)).first)
        XCTAssertEqual(camp.place.name, "Austvik Camping")
        XCTAssertEqual(camp.regional?.summary, "camp site (sleep) near Austvik")
        XCTAssertEqual(finder.query("museum near Midtre"), [], "no museum in the extract, and no place called so")
        XCTAssertEqual(finder.query("viewpoint").first?.place.name, "Utsikten")
        XCTAssertEqual(finder.query("charger", near: (61.5, 5.0)).first?.place.name, "Midtre Lading")
        // And by name, like any place.
        XCTAssertEqual(finder.query("midtre hotell").first?.place.name, "Midtre Hotell")
        XCTAssertEqual(finder.query("midtre hotell").first?.regional?.summary, "hotel (sleep) near Midtre")
    }

    func testAPlaceOfTheRegionThatIsTheGazetteersToo_IsShownOnceAsTheGazetteers() throws {
        let near = RegionFeature(osmID: "n9000000001", latitude: Self.portree.latitude + 0.004,
                                 longitude: Self.portree.longitude, kind: "town", population: 2_500,
                                 name: "Portree", otherNames: ["Port Rìgh"])
        let far = RegionFeature(osmID: "n9000000002", latitude: 57.0, longitude: -4.0, kind: "hamlet",
                                name: "Portree")
        try RegionFromOsmium.install(places: [near, far], pois: [], name: "skye", in: regions)
        let matches = try finder().query("portree", limit: 5)
        let portrees = matches.filter { $0.place.name == "Portree" }
        XCTAssertEqual(portrees.count, 2, "the one within \(PlaceFinder.samePlaceKm) km once; the far hamlet stays")
        XCTAssertEqual(portrees.first?.place.id, 2_640_006, "the gazetteer's, first")
        XCTAssertNil(portrees.first?.regional)
        XCTAssertEqual(portrees.last?.regional?.feature.osmID, "n9000000002")
        // By its Gaelic name the region's twin is found, and shown as the gazetteer's Portree.
        XCTAssertEqual(try finder().query("port righ").first?.place.id, 2_640_006)
    }

    func testRegionAndGazetteerMatchesRankTogetherByTheSameRules() throws {
        let finder = try fjordFinder()
        // "sør" starts Sørby (the region's town of 2,100) and many gazetteer places: Sørby is among them, and
        // next to it (from the Vestvik ferry pier) it comes first.
        XCTAssertTrue(finder.query("sorb", limit: 10).contains { $0.place.name == "Sørby" })
        XCTAssertEqual(finder.query("sorb", limit: 3, near: (60.75, 5.0)).first?.place.name, "Sørby")
        // With no region installed the answer is the gazetteer's, unchanged.
        let places = try BundledPlaces.index()
        XCTAssertEqual(PlaceFinder(places: places, regions: nil).query("portree", limit: 3),
                       places.query("portree", limit: 3))
    }

    func testWordsInOrderFindARegionPlaceAmongManyWithTheSameFirstWord() throws {
        // Enough "Stor…" keys that the word scan narrows by the rare later word ("kval"), as the gazetteer's does.
        let many = (0..<40).map {
            RegionFeature(osmID: "n\(100 + $0)", latitude: 62, longitude: 6 + Double($0) / 100, kind: "hamlet",
                          name: "Stor\($0) Bø")
        }
        let kvalvik = RegionFeature(osmID: "n99", latitude: 62.5, longitude: 6, kind: "hamlet", name: "Stor Kvalvik")
        try RegionFromOsmium.install(places: many + [kvalvik], pois: [], name: "stor", in: regions)
        XCTAssertEqual(try finder().query("stor kval").first?.place.name, "Stor Kvalvik")
    }

    func testADamagedRegionIsLeftOutWithANoticeAndTheOthersAreUsed() throws {
        try RegionFromOsmium.install(try FjordExtract.write(into: folder), name: "fjord", in: regions)
        let bad = try RegionFromOsmium.install(
            places: [RegionFeature(osmID: "n1", latitude: 57.0, longitude: -4.0, kind: "hamlet", name: "Brokenby")],
            pois: [], name: "broken", in: regions)
        var text = try String(contentsOf: bad.placesFile, encoding: .utf8)
        text += "n2\t95\t-4\thamlet\t\t0\tWorse\t\t\n"
        try text.write(to: bad.placesFile, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: regions.appendingPathComponent("half-built"), withIntermediateDirectories: true)

        let index = RegionPlaceIndex.load(InstalledRegions.scan(regions))
        XCTAssertEqual(index.regionNames, ["fjord"])
        XCTAssertEqual(index.skipped, [
            "region \"half-built\" left out: no region.json; rebuild it",
            "region \"broken\" left out: places.tsv line 3: the coordinates are not a valid position; rebuild it "
                + "(roadtrip region add)",
        ])
        let finder = PlaceFinder(places: try BundledPlaces.index(), regions: index)
        XCTAssertEqual(finder.query("Eastbay").first?.place.name, "Austvik")
        XCTAssertFalse(finder.query("brokenby").contains { $0.regional != nil })

        try FileManager.default.removeItem(at: bad.poisFile)
        try RegionTable.write([], to: bad.placesFile)
        XCTAssertEqual(RegionPlaceIndex.load(InstalledRegions.scan(regions)).skipped.last,
                       "region \"broken\" left out: pois.tsv is missing; rebuild it (roadtrip region add)")
    }

    func testALoadedIndexKeepsAnsweringWhileItsRegionIsRebuiltOrRemoved() throws {
        let finder = try fjordFinder()
        let fjord = regions.appendingPathComponent("fjord")
        // What a rebuild does at its end: the new folder renamed over the old one (here: an empty one).
        try FileManager.default.removeItem(at: fjord)
        try RegionFromOsmium.install(places: [], pois: [], name: "fjord", in: regions)
        XCTAssertEqual(finder.query("Eastbay").first?.place.name, "Austvik", "the loaded copy stays until the next load")
        XCTAssertNil(try self.finder().query("Eastbay").first { $0.regional != nil }, "a new load reads the new tables")
    }

    func testAFeatureFarOutAtSeaTakesNoCountryAndTheBoundedLookupAgreesWithTheNearest() throws {
        let places = try BundledPlaces.index()
        XCTAssertNil(places.nearest(latitude: 70, longitude: 2, withinKm: PlaceFinder.samePlaceKm * 10))
        let strict = try XCTUnwrap(places.nearest(latitude: 57.40, longitude: -6.20, strictly: true))
        XCTAssertEqual(places.nearest(latitude: 57.40, longitude: -6.20, withinKm: 100)?.place, strict.place)
        XCTAssertEqual(places.nearest(latitude: 78.2, longitude: 15.6, withinKm: 100)?.place.name, "Longyearbyen",
                       "in the Arctic the rings still reach it")
        let skerry = RegionFeature(osmID: "n7", latitude: 70, longitude: 2, kind: "islet_light", category: .see,
                                   name: "Far Skerry")
        try RegionFromOsmium.install(places: [], pois: [skerry], name: "sea", in: regions)
        let match = try XCTUnwrap(try finder().query("far skerry").first)
        XCTAssertEqual(match.place.countryCode, "")
        XCTAssertTrue(match.place.timezone.hasPrefix("Etc/"), match.place.timezone)
        XCTAssertNil(match.regional?.nearPlace)
    }

    func testCategoryWords() {
        XCTAssertEqual(RegionPOIQuery("camp")?.kinds, ["camp_site", "caravan_site"])
        XCTAssertEqual(RegionPOIQuery("Hotels")?.kinds, ["hotel"])
        XCTAssertEqual(RegionPOIQuery("ferries")?.category, .ferry)
        XCTAssertEqual(RegionPOIQuery("gas station near Flåm")?.near, "Flåm")
        XCTAssertEqual(RegionPOIQuery("EV charger")?.category, .charge)
        XCTAssertNil(RegionPOIQuery("hotel california"), "a name that starts with a category word")
        XCTAssertNil(RegionPOIQuery("cam"), "still typing")
        XCTAssertNil(RegionPOIQuery("fuel near"), "no place yet")
    }

    func testAStopWithARegionPlaceIdIsKeptByTheDataFile() throws {
        let finder = try fjordFinder()
        let stop = try XCTUnwrap(finder.query("Westbay").first).place.waypoint()
        let url = folder.appendingPathComponent("trips.json")
        let store = try TripStore.open(at: url)
        let id = try TripCatalog(repository: store).add(named: "Fjord").id
        _ = try TripEditor(tripID: id, repository: store).addStop(stop, at: nil)
        let reread = try XCTUnwrap(TripEditor(tripID: id, repository: try TripStore.open(at: url)).trip?.waypoints.first)
        XCTAssertEqual(reread.placeId, stop.placeId)
        XCTAssertLessThan(try XCTUnwrap(reread.placeId), 0)
        XCTAssertEqual(reread.timeZone, "Europe/Oslo")
    }
}
