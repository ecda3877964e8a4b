import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// `ChargerIndex.of` the installed regions: a region built before chargers has none, a damaged file gives the
/// chargers before the damage and says so, and a station in two regions is there once.
final class ChargerIndexTests: XCTestCase {
    private var regions: URL!

    override func setUpWithError() throws {
        regions = FileManager.default.temporaryDirectory.appendingPathComponent("charger-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: regions, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: regions)
    }

    private func charger(_ id: Int, latitude: Double, isPrivate: Bool = false) -> Charger {
        Charger(osmID: "n\(id)", latitude: latitude, longitude: 10, name: "C\(id)",
                sockets: [Charger.Socket(kind: .type2Combo, count: 1, kw: 50)], isPrivate: isPrivate)
    }

    func testRegionsWithoutDamagedAndOverlapping() throws {
        let old = try RegionFromOsmium.install(places: [], pois: [], name: "old", in: regions)
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.chargersFile.path))
        XCTAssertTrue(ChargerIndex.of(InstalledRegions.scan(regions)).isEmpty, "built before chargers: none, no error")
        XCTAssertEqual(ChargerIndex.of(InstalledRegions.scan(regions)).damaged, [])

        let first = try RegionFromOsmium.install(places: [], pois: [], name: "first", in: regions)
        try ChargerFile.write([charger(1, latitude: 50), charger(2, latitude: 50.01)], to: first.chargersFile)
        let cut = try RegionFromOsmium.install(places: [], pois: [], name: "second", in: regions)
        try ChargerFile.write([charger(2, latitude: 50.01), charger(3, latitude: 50.02), charger(4, latitude: 50.03)],
                              to: cut.chargersFile)
        let whole = try Data(contentsOf: cut.chargersFile)
        try whole.prefix(whole.count - 5).write(to: cut.chargersFile)

        let index = ChargerIndex.of(InstalledRegions.scan(regions))
        XCTAssertEqual(index.chargers.map(\.osmID), ["n1", "n2", "n3"], "n2 once; n4 lost to the cut")
        XCTAssertEqual(index.damaged, ["second: chargers.tsv line 4 is cut short"])
        XCTAssertEqual(index.charger(osmID: "n3")?.name, "C3")
        XCTAssertNil(index.charger(osmID: "n4"))
    }

    func testNearestSkipsPrivateAndFarStations() {
        let index = ChargerIndex(chargers: [charger(1, latitude: 50), charger(2, latitude: 50.004, isPrivate: true),
                                            charger(3, latitude: 50.008), charger(4, latitude: -50)])
        XCTAssertEqual(index.nearest(latitude: 50.0041, longitude: 10, withinKm: 1)?.osmID, "n3", "n2 is private")
        XCTAssertEqual(index.nearest(latitude: 50.0039, longitude: 10, withinKm: 1)?.osmID, "n1")
        XCTAssertNil(index.nearest(latitude: 50.0041, longitude: 10, withinKm: 0.4))
        XCTAssertNil(index.nearest(latitude: 51, longitude: 10, withinKm: 100), "at most \(ChargerIndex.maxNearKm) km")
        XCTAssertEqual(index.nearest(latitude: -50.1, longitude: 10, withinKm: 12)?.osmID, "n4")
        for bad in [Double.nan, .infinity, -1] {
            XCTAssertNil(index.nearest(latitude: 50, longitude: 10, withinKm: bad))
            XCTAssertNil(index.nearest(latitude: bad, longitude: 10, withinKm: 1))
        }
    }
}
