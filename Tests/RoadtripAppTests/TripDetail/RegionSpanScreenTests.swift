import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The trip screen of a trip whose leg lies across two installed regions: the summary says so, and the message
/// line gives the command that merges them, once.
final class RegionSpanScreenTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("region-span-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testTheSummaryAndTheMessageLineNameTheRegionsAndTheMergeCommand() throws {
        for (name, latitude, longitude) in [("west", 60.0, 10.2), ("east", 60.2, 10.8)] {
            try RegionFromOsmium.install(places: [RegionFeature(osmID: "n1", latitude: latitude, longitude: longitude,
                                                                kind: "village", name: name)],
                                         pois: [], name: name, source: "/maps/\(name)-latest.osm.pbf", in: folder)
        }
        let loader = RegionLoader(directory: folder, startNow: false)
        var settings = Settings()
        settings.router = .auto
        let trip = Trip(name: "Border", waypoints: [Waypoint(name: "Westby", latitude: 60.0, longitude: 10.2),
                                                    Waypoint(name: "Eastby", latitude: 60.2, longitude: 10.8)])
        let app = AppDriver(repository: InMemoryTripRepository(trips: [trip]), rows: 24, columns: 120, settings: settings,
                            regions: loader, makeEngine: { _ in nil })
        loader.start()
        _ = loader.wait()
        app.press(.enter)
        XCTAssertTrue(app.waitFor("≈ leg 1–2 across regions west and east"), app.dump)
        XCTAssertTrue(app.screenContains("not merged: no roads there. Merge them: roadtrip region add"), app.dump)
        XCTAssertTrue(app.screenContains("--to west /maps/east-latest.osm.pbf"), app.dump)
        app.press(.character("j"))
        XCTAssertFalse(app.screenContains("Merge them"), "said once:\n\(app.dump)")
        XCTAssertTrue(app.screenContains("≈ leg 1–2 across regions west and east"), app.dump)
    }
}
