import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

final class TripVehicleTests: XCTestCase {
    private var file: TemporaryTripFile!
    private var app: AppDriver!

    override func setUpWithError() throws {
        file = try TemporaryTripFile()
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Fjords", waypoints: [
            Waypoint(name: "Oslo", latitude: 59.91, longitude: 10.75),
            Waypoint(name: "Bergen", latitude: 60.39, longitude: 5.32),
        ])] }
        var settings = Settings()
        settings.router = .routino
        settings.topSpeedKmh = 100
        settings.consumptionPer100km = 7
        app = AppDriver(repository: store, rows: 30, columns: 100, settings: settings)
        app.press(.enter)
    }

    func testExplore() throws {
        app.press(.character("V"))
        print(app.dump)
        app.press(.character("t"))
        print(app.dump)
        app.press(.character("V"), .character("v"))
        print(app.dump)
        app.press(.character("V"))
        print(app.dump)
        app.press(.escape)
        app.resize(rows: 12, columns: 40)
        print(app.dump)
        app.press(.character("V"))
        print(app.dump)
    }
}
