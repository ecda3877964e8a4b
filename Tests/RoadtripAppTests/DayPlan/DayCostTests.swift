import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// What the trip costs on screen (issue 37), through the whole app on the estimate: Oslo, Bergen, Trondheim, a night
/// each, at 8 l/100 km and €2 a litre with €100 a night. By hand: Oslo–Bergen ≈399.6 km at 80 km/h is 31.97 l, €63.93,
/// and Bergen–Trondheim ≈558.8 km is 44.7 l, €89.41; three nights €300; in all €453.34, €226.67 each of two.
final class DayCostTests: XCTestCase {
    private var file: TemporaryTripFile!

    override func setUpWithError() throws {
        file = try TemporaryTripFile()
    }

    override func tearDown() {
        file = nil
    }

    private func app(fuelPrice: Double = 2, lodging: Double = 100, travellers: Int = 2, rangeKm: Int = 0, rows: Int = 30,
                     columns: Int = 100) throws -> AppDriver {
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Fjords", waypoints: [
            Waypoint(name: "Oslo", latitude: 59.91, longitude: 10.75, nights: 1),
            Waypoint(name: "Bergen", latitude: 60.39, longitude: 5.32, nights: 1),
            Waypoint(name: "Trondheim", latitude: 63.43, longitude: 10.4, nights: 1),
        ])] }
        var settings = Settings()
        settings.router = .estimate
        (settings.consumptionPer100km, settings.fuelPrice, settings.lodgingPerNight) = (8, fuelPrice, lodging)
        (settings.travellers, settings.rangeKm) = (travellers, rangeKm)
        let app = AppDriver(repository: store, rows: rows, columns: columns, settings: settings)
        app.press(.enter)
        return app
    }

    func testDollarShowsEachDaysCostAndTheColumnStaysOnForTheRun() throws {
        let app = try app()
        XCTAssertEqual(app.screen[1], " 3 stops · ≈958 km · ≈11 h 59 driving · 3 nights · 4 days · ≈ €453 · €227 each")
        app.press(.character("v"))
        XCTAssertFalse(app.screenContains("COST"), "off at first: \(app.dump)")
        app.press(.character("$"))
        XCTAssertEqual(Array(app.screen[2...6]), [
            " DAY             DRIVING  HOURS        COST  PLAN",
            " Day 1                                 €100  At Oslo",
            " Day 2     ≈400 km · 5 h  09:00–14:45  €164  Oslo → Bergen",
            " Day 3  ≈559 km · 6 h 59  09:00–16:44  €189  Bergen → Trondheim",
            " Day 4                                       End at Trondheim",
        ], app.dump)
        app.press(.character("v"), .character("j"), .character("v"))
        XCTAssertEqual(app.topTitle, "Fjords · days")
        XCTAssertTrue(app.screenContains(" Day 3  ≈559 km · 6 h 59  09:00–16:44  €189  Bergen → Trondheim"),
                      "still on when the days open again: \(app.dump)")
        app.press(.character("$"))
        XCTAssertFalse(app.screenContains("COST"), app.dump)
        app.press(.character("?"))
        XCTAssertTrue(app.screenContains("│ $                  each day's cost: fuel or energy, lodging, tolls and the"), app.dump)
        XCTAssertTrue(app.screenContains("│ COST               the day's fuel or energy at the settings' price, the"), app.dump)
    }

    /// At 40x12 the cost stays where the driving and the hours go, and the summary keeps the total.
    func testAt40x12TheCostStays() throws {
        let app = try app(rows: 12, columns: 40)
        XCTAssertEqual(app.screen[1], " 3 stops · ≈958 km · ≈ €453 · €227 each", app.dump)
        app.press(.character("v"), .character("$"))
        XCTAssertEqual(Array(app.screen[2...6]), [
            " DAY    COST  PLAN",
            " Day 1  €100  At Oslo",
            " Day 2  €164  Oslo → Bergen",
            " Day 3  €189  Bergen → Trondheim",
            " Day 4        End at Trondheim",
        ], app.dump)
    }

    /// The range check marks the days' plans once it is done: the costs stay.
    func testTheCostsStayWhenTheFuelCheckMarksTheDays() throws {
        let app = try app(rangeKm: 300)
        app.press(.character("v"), .character("$"))
        XCTAssertTrue(app.waitFor("fuel not checked"), app.dump)
        XCTAssertTrue(app.screen[4].hasPrefix(" Day 2     ≈400 km · 5 h  09:00–14:45  €164  Oslo → Bergen · "), app.dump)
    }

    /// A part that is not known is "?", never left out silently; alone, no one's share; nothing known, no total.
    func testAnUnknownFuelPriceIsAQuestionMarkAndNothingKnownSaysWhatToSet() throws {
        let app = try app(fuelPrice: 0, travellers: 1)
        XCTAssertEqual(app.screen[1], " 3 stops · ≈958 km · ≈11 h 59 driving · 3 nights · 4 days · ≈ €300 + fuel ?", app.dump)
        file = try TemporaryTripFile()
        let nothing = try self.app(fuelPrice: 0, lodging: 0)
        XCTAssertEqual(nothing.screen[1], " 3 stops · ≈958 km · ≈11 h 59 driving · 3 nights · 4 days", nothing.dump)
        nothing.press(.character("v"))
        XCTAssertEqual(nothing.stepped(.character("$")),
                       "No cost is known: set consumption_per_100km and fuel_price, or lodging_per_night (roadtrip config)")
    }
}
