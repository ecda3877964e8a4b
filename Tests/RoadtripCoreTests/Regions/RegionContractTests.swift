import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The shared parts of regions: the feature tables, the outline, the catalog, and the test extract itself.
final class RegionContractTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("region-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testTableReadsBackWhatItWroteWithHostileNamesCleaned() throws {
        let features = [
            RegionFeature(osmID: "n1", latitude: 63.0005, longitude: 4.999, kind: "village", population: 180,
                          name: "Vestvik", englishName: "Westbay", otherNames: ["Vestvika", "Vestviki"]),
            RegionFeature(osmID: "w22", latitude: -33.5, longitude: 151.25, kind: "camp_site", category: .sleep,
                          name: "Tab\there|pipe\nline\u{7}bell 東京 🚗", otherNames: []),
        ]
        let url = folder.appendingPathComponent("pois.tsv")
        try RegionTable.write(features, to: url)
        let read = try RegionTable.read(url)
        XCTAssertEqual(read.count, 2)
        XCTAssertEqual(read[0], features[0])
        XCTAssertEqual(read[1].name, "Tab here pipe linebell 東京 🚗")
        XCTAssertEqual(read[1].category, .sleep)
    }

    func testTableRefusesOutsideNumbersWithTheLine() throws {
        let text = RegionTable.header + "\nn1\t91\t5\tvillage\t\t0\tX\t\t\n"
        XCTAssertThrowsError(try RegionTable.parse(Data(text.utf8))) { error in
            XCTAssertEqual((error as? RegionTable.FormatError)?.line, 2)
        }
        let nan = RegionTable.header + "\nn1\t60\tnan\tvillage\t\t0\tX\t\t\n"
        XCTAssertThrowsError(try RegionTable.parse(Data(nan.utf8)))
        XCTAssertThrowsError(try RegionTable.parse(Data("# something else\n".utf8)))
    }

    func testOutlineHoldsWhatIsInsideAndMeasuresItsArea() throws {
        let box = RegionOutline(west: 4.9, south: 60.6, east: 5.3, north: 63.1)
        XCTAssertTrue(box.contains(FjordExtract.midtre.coordinate))
        XCTAssertFalse(box.contains(try Coordinate(latitude: 59.9, longitude: 10.7)))
        // A triangle holds its inside only.
        let triangle = RegionOutline(corners: [[0, 0], [10, 0], [0, 10]])
        XCTAssertTrue(triangle.contains(latitude: 2, longitude: 2))
        XCTAssertFalse(triangle.contains(latitude: 6, longitude: 6))
        // One degree square at the equator: about 111.2 km × 111.2 km.
        XCTAssertEqual(RegionOutline(west: 0, south: -0.5, east: 1, north: 0.5).areaKm2, 12_364, accuracy: 30)
    }

    func testCatalogListsManifestsAndNamesDamagedFolders() throws {
        let good = folder.appendingPathComponent("fjord")
        try FileManager.default.createDirectory(at: good, withIntermediateDirectories: true)
        let manifest = RegionManifest(name: "fjord", source: "/x/fjord.osm.pbf", sourceBytes: 10,
                                      built: "2026-11-27T07:00:00Z",
                                      outline: RegionOutline(west: 4.9, south: 60.6, east: 5.3, north: 63.1),
                                      places: 4, pois: 8)
        try JSONEncoder().encode(manifest).write(to: good.appendingPathComponent(InstalledRegion.manifestName))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("broken"), withIntermediateDirectories: true)
        try Data("{".utf8).write(to: folder.appendingPathComponent("broken/region.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".fjord.building-1"),
                                                withIntermediateDirectories: true)
        let installed = InstalledRegions.scan(folder)
        XCTAssertEqual(installed.regions.map(\.name), ["fjord"])
        XCTAssertEqual(installed.regions.first?.manifest, manifest)
        XCTAssertEqual(Array(installed.problems.keys), ["broken"])
        XCTAssertEqual(installed.smallest(covering: [FjordExtract.vestvik.coordinate, FjordExtract.sorby.coordinate])?.name, "fjord")
        XCTAssertNil(installed.smallest(covering: [FjordExtract.vestvik.coordinate, try Coordinate(latitude: 59.9, longitude: 10.7)]))
    }

    /// The test extract converts, and Routino crosses the fjord only by its ferry (the road distance is
    /// the two shore roads and the ferry's 6 km).
    func testFjordExtractRoutesAcrossByTheFerry() throws {
        let pbf = try FjordExtract.write(into: folder)
        let database = folder.appendingPathComponent("routino")
        try RoutinoDatabase.build(from: pbf, into: database, progress: .hidden,
                                  executable: try RoutingTools.routino("planetsplitter"))
        let engine = RoutinoEngine(databaseDirectory: database, executable: try RoutingTools.routino("routino-router"))
        let leg = try engine.leg(from: FjordExtract.vestvik.coordinate, to: FjordExtract.austvik.coordinate)
        let straight = GreatCircle.distanceKm(lat1: 63, lon1: 5, lat2: 63, lon2: 5.2)
        XCTAssertEqual(leg.distanceKm, straight, accuracy: 0.5)
        let south = try engine.leg(from: FjordExtract.vestvik.coordinate, to: FjordExtract.sorby.coordinate)
        XCTAssertEqual(south.distanceKm, FjordExtract.southRoadKm, accuracy: 1)
    }
}
