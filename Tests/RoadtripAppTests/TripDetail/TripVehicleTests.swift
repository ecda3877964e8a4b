import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// `V` on the trip screen (issue 37) through the whole app over a real file: the dialog says the trip's vehicle and
/// roads and where each figure comes from; each key is one saved change whose undo gives the trip back, the message
/// says what the engine cannot honour, the title line notes the vehicle and roads, and the legs follow the vehicle.
final class TripVehicleTests: XCTestCase {
    private var file: TemporaryTripFile!

    override func setUpWithError() throws {
        file = try TemporaryTripFile()
    }

    override func tearDown() {
        file = nil
    }

    /// The app on a trip from Oslo to Bergen (≈400 km by the estimate), opened.
    private func app(_ settings: Settings, vehicle: TripVehicle? = nil, rows: Int = 30, columns: Int = 100) throws -> AppDriver {
        let store = try file.open()
        var trip = Trip(name: "Fjords", waypoints: [Waypoint(name: "Oslo", latitude: 59.91, longitude: 10.75),
                                                    Waypoint(name: "Bergen", latitude: 60.39, longitude: 5.32)])
        trip.vehicle = vehicle
        try store.update { $0 = [trip] }
        let app = AppDriver(repository: store, rows: rows, columns: columns, settings: settings)
        app.press(.enter)
        return app
    }

    private func saved() throws -> Trip {
        try TripStore.open(at: file.url).trips[0]
    }

    private func settings(_ router: Settings.RouterKind) -> Settings {
        var settings = Settings()
        settings.router = router
        return settings
    }

    func testAvoidingARoadIsOneStepTheTitleLineNotesItAndTheUndoGivesItBack() throws {
        let app = try app(settings(.routino))
        app.press(.character("V"))
        XCTAssertTrue(app.screenContains("│ Roads to avoid: none, the settings'"), app.dump)
        XCTAssertTrue(app.screenContains("│ [t] tolls: taken"), app.dump)
        XCTAssertFalse(app.screenContains("[x]"), "nothing of the trip's own to clear: \(app.dump)")

        XCTAssertEqual(app.stepped(.character("t")), "Avoiding tolls on \"Fjords\" (Routino cannot avoid tolls)")
        XCTAssertEqual(app.screen[0], " Fjords" + String(repeating: " ", count: 84) + "no tolls")
        XCTAssertEqual(try saved().avoid, [.tolls], "saved")
        app.press(.character("V"))
        XCTAssertTrue(app.screenContains("│ Roads to avoid: tolls, this trip's"), app.dump)
        XCTAssertTrue(app.screenContains("│ Routino cannot avoid tolls"), app.dump)
        XCTAssertEqual(app.stepped(.character("f")), "Avoiding ferries on \"Fjords\" (Routino cannot avoid tolls)")
        XCTAssertTrue(app.screen[0].hasSuffix(" no ferries, tolls"), app.dump)

        XCTAssertEqual(app.stepped(.character("u")), "Undid: avoid ferries on \"Fjords\"")
        XCTAssertEqual(try saved().avoid, [.tolls])
        XCTAssertEqual(app.stepped(.character("u")), "Undid: avoid tolls on \"Fjords\"")
        XCTAssertEqual(app.screen[0].trimmingCharacters(in: .whitespaces), "Fjords", "no note: \(app.dump)")
        XCTAssertNil(try saved().avoid, "the settings' roads again")
    }

