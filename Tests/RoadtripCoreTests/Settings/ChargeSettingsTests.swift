import Foundation
import XCTest
@testable import RoadtripCore

/// The battery and charging settings (issue 38): each key's bounds, the curve's file, the car's ports, and the one
/// rule across keys.
final class ChargeSettingsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rt-charge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Each number at both bounds and just past them, and text that is no number.
    func testEachNumberKeepsToItsBounds() {
        let bounds: [(key: SettingKey, low: String, high: String, below: String, above: String)] = [
            (.batteryKWh, "0", "500", "-1", "500.5"), (.startSoC, "1", "100", "0", "101"),
            (.reserveSoC, "0", "50", "-1", "51"), (.chargeToSoC, "10", "100", "9", "101"),
            (.peakChargeKW, "1", "1000", "0.9", "1000.1"), (.acChargeKW, "1", "50", "0.5", "51"),
            (.chargeStopMinutes, "0", "60", "-1", "61"),
        ]
        for bound in bounds {
            let name = bound.key.rawValue
            for good in [bound.low, bound.high] {
                XCTAssertEqual(applied(bound.key, good).map { bound.key.text(in: $0) }, good, "\(name) \(good)")
            }
            for bad in [bound.below, bound.above, "", "nan", "inf", "1e2", "0x10", "+5", "5\u{1B}[2J", "٥"] {
                XCTAssertNil(applied(bound.key, bad), "\(name) \(bad)")
            }
        }
        XCTAssertEqual(applied(.batteryKWh, "77.4")?.batteryKWh, 77.4)
        XCTAssertEqual(applied(.peakChargeKW, "250")?.peakChargeKW, 250)
        XCTAssertNil(applied(.startSoC, "90.5"), "a percent is whole")
        XCTAssertEqual("\(SettingsError.invalidValue(.reserveSoC))", "reserve_soc must be a whole number from 0 to 50")
        XCTAssertEqual("\(SettingsError.invalidValue(.batteryKWh))", "battery_kwh must be a number from 0 to 500")
    }

    /// The reserve must stay below what a charge reaches; each key alone cannot see the other, so the rule is
    /// said where charges are planned.
    func testTheReserveMustBeBelowTheChargeLimit() {
        var settings = Settings()
        XCTAssertNil(settings.chargeLimitsProblem, "the defaults: 10 below 80")
        settings.reserveSoC = 50
        settings.chargeToSoC = 50
        XCTAssertEqual(settings.chargeLimitsProblem,
                       "reserve_soc (50 %) must be below charge_to_soc (50 %): a charge would end in the reserve")
        settings.chargeToSoC = 51
        XCTAssertNil(settings.chargeLimitsProblem)
    }

    /// The usable battery is `battery_kwh`, else an ev's `tank`; a trip's own vehicle replaces both (a rented ev,
    /// or one whose tank the trip gives).
    func testTheUsableBattery() {
        var settings = Settings()
        settings.tank = 60
        XCTAssertEqual(settings.usableBatteryKWh, 0, "a car's tank is litres")
        settings.vehicle = .ev
        XCTAssertEqual(settings.usableBatteryKWh, 60)
        settings.batteryKWh = 57.5
        XCTAssertEqual(settings.usableBatteryKWh, 57.5, "battery_kwh over the tank")

        var trip = Trip(name: "Rented")
        trip.vehicle = TripVehicle(tank: 77)
        XCTAssertEqual(settings.applying(trip).usableBatteryKWh, 77, "the trip's battery, not the settings'")
        var car = settings
        car.vehicle = .car
        trip.vehicle = TripVehicle(kind: .ev)
        XCTAssertEqual(car.applying(trip).usableBatteryKWh, 0, "the settings' car has no battery for the trip's ev")
        trip.vehicle = TripVehicle(kind: .ev, tank: 64)
        XCTAssertEqual(car.applying(trip).usableBatteryKWh, 64)
    }

    /// The curve is a readable file's absolute path, holding a table `ChargeCurve` reads: not a relative one, a
    /// folder, a FIFO (its reader would wait), a file that is not there or holds no table, or text with control
    /// characters; "built-in" or nothing is the built-in curve.
    func testTheCurveIsAReadableFile() throws {
        let curve = directory.appendingPathComponent("ev6 curve.txt").path
        try Data("0 230\n80 100\n".utf8).write(to: URL(fileURLWithPath: curve))
        XCTAssertEqual(applied(.chargeCurve, curve)?.chargeCurve, curve)
        XCTAssertEqual(applied(.chargeCurve, " \(curve) ")?.chargeCurve, curve, "spaces around are not the path's")
        var set = Settings()
        set.chargeCurve = curve
        for none in ["", "built-in", "  "] {
            var settings = set
            XCTAssertNoThrow(try SettingKey.chargeCurve.apply(none, to: &settings), none)
            XCTAssertNil(settings.chargeCurve, "\"\(none)\" is the built-in curve")
        }
        XCTAssertEqual(SettingKey.chargeCurve.text(in: Settings()), "built-in")

        let fifo = directory.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let missing = directory.appendingPathComponent("missing.txt").path
        let hostile = directory.appendingPathComponent("a\u{1B}[2J.txt").path
        try Data("0 50\n100 5\n".utf8).write(to: URL(fileURLWithPath: hostile))
        var notCurves: [String] = []
        for (name, text) in [("words", "fast, then slow\n"), ("one row", "0 150\n"), ("falling", "50 100\n10 150\n"),
                             ("huge", String(repeating: "50 100\n", count: 10_000))] {
            notCurves.append(directory.appendingPathComponent(name).path)
            try Data(text.utf8).write(to: URL(fileURLWithPath: notCurves.last!))
        }
        for bad in ["curve.txt", "~/curve.txt", "./curve.txt", directory.path, fifo, missing, hostile, "Built-in", "default"]
            + notCurves {
            XCTAssertNil(applied(.chargeCurve, bad), bad)
        }
        XCTAssertEqual("\(SettingsError.invalidValue(.chargeCurve))",
                       "charge_curve must be the absolute path of a readable file of \"SoC kW\" lines, or built-in")
    }

    /// The car's ports: socket names, comma-separated, in the sockets' own order without repeats; a car has a
    /// port, so none (or nothing) is refused.
    func testThePortsAreSocketNames() {
        XCTAssertEqual(applied(.chargePorts, "chademo, type1")?.chargePorts, [.type1, .chademo])
        XCTAssertEqual(applied(.chargePorts, "type2_combo,TYPE2,type2_combo")?.chargePorts, [.type2, .type2Combo])
        XCTAssertEqual(applied(.chargePorts, "nacs")?.chargePorts, [.nacs])
        XCTAssertEqual(applied(.chargePorts, SocketKind.allCases.map(\.rawValue).reversed().joined(separator: ","))?
            .chargePorts, SocketKind.allCases)
        for bad in ["none", "", " , ", "type3", "type2;chademo", "type2,ccs", "type2\u{1B}[2J", "type２"] {
            XCTAssertNil(applied(.chargePorts, bad), bad)
        }
        XCTAssertEqual(SettingKey.chargePorts.text(in: Settings()), "type2,type2_cable,type2_combo")
        XCTAssertEqual(Settings().chargePorts, SocketKind.standardPorts)
    }

    /// The file takes the ports as a TOML list or one string, and `config set` writes a list; the curve is written
    /// as its path, and the built-in curve as an empty string, which reads back as the built-in one.
    func testTheFileReadsAndWritesTheChargeKeys() throws {
        let file = SettingsFile(url: directory.appendingPathComponent("config.toml"))
        let curve = directory.appendingPathComponent("curve.txt").path
        try Data("# SoC kW\n0 100\n100 10\n".utf8).write(to: URL(fileURLWithPath: curve))
        try file.set("charge_ports", to: "type2_combo, chademo")
        try file.set("charge_curve", to: curve)
        try file.set("reserve_soc", to: "15")
        let written = String(decoding: try Data(contentsOf: file.url), as: UTF8.self)
        XCTAssertEqual(written, SettingsFile.header + """
            charge_ports = ["type2_combo", "chademo"]
            charge_curve = "\(curve)"
            reserve_soc = 15

            """)
        var contents = file.read()
        XCTAssertEqual(contents.problems, [])
        XCTAssertEqual(contents.settings.chargePorts, [.type2Combo, .chademo])
        XCTAssertEqual(contents.settings.chargeCurve, curve)
        XCTAssertEqual(contents.settings.reserveSoC, 15)

        try file.set("charge_curve", to: "built-in")
        XCTAssertTrue(String(decoding: try Data(contentsOf: file.url), as: UTF8.self).contains("charge_curve = \"\"\n"))
        contents = file.read()
        XCTAssertEqual(contents.problems, [])
        XCTAssertNil(contents.settings.chargeCurve)
        XCTAssertTrue(contents.keysFromFile.contains(.chargeCurve))

        XCTAssertThrowsError(try file.set("charge_ports", to: "none")) {
            XCTAssertEqual("\($0)", "charge_ports must be " + SettingKey.chargePorts.requirement)
        }
        XCTAssertThrowsError(try file.set("start_soc", to: "0")) {
            XCTAssertEqual("\($0)", "start_soc must be a whole number from 1 to 100")
        }
    }

    /// A file naming a curve that has gone, an empty list of ports or a word that is no socket: each a problem
    /// naming the line, and the default for that key.
    func testTheFilesBadChargeValuesAreProblems() throws {
        let url = directory.appendingPathComponent("config.toml")
        let gone = directory.appendingPathComponent("gone.txt").path
        try Data("""
            charge_ports = []
            charge_curve = "\(gone)"
            peak_charge_kw = 2000
            start_soc = 75
            """.utf8).write(to: url)
        var contents = SettingsFile(url: url).read()
        XCTAssertEqual(contents.problems, [
            "config.toml line 1: charge_ports must be \(SettingKey.chargePorts.requirement), not []; using type2,type2_cable,type2_combo",
            "config.toml line 2: charge_curve must be the absolute path of a readable file of \"SoC kW\" lines, or built-in, not \"\(gone)\"; using built-in",
            "config.toml line 3: peak_charge_kw must be a number from 1 to 1000, not 2000; using 100",
        ])
        XCTAssertEqual(contents.settings.startSoC, 75)
        XCTAssertEqual(contents.settings.chargePorts, SocketKind.standardPorts)
        XCTAssertNil(contents.settings.chargeCurve)

        try Data(#"charge_ports = ["type2", 2]"#.utf8).write(to: url)
        contents = SettingsFile(url: url).read()
        XCTAssertEqual(contents.problems.count, 1, "a list of words only")
        XCTAssertEqual(contents.settings.chargePorts, SocketKind.standardPorts)
    }

    private func applied(_ key: SettingKey, _ text: String) -> Settings? {
        var settings = Settings()
        return (try? key.apply(text, to: &settings)).map { settings }
    }
}
