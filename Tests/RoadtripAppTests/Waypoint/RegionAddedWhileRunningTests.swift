import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// A region added (as `roadtrip region add` does, in another shell) while the stop form is open: its village is
/// offered by the same search a moment later, without a restart.
final class RegionAddedWhileRunningTests: XCTestCase {
    private static let places = PlaceIndexLoader()
    private var folder: URL!
    private var regions: URL { folder.appendingPathComponent("regions") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("region-added-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: regions, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAVillageOfARegionAddedWhileTheFormIsOpenIsOfferedByTheSameSearch() throws {
        _ = try Self.places.wait()
        let loader = RegionLoader(directory: regions, startNow: false, followEvery: 0.05)
        let trip = Trip(name: "Fjords", waypoints: [Waypoint(name: "Ålesund", latitude: 62.4723, longitude: 6.1549)])
        let app = AppDriver(repository: InMemoryTripRepository(trips: [trip]), rows: 24, columns: 100,
                            places: Self.places, regions: loader)
        loader.start()   // as the app does after its first frame
        _ = loader.wait()
        app.press(.enter, .character("a"))
        XCTAssertEqual(app.topTitle, "New stop", app.dump)
        app.type("kvitfjellv")
        XCTAssertFalse(app.screenContains("Kvitfjellvik"), app.dump)

        let built = try RegionFromOsmium.install(
            places: [RegionFeature(osmID: "n1", latitude: 62.10, longitude: 7.20, kind: "village", name: "Kvitfjellvik")],
            pois: [], name: "fjords", in: folder.appendingPathComponent("building"))
        try FileManager.default.moveItem(at: built.folder, to: regions.appendingPathComponent("fjords"))
        XCTAssertTrue(app.waitFor("Kvitfjellvik", seconds: 20), app.dump)
    }
}
