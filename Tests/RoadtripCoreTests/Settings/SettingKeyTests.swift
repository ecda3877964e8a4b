import XCTest
@testable import RoadtripCore

/// Each key's rule, shared by the file, `roadtrip config set` and the Settings screen.
final class SettingKeyTests: XCTestCase {
    func testTheFileNamesAreTheContract() {
        XCTAssertEqual(SettingKey.allCases.map(\.rawValue), [
            "units", "router", "osrm_url", "routino_dir", "speed_kmh", "detour", "daily_limit_hours", "departure",
            "break_after_hours", "break_minutes", "vehicle", "top_speed_kmh", "consumption_per_100km", "consumption_at_120",
            "tank", "range_km", "height_m", "width_m", "weight_t", "avoid", "fuel_price", "energy_price", "currency",
            "lodging_per_night", "travellers", "battery_kwh", "start_soc", "reserve_soc", "charge_to_soc", "peak_charge_kw",
            "ac_charge_kw", "charge_curve", "charge_stop_minutes", "charge_ports",
        ])
    }

    func testDefaultsAsText() {
        XCTAssertEqual(SettingKey.allCases.map { $0.defaultText(environment: ["HOME": "/home/u"]) }, [
            "km", "estimate", "http://127.0.0.1:5000", "/home/u/.local/share/roadtrip/routino", "80", "1.3", "8",
            "09:00", "4.5", "45", "car", "0", "0", "0", "0", "0", "0", "0", "0", "none", "0", "0", "EUR", "0", "1",
        ] + Self.chargeDefaults)
        XCTAssertEqual(SettingKey.allCases.map(\.documentedDefault), [
            "km", "estimate", "http://127.0.0.1:5000", "$XDG_DATA_HOME/roadtrip/routino", "80", "1.3", "8", "09:00", "4.5",
            "45", "car", "0", "0", "0", "0", "0", "0", "0", "0", "none", "0", "0", "EUR", "0", "1",
        ] + Self.chargeDefaults)
    }

    private static let chargeDefaults = ["0", "90", "10", "80", "100", "11", "built-in", "5", "type2,type2_cable,type2_combo"]

    /// An unset routino_dir shows as the folder the routing engine would use, resolved in the environment given
    /// (never this machine's): $XDG_DATA_HOME when it is absolute, else $HOME's .local/share, else the account's home.
    func testTheDefaultFolderIsShownAsTheFolderItMeans() {
        let key = SettingKey.routinoDirectory
        let cases: [([String: String], String)] = [
            (["XDG_DATA_HOME": "/xdg/data", "HOME": "/home/u"], "/xdg/data/roadtrip/routino"),
            (["HOME": "/home/u"], "/home/u/.local/share/roadtrip/routino"),
            (["XDG_DATA_HOME": "relative", "HOME": "/home/v"], "/home/v/.local/share/roadtrip/routino"),
        ]
        for (environment, folder) in cases {
            XCTAssertEqual(key.text(in: Settings(), environment: environment), folder, "\(environment)")
            XCTAssertEqual(key.defaultText(environment: environment), folder, "\(environment)")
            XCTAssertEqual(folder, RoutinoDatabase.defaultDirectory(environment: environment).path, "as routing uses it")
        }
        let neither = key.text(in: Settings(), environment: [:])
        XCTAssertTrue(neither.hasPrefix("/") && neither.hasSuffix("/.local/share/roadtrip/routino"), neither)
        XCTAssertFalse(neither.contains("$"), neither)
        var set = Settings()
        set.routinoDirectory = "/srv/routino"
        XCTAssertEqual(key.text(in: set, environment: ["HOME": "/home/u"]), "/srv/routino", "a set folder is itself")
    }

