import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Issue 37's done-when, on the command line with the real Routino on the synthetic avoid extract: a campervan 3 m
/// tall at 90 km/h, avoiding ferries, on a three-day trip, gets a plan that takes neither the ferry nor the 2.5 m
/// underpass, says its cost per day and in total, and exports it.
final class CampervanTripEndToEndTests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }

    @discardableResult
    private func run(_ arguments: String..., expect status: Int32 = 0) throws -> CommandResult {
        try roadtrip(arguments, home: home, timeout: 120, expect: status)
    }

    func testATallSlowCampervanAvoidingFerriesOnAThreeDayTrip() throws {
        let database = try AvoidExtract.routinoDatabase(in: directory.appendingPathComponent("extract"))
        let settings = home.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try """
        router = "routino"
        routino_dir = "\(database.path)"
        consumption_per_100km = 12
        fuel_price = 1.9
        lodging_per_night = 60
        travellers = 2
        daily_limit_hours = 10

        """.write(to: settings.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try run("new", "Causses")
        try run("set-date", "causses", "2027-06-01")
        let towns = AvoidExtract.towns
        for (index, town) in towns.enumerated() {
            try run("add-stop", "causses", "--name", "Town \(index + 1)", "--lat", String(town.latitude),
                    "--lon", String(town.longitude), "--nights", index == 0 ? "0" : "1")
        }
        try run("set-trip", "causses", "--vehicle", "campervan", "--height", "3", "--top-speed", "90",
                "--consumption", "12", "--avoid", "ferries")

        let shown = try run("show", "causses").stdout
        XCTAssertTrue(shown.contains("Vehicle: campervan · top 90 km/h · 3 m tall · avoiding ferries (this trip's)"), shown)
        XCTAssertTrue(shown.contains("Cost: €"), shown)
        XCTAssertTrue(shown.contains("COST"), "a cost per day:\n\(shown)")
        XCTAssertFalse(shown.contains("not avoided"), "Routino keeps off ferries:\n\(shown)")

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run("show", "causses", "--json").stdout.utf8))
            as? [String: Any])
        let legs = try XCTUnwrap(json["legs"] as? [[String: Any]])
        XCTAssertEqual(legs.map { $0["source"] as? String }, ["routino", "routino"], "\(legs)")
        XCTAssertTrue(legs.allSatisfy { $0["ferryKm"] == nil && $0["unavoided"] == nil }, "\(legs)")
        for leg in legs {
            let km = try XCTUnwrap(leg["distanceKm"] as? Double), seconds = try XCTUnwrap(leg["durationSeconds"] as? Int)
            XCTAssertGreaterThanOrEqual(Double(seconds), km / 90 * 3600 - 6, "never above 90 km/h: \(leg)")
        }
        let days = try XCTUnwrap(json["days"] as? [[String: Any]])
        XCTAssertEqual(days.count, 3)
        let dayCosts = days.map { ($0["cost"] as? [String: Any])?["total"] as? Double }
        XCTAssertTrue(dayCosts[0]! > 60 && dayCosts[1]! > 60, "fuel and a night on each driving day: \(dayCosts)")
        let cost = try XCTUnwrap(json["cost"] as? [String: Any])
        let km = legs.compactMap { $0["distanceKm"] as? Double }.reduce(0, +)
        let fuel = try XCTUnwrap((cost["fuel"] as? [String: Any])?["amount"] as? Double)
        XCTAssertEqual(fuel, km * 0.12 * 1.9, accuracy: 0.05, "12 l/100 km at or under 90 km/h, at 1.90")
        XCTAssertEqual((cost["lodging"] as? [String: Any])?["amount"] as? Double, 120, "two nights at 60")
        XCTAssertEqual(try XCTUnwrap(cost["total"] as? Double), dayCosts.compactMap { $0 }.reduce(0, +), accuracy: 0.02)

        // The GPX export carries the road: neither the ferry nor the underpass is on it.
        let gpx = try run("export", "causses", "--format", "gpx").stdout
        let points = gpx.split(separator: "\n").filter { $0.contains("<trkpt") }.compactMap { line -> Coordinate? in
            let numbers = line.split(separator: "\"").compactMap { Double($0) }
            return numbers.count == 2 ? try? Coordinate(latitude: numbers[0], longitude: numbers[1]) : nil
        }
        XCTAssertGreaterThan(points.count, 100, gpx.prefix(500).description)
        XCTAssertFalse(AvoidExtract.passes(points, middleOf: AvoidExtract.Case.ferry.shortcut), "no ferry")
        XCTAssertFalse(AvoidExtract.passes(points, middleOf: AvoidExtract.Case.underpass.shortcut), "no low underpass")
        XCTAssertTrue(AvoidExtract.passes(points, middleOf: AvoidExtract.Case.motorway.shortcut), "the motorway is allowed")
        let markdown = try run("export", "causses", "--format", "md").stdout
        XCTAssertTrue(markdown.contains("\nCost: €"), markdown)
        let calendar = try run("export", "causses", "--format", "ics").stdout
        XCTAssertTrue(calendar.contains("Cost: fuel €"), calendar)

        // Tolls cannot be kept off by Routino: the plan says so, on the leg that could not.
        try run("set-trip", "causses", "--avoid", "ferries,tolls")
        let tolls = try run("show", "causses").stdout
        XCTAssertTrue(tolls.contains("≈ every leg: tolls not avoided: Routino has no toll data"), tolls)

        // The same trip without its vehicle and avoids takes the ferry's shortcut or the underpass again.
        try run("set-trip", "causses", "--clear")
        let plain = try run("export", "causses", "--format", "gpx").stdout
        let plainPoints = plain.split(separator: "\n").filter { $0.contains("<trkpt") }.compactMap { line -> Coordinate? in
            let numbers = line.split(separator: "\"").compactMap { Double($0) }
            return numbers.count == 2 ? try? Coordinate(latitude: numbers[0], longitude: numbers[1]) : nil
        }
        XCTAssertTrue(AvoidExtract.passes(plainPoints, middleOf: AvoidExtract.Case.underpass.shortcut), "a car goes under")
    }

    /// Installed as a region (router auto), the extract's toll road is known: its 12 EUR charge is in the cost.
    func testARegionsTollRoadIsPricedInTheCost() throws {
        let pbf = try AvoidExtract.write(into: directory.appendingPathComponent("extract"))
        let settings = home.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try "daily_limit_hours = 10\n".write(to: settings.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try run("region", "add", pbf.path, "--name", "causses")
        try run("new", "Tolls")
        // Within the region's outline (the extract's northern end is at its edge).
        let stops = [AvoidExtract.coordinate(eastKm: 0, northKm: 500)] + AvoidExtract.towns.dropFirst()
        for (index, town) in stops.enumerated() {
            try run("add-stop", "tolls", "--name", "Town \(index + 1)", "--lat", String(town.latitude),
                    "--lon", String(town.longitude), "--nights", index == 1 ? "1" : "0")
        }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run("show", "tolls", "--json").stdout.utf8))
            as? [String: Any])
        let legs = try XCTUnwrap(json["legs"] as? [[String: Any]])
        XCTAssertEqual(legs.map { $0["region"] as? String }, ["causses", "causses"], "\(legs)")
        XCTAssertEqual(legs[0]["tollKm"] as? Double, 0, "the first day's road is free")
        let tolled = try XCTUnwrap(legs[1]["tollKm"] as? Double)
        XCTAssertEqual(tolled, 20, accuracy: 1, "the toll road's 20 km")
        XCTAssertEqual(legs[1]["tollPrice"] as? Double, AvoidExtract.tollChargeEUR)
        let tolls = try XCTUnwrap((json["cost"] as? [String: Any])?["tolls"] as? [String: Any])
        XCTAssertEqual(tolls["amount"] as? Double, AvoidExtract.tollChargeEUR)
        XCTAssertTrue(try run("show", "tolls").stdout.contains("Cost: €12"), "the tolls alone are known")
    }
}
