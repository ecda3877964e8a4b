import Foundation
import RoadtripCore
import XCTest

/// `set-trip`, `set-stop --cost` and what `show`, `show --json` and the exports say of the vehicle, the avoids and
/// the costs, on the estimate (no router): each figure says what it stands on.
final class SetTripCommandTests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }

    @discardableResult
    private func run(_ arguments: String..., expect status: Int32 = 0) throws -> CommandResult {
        try roadtrip(arguments, home: home, expect: status)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let settings = home.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try """
        consumption_per_100km = 7
        fuel_price = 2
        lodging_per_night = 100
        travellers = 2
        avoid = ["tolls"]

        """.write(to: settings.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try run("new", "Alps")
        try run("set-date", "alps", "2027-06-01")
        try run("add-stop", "alps", "--name", "Munich", "--lat", "48.1372", "--lon", "11.5756")
        try run("add-stop", "alps", "--name", "Innsbruck", "--lat", "47.2692", "--lon", "11.4041", "--nights", "1")
        try run("add-stop", "alps", "--name", "Verona", "--lat", "45.4384", "--lon", "10.9916")
    }

    private func json() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run("show", "alps", "--json").stdout.utf8)) as? [String: Any])
    }

    func testACampervanForOneTripAndItsCost() throws {
        XCTAssertEqual(try run("set-trip", "alps").stdout, "Alps: the settings'\n")
        let set = try run("set-trip", "alps", "--vehicle", "campervan", "--height", "3", "--top-speed", "90",
                          "--consumption", "11", "--avoid", "ferries,motorways").stdout
        XCTAssertEqual(set, "Set the vehicle of \"Alps\": campervan, top 90 km/h, 3 m tall, 11 per 100 km, avoiding motorways, "
                       + "ferries\n")
        try run("set-stop", "alps", "2", "--cost", "80", "--other-cost", "12.5")

        let shown = try run("show", "alps").stdout
        XCTAssertTrue(shown.contains("Vehicle: campervan · top 90 km/h · 3 m tall · avoiding motorways, ferries (this trip's)\n"), shown)
        XCTAssertTrue(shown.contains("≈ every leg: motorways not avoided: a straight line keeps off no road"), shown)

        let shownJSON = try json()
        let profile = try XCTUnwrap(shownJSON["profile"] as? [String: Any])
        XCTAssertEqual(profile["vehicle"] as? String, "campervan")
        XCTAssertEqual(profile["avoid"] as? [String], ["motorways", "ferries"], "the trip's avoids replace the settings'")
        XCTAssertEqual(profile["heightM"] as? Double, 3)
        let legs = try XCTUnwrap(shownJSON["legs"] as? [[String: Any]])
        let km = legs.map { $0["distanceKm"] as? Double ?? 0 }.reduce(0, +)
        let cost = try XCTUnwrap(shownJSON["cost"] as? [String: Any])
        let fuel = try XCTUnwrap(cost["fuel"] as? [String: Any])
        // The estimate drives at 80 km/h (under the top speed): 11 l/100 km, the campervan's own, at 2 a litre.
        XCTAssertEqual(try XCTUnwrap(fuel["amount"] as? Double), (km * 0.11 * 2 * 100).rounded() / 100, accuracy: 0.011)
        let lodging = try XCTUnwrap(cost["lodging"] as? [String: Any])
        XCTAssertEqual(lodging["amount"] as? Double, 80, "Innsbruck's own cost over the settings' 100")
        XCTAssertEqual((cost["other"] as? [String: Any])?["amount"] as? Double, 12.5)
        let tolls = try XCTUnwrap(cost["tolls"] as? [String: Any])
        XCTAssertTrue(tolls["amount"] is NSNull, "no tolls known on the estimate: null, not 0")
        XCTAssertTrue((tolls["source"] as? String)?.contains("2 legs without toll data") ?? false, "\(tolls)")
        XCTAssertNil(cost["tollsUnknown"], "no tolled leg without a price: the tolls are not known at all")
        XCTAssertEqual(cost["travellers"] as? Int, 2)
        let days = try XCTUnwrap(shownJSON["days"] as? [[String: Any]])
        let dayTotals = days.compactMap { ($0["cost"] as? [String: Any])?["total"] as? Double }
        XCTAssertEqual(dayTotals.reduce(0, +), try XCTUnwrap(cost["total"] as? Double), accuracy: 0.02)

        let markdown = try run("export", "alps", "--format", "md").stdout
        XCTAssertTrue(markdown.contains("\nCost: €"), markdown)
        XCTAssertTrue(markdown.contains("lodging €80"), markdown)
        let calendar = try run("export", "alps", "--format", "ics").stdout
        XCTAssertTrue(calendar.contains("DESCRIPTION:Cost: €"), calendar)
    }

    func testClearGoesBackToTheSettingsAndBadValuesAreRefused() throws {
        try run("set-trip", "alps", "--vehicle", "motorcycle", "--avoid", "none")
        XCTAssertEqual((try json()["profile"] as? [String: Any])?["avoid"] as? [String], [], "none avoids nothing here")
        XCTAssertNil((try json()["cost"] as? [String: Any])?["fuel"].flatMap { ($0 as? [String: Any])?["amount"] as? Double },
                     "a motorcycle does not take the car's consumption from the settings")
        let bad = try run("set-trip", "alps", "--avoid", "bridges", expect: 1)
        XCTAssertTrue(bad.stderr.contains("--avoid takes motorways, ferries, tolls or unpaved"), bad.stderr)
        let tall = try run("set-trip", "alps", "--height", "40", expect: 1)
        XCTAssertTrue(tall.stderr.contains("heightM 40 is outside 0…10"), tall.stderr)
        XCTAssertEqual(try run("set-trip", "alps", "--clear").stdout, "Using the settings' vehicle and roads on \"Alps\"\n")
        let profile = try XCTUnwrap(try json()["profile"] as? [String: Any])
        XCTAssertEqual(profile["vehicle"] as? String, "car")
        XCTAssertEqual(profile["avoid"] as? [String], ["tolls"])
        XCTAssertEqual(profile["fromTrip"] as? Bool, false)
        let cost = try run("set-stop", "alps", "2", "--cost", "-5", expect: 1)
        XCTAssertTrue(cost.stderr.contains("--cost takes an amount"), cost.stderr)
        XCTAssertFalse(try String(contentsOf: home.appendingPathComponent("data/roadtrip/trips.json"), encoding: .utf8).contains("\"vehicle\" : {"), "cleared from the file")
    }
}