    func testNumbersArePlainDecimalsInTheirRange() {
        for good in ["10", "200", "80", "99.5", " 90 ", "010"] {
            XCTAssertNotNil(applied(.speedKmh, good), good)
        }
        for bad in ["9.99", "200.01", "1e2", "0x50", "nan", "inf", "-50", "+50", "50.", ".5", "", "fast", "5,0"] {
            XCTAssertNil(applied(.speedKmh, bad), bad)
        }
        XCTAssertEqual(applied(.detour, "1.25")?.detour, 1.25)
        XCTAssertNil(applied(.detour, "3.5"))
        XCTAssertEqual(applied(.dailyLimitHours, "24")?.dailyLimitHours, 24)
        XCTAssertNil(applied(.dailyLimitHours, "0.5"))
    }

    /// The rests: hours like any number (0 turns them off), minutes whole.
    func testBreakSettings() {
        XCTAssertEqual(applied(.breakAfterHours, "0")?.breakAfterHours, 0)
        XCTAssertEqual(applied(.breakAfterHours, "4.25")?.breakAfterHours, 4.25)
        XCTAssertNil(applied(.breakAfterHours, "24.5"))
        XCTAssertEqual(applied(.breakMinutes, "0")?.breakMinutes, 0)
        XCTAssertEqual(applied(.breakMinutes, " 240 ")?.breakMinutes, 240)
        for bad in ["241", "45.5", "-5", "+5", "1e2", "", "45m", "9999999999"] {
            XCTAssertNil(applied(.breakMinutes, bad), bad)
        }
        XCTAssertEqual("\(SettingsError.invalidValue(.breakMinutes))", "break_minutes must be a whole number from 0 to 240")
        XCTAssertEqual(SettingKey.breakMinutes.hint, "How long each rest lasts (0: none), 0 to 240 minutes")
    }

    func testDepartureIsAClockTime() {
        XCTAssertEqual(applied(.departure, "07:30")?.departureMinutes, 450)
        XCTAssertEqual(applied(.departure, "7:30")?.departureMinutes, 450)
        XCTAssertEqual(applied(.departure, "23:59")?.departureMinutes, 1439)
        XCTAssertEqual(applied(.departure, "00:00")?.departureMinutes, 0)
        for bad in ["24:00", "09:60", "0930", "9:5", "09:00:00", "-1:00", "9h30", ""] {
            XCTAssertNil(applied(.departure, bad), bad)
        }
        var settings = Settings()
        settings.departureMinutes = 7 * 60 + 5
        XCTAssertEqual(SettingKey.departure.text(in: settings), "07:05")
    }

    func testOSRMURLIsHTTPWithAHost() {
        XCTAssertEqual(applied(.osrmURL, "https://osrm.example.org/")?.osrmURL, "https://osrm.example.org")
        XCTAssertEqual(applied(.osrmURL, "http://127.0.0.1:5001")?.osrmURL, "http://127.0.0.1:5001")
        XCTAssertEqual(applied(.osrmURL, "http://proxy/osrm")?.osrmURL, "http://proxy/osrm")
        for bad in ["ftp://host", "http://", "127.0.0.1:5000", "http://h/?q=1", "http://h/#x", "http://h\u{1B}[2J", "http://a b"] {
            XCTAssertNil(applied(.osrmURL, bad), bad)
        }
    }

    func testRoutinoDirectoryIsAnAbsolutePath() {
        XCTAssertEqual(applied(.routinoDirectory, "/srv/routino")?.routinoDirectory, "/srv/routino")
        for bad in ["routino", "~/routino", "", "/tmp/\u{7}"] {
            XCTAssertNil(applied(.routinoDirectory, bad), bad)
        }
    }

    func testNamesAreExact() {
        XCTAssertEqual(applied(.units, "mi")?.units, .mi)
        XCTAssertEqual(applied(.router, "routino")?.router, .routino)
        for bad in ["MI", "miles", ""] { XCTAssertNil(applied(.units, bad), bad) }
        XCTAssertNil(applied(.router, "google"))
    }

    func testTheErrorNamesTheKeyAndTheRule() {
        var settings = Settings()
        XCTAssertThrowsError(try SettingKey.speedKmh.apply("500", to: &settings)) {
            XCTAssertEqual("\($0)", "speed_kmh must be a number from 10 to 200")
        }
        XCTAssertEqual(settings, Settings(), "a refused value changes nothing")
        XCTAssertEqual("\(SettingsError.invalidValue(.units))", "units must be km or mi")
        XCTAssertEqual("\(SettingsError.invalidValue(.departure))", "departure must be a time HH:MM from 00:00 to 23:59")
    }

