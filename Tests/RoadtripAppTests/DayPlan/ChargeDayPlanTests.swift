import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import TerminalUI
import XCTest

/// The days view's `C` in the whole app on a memory terminal, with the synthetic charging extract installed as a
/// region and routed by its Routino: an EV with a 60 kWh battery on Alder – Birchby – Cedarholm – Dunmore gets its
/// charge stops previewed, Enter inserts them as one change and one `u` takes them all out; a trip whose stops
/// changed while the preview was open is refused; a car that is not electric is told what to set and nothing opens.
final class ChargeDayPlanTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("charge-app-\(UUID().uuidString)")
        try ChargeRegion.install(into: folder.appendingPathComponent("roadtrip/regions"),
                                 scratch: folder.appendingPathComponent("extract"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func app(_ vehicle: VehicleKind = .ev, symbols: Symbols = .unicode,
                     ports: [SocketKind] = SocketKind.standardPorts) -> AppDriver {
        var settings = Settings()
        settings.chargePorts = ports
        (settings.router, settings.vehicle, settings.batteryKWh, settings.consumptionPer100km) = (.auto, vehicle, 60, 18)
        settings.dailyLimitHours = 10
        let trip = Trip(name: "EV", waypoints: ChargeExtract.towns.enumerated().map { index, town in
            Waypoint(name: town.name, latitude: town.latitude, longitude: town.longitude, nights: index == 1 || index == 2 ? 1 : 0)
        })
        let app = AppDriver(repository: InMemoryTripRepository(trips: [trip]), rows: 30, columns: 100, settings: settings,
                            symbols: symbols, environment: ["HOME": "/home/u", "XDG_DATA_HOME": folder.path],
                            makeEngine: { [folder] in
                                RoutingEngines.auto($0, regions: InstalledRegions.scan(folder!.appendingPathComponent("roadtrip/regions")))
                            })
        app.press(.enter, .character("v"))
        return app
    }

    private func charges(_ app: AppDriver) -> Int {
        app.repository.trips[0].waypoints.filter { $0.charge != nil }.count
    }

    func testCPreviewsTheChargeStopsEnterInsertsThemAsOneChangeAndUTakesThemAllOut() throws {
        let app = app()
        XCTAssertTrue(app.waitFor("Alder → Birchby"), app.dump)
        app.press(.character("C"))
        XCTAssertTrue(app.waitFor("[Enter] insert", seconds: 120), app.dump)
        XCTAssertEqual(app.topTitle, "Charge: EV", app.dump)
        XCTAssertTrue(app.screenContains("charge stops,"), app.dump)
        XCTAssertEqual(app.screen.filter { $0.contains("⚡") }.count, 3, "one a day: \(app.dump)")
        XCTAssertEqual(charges(app), 0, "a preview changes nothing")
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "EV · days", app.dump)
        XCTAssertTrue(app.screenContains("Planned charging on \"EV\": 3 charge stops"), app.dump)
        XCTAssertEqual(charges(app), 3)
        XCTAssertEqual(app.repository.trips[0].waypoints.count, 7)
        XCTAssertTrue(app.waitFor("1 charge stop · arrives"), "each day says its charging: \(app.dump)")
        app.press(.character("q"))
        XCTAssertTrue(app.screenContains("BATTERY"), app.dump)
        XCTAssertEqual(app.screen.filter { $0.contains("⚡") && $0.contains("→") }.count, 3, "marked, charging: \(app.dump)")
        // Back on the day's first stop reached, the charge stop.
        XCTAssertTrue(app.screen.contains { $0.contains("visit") && $0.contains("· battery ") && $0.contains(" · charging ")
            && $0.contains(" kW · +") }, "the selected charge stop's preview: \(app.dump)")
        app.press(.character("v"))

        app.press(.character("u"))
        XCTAssertEqual(charges(app), 0, "one undo takes every charge stop out: \(app.dump)")
        XCTAssertEqual(app.repository.trips[0].waypoints.map(\.name), ChargeExtract.towns.map(\.name))
    }

    func testATripWhoseStopsChangedWhileThePreviewWasOpenIsRefused() throws {
        let app = app()
        app.press(.character("C"))
        XCTAssertTrue(app.waitFor("[Enter] insert", seconds: 120), app.dump)
        let id = app.repository.trips[0].id
        try TripEditor(tripID: id, repository: app.repository).moveStop(from: 1, to: 2)
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "EV · days", app.dump)
        XCTAssertTrue(app.screenContains("changed meanwhile"), app.dump)
        XCTAssertEqual(charges(app), 0)
    }

    func testACarThatIsNotElectricIsToldWhatToSetAndNothingOpens() throws {
        let app = app(.car)
        XCTAssertTrue(app.waitFor("Alder → Birchby"), app.dump)
        XCTAssertFalse(app.screenContains("arrives"), "no battery for a car: \(app.dump)")
        app.press(.character("C"))
        XCTAssertEqual(app.topTitle, "EV · days", app.dump)
        XCTAssertTrue(app.screenContains("charging is planned for an electric one"), app.dump)
        XCTAssertTrue(app.screenContains("set-trip TRIP --vehicle ev"), app.dump)
        XCTAssertEqual(charges(app), 0)
        app.press(.character("v"))
        XCTAssertTrue(app.screenContains("ARRIVES"), app.dump)
        XCTAssertFalse(app.screenContains("BATTERY"), "no battery column for a car: \(app.dump)")
    }

    /// A car that takes only CHAdeMO finds three stations in 1,200 km: the preview says where a day has no plan and
    /// what would close it, and Enter inserts the stops it has.
    func testAGapIsShownWithWhatWouldCloseIt() throws {
        let app = app(ports: [.chademo])
        app.press(.character("C"))
        XCTAssertTrue(app.waitFor("[Enter] insert", seconds: 120), app.dump)
        XCTAssertTrue(app.screenContains("not every day has a plan"), app.dump)
        for _ in 0..<20 { app.press(.character("j")) }
        XCTAssertTrue(app.screenContains("Gap on day 2: after Birchby"), app.dump)
        XCTAssertTrue(app.screenContains("  · Charge overnight at Birchby: no charger the car can use is known"), app.dump)
        XCTAssertFalse(app.screen.contains { $0.contains("…") }, "the sentences wrap, none is cut: \(app.dump)")
        app.press(.enter)
        XCTAssertTrue(app.screenContains("Planned charging on \"EV\""), app.dump)
        XCTAssertGreaterThan(charges(app), 0)
    }

    /// A car whose plug no station on the road takes: the gaps shown, and Enter, with nothing to insert, closes saying so.
    func testNothingToInsertClosesOnEnterSayingSo() throws {
        let app = app(ports: [.teslaSupercharger])
        app.press(.character("C"))
        XCTAssertTrue(app.waitFor("[Enter] insert", seconds: 120), app.dump)
        XCTAssertTrue(app.screenContains("No plan reaches every stop: see the gaps below."), app.dump)
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "EV · days", app.dump)
        XCTAssertTrue(app.screenContains("No charge stop to insert: the trip is unchanged"), app.dump)
        XCTAssertEqual(app.repository.trips[0].waypoints.map(\.name), ChargeExtract.towns.map(\.name))
    }

    /// Where the terminal cannot show Unicode, a charge stop's mark is a word and the battery's arrow ASCII.
    func testWithoutUnicodeTheMarkIsAWord() throws {
        let app = app(symbols: .ascii)
        app.press(.character("C"))
        XCTAssertTrue(app.waitFor("[Enter] insert", seconds: 120), app.dump)
        app.press(.enter, .character("q"))
        XCTAssertEqual(app.screen.filter { $0.contains(" charge ") }.count, 3, "each name marked, whole: \(app.dump)")
        XCTAssertTrue(app.screenContains(" -> "), app.dump)
        XCTAssertFalse(app.screen.contains { $0.contains("⚡") || $0.contains("→") }, app.dump)
    }
}
