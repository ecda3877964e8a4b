import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// One read of the installed regions serves the place search and the POIs along the road, and a region added,
/// damaged or removed while the loader follows the directory is read again without a restart.
final class RegionLoaderTests: XCTestCase {
    private var folder: URL!
    private var regions: URL { folder.appendingPathComponent("regions") }
    /// The revisions `onChange` was called with, in order.
    private let changes = Changes()

    private static let village = RegionFeature(osmID: "n1", latitude: 62.10, longitude: 7.20, kind: "village",
                                               name: "Kvitfjellvik")
    private static let station = RegionFeature(osmID: "n2", latitude: 62.11, longitude: 7.21, kind: "fuel",
                                               category: .fuel, name: "Kvitfjell Bensin")
    private static let hamlet = RegionFeature(osmID: "n3", latitude: 59.50, longitude: 9.00, kind: "hamlet",
                                              name: "Nordstrand")
    private static let camp = RegionFeature(osmID: "n4", latitude: 59.51, longitude: 9.01, kind: "camp_site",
                                            category: .sleep, name: "Nordstrand Camping")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("region-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: regions, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Installs a region as `region add` does: built beside, then renamed into the regions directory whole.
    private func add(_ name: String, places: [RegionFeature], pois: [RegionFeature]) throws {
        let beside = folder.appendingPathComponent("building")
        let built = try RegionFromOsmium.install(places: places, pois: pois, name: name, in: beside)
        try FileManager.default.moveItem(at: built.folder, to: regions.appendingPathComponent(name))
    }

    /// A loader following `regions` every 50 ms, its changes recorded; `change(to:)` waits for one.
    private func following() -> RegionLoader {
        let loader = RegionLoader(directory: regions, startNow: false, followEvery: 0.05)
        loader.onChange = { [changes] in changes.record($0) }
        loader.start()
        return loader
    }

    private func change(to revision: Int) {
        let seen = expectation(description: "revision \(revision)")
        changes.when(revision) { seen.fulfill() }
        wait(for: [seen], timeout: 20)
    }

    func testOneReadServesTheSearchAndTheRoadFromTheSameTables() throws {
        try add("fjord", places: [Self.village], pois: [Self.station])
        let loader = RegionLoader(directory: regions, startNow: false)
        XCTAssertEqual(loader.revision, 0)
        XCTAssertNil(loader.value, "nothing read before it starts")
        let data = loader.wait()
        XCTAssertEqual(loader.revision, 1)
        XCTAssertEqual(data.places.features.map(\.name), ["Kvitfjellvik", "Kvitfjell Bensin"])
        XCTAssertEqual(Array(data.pois.features), [Self.station])
        XCTAssertTrue(data.pois.covers([try Coordinate(latitude: 62.10, longitude: 7.20)]))
        XCTAssertEqual(data.installed.regions.map(\.name), ["fjord"])
    }

    func testARegionAddedWhileFollowingIsReadAndServedWithTheNextRevision() throws {
        try add("fjord", places: [Self.village], pois: [Self.station])
        let loader = following()
        XCTAssertEqual(loader.wait().places.regionNames, ["fjord"])
        change(to: 1)
        XCTAssertEqual(loader.revision, 1)

        try add("south", places: [Self.hamlet], pois: [Self.camp])
        change(to: 2)
        let data = try XCTUnwrap(loader.value)
        XCTAssertEqual(data.places.regionNames, ["fjord", "south"])
        XCTAssertTrue(data.places.features.contains(Self.hamlet))
        XCTAssertTrue(data.pois.features.contains(Self.camp))
        XCTAssertTrue(data.pois.covers([try Coordinate(latitude: 59.5, longitude: 9.0)]), "its outline is known to the road")

        try FileManager.default.removeItem(at: regions.appendingPathComponent("fjord"))
        change(to: 3)
        XCTAssertEqual(loader.value?.places.regionNames, ["south"])
        XCTAssertEqual(loader.value.map { Array($0.pois.features) }, [Self.camp])
    }

    func testNothingIsReadAgainWhileOnlyABuildIsInProgressBesideTheRegions() throws {
        try add("fjord", places: [Self.village], pois: [Self.station])
        let loader = following()
        change(to: 1)
        let building = try RegionFromOsmium.install(places: [Self.hamlet], pois: [Self.camp], name: ".south.building-1",
                                                    in: regions)
        let reread = expectation(description: "read again")
        reread.isInverted = true
        changes.when(2) { reread.fulfill() }
        wait(for: [reread], timeout: 0.5)   // ten looks at the directory

        try FileManager.default.moveItem(at: building.folder, to: regions.appendingPathComponent("south"))
        change(to: 2)
        XCTAssertEqual(loader.value?.places.regionNames, ["fjord", "south"])
    }

    func testADamagedRegionAddedWhileFollowingIsNamedAndTheOthersStillAnswer() throws {
        try add("fjord", places: [Self.village], pois: [Self.station])
        let loader = following()
        change(to: 1)
        let broken = regions.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        change(to: 2)
        XCTAssertEqual(loader.value?.places.skipped, ["region \"broken\" left out: no region.json; rebuild it"])
        XCTAssertEqual(loader.value?.places.regionNames, ["fjord"])
        XCTAssertEqual(loader.value.map { Array($0.pois.features) }, [Self.station])
    }
}

/// The revisions a loader announced, from its thread, and who waits for one.
private final class Changes: @unchecked Sendable {
    private let lock = NSLock()
    private var revisions: [Int] = []
    private var waiting: [Int: () -> Void] = [:]

    func record(_ revision: Int) {
        lock.lock()
        revisions.append(revision)
        let waiter = waiting.removeValue(forKey: revision)
        lock.unlock()
        waiter?()
    }

    /// Calls `body` once `revision` was announced: at once if it was.
    func when(_ revision: Int, _ body: @escaping () -> Void) {
        lock.lock()
        guard revisions.contains(revision) else {
            waiting[revision] = body
            return lock.unlock()
        }
        lock.unlock()
        body()
    }
}