    /// The words the file's messages, `config`'s help and the Settings screen show, built from the rows.
    func testTheHintsAndRulesReadAsDocumented() {
        XCTAssertEqual(SettingKey.allCases.map(\.hint), [
            "Distances in km or mi", "Leg distances and times from estimate (offline, ≈), osrm, routino or auto (per leg)",
            "The OSRM server (http:// or https://)", "The Routino database folder (an absolute path)",
            "The estimate's average speed, 10 to 200 km/h", "The estimate's road over straight-line distance, 1 to 3",
            "A day with more driving hours than this is marked, 1 to 24", "When each driving day starts, HH:MM",
            "A rest after this many hours of driving (0: none), 0 to 24", "How long each rest lasts (0: none), 0 to 240 minutes",
            "What you drive: the routers' profile, and fuel or charging (ev) stations",
            "Caps every leg's speed (0: none), 0 to 300 km/h",
            "Litres (kWh for ev) per 100 km at 90 km/h (0: unknown), 0 to 100",
            "The same at 120 km/h, linear in between (0: as at 90), 0 to 100",
            "A full tank in litres, or the usable battery in kWh (0: unknown), 0 to 1000",
            "How far a full tank goes; a longer stretch without a station is marked (0: from tank), 0 to 5000 km",
            "The vehicle's height the router keeps under (0: none), 0 to 10 m", "The vehicle's width (0: none), 0 to 5 m",
            "The vehicle's weight (0: none), 0 to 60 t", "Roads to keep off: motorways, ferries, tolls, unpaved (comma-separated)",
            "A litre's price (0: unknown), 0 to 1000", "A kWh's price (0: unknown), 0 to 1000", "What the prices are in",
            "A night's lodging where a stop has no cost (0: not counted), 0 to 100000", "How many share the costs, 1 to 99",
            "The usable battery (0: tank for an ev), 0 to 500 kWh", "What the battery holds at the start, 1 to 100 %",
            "The least to arrive with, below charge_to_soc, 0 to 50 %", "What a charging stop charges to, 10 to 100 %",
            "The car's fastest DC charging, 1 to 1000 kW", "The car's onboard charger, for AC, 1 to 50 kW",
            "A file of \"SoC kW\" lines for the charging curve (built-in: scaled to peak_charge_kw)",
            "What a charging stop takes beyond charging, 0 to 60 minutes",
            "The car's sockets: chargers without one are skipped (comma-separated)",
        ])
        XCTAssertEqual(SettingKey.allCases.map(\.requirement), [
            "km or mi", "estimate, osrm, routino or auto", "an http:// or https:// URL with a host, like http://127.0.0.1:5000",
            "an absolute path (starting with /)", "a number from 10 to 200", "a number from 1 to 3",
            "a number from 1 to 24", "a time HH:MM from 00:00 to 23:59", "a number from 0 to 24",
            "a whole number from 0 to 240", "car, campervan, motorcycle or ev", "a number from 0 to 300",
            "a number from 0 to 100", "a number from 0 to 100", "a number from 0 to 1000", "a whole number from 0 to 5000",
            "a number from 0 to 10", "a number from 0 to 5", "a number from 0 to 60",
            "a comma-separated list of motorways, ferries, tolls or unpaved, or none", "a number from 0 to 1000",
            "a number from 0 to 1000", "a currency code or symbol of 1 to 4 letters, like EUR or €",
            "a number from 0 to 100000", "a whole number from 1 to 99", "a number from 0 to 500", "a whole number from 1 to 100",
            "a whole number from 0 to 50", "a whole number from 10 to 100", "a number from 1 to 1000", "a number from 1 to 50",
            "the absolute path of a readable file of \"SoC kW\" lines, or built-in", "a whole number from 0 to 60",
            "a comma-separated list of type1, type1_combo, type2, type2_cable, type2_combo, chademo, tesla_supercharger, "
                + "tesla_destination, nacs, schuko, gb_ac or gb_dc",
        ])
        XCTAssertEqual(SettingKey.allCases.map(\.choices), [["km", "mi"], ["estimate", "osrm", "routino", "auto"]]
            + Array(repeating: nil, count: 8) + [["car", "campervan", "motorcycle", "ev"]] + Array(repeating: nil, count: 23))
    }

