import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import TerminalUI
import XCTest

/// The days view with the fjord test region installed, its day routed by the region's Routino (router `auto`: the
/// straight road of 256 km; an estimate would call its line a sea crossing, the coast being invented): the fuel gap in the day's plan, gone for an electric car; `a` lists the sleeping places along the day, Enter adds the
/// hotel as stop 2 (one change), `u` takes it back.
final class AlongDayPlanTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("along-app-\(UUID().uuidString)")
        try FjordRegion.install(into: folder.appendingPathComponent("roadtrip/regions"), routino: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func app(_ vehicle: VehicleKind = .car, beyond: Waypoint? = nil) -> AppDriver {
        var settings = Settings()
        (settings.router, settings.rangeKm, settings.vehicle) = (.auto, 200, vehicle)
        let trip = Trip(name: "Fjord", waypoints: [FjordExtract.vestvik, FjordExtract.sorby].map {
            Waypoint(name: $0.name, latitude: $0.latitude, longitude: $0.longitude)
        } + [beyond].compactMap { $0 })
        return AppDriver(repository: InMemoryTripRepository(trips: [trip]), rows: 30, columns: 120, settings: settings,
                         environment: ["HOME": "/home/u", "XDG_DATA_HOME": folder.path],
                         makeEngine: { [folder] in
                             RoutingEngines.auto($0, regions: InstalledRegions.scan(folder!.appendingPathComponent("roadtrip/regions")))
                         })
    }

    func testTheDayShowsItsFuelGapAndAnElectricCarsChargerClosesIt() throws {
        let car = app()
        car.press(.enter, .character("v"))
        XCTAssertTrue(car.waitFor("Vestvik → Sørby · 256 km without fuel from km 0 (Vestvik Bensin"), car.dump)
        let ev = app(.ev)
        ev.press(.enter, .character("v"))
        XCTAssertTrue(ev.waitFor("Vestvik → Sørby"), ev.dump)
        // The region's road, not the estimate shown while Routino answers (its longer line has a gap of its own):
        // the days view shows the gaps found on the itinerary it shows, the routed one.
        XCTAssertTrue(ev.session.late.ready(for: [.routes, .regions], timeout: 30))
        let days = try XCTUnwrap((ev.app.stack.top as? DayPlanView)?.presenter as? DayPlanPresenter)
        let end = Date().addingTimeInterval(10)
        while !(days.itinerary?.basis[.routes] == ev.session.late.current[.routes]
                && days.fuelGapsBasis == days.itinerary?.basis) && Date() < end {
            Thread.sleep(forTimeInterval: 0.02)
            ev.runQueued()
        }
        XCTAssertEqual(days.itinerary?.legs.map(\.source), [.routino], ev.dump)
        XCTAssertEqual(days.fuelGapsBasis, days.itinerary?.basis, "the gaps on show are the routed day's")
        XCTAssertFalse(ev.screenContains("without"), "the charger in Midtre leaves 167 and 89 km: \(ev.dump)")
    }

    /// A leg out of the region: its stations are unknown, and the day says so (in the selected day's pane) instead of
    /// passing it by silence.
    func testADayWithALegOutsideTheRegionSaysItsFuelIsNotChecked() throws {
        let app = app(beyond: Waypoint(name: "Far", latitude: 59.9, longitude: 10.7))
        app.press(.enter, .character("v"))
        XCTAssertTrue(app.waitFor("fuel not checked: no installed region holds both stops of leg 2–3"), app.dump)
        XCTAssertFalse(app.screenContains("without fuel"), "a day with an unknown leg is not checked: \(app.dump)")
    }

    func testAListsAlongTheDayAndEnterAddsTheStopAsOneChange() throws {
        let app = app()
        app.press(.enter, .character("v"), .character("a"))
        XCTAssertTrue(app.waitFor("167 km · +0 min · hotel · Midtre Hotell"), app.dump)
        XCTAssertTrue(app.screenContains("Along day 1: sleep within 5.0 km"), app.dump)
        app.press(.character("c"))
        XCTAssertTrue(app.waitFor("256 km · +0 min · fuel · Sørby Drivstoff"), app.dump)
        app.press(.character("C"), .character("+"))
        XCTAssertTrue(app.waitFor("Along day 1: sleep within 10.0 km"), app.dump)
        XCTAssertTrue(app.waitFor("Midtre Hotell"), app.dump)
        app.press(.enter)
        XCTAssertTrue(app.waitFor("Added stop 2 \"Midtre Hotell\""), app.dump)
        XCTAssertEqual(app.repository.trips.first?.waypoints.map(\.name), ["Vestvik", "Midtre Hotell", "Sørby"])
        app.press(.character("u"))
        XCTAssertTrue(app.waitFor("Undid: add stop 2 \"Midtre Hotell\""), app.dump)
        XCTAssertEqual(app.repository.trips.first?.waypoints.map(\.name), ["Vestvik", "Sørby"])
    }
}
