import Foundation
import XCTest
@testable import RoadtripCore

/// Reading config.toml: the defaults for whatever is missing or wrong, with a message naming the key and line.
final class SettingsFileTests: XCTestCase {
    var directory: URL!
    var url: URL { directory.appendingPathComponent("roadtrip/config.toml") }
    var file: SettingsFile { SettingsFile(url: url) }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rt-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func testDefaultURL() {
        XCTAssertEqual(SettingsFile.defaultURL(environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"]).path,
                       "/xdg/roadtrip/config.toml")
        XCTAssertEqual(SettingsFile.defaultURL(environment: ["HOME": "/home/u"]).path,
                       "/home/u/.config/roadtrip/config.toml")
        // A relative XDG_CONFIG_HOME is invalid per the XDG spec and ignored.
        XCTAssertEqual(SettingsFile.defaultURL(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/h"]).path,
                       "/h/.config/roadtrip/config.toml")
    }

    func testAMissingFileIsTheDefaults() {
        let loaded = file.load()
        XCTAssertEqual(loaded.settings, Settings())
        XCTAssertEqual(loaded.problems, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path),
                       "reading creates nothing")
    }

    func testEveryKeyIsRead() throws {
        let curve = directory.appendingPathComponent("curve.txt").path
        try Data("0 77\n100 7\n".utf8).write(to: URL(fileURLWithPath: curve))
        try write("""
            # My settings
            units = "mi"
            router = "osrm"
            osrm_url = "https://osrm.example.org"
            routino_dir = "/srv/routino"
            speed_kmh = 95.5
            detour = 1
            daily_limit_hours = 6
            departure = "07:30"
            break_after_hours = 4
            break_minutes = 30
            range_km = 450
            vehicle = "campervan"
            top_speed_kmh = 100
            consumption_per_100km = 11.5
            consumption_at_120 = 14
            tank = 90
            height_m = 3.2
            width_m = 2.35
            weight_t = 3.5
            avoid = ["tolls", "ferries"]
            fuel_price = 1.89
            energy_price = 0.45
            currency = "€"
            lodging_per_night = 65
            travellers = 2
            battery_kwh = 64
            start_soc = 100
            reserve_soc = 15
            charge_to_soc = 90
            peak_charge_kw = 77
            ac_charge_kw = 22
            charge_curve = "\(curve)"
            charge_stop_minutes = 10
            charge_ports = ["type2_combo", "type2"]
            """)
        let contents = file.read()
        XCTAssertEqual(contents.problems, [])
        XCTAssertEqual(contents.keysFromFile, Set(SettingKey.allCases))
        var expected = Settings()
        expected.units = .mi
        expected.router = .osrm
        expected.osrmURL = "https://osrm.example.org"
        expected.osrmURLIsSet = true
        expected.routinoDirectory = "/srv/routino"
        expected.speedKmh = 95.5
        expected.detour = 1
        expected.dailyLimitHours = 6
        expected.departureMinutes = 450
        expected.breakAfterHours = 4
        expected.breakMinutes = 30
        expected.rangeKm = 450
        expected.vehicle = .campervan
        expected.topSpeedKmh = 100
        expected.consumptionPer100km = 11.5
        expected.consumptionAt120Per100km = 14
        expected.tank = 90
        expected.heightM = 3.2
        expected.widthM = 2.35
        expected.weightT = 3.5
        expected.avoid = [.ferries, .tolls]
        expected.fuelPrice = 1.89
        expected.energyPrice = 0.45
        expected.currency = "€"
        expected.lodgingPerNight = 65
        expected.travellers = 2
        (expected.batteryKWh, expected.startSoC, expected.reserveSoC, expected.chargeToSoC) = (64, 100, 15, 90)
        (expected.peakChargeKW, expected.acChargeKW, expected.chargeCurve) = (77, 22, curve)
        (expected.chargeStopMinutes, expected.chargePorts) = (10, [.type2, .type2Combo])
        XCTAssertEqual(contents.settings, expected)
    }

    /// `avoid` is a TOML list of words, or one comma-separated string as `config set` takes it; either way kept in
    /// the avoids' own order, without repeats. An empty list, or "none", is no avoid.
    func testAvoidIsAListOrACommaSeparatedString() throws {
        let forms: [(toml: String, avoid: [Avoid])] = [
            (#""ferries,tolls""#, [.ferries, .tolls]),
            (#"" Tolls , motorways,tolls ""#, [.motorways, .tolls]),
            (#"["unpaved", "motorways", "unpaved"]"#, [.motorways, .unpaved]),
            ("[]", []),
            (#""none""#, []),
        ]
        for form in forms {
            try write("units = \"mi\"\navoid = \(form.toml)\n")
            let contents = file.read()
            XCTAssertEqual(contents.problems, [], form.toml)
            XCTAssertEqual(contents.settings.avoid, form.avoid, form.toml)
            XCTAssertEqual(contents.keysFromFile, [.units, .avoid], form.toml)
        }
    }

    /// A word that is not an avoid, in a string or a list, or a list holding anything but words, is refused whole.
    func testAnAvoidListWithAnUnknownWordIsRefused() throws {
        let rule = "avoid must be a comma-separated list of motorways, ferries, tolls or unpaved, or none"
        let refused: [(toml: String, shown: String)] = [
            (#""ferries,ships""#, #""ferries,ships""#),
            (#"["ferries", "ships"]"#, #"["ferries", "ships"]"#),
            (#"["ferries", 1]"#, #"["ferries", 1]"#),
            (#"["ferries,tolls"]"#, #"["ferries,tolls"]"#),
            (#"[["ferries"]]"#, "a list"),
            ("true", "true"),
        ]
        for form in refused {
            try write("units = \"mi\"\navoid = \(form.toml)\n")
            let contents = file.read()
            XCTAssertEqual(contents.problems, ["config.toml line 2: \(rule), not \(form.shown); using none"], form.toml)
            XCTAssertEqual(contents.settings.avoid, [], form.toml)
            XCTAssertEqual(contents.keysFromFile, [.units], form.toml)
        }
    }

    func testTOMLTimesAndQuotedNumbersAreAccepted() throws {
        try write("departure = 06:45:00\nspeed_kmh = \"100\"\n")
        let loaded = file.load()
        XCTAssertEqual(loaded.problems, [])
        XCTAssertEqual(loaded.settings.departureMinutes, 405)
        XCTAssertEqual(loaded.settings.speedKmh, 100)
    }

    func testEachInvalidValueIsAProblemWithItsLineAndTheDefaultIsUsed() throws {
        try write("""
            units = "miles"
            router = "osrm"
            osrm_url = "ftp://example.org"

            routino_dir = "relative/dir"
            speed_kmh = 500
            detour = 1.2
            daily_limit_hours = true
            departure = "25:00"
            """)
        let contents = file.read()
        XCTAssertEqual(contents.problems, [
            #"config.toml line 1: units must be km or mi, not "miles"; using km"#,
            "config.toml line 3: osrm_url must be an http:// or https:// URL with a host, like http://127.0.0.1:5000, "
                + #"not "ftp://example.org"; using http://127.0.0.1:5000"#,
            "config.toml line 5: routino_dir must be an absolute path (starting with /), not \"relative/dir\"; "
                + "using $XDG_DATA_HOME/roadtrip/routino",
            "config.toml line 6: speed_kmh must be a number from 10 to 200, not 500; using 80",
            "config.toml line 8: daily_limit_hours must be a number from 1 to 24, not true; using 8",
            #"config.toml line 9: departure must be a time HH:MM from 00:00 to 23:59, not "25:00"; using 09:00"#,
        ])
        var expected = Settings()
        expected.router = .osrm
        expected.detour = 1.2
        XCTAssertEqual(contents.settings, expected, "the valid keys are kept, the invalid ones are the defaults")
        XCTAssertEqual(contents.keysFromFile, [.router, .detour])
    }

    /// Only `avoid` takes a list: one for another key is refused, shown as the file writes it; a table, or a list of
    /// lists, is named.
    func testTablesAndListsAreNamedInTheProblem() throws {
        try write("detour = [1, 2]\nunits = { a = 1 }\nvehicle = [\"ev\"]\ncurrency = [[\"EUR\"]]\n")
        let contents = file.read()
        XCTAssertEqual(contents.problems, [
            "config.toml line 1: detour must be a number from 1 to 3, not [1, 2]; using 1.3",
            "config.toml line 2: units must be km or mi, not a table; using km",
            #"config.toml line 3: vehicle must be car, campervan, motorcycle or ev, not ["ev"]; using car"#,
            "config.toml line 4: currency must be a currency code or symbol of 1 to 4 letters, like EUR or €, "
                + "not a list; using EUR",
        ])
        XCTAssertEqual(contents.keysFromFile, [])
    }

    func testUnknownKeysAreProblemsWithTheirLine() throws {
        try write("""
            units = "mi"
            speed = 90
            "daily limit" = 4

            [colors]
            title = "red"
            """)
        let loaded = file.load()
        XCTAssertEqual(loaded.problems, [
            "config.toml line 2: unknown setting speed; ignored",
            "config.toml line 3: unknown setting daily limit; ignored",
            "config.toml line 5: unknown setting colors; ignored",
        ])
        XCTAssertEqual(loaded.settings.units, .mi)
    }

    func testAFileThatIsNotTOMLIsOneProblemAndAllDefaults() throws {
        try write("units = \"mi\"\nspeed_kmh = \nrouter = \"osrm\"\n")
        let loaded = file.load()
        XCTAssertEqual(loaded.settings, Settings())
        XCTAssertEqual(loaded.problems, [
            "config.toml line 2, column 13: not TOML (a value was expected, not the end of the line); using the defaults",
        ])
    }

    func testBinaryIsNotTOML() throws {
        let files: [(bytes: [UInt8], problem: String)] = [
            ([0x75, 0x6E, 0x69, 0x74, 0x73, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22], // units = "<FF>"
             "config.toml line 1, column 10: not TOML (it is not UTF-8 text); using the defaults"),
            (Array("units = \"mi\"\n".utf8) + [0] + Array("junk".utf8),
             "config.toml line 2, column 1: not TOML (a key, a [table] or a comment was expected, not U+0000); "
                + "using the defaults"),
        ]
        for (bytes, problem) in files {
            try write("")
            try Data(bytes).write(to: url)
            let loaded = file.load()
            XCTAssertEqual(loaded.settings, Settings())
            XCTAssertEqual(loaded.problems, [problem])
        }
    }

    /// A NUL is a character like another in a string (TOMLKit handed strings over as C strings: "09:00\u0000junk"
    /// arrived as a valid "09:00", silently): its rule refuses the value, shown escaped.
    func testAnEscapedNULIsPartOfTheValue() throws {
        try write(#"""
            departure = "09:00\u0000junk"
            units = "mi\U00000000"
            osrm_url = "http://127.0.0.1:5000/\\u0000"
            routino_dir = '/data/\u0000'
            router = "osrm"
            """#)
        let contents = file.read()
        XCTAssertEqual(contents.problems, [
            #"config.toml line 1: departure must be a time HH:MM from 00:00 to 23:59, not "09:00\u0000junk"; using 09:00"#,
            #"config.toml line 2: units must be km or mi, not "mi\u0000"; using km"#,
        ])
        XCTAssertEqual(contents.keysFromFile, [.osrmURL, .routinoDirectory, .router],
                       "an escaped backslash and a literal string hold no NUL")
    }

    /// A problem is one line that shows what the file holds: a line break or an escape in a value is escaped.
    func testControlCharactersInAValueAreEscapedInItsProblem() throws {
        try write(#"units = "a\nb\u001b[31m\"\\""#)
        XCTAssertEqual(file.load().problems,
                       [#"config.toml line 1: units must be km or mi, not "a\nb\u001B[31m\"\\"; using km"#])
    }

    /// Shapes that made TOMLKit's parser (toml++) abort the process: issue 31's (a Unicode line or paragraph
    /// separator or NEL where a list's value goes, a string closed by four or five quotes) and the fuzzer's (a date
    /// whose T is not followed by a time, a header that does not start like a key, a } where a value goes). Each is
    /// a file that is not TOML, said with its line and column, and never overwritten; in a string or a comment the
    /// same text is only text.
    func testShapesThatCrashedTheParserAreNotTOML() throws {
        let shapes: [(value: String, place: String, reason: String)] = [
            ("[\u{2028}]", "3, column 14", "a value was expected, not U+2028"),
            ("[1,\u{2029}]", "3, column 16", "a value was expected, not U+2029"),
            ("[\u{85}]", "3, column 14", "a value was expected, not U+0085"),
            ("{ a = [\u{2028}] }", "3, column 20", "a value was expected, not U+2028"),
            (#"["""x"""", }]"#, "3, column 24", #"a value was expected, not "}""#),
            (#"["""x""""", }]"#, "3, column 25", #"a value was expected, not "}""#),
            ("['''x'''', }]", "3, column 24", #"a value was expected, not "}""#),
            ("1979-05-27Tx07:32:00Z", "3, column 23", #"the line should end after the statement, not go on with "T""#),
            ("[1979-05-27tab:cd]", "3, column 24", #"a comma or ] was expected after the list's value, not "t""#),
            ("[1, }", "3, column 17", #"a value was expected, not "}""#),
            ("{ b = 1, }", "3, column 22", #"a key was expected, not "}""#),
        ]
        for shape in shapes {
            try write("# departure = [\u{2028}]: in a comment\nunits = \"mi\"\ndeparture = \(shape.value)\n")
            XCTAssertEqual(file.load().problems,
                           ["config.toml line \(shape.place): not TOML (\(shape.reason)); using the defaults"], shape.value)
            XCTAssertThrowsError(try file.set("units", to: "km"), "a file that is not TOML is never overwritten")
        }
        try write("units = \"mi\"\nosrm_url = \"http://h/[\u{2028}]\"\nrouter = '''\n1979-05-27Tx:\"\"\"\"\n'''\n")
        XCTAssertEqual(file.load().settings.units, .mi, "strings may hold them")
        for (header, column) in [("[\\x]", 2), ("[[ \\x]]", 4)] {
            try write("units = \"mi\"\n\(header)\n")
            XCTAssertEqual(file.load().problems,
                           [#"config.toml line 2, column \#(column): not TOML (a key was expected, not "\"); "#
                            + "using the defaults"], header)
        }
        try write("units = \"mi\"\n[ colors ]\n[[\"quoted\"]]\n")
        XCTAssertEqual(file.load().problems.count, 2, "headers that start like keys are tables (unknown settings)")
    }

    /// TOMLParserGuard refused this valid key as "a date and time without the time after T".
    func testAKeyLikeADateIsAnUnknownSetting() throws {
        try write("units = \"mi\"\n1979-05-27Tab = 1\n")
        let loaded = file.load()
        XCTAssertEqual(loaded.problems, ["config.toml line 2: unknown setting 1979-05-27Tab; ignored"])
        XCTAssertEqual(loaded.settings.units, .mi)
    }

    /// Each key's line is found in one pass: looked up key by key, 5,000 keys took 36 s (debug build).
    func testAFileOfThousandsOfKeysReadsQuickly() throws {
        try write((1...10_000).map { "key\($0) = \($0)\n" }.joined())
        let started = Date()
        let problems = file.load().problems
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(problems.count, 10_000)
        XCTAssertEqual(problems.last, "config.toml line 10000: unknown setting key10000; ignored")
    }

    func testSomethingElseThanAFileIsAProblem() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        XCTAssertEqual(file.load().problems,
                       ["config.toml: cannot be read (it is not a regular file); using the defaults"])
    }
}
