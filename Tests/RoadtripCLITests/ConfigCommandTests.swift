import Foundation
import XCTest
@testable import roadtrip
import RoadtripCore

/// `roadtrip config …` on a settings file under the test's own XDG_CONFIG_HOME: golden output and exit codes.
final class ConfigCommandTests: XCTestCase {
    private var directory: URL!
    private var configFile: URL { directory.appendingPathComponent("xdg/roadtrip/config.toml") }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    private func roadtrip(_ arguments: String..., expect status: Int32 = 0,
                          file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path,
                           "XDG_DATA_HOME": directory.appendingPathComponent("data").path]
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments, environment: environment)
        XCTAssertEqual(result.status, status, "stderr: \(result.stderr)", file: file, line: line)
        return result
    }

    private func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: configFile)
    }

    private func configText() -> String? {
        (try? Data(contentsOf: configFile)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The folder an unset routino_dir means under this test's XDG_DATA_HOME.
    private var routinoDefault: String { directory.appendingPathComponent("data/roadtrip/routino").path }

    private var defaults: String { """
        units                  km  (default)
        router                 estimate  (default)
        osrm_url               http://127.0.0.1:5000  (default)
        routino_dir            \(routinoDefault)  (default)
        speed_kmh              80  (default)
        detour                 1.3  (default)
        daily_limit_hours      8  (default)
        departure              09:00  (default)
        break_after_hours      4.5  (default)
        break_minutes          45  (default)
        vehicle                car  (default)
        top_speed_kmh          0  (default)
        consumption_per_100km  0  (default)
        consumption_at_120     0  (default)
        tank                   0  (default)
        range_km               0  (default)
        height_m               0  (default)
        width_m                0  (default)
        weight_t               0  (default)
        avoid                  none  (default)
        fuel_price             0  (default)
        energy_price           0  (default)
        currency               EUR  (default)
        lodging_per_night      0  (default)
        travellers             1  (default)
        battery_kwh            0  (default)
        start_soc              90  (default)
        reserve_soc            10  (default)
        charge_to_soc          80  (default)
        peak_charge_kw         100  (default)
        ac_charge_kw           11  (default)
        charge_curve           built-in  (default)
        charge_stop_minutes    5  (default)
        charge_ports           type2,type2_cable,type2_combo  (default)

        """
    }

    func testWithoutAFileEverySettingIsItsDefault() throws {
        let list = try roadtrip("config", "list")
        XCTAssertEqual(list.stdout, defaults)
        XCTAssertEqual(list.stderr, "")
        XCTAssertEqual(try roadtrip("config").stdout, defaults, "list is the default subcommand")
        XCTAssertEqual(try roadtrip("config", "get", "departure").stdout, "09:00\n")
        XCTAssertNil(configText(), "reading creates no file")
    }

    /// An unset routino_dir is printed as the folder it means, resolved as the routing engine resolves it: under
    /// $XDG_DATA_HOME, else (unset or not absolute) under $HOME's .local/share; a set one is itself.
    func testTheDefaultRoutinoFolderIsTheRealPath() throws {
        let home = directory.appendingPathComponent("home").path
        let withXDG = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["config", "get", "routino_dir"],
                                            environment: ["XDG_DATA_HOME": "/srv/xdg data", "HOME": home])
        XCTAssertEqual(withXDG.stdout, "/srv/xdg data/roadtrip/routino\n", withXDG.stderr)
        for unset in ["", "relative"] {
            let list = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["config", "list"],
                                             environment: ["XDG_DATA_HOME": unset, "HOME": home])
            XCTAssertTrue(list.stdout.contains("\nroutino_dir            \(home)/.local/share/roadtrip/routino  (default)\n"),
                          list.stdout)
            XCTAssertFalse(list.stdout.contains("$"), list.stdout)
        }
        try roadtrip("config", "set", "routino_dir", "/srv/routino")
        XCTAssertEqual(try roadtrip("config", "get", "routino_dir").stdout, "/srv/routino\n")
        // Help describes the default the same on every machine.
        XCTAssertTrue(try roadtrip("config", "--help").stdout.contains("$XDG_DATA_HOME/roadtrip/routino"))
    }

    func testSetGetListUnset() throws {
        XCTAssertEqual(try roadtrip("config", "set", "speed_kmh", "95").stdout, "")
        try roadtrip("config", "set", "router", "osrm")
        try roadtrip("config", "set", "osrm_url", "https://osrm.example.org/")
        try roadtrip("config", "set", "vehicle", "campervan")
        try roadtrip("config", "set", "avoid", "tolls,ferries")
        try roadtrip("config", "set", "fuel_price", "1.85")
        try roadtrip("config", "set", "charge_ports", "chademo,type2_combo")
        XCTAssertEqual(try roadtrip("config", "get", "speed_kmh").stdout, "95\n")
        XCTAssertEqual(try roadtrip("config", "get", "avoid").stdout, "ferries,tolls\n")
        XCTAssertEqual(try roadtrip("config", "get", "osrm_url").stdout, "https://osrm.example.org\n")
        XCTAssertEqual(try roadtrip("config", "list").stdout, """
            units                  km  (default)
            router                 osrm
            osrm_url               https://osrm.example.org
            routino_dir            \(routinoDefault)  (default)
            speed_kmh              95
            detour                 1.3  (default)
            daily_limit_hours      8  (default)
            departure              09:00  (default)
            break_after_hours      4.5  (default)
            break_minutes          45  (default)
            vehicle                campervan
            top_speed_kmh          0  (default)
            consumption_per_100km  0  (default)
            consumption_at_120     0  (default)
            tank                   0  (default)
            range_km               0  (default)
            height_m               0  (default)
            width_m                0  (default)
            weight_t               0  (default)
            avoid                  ferries,tolls
            fuel_price             1.85
            energy_price           0  (default)
            currency               EUR  (default)
            lodging_per_night      0  (default)
            travellers             1  (default)
            battery_kwh            0  (default)
            start_soc              90  (default)
            reserve_soc            10  (default)
            charge_to_soc          80  (default)
            peak_charge_kw         100  (default)
            ac_charge_kw           11  (default)
            charge_curve           built-in  (default)
            charge_stop_minutes    5  (default)
            charge_ports           type2_combo,chademo

            """)
        let mode = try FileManager.default.attributesOfItem(atPath: configFile.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)

        try roadtrip("config", "unset", "speed_kmh")
        try roadtrip("config", "unset", "router")
        try roadtrip("config", "unset", "osrm_url")
        try roadtrip("config", "unset", "vehicle")
        try roadtrip("config", "set", "avoid", "none")
        try roadtrip("config", "unset", "fuel_price")
        XCTAssertEqual(try roadtrip("config", "get", "charge_ports").stdout, "type2_combo,chademo\n", "in the sockets' order")
        try roadtrip("config", "unset", "charge_ports")
        XCTAssertEqual(try roadtrip("config", "get", "avoid").stdout, "none\n")
        try roadtrip("config", "unset", "avoid")
        XCTAssertEqual(try roadtrip("config", "list").stdout, defaults)
    }

    func testABadKeyOrValueIsExitOneAndChangesNothing() throws {
        try writeConfig("units = \"mi\"  # I think in miles\n")
        let before = configText()
        XCTAssertEqual(try roadtrip("config", "set", "speed_kmh", "500", expect: 1).stderr,
                       "roadtrip: speed_kmh must be a number from 10 to 200\n")
        XCTAssertEqual(try roadtrip("config", "set", "departure", "9h", expect: 1).stderr,
                       "roadtrip: departure must be a time HH:MM from 00:00 to 23:59\n")
        XCTAssertEqual(try roadtrip("config", "set", "break_minutes", "1h", expect: 1).stderr,
                       "roadtrip: break_minutes must be a whole number from 0 to 240\n")
        XCTAssertEqual(try roadtrip("config", "set", "charge_curve", directory.appendingPathComponent("none.txt").path,
                                    expect: 1).stderr,
                       "roadtrip: charge_curve must be the absolute path of a readable file of \"SoC kW\" lines, or built-in\n")
        XCTAssertEqual(try roadtrip("config", "set", "charge_ports", "none", expect: 1).stderr,
                       "roadtrip: charge_ports must be " + SettingKey.chargePorts.requirement + "\n")
        let unknown = "roadtrip: unknown setting \"speed\"; the settings are "
            + SettingKey.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
        XCTAssertEqual(try roadtrip("config", "set", "speed", "90", expect: 1).stderr, unknown)
        XCTAssertEqual(try roadtrip("config", "get", "speed", expect: 1).stderr, unknown)
        XCTAssertEqual(try roadtrip("config", "unset", "speed", expect: 1).stderr, unknown)
        XCTAssertEqual(configText(), before)
    }

    func testProblemsInTheFileGoToStderrAndTheDefaultsAreUsed() throws {
        try writeConfig("""
            units = "mi"
            speed_kmh = 500
            "\\u001B[2J" = 1
            """)
        let list = try roadtrip("config", "list")
        XCTAssertEqual(list.stdout.split(separator: "\n").prefix(5), [
            "units                  mi",
            "router                 estimate  (default)",
            "osrm_url               http://127.0.0.1:5000  (default)",
            "routino_dir            \(routinoDefault)  (default)",
            "speed_kmh              80  (default)",
        ])
        XCTAssertEqual(list.stderr, """
            roadtrip: config.toml line 2: speed_kmh must be a number from 10 to 200, not 500; using 80
            roadtrip: config.toml line 3: unknown setting ^[[2J; ignored

            """)
        XCTAssertEqual(try roadtrip("config", "get", "units").stdout, "mi\n")
    }

    func testAFileThatIsNotTOMLIsReportedAndNeverOverwritten() throws {
        try writeConfig("units = \"mi\"\nspeed_kmh =\n")
        let before = configText()
        let list = try roadtrip("config", "list")
        XCTAssertEqual(list.stdout, defaults)
        let fault = "line 2, column 12: not TOML (a value was expected, not the end of the line)"
        XCTAssertEqual(list.stderr, "roadtrip: config.toml \(fault); using the defaults\n")

        let set = try roadtrip("config", "set", "units", "km", expect: 2)
        XCTAssertEqual(set.stderr, "roadtrip: \(configFile.path) \(fault); nothing was changed (fix or remove the file first)\n")
        XCTAssertEqual(configText(), before)
    }

    /// Issue 31: toml++ aborted every command (SIGABRT) on a line or paragraph separator or NEL where a list's value
    /// goes, and on a string closed by four or five quotes. Now each command says where the file breaks the grammar,
    /// uses the defaults and exits normally; `config set` refuses to write over a file that is not TOML.
    func testAConfigThatAbortedTOMLKitIsReportedAndEveryCommandRuns() throws {
        let shapes: [(line: String, column: Int, found: String)] = [
            ("a = [\u{2028}]", 6, "U+2028"), ("a = [1,\u{2029}]", 8, "U+2029"), ("a = [\u{85}]", 6, "U+0085"),
            ("a = { b = [\u{2028}] }", 12, "U+2028"), (#"note = ["""x"""", }]"#, 19, #""}""#),
            (#"note = ["""x""""", }]"#, 20, #""}""#), ("note = ['''x''''', }]", 20, #""}""#),
        ]
        let trips = directory.appendingPathComponent("trips.json").path
        for shape in shapes {
            try writeConfig("units = \"mi\"\n\(shape.line)\n")
            let problem = "roadtrip: config.toml line 2, column \(shape.column): not TOML (a value was expected, not "
                + "\(shape.found)); using the defaults\n"
            let list = try roadtrip("config", "list")
            XCTAssertEqual(list.stdout, defaults, shape.line)
            XCTAssertEqual(list.stderr, problem, shape.line)
            XCTAssertEqual(try roadtrip("list", "--data", trips).stderr, problem, shape.line)
            XCTAssertEqual(try roadtrip("config", "get", "units").stdout, "km\n", shape.line)
            try roadtrip("config", "set", "units", "km", expect: 2)
        }
    }

    /// `config set` edits the file in place: the user's comments, blank lines and order stay; only the value changes.
    func testSetKeepsTheUsersFile() throws {
        let file = "# Mine\n\nunits = \"mi\"  # miles\n\n# Speed\nspeed_kmh = 95  # cruising\n[extras]\nnote = \"x\"\n"
        try writeConfig(file)
        try roadtrip("config", "set", "speed_kmh", "90")
        XCTAssertEqual(configText(), file.replacingOccurrences(of: "95", with: "90"))
        try roadtrip("config", "set", "detour", "1.5")
        XCTAssertEqual(configText(), file.replacingOccurrences(of: "95", with: "90")
                        .replacingOccurrences(of: "# cruising\n", with: "# cruising\ndetour = 1.5\n"))
        try roadtrip("config", "unset", "units")
        XCTAssertEqual(configText(), "# Mine\n\n\n# Speed\nspeed_kmh = 90  # cruising\ndetour = 1.5\n[extras]\nnote = \"x\"\n")
    }

    /// TOMLKit wrote 0.00005 as 5.0000000000000002e-05, which every later read refused, while `set` said nothing.
    func testASmallNumberIsWrittenSoThatItReadsBack() throws {
        XCTAssertEqual(try roadtrip("config", "set", "break_after_hours", "0.00005").stderr, "")
        XCTAssertEqual(configText(), "# roadtrip settings: `roadtrip config list` shows every key, "
                       + "`roadtrip config set KEY VALUE` changes one.\n\nbreak_after_hours = 0.00005\n")
        let get = try roadtrip("config", "get", "break_after_hours")
        XCTAssertEqual(get.stdout, "0.00005\n")
        XCTAssertEqual(get.stderr, "")
        let list = try roadtrip("config", "list")
        XCTAssertTrue(list.stdout.contains("\nbreak_after_hours      0.00005\n"), list.stdout)
        XCTAssertEqual(list.stderr, "")
    }

    func testAFileThatCannotBeWrittenIsExitTwo() throws {
        // No folder can be made in /proc, not even by root.
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["config", "set", "units", "mi"],
                                           environment: ["XDG_CONFIG_HOME": "/proc"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "roadtrip: cannot write /proc/roadtrip/config.toml: mkdir: No such file or "
                       + "directory; the settings are unchanged\n")
    }

    func testPath() throws {
        XCTAssertEqual(try roadtrip("config", "path").stdout, configFile.path + "\n")
        let home = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["config", "path"],
                                         environment: ["XDG_CONFIG_HOME": "", "HOME": directory.path])
        XCTAssertEqual(home.stdout, directory.path + "/.config/roadtrip/config.toml\n")
    }

    func testRouterAndUnitsOverrideTheFileForOneRun() throws {
        try writeConfig("units = \"mi\"\nrouter = \"routino\"\nspeed_kmh = 70\n")
        let file = SettingsFile(url: configFile)
        let plain = try UnitOptions.parse([]).effectiveSettings(file: file)
        XCTAssertEqual(plain.settings.units, .mi)
        XCTAssertEqual(plain.settings.router, .routino)
        let overridden = try UnitOptions.parse(["--router", "osrm", "--units", "km"]).effectiveSettings(file: file)
        XCTAssertEqual(overridden.settings.units, .km)
        XCTAssertEqual(overridden.settings.router, .osrm)
        XCTAssertEqual(overridden.settings.speedKmh, 70, "what is not overridden comes from the file")
        XCTAssertEqual(overridden.problems, [])

        // The commands take them, and refuse what is not a router.
        try roadtrip("list", "--router", "osrm", "--units", "mi", "--data", directory.appendingPathComponent("t.json").path)
        let bad = try roadtrip("list", "--router", "google", expect: 1)
        XCTAssertTrue(bad.stderr.contains("--router"), bad.stderr)
    }
}
