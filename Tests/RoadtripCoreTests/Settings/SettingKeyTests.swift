import XCTest
@testable import RoadtripCore

/// Each key's rule, shared by the file, `roadtrip config set` and the Settings screen.
final class SettingKeyTests: XCTestCase {
    func testTheFileNamesAreTheContract() {
        XCTAssertEqual(SettingKey.allCases.map(\.rawValue), [
            "units", "router", "osrm_url", "routino_dir", "speed_kmh", "detour", "daily_limit_hours", "range_km",
            "vehicle", "departure", "break_after_hours", "break_minutes",
        ])
    }

    func testDefaultsAsText() {
        XCTAssertEqual(SettingKey.allCases.map { $0.defaultText(environment: ["HOME": "/home/u"]) }, [
            "km", "estimate", "http://127.0.0.1:5000", "/home/u/.local/share/roadtrip/routino", "80", "1.3", "8", "0", "car",
            "09:00", "4.5", "45",
        ])
        XCTAssertEqual(SettingKey.allCases.map(\.documentedDefault), [
            "km", "estimate", "http://127.0.0.1:5000", "$XDG_DATA_HOME/roadtrip/routino", "80", "1.3", "8", "0", "car", "09:00", "4.5",
            "45",
        ])
    }

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
            "A day with more driving hours than this is marked, 1 to 24",
            "A day's stretch longer than this without a station is marked (0: off), 0 to 5000 km",
            "Which stations the range counts: car (fuel) or ev (charging)", "When each driving day starts, HH:MM",
            "A rest after this many hours of driving (0: none), 0 to 24", "How long each rest lasts (0: none), 0 to 240 minutes",
        ])
        XCTAssertEqual(SettingKey.allCases.map(\.requirement), [
            "km or mi", "estimate, osrm, routino or auto", "an http:// or https:// URL with a host, like http://127.0.0.1:5000",
            "an absolute path (starting with /)", "a number from 10 to 200", "a number from 1 to 3",
            "a number from 1 to 24", "a whole number from 0 to 5000", "car or ev", "a time HH:MM from 00:00 to 23:59",
            "a number from 0 to 24",
            "a whole number from 0 to 240",
        ])
        XCTAssertEqual(SettingKey.allCases.map(\.choices), [["km", "mi"], ["estimate", "osrm", "routino", "auto"],
                                                           nil, nil, nil, nil, nil, nil, ["car", "ev"], nil, nil, nil])
    }

    /// A value each key takes other than its default. A new setting needs one here, or the test below fails.
    private static let samples: [String: String] = [
        "units": "mi", "router": "routino", "osrm_url": "http://10.0.0.2:5000", "routino_dir": "/srv/routino",
        "speed_kmh": "120", "detour": "2.5", "daily_limit_hours": "7.5", "range_km": "400",
        "vehicle": "ev", "departure": "23:59",
        "break_after_hours": "2.25", "break_minutes": "30",
    ]

    /// Every row has every part, and its own: a file name, a hint, a rule that refuses something, a value it
    /// reads and writes back, stored in its own place in `Settings` (no other key sees it change).
    func testEveryRowHasEveryPart() throws {
        var names: Set<String> = [], hints: Set<String> = []
        for key in SettingKey.allCases {
            let name = key.rawValue
            XCTAssertTrue(name.range(of: "^[a-z][a-z_]*$", options: .regularExpression) != nil, "name \"\(name)\"")
            XCTAssertTrue(names.insert(name).inserted, "\(name) twice")
            XCTAssertEqual(SettingKey(rawValue: name), key)
            XCTAssertFalse(key.hint.isEmpty, "\(name): no hint")
            XCTAssertTrue(hints.insert(key.hint).inserted, "\(name): another key's hint")
            XCTAssertFalse(key.requirement.isEmpty, "\(name): no rule")
            XCTAssertFalse(key.defaultText().isEmpty, "\(name): no default")
            XCTAssertNil(applied(key, ""), "\(name): the rule takes anything")
            let sample = try XCTUnwrap(Self.samples[name], "\(name): no sample value in this test")
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

    private func applied(_ key: SettingKey, _ text: String) -> Settings? {
        var settings = Settings()
        return (try? key.apply(text, to: &settings)).map { settings }
    }
}
