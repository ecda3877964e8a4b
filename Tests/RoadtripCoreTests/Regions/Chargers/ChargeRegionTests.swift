import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// `ChargeExtract` built into a region by `RegionBuilder` (osmium, planetsplitter), as `region add` builds one: its
/// `chargers.tsv` holds every station with its sockets as tagged, and `ChargerIndex` reads them from the installed
/// regions.
final class ChargeRegionTests: XCTestCase {
    private var folder: URL!
    private var regions: URL { folder.appendingPathComponent("regions") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("charge-region-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testEveryStationIsReadWithItsSockets() throws {
        let region = try ChargeRegion.install(into: regions, scratch: folder.appendingPathComponent("extract"))
        let read = ChargerFile.read(region.chargersFile)
        XCTAssertNil(read.damage)
        XCTAssertEqual(read.chargers.map(\.osmID).sorted(), ChargeExtract.chargers.map(\.osmID).sorted(),
                       "every station and the hotel, once (Maple Services is an area); not the bicycle charger")
        for expected in ChargeExtract.chargers {
            let charger = try XCTUnwrap(read.chargers.first { $0.osmID == expected.osmID })
            XCTAssertEqual(charger.name, expected.name)
            XCTAssertEqual(charger.sockets, expected.sockets, expected.name)
            XCTAssertEqual(charger.isPrivate, expected.isPrivate, expected.name)
            XCTAssertEqual(charger.latitude, expected.latitude, accuracy: 1e-7, expected.name)
            XCTAssertEqual(charger.longitude, expected.longitude, accuracy: 1e-7, expected.name)
        }
        let chargers = Dictionary(uniqueKeysWithValues: read.chargers.map { ($0.osmID, $0) })
        XCTAssertEqual(read.chargers.filter(\.isPrivate).map(\.name), ["Gorse Depot"])
        for station in [ChargeExtract.firRest, ChargeExtract.nettleStop, ChargeExtract.quinceStop] {
            let sockets = try XCTUnwrap(chargers[station.osmID]).sockets
            XCTAssertEqual(sockets.map(\.kind), [.chademo], station.charger.name)
            XCTAssertFalse(sockets.contains { $0.kind == .type2Combo }, "of no use to a CCS car")
        }
        XCTAssertEqual(chargers[ChargeExtract.gorseDepot.osmID]?.sockets.first?.kw, 350, "350000 W")
        XCTAssertEqual(chargers[ChargeExtract.sorrelRest.osmID]?.name, "Sorrel Rest", "its tab a space")
        XCTAssertEqual(chargers[ChargeExtract.oakPlaza.osmID]?.name, "⚡ Oak Plaza")

        let places = try RegionTable.read(region.placesFile)
        for town in ChargeExtract.towns {
            let place = try XCTUnwrap(places.first { $0.osmID == town.osmID }, town.name)
            XCTAssertEqual(place.name, town.name)
            XCTAssertEqual(place.kind, "town")
        }
        let pois = try RegionTable.read(region.poisFile)
        XCTAssertEqual(Set(pois.filter { $0.category == .charge }.map(\.osmID)),
                       Set(ChargeExtract.stations.filter { $0.osmID != ChargeExtract.cedarholmHotel.osmID }.map(\.osmID)),
                       "the POIs the road's search finds name the chargers by the same ids (the bicycle one too)")
        XCTAssertTrue(pois.contains { $0.osmID == ChargeExtract.cedarholmHotel.osmID && $0.category == .sleep })
    }

    func testTheIndexFindsChargersByIdAndNearTheTowns() throws {
        try ChargeRegion.install(into: regions, scratch: folder.appendingPathComponent("extract"))
        let index = ChargerIndex.of(InstalledRegions.scan(regions))
        XCTAssertEqual(index.damaged, [])
        XCTAssertEqual(index.chargers.count, ChargeExtract.chargers.count)
        XCTAssertEqual(index.charger(osmID: ChargeExtract.juniperHub.osmID)?.sockets,
                       [Charger.Socket(kind: .type2Combo, count: 6, kw: 300)])
        XCTAssertNil(index.charger(osmID: ChargeExtract.bikeDock.osmID))
        let nights = [ChargeExtract.alderSquare, ChargeExtract.birchbyMarket, ChargeExtract.cedarholmHotel,
                      ChargeExtract.dunmoreStation]
        for (town, station) in zip(ChargeExtract.towns, nights) {
            XCTAssertEqual(index.nearest(latitude: town.latitude, longitude: town.longitude, withinKm: 1)?.osmID,
                           station.osmID, town.name)
            XCTAssertNil(index.nearest(latitude: town.latitude, longitude: town.longitude, withinKm: 0.3), town.name)
        }
        let depot = ChargeExtract.gorseDepot.charger
        XCTAssertNil(index.nearest(latitude: depot.latitude, longitude: depot.longitude, withinKm: 1),
                     "the private depot is never the night's charger")
        XCTAssertNil(index.nearest(latitude: depot.latitude, longitude: depot.longitude, withinKm: 1_000),
                     "searched within \(ChargerIndex.maxNearKm) km at most: Fir Rest is 30 km west")
        XCTAssertEqual(index.nearest(latitude: depot.latitude, longitude: depot.longitude - 6 * ChargeExtract.degreesPerKm,
                                     withinKm: 1_000)?.osmID, ChargeExtract.firRest.osmID, "24 km east of Fir Rest")
    }
}

/// The extract's roads as Routino drives them: a day from town to town is its 400 km, the whole road its 1,200, and
/// Juniper Hub's side road makes its detour real.
final class ChargeRegionRoadTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("charge-roads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testTheDaysAndTheDetourAreDriven() throws {
        let regions = folder.appendingPathComponent("regions")
        try ChargeRegion.install(into: regions, scratch: folder.appendingPathComponent("extract"))
        var settings = Settings()
        settings.router = .auto
        let engine = try XCTUnwrap(RoutingEngines.auto(settings, regions: InstalledRegions.scan(regions),
                                                       routinoExecutable: try RoutingTools.routino("routino-router")))
        let towns = ChargeExtract.towns
        for (from, to) in zip(towns, towns.dropFirst()) + [(ChargeExtract.alder, ChargeExtract.dunmore)] {
            let leg = try engine.leg(from: from.coordinate, to: to.coordinate)
            XCTAssertEqual(leg.source, .routino, "\(from.name) → \(to.name)")
            // Routino measures on a sphere of the equator's radius, and the road zigzags: 0.2 % more.
            XCTAssertEqual(leg.distanceKm, (to.km - from.km) * 1.002, accuracy: 1, "\(from.name) → \(to.name)")
        }
        let hub = ChargeExtract.juniperHub
        let junction = try Coordinate(latitude: ChargeExtract.latitude,
                                      longitude: ChargeExtract.position(km: hub.km).longitude)
        let detour = try engine.leg(from: junction, to: hub.coordinate)
        XCTAssertEqual(detour.distanceKm, hub.offRoadKm, accuracy: 0.1)
    }
}

