import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Issue 38's done-when on the command line: an EV with a 60 kWh battery on a 1,200 km trip over the synthetic
/// charging extract (installed as a region, routed by the real Routino) gets charge stops that keep every arrival at
/// or above the 10 % reserve, each at a charger whose sockets the car takes, with the time at each; applied as one
/// change, and planned again it replaces rather than adds.
final class ChargeTripEndToEndTests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }

    @discardableResult
    private func run(_ arguments: String..., expect status: Int32 = 0) throws -> CommandResult {
        try roadtrip(arguments, home: home, timeout: 300, expect: status)
    }

    private func json(_ arguments: String...) throws -> [String: Any] {
        let result = try roadtrip(arguments, home: home, timeout: 300, expect: 0)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    }

    private func setUpTrip(settings extra: String = "") throws {
        let pbf = try ChargeExtract.write(into: directory.appendingPathComponent("extract"))
        let folder = home.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        vehicle = "ev"
        battery_kwh = 60
        consumption_per_100km = 18
        daily_limit_hours = 10
        \(extra)
        """.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try run("region", "add", pbf.path, "--name", "charge")
        try run("new", "EV")
        for (index, town) in ChargeExtract.towns.enumerated() {
            try run("add-stop", "ev", "--name", town.name, "--lat", String(town.latitude), "--lon", String(town.longitude),
                    "--nights", index == 0 || index == 3 ? "0" : "1")
        }
    }

    func testAnEVGetsChargeStopsAtCompatibleChargersAboveTheReserve() throws {
        try setUpTrip()
        let usable = Set(ChargeExtract.chargers.filter { charger in
            !charger.isPrivate && charger.sockets.contains { SocketKind.standardPorts.contains($0.kind) }
        }.map(\.osmID))
        let preview = try json("charge", "ev", "--dry-run", "--json")
        XCTAssertEqual(preview["feasible"] as? Bool, true, "\(preview)")
        XCTAssertEqual(preview["applied"] as? Bool, false)
        let charges = try XCTUnwrap(preview["charges"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(charges.count, 3, "each 400 km day needs more than a 60 kWh battery: \(charges)")
        for charge in charges {
            let id = try XCTUnwrap(charge["osmID"] as? String)
            XCTAssertTrue(usable.contains(id), "\(charge["name"] ?? id) takes the car's plug and is public")
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(charge["arriveSoc"] as? Int), 10, "\(charge)")
            XCTAssertGreaterThan(try XCTUnwrap(charge["departSoc"] as? Int), try XCTUnwrap(charge["arriveSoc"] as? Int))
            XCTAssertLessThanOrEqual(try XCTUnwrap(charge["departSoc"] as? Int), 80)
            XCTAssertGreaterThan(try XCTUnwrap(charge["minutes"] as? Int), 5, "charging and the stop's 5 minutes")
            XCTAssertGreaterThan(try XCTUnwrap(charge["kw"] as? Double), 0)
        }
        let stops = try XCTUnwrap(preview["stops"] as? [[String: Any]])
        XCTAssertEqual(stops.count, 4 + charges.count, "every stop of the planned trip has its SoC")
        for stop in stops {
            if let arrive = stop["arriveSoc"] as? Int { XCTAssertGreaterThanOrEqual(arrive, 10, "\(stop)") }
        }
        XCTAssertEqual(stops.first?["departSoc"] as? Int, 90, "start_soc's default")
        XCTAssertEqual(try json("show", "ev", "--json")["stops"].map { ($0 as? [Any])?.count }, 4, "a dry run changes nothing")

        // Applied: the charge stops are stops with their time as the stay.
        let applied = try run("charge", "ev", "--yes").stdout
        XCTAssertTrue(applied.contains("⚡"), applied)
        XCTAssertTrue(applied.contains("Planned charging on \"EV\": \(charges.count) charge stops"), applied)
        let shown = try json("show", "ev", "--json")
        let trip = try XCTUnwrap(shown["trip"] as? [String: Any])
        let waypoints = try XCTUnwrap(trip["waypoints"] as? [[String: Any]])
        XCTAssertEqual(waypoints.count, 4 + charges.count)
        let charged = waypoints.filter { $0["charge"] != nil }
        XCTAssertEqual(charged.map { $0["name"] as? String }, charges.map { $0["name"] as? String })
        XCTAssertEqual(charged.map { $0["stay"] as? Int }, charges.map { $0["minutes"] as? Int })
        // `show` walks the battery over the trip as it now stands: every arrival at or above the reserve, and each
        // charge stop's charging.
        let shownStops = try XCTUnwrap(shown["stops"] as? [[String: Any]])
        for stop in shownStops {
            let soc = try XCTUnwrap(stop["soc"] as? [String: Any], "\(stop)")
            if let arrive = soc["arrive"] as? Int { XCTAssertGreaterThanOrEqual(arrive, 10, "\(stop)") }
        }
        XCTAssertEqual(shownStops.filter { $0["charging"] != nil }.count, charges.count)
        let text = try run("show", "ev").stdout
        XCTAssertTrue(text.contains("battery 90 %"), text)
        XCTAssertEqual(text.components(separatedBy: "⚡").count - 1, charges.count, text)
        // The Markdown and iCalendar exports carry the battery and the charging.
        let markdown = try run("export", "ev", "--format", "md").stdout
        XCTAssertEqual(markdown.components(separatedBy: "⚡").count - 1, charges.count, markdown)
        XCTAssertTrue(markdown.contains("battery 90 %"), markdown)
        try run("set-date", "ev", "2027-06-01")
        let calendar = try run("export", "ev", "--format", "ics").stdout
        XCTAssertTrue(calendar.contains("battery"), calendar)
        XCTAssertTrue(calendar.contains("⚡"), calendar)

        // Planned again, the earlier plan's stops are replaced, not added to.
        let again = try json("charge", "ev", "--dry-run", "--json")
        XCTAssertEqual((again["charges"] as? [[String: Any]])?.map { $0["osmID"] as? String },
                       charges.map { $0["osmID"] as? String })
        XCTAssertEqual((again["stops"] as? [Any])?.count, 4 + charges.count)
    }

    /// A car that takes only CHAdeMO finds three stations in 1,200 km: no plan; each gap says where the battery
    /// reaches the reserve, how far short it falls, and what would close it.
    func testNoPlanSaysWhereAndWhatWouldCloseTheGap() throws {
        try setUpTrip(settings: "charge_ports = [\"chademo\"]\n")
        let plan = try json("charge", "ev", "--json")
        XCTAssertEqual(plan["feasible"] as? Bool, false)
        let gaps = try XCTUnwrap(plan["gaps"] as? [[String: Any]])
        XCTAssertFalse(gaps.isEmpty)
        for gap in gaps {
            XCTAssertGreaterThan(try XCTUnwrap(gap["shortKm"] as? Double), 0, "\(gap)")
            XCTAssertFalse((gap["fixes"] as? [String] ?? []).isEmpty, "\(gap)")
            XCTAssertNotNil(gap["latitude"] as? Double)
        }
        let text = try run("charge", "ev", "--dry-run").stdout
        // Day 1 reaches Birchby on CHAdeMO; its charger for the night takes only Type 2 and CCS, so day 2 starts
        // at the reserve.
        XCTAssertTrue(text.contains("Fir Rest"), text)
        XCTAssertTrue(text.contains("Gap on day 2: after Birchby"), text)
        XCTAssertTrue(text.contains("Charge overnight at Birchby"), text)
        // Not an electric car: said, with what to set.
        try run("config", "set", "vehicle", "car")
        let refused = try run("charge", "ev", "--dry-run", expect: 1).stderr
        XCTAssertTrue(refused.contains("vehicle ev"), refused)
    }

    /// Day 1 alone: of the CCS chargers the car reaches, the plan takes Hazel Fast's 150 kW over Elm Services' 50 kW
    /// earlier on the road, and not Juniper Hub: its 300 kW, 2.5 km up a side road, cannot be reached from Alder
    /// above the reserve without a charge first, and a second stop costs more than it saves.
    func testTheFastChargerOnTheRoadIsPreferred() throws {
        try setUpTrip()
        let plan = try json("charge", "ev", "--dry-run", "--json", "--day", "1")
        let names = (plan["charges"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(names, [ChargeExtract.hazelFast.charger.name], "\(plan)")
        XCTAssertEqual((plan["charges"] as? [[String: Any]])?.first?["socketKw"] as? Double, 150)
    }
}