    /// A value each key takes other than its default. A new setting needs one here, or the test below fails.
    private static let samples: [String: String] = [
        "units": "mi", "router": "routino", "osrm_url": "http://10.0.0.2:5000", "routino_dir": "/srv/routino",
        "speed_kmh": "120", "detour": "2.5", "daily_limit_hours": "7.5", "range_km": "400",
        "vehicle": "ev", "departure": "23:59",
        "break_after_hours": "2.25", "break_minutes": "30", "top_speed_kmh": "90", "consumption_per_100km": "6.5",
        "consumption_at_120": "8", "tank": "55", "height_m": "3.1", "width_m": "2.3", "weight_t": "3.5",
        "avoid": "ferries,tolls", "fuel_price": "1.85", "energy_price": "0.39", "currency": "SEK",
        "lodging_per_night": "95", "travellers": "4", "battery_kwh": "77.4", "start_soc": "100", "reserve_soc": "0",
        "charge_to_soc": "100", "peak_charge_kw": "250", "ac_charge_kw": "22", "charge_stop_minutes": "0",
        "charge_ports": "type2,chademo",
    ]

    /// Every row has every part, and its own: a file name, a hint, a rule that refuses something, a value it
    /// reads and writes back, stored in its own place in `Settings` (no other key sees it change).
    func testEveryRowHasEveryPart() throws {
        let curve = try Self.curveFile()
        defer { try? FileManager.default.removeItem(atPath: curve) }
        var samples = Self.samples
        samples["charge_curve"] = curve
        var names: Set<String> = [], hints: Set<String> = []
        for key in SettingKey.allCases {
            let name = key.rawValue
            XCTAssertTrue(name.range(of: "^[a-z][a-z0-9_]*$", options: .regularExpression) != nil, "name \"\(name)\"")
            XCTAssertTrue(names.insert(name).inserted, "\(name) twice")
            XCTAssertEqual(SettingKey(rawValue: name), key)
            XCTAssertFalse(key.hint.isEmpty, "\(name): no hint")
            XCTAssertTrue(hints.insert(key.hint).inserted, "\(name): another key's hint")
            XCTAssertFalse(key.requirement.isEmpty, "\(name): no rule")
            XCTAssertFalse(key.defaultText().isEmpty, "\(name): no default")
            // An empty list avoids nothing, and no file is the default curve: the keys an empty value means something for.
            XCTAssertNil(applied(key, [.avoid: "bridges", .chargeCurve: "curve.txt"][key] ?? ""), "\(name): the rule takes anything")
            let sample = try XCTUnwrap(samples[name], "\(name): no sample value in this test")
            XCTAssertNotEqual(sample, key.defaultText(), name)
            let settings = try XCTUnwrap(applied(key, sample), "\(name): \(sample) refused")
            XCTAssertEqual(key.text(in: settings), sample, "\(name): not written back as read")
            for other in SettingKey.allCases where other != key {
                XCTAssertEqual(other.text(in: settings), other.defaultText(), "\(name) is stored where \(other.rawValue) is")
            }
            if let choices = key.choices {
                XCTAssertTrue(choices.contains(key.defaultText()), "\(name): the default is not a step")
                for choice in choices { XCTAssertEqual(applied(key, choice).map { key.text(in: $0) }, choice, name) }
            }
        }
    }

    /// A readable file for `charge_curve`, removed by the caller.
    static func curveFile(_ text: String = "0 150\n80 60\n") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rt-curve-\(UUID().uuidString).txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func applied(_ key: SettingKey, _ text: String) -> Settings? {
        var settings = Settings()
        return (try? key.apply(text, to: &settings)).map { settings }
    }
}