/// What the charge planner's tests rely on in `ChargeExtract`, from its constants: the gaps a Type 2 and CCS car
/// drives between the stations it may use.
final class ChargeExtractTests: XCTestCase {
    private func gaps(_ usable: (ChargeExtract.Station) -> Bool) -> [Double] {
        let kms = [0] + ChargeExtract.stations.filter(usable).map(\.km) + [Double(ChargeExtract.roadKm)]
        return zip(kms, kms.dropFirst()).map { $1 - $0 }
    }

    private func usable(_ station: ChargeExtract.Station) -> Bool {
        ChargeExtract.chargers.contains { $0.osmID == station.osmID } && !station.charger.isPrivate
            && station.charger.sockets.contains { SocketKind.standardPorts.contains($0.kind) }
    }

    func testTheGapsBetweenStationsACCSCarMayUse() {
        XCTAssertEqual(gaps(usable).max(), 150)
        XCTAssertEqual(gaps { usable($0) && $0.offRoadKm == 0 }.max(), 160.5)
        XCTAssertEqual(gaps { $0.charger.sockets.contains { $0.kind.isDC } && usable($0) }.first, 110)
        XCTAssertEqual(ChargeExtract.stations.filter { !usable($0) }.map(\.charger.name),
                       ["Bike Dock", "Fir Rest", "Gorse Depot", "Nettle Stop", "Quince Stop"])
        XCTAssertEqual(ChargeExtract.stations.filter { $0.offRoadKm > 0 }.map(\.charger.name), ["Juniper Hub"])
    }
}
