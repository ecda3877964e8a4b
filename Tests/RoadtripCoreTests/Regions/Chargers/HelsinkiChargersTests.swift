import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The Helsinki test extract (real OpenStreetMap data) built into a region: its `amenity=charging_station` objects
/// are its chargers, each with the sockets its tags name. What to expect is read from the extract with osmium here,
/// not written down: the extract's stations are tagged without `socket:*` (parking garages' chargers, one with
/// `fuel:electricity=yes`), so each is read as a station whose sockets are unknown.
final class HelsinkiChargersTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("helsinki-chargers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// One object of `osmium cat -f opl`: "n1685729190 v8 … Tamenity=charging_station,layer=-1 x24.94 y60.16".
    private struct Tagged {
        var osmID = "", tags: [String: String] = [:], longitude: Double?, latitude: Double?

        init(_ line: Substring) {
            let fields = line.split(separator: " ")
            osmID = String(fields.first ?? "")
            for field in fields.dropFirst() {
                let value = field.dropFirst()
                switch field.first {
                case "T":
                    for pair in value.split(separator: ",") {
                        let parts = pair.split(separator: "=", maxSplits: 1)
                        if parts.count == 2 { tags[String(parts[0])] = String(parts[1]) }
                    }
                case "x": longitude = Double(value)
                case "y": latitude = Double(value)
                default: continue
                }
            }
        }
    }

    private func objects(_ filters: [String]) throws -> [Tagged] {
        let opl = try RoutingTools.run(try FjordExtract.osmium(), ["tags-filter", RoutingTools.helsinkiExtract.path]
                                       + filters + ["-R", "-f", "opl", "-o", "-"])
        return String(decoding: opl, as: UTF8.self).split(separator: "\n").map(Tagged.init)
    }

    func testItsChargingStationsAreReadWithTheirSockets() throws {
        var builder = RegionBuilder(progress: .hidden)
        builder.osmium = try FjordExtract.osmium()
        builder.planetsplitter = try RoutingTools.routino("planetsplitter")
        let region = try builder.build(from: RoutingTools.helsinkiExtract, name: "helsinki",
                                       in: folder.appendingPathComponent("regions")).region
        let read = ChargerFile.read(region.chargersFile)
        XCTAssertNil(read.damage)

        let stations = try objects(["nwr/amenity=charging_station"])
        let sleepers = try objects(["nwr/tourism=hotel,motel,guest_house,hostel,camp_site,caravan_site,alpine_hut"])
            .filter { $0.tags.keys.contains { $0.hasPrefix("socket:") || $0 == "capacity:charging" } }
        XCTAssertFalse(stations.isEmpty)
        XCTAssertEqual(read.chargers.map(\.osmID).sorted(), (stations + sleepers).map(\.osmID).sorted())
        for station in stations {
            let charger = try XCTUnwrap(read.chargers.first { $0.osmID == station.osmID })
            let tagged = station.tags.filter { $0.key.hasPrefix("socket:") && !$0.key.dropFirst(7).contains(":") }
            let kinds = tagged.compactMap { SocketKind(rawValue: String($0.key.dropFirst(7))) }
            XCTAssertEqual(Set(charger.sockets.map(\.kind)), Set(kinds), station.osmID)
            XCTAssertEqual(charger.isPrivate, ["private", "no"].contains(station.tags["access"] ?? ""), station.osmID)
            if station.tags["name"] == nil && station.tags["brand"] == nil && station.tags["operator"] == nil {
                XCTAssertEqual(charger.name, "", station.osmID)
            }
            if let latitude = station.latitude, let longitude = station.longitude {
                XCTAssertEqual(charger.latitude, latitude, accuracy: 1e-7, station.osmID)
                XCTAssertEqual(charger.longitude, longitude, accuracy: 1e-7, station.osmID)
            }
        }
        let electricity = try XCTUnwrap(stations.first { $0.tags["fuel:electricity"] == "yes" })
        XCTAssertEqual(read.chargers.first { $0.osmID == electricity.osmID }?.sockets, [], "no socket:* tag: unknown")
        let index = ChargerIndex.of(InstalledRegions.scan(folder.appendingPathComponent("regions")))
        for station in stations {
            XCTAssertEqual(index.charger(osmID: station.osmID)?.osmID, station.osmID)
        }
    }
}