    /// The trip's own top speed and the settings' consumption, each said where it comes from; the vehicle cycles
    /// through the kinds back to the settings', keeping the trip's figures.
    func testTheDialogSaysWhereEachFigureComesFromAndTheVehicleCyclesBackToTheSettings() throws {
        var settings = settings(.osrm)
        (settings.consumptionPer100km, settings.heightM, settings.avoid) = (7, 2.1, [.unpaved])
        let app = try app(settings, vehicle: TripVehicle(topSpeedKmh: 90))
        app.press(.character("V"))
        for line in ["Vehicle: car, the settings'", "From this trip: top 90 km/h",
                     "From the settings: 2.1 m tall, 7 l/100 km", "Roads to avoid: unpaved roads, the settings'",
                     "OSRM cannot avoid unpaved roads, nor keep to the height,",
                     "[v] next vehicle: campervan", "[u] unpaved: avoided", "[x] back to the settings'"] {
            XCTAssertTrue(app.screenContains("│ " + line), "\(line): \(app.dump)")
        }
        XCTAssertEqual(app.stepped(.character("v")), "Driving a campervan on \"Fjords\" (OSRM cannot avoid unpaved roads)")
        XCTAssertTrue(app.screen[0].hasSuffix(" campervan · no unpaved"), app.dump)
        app.press(.character("V"))
        // Another kind of vehicle: the settings' height and consumption are a car's.
        for line in ["Vehicle: campervan, this trip's", "From this trip: top 90 km/h",
                     "The settings' figures are a car's: not used", "[v] next vehicle: motorcycle"] {
            XCTAssertTrue(app.screenContains("│ " + line), "\(line): \(app.dump)")
        }
        XCTAssertFalse(app.screenContains("From the settings"), app.dump)
        app.press(.character("v"), .character("V"))
        XCTAssertTrue(app.screenContains("│ [v] next vehicle: ev"), app.dump)
        app.press(.character("v"), .character("V"))
        XCTAssertTrue(app.screenContains("│ [v] next vehicle: the settings' (car)"), app.dump)
        XCTAssertEqual(app.stepped(.character("v")), "Driving the settings' vehicle on \"Fjords\" (OSRM cannot avoid "
                           + "unpaved roads, nor keep to the height, width and weight)")
        XCTAssertEqual(try saved().vehicle, TripVehicle(topSpeedKmh: 90), "the trip's top speed stays")

        app.press(.character("V"), .character("f"))
        XCTAssertEqual(try saved().avoid, [.ferries, .unpaved], "the settings' unpaved kept")
        app.press(.character("V"))
        XCTAssertEqual(app.stepped(.character("x")), "Using the settings' vehicle and roads on \"Fjords\" (OSRM cannot "
                           + "avoid unpaved roads, nor keep to the height, width and weight)")
        XCTAssertNil(try saved().vehicle)
        XCTAssertNil(try saved().avoid)
        XCTAssertEqual(app.stepped(.character("u")), "Undid: use the settings' vehicle and roads on \"Fjords\"")
        XCTAssertEqual(try saved().avoid, [.ferries, .unpaved], "one step")
        XCTAssertEqual(try saved().vehicle, TripVehicle(topSpeedKmh: 90))
    }

    /// The estimate caps its speed at the settings' top speed; a campervan of the trip's own has none given, so its
    /// leg is driven at the estimate's 80 km/h again: the figures follow the trip's vehicle.
    func testTheLegsFollowTheTripsVehicle() throws {
        var settings = settings(.estimate)
        settings.topSpeedKmh = 50
        let app = try app(settings)
        XCTAssertTrue(app.screenContains("≈400 km · 7 h 59"), app.dump)
        app.press(.character("V"), .character("v"))
        XCTAssertTrue(app.screenContains("≈400 km · 5 h"), app.dump)
        XCTAssertEqual(app.stepped(.character("u")), "Undid: drive a campervan on \"Fjords\"")
        XCTAssertTrue(app.screenContains("≈400 km · 7 h 59"), app.dump)
    }

    /// The estimate keeps off no road but the sea: a leg reached says which roads it could not avoid.
    func testASelectedLegSaysWhatItCouldNotAvoid() throws {
        let app = try app(settings(.estimate))
        app.press(.character("V"), .character("m"))
        XCTAssertEqual(app.stepped(.character("j")), "Leg 1–2: motorways not avoided: a straight line keeps off no road")
        app.press(.character("u"), .character("k"))
        XCTAssertEqual(app.stepped(.character("j")), "", "nothing to say once undone")
    }

    /// At 40x12 the dialog shows every key and the vehicle's line; the note stays on the title line, the days' too.
    func testItFitsAt40x12AndTheDaysNoteItToo() throws {
        let app = try app(settings(.estimate), vehicle: TripVehicle(kind: .campervan), rows: 12, columns: 40)
        XCTAssertEqual(app.screen[0], " Fjords                       campervan")
        app.press(.character("V"))
        XCTAssertEqual(app.screen[1], " │ Vehicle: campervan, this trip's …  │", app.dump)
        XCTAssertEqual(app.screen[9], " │ [Esc] back                         │", app.dump)
        XCTAssertEqual(app.stepped(.character("f")), "Avoiding ferries on \"Fjords\"")
        XCTAssertEqual(app.screen[0], " Fjords          campervan · no ferries", app.dump)
        app.press(.character("v"))
        XCTAssertEqual(app.topTitle, "Fjords · days")
        XCTAssertEqual(app.screen[0], " Fjords          campervan · no ferries", app.dump)
        XCTAssertEqual(app.stepped(.character("u")), "Undid: avoid ferries on \"Fjords\"")
        XCTAssertEqual(app.screen[0], " Fjords                       campervan", app.dump)
    }

    func testAReadOnlyInstanceRefusesIt() throws {
        let app = try app(settings(.estimate))
        let reader = AppDriver(repository: try file.open())
        reader.press(.enter, .character("V"))
        XCTAssertTrue(reader.messageText.hasPrefix("Read-only: another roadtrip (pid \(getpid())) is editing"), reader.dump)
        XCTAssertFalse(reader.screenContains("Vehicle and roads"), reader.dump)
        _ = app
    }
}
