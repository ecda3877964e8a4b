import Foundation
import XCTest
@testable import RoadtripCore

/// `set` and `unset`: validated first, then the file replaced atomically with only that key's value or lines changed.
final class SettingsFileWritingTests: XCTestCase {
    var directory: URL!
    var url: URL { directory.appendingPathComponent("xdg/roadtrip/config.toml") }
    var file: SettingsFile { SettingsFile(url: url) }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rt-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func text() -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.contains("roadtrip-tmp") }
    }

    /// Writers at once (an instance's Settings screen, `config set` in another shell) each change their own key:
    /// every change is kept, none lost to another's read-change-write.
    func testWritersAtOnceKeepEveryChange() throws {
        let keys = ["speed_kmh", "detour", "daily_limit_hours", "units"]
        for round in 0..<15 {
            let speed = 50 + round, detour = 1.1 + Double(round) / 100, limit = 4 + round % 10
            let units: DistanceUnit = round % 2 == 0 ? .mi : .km
            let values = [String(speed), String(detour), String(limit), units.rawValue]
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: keys.count) { index in
                do { try SettingsFile(url: url).set(keys[index], to: values[index]) } catch { failures.add(error) }
            }
            XCTAssertEqual(failures.all.count, 0, "\(failures.all)")
            let settings = file.read().settings
            XCTAssertEqual([settings.speedKmh, settings.detour, settings.dailyLimitHours], [Double(speed), detour, Double(limit)],
                           "round \(round)")
            XCTAssertEqual(settings.units, units, "round \(round)")
        }
    }

    /// A writer that finds the lock held past `lockWait` gives up, saying who holds it; the file is untouched.
    func testAWriterWaitsForTheLockThenSaysWhoHoldsIt() throws {
        try file.set("speed_kmh", to: "90")
        var held: FileLock? = {
            guard case .acquired(let lock) = FileLock.acquire(url.path + ".lock", creating: true, fileSystem: PosixFileSystem())
            else { return nil }
            return lock
        }()
        XCTAssertNotNil(held, "the lock could not be taken")
        let started = Date()
        XCTAssertThrowsError(try file.set("speed_kmh", to: "70")) { error in
            XCTAssertTrue("\(error)".contains("another roadtrip (pid \(getpid())) is still saving the settings"), "\(error)")
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), SettingsFile.lockWait * 0.9)
        held = nil  // released: the next writer goes ahead
        XCTAssertNil(held)
        XCTAssertTrue(text()?.contains("speed_kmh = 90") == true, text() ?? "")
        try file.set("speed_kmh", to: "70")
        XCTAssertTrue(text()?.contains("speed_kmh = 70") == true, text() ?? "")
    }

    func testSetCreatesThePrivateFileAndReadsBack() throws {
        try file.set("speed_kmh", to: "95")
        try file.set("detour", to: "1.25")
        try file.set("departure", to: "7:30")
        try file.set("osrm_url", to: "https://osrm.example.org/")
        XCTAssertEqual(text(), SettingsFile.header + """
            speed_kmh = 95
            detour = 1.25
            departure = "07:30"
            osrm_url = "https://osrm.example.org"

            """, "in the order they were set")
        XCTAssertEqual(try mode(url.path), 0o600)
        XCTAssertEqual(try mode(url.deletingLastPathComponent().path), 0o700)
        XCTAssertEqual(try mode(directory.appendingPathComponent("xdg").path), 0o700)

        let contents = file.read()
        XCTAssertEqual(contents.problems, [])
        XCTAssertEqual(contents.keysFromFile, [.speedKmh, .detour, .departure, .osrmURL])
        XCTAssertEqual(contents.settings.speedKmh, 95)
        XCTAssertEqual(contents.settings.detour, 1.25)
        XCTAssertEqual(contents.settings.departureMinutes, 450)
        XCTAssertEqual(contents.settings.osrmURL, "https://osrm.example.org")
        XCTAssertEqual(try temporaryFiles(), [])
    }

    func testEveryKeyRoundTrips() throws {
        let values = ["units": "mi", "router": "routino", "osrm_url": "http://10.0.0.2:5000",
                      "routino_dir": "/srv/routino db", "speed_kmh": "120", "detour": "2.5",
                      "daily_limit_hours": "7.5", "departure": "23:59", "break_after_hours": "0",
                      "break_minutes": "30", "range_km": "450", "vehicle": "ev", "top_speed_kmh": "130",
                      "consumption_per_100km": "18.5", "consumption_at_120": "24", "tank": "77", "height_m": "1.6",
                      "width_m": "1.9", "weight_t": "2.1", "avoid": "ferries,unpaved", "fuel_price": "1.799",
                      "energy_price": "0.39", "currency": "kr", "lodging_per_night": "80.5", "travellers": "4",
                      "battery_kwh": "58", "start_soc": "95", "reserve_soc": "12", "charge_to_soc": "85",
                      "peak_charge_kw": "175.5", "ac_charge_kw": "7.4", "charge_curve": try curveFile(),
                      "charge_stop_minutes": "8", "charge_ports": "type1,type1_combo"]
        for key in SettingKey.allCases {
            let value = try XCTUnwrap(values[key.rawValue], "\(key.rawValue): no value in this test")
            try file.set(key.rawValue, to: value)
        }
        let contents = file.read()
        XCTAssertEqual(contents.problems, [])
        XCTAssertEqual(contents.keysFromFile, Set(SettingKey.allCases))
        for key in SettingKey.allCases {
            XCTAssertEqual(key.text(in: contents.settings), values[key.rawValue], key.rawValue)
        }
    }

    /// A number is written as a TOML number, whole ones as integers, for every key that takes one (a key left
    /// out of a list of numbers was written as a string); the rest are strings.
    func testANumberIsWrittenAsATOMLNumber() throws {
        let values = ["units": "mi", "router": "osrm", "osrm_url": "http://10.0.0.2:5000", "routino_dir": "/srv/r",
                      "speed_kmh": "120", "detour": "2.5", "daily_limit_hours": "7.5", "departure": "23:59",
                      "break_after_hours": "4.25", "break_minutes": "30", "range_km": "450", "vehicle": "ev",
                      "top_speed_kmh": "90", "consumption_per_100km": "6.5", "consumption_at_120": "8",
                      "tank": "55", "height_m": "2.95", "width_m": "2", "weight_t": "3.5", "avoid": "tolls",
                      "fuel_price": "1.5", "energy_price": "0.3", "currency": "EUR", "lodging_per_night": "70",
                      "travellers": "3", "battery_kwh": "60", "start_soc": "90", "reserve_soc": "10",
                      "charge_to_soc": "80", "peak_charge_kw": "150", "ac_charge_kw": "11", "charge_curve": try curveFile(),
                      "charge_stop_minutes": "5", "charge_ports": "type2"]
        for key in SettingKey.allCases {
            let value = try XCTUnwrap(values[key.rawValue], "\(key.rawValue): no value in this test")
            try file.set(key.rawValue, to: value)
            let lines = try XCTUnwrap(text()).split(separator: "\n")
            let written = try XCTUnwrap(lines.first { $0.hasPrefix(key.rawValue + " = ") }, key.rawValue)
            let expected = Double(value) == nil ? "\"\(value)\"" : value
            XCTAssertEqual(written, "\(key.rawValue) = \(key.takesList ? "[\(expected)]" : expected)")
        }
    }

    /// `avoid` is written as a TOML list of words in the avoids' own order, whether `config set` got them
    /// comma-separated or in another order; none is an empty list, which reads back as none.
    /// A readable file for `charge_curve`, in the test's folder.
    func curveFile() throws -> String {
        let path = directory.appendingPathComponent("curve.txt").path
        try Data("0 150\n80 70\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAvoidIsWrittenAsAList() throws {
        let forms = [("tolls, ferries,tolls", #"["ferries", "tolls"]"#), ("motorways", #"["motorways"]"#),
                     ("none", "[]"), ("", "[]")]
        for (typed, written) in forms {
            try file.set("avoid", to: typed)
            XCTAssertEqual(text(), SettingsFile.header + "avoid = \(written)\n", typed)
            XCTAssertEqual(file.read().problems, [], typed)
        }
        XCTAssertEqual(SettingKey.avoid.text(in: file.read().settings), "none")
        XCTAssertThrowsError(try file.set("avoid", to: "ferries;tolls")) {
            XCTAssertEqual("\($0)",
                           "avoid must be a comma-separated list of motorways, ferries, tolls or unpaved, or none")
        }
    }

    func testSetKeepsTheOtherKeysEvenUnknownOrInvalidOnes() throws {
        try write("""
            units = "mi"
            speed_kmh = 500
            colour = "blue"
            """)
        try file.set("speed_kmh", to: "90")
        try file.set("router", to: "osrm")
        let loaded = file.load()
        XCTAssertEqual(loaded.settings.units, .mi)
        XCTAssertEqual(loaded.settings.speedKmh, 90)
        XCTAssertEqual(loaded.settings.router, .osrm)
        XCTAssertEqual(loaded.problems, ["config.toml line 3: unknown setting colour; ignored"])

        try file.set("units", to: "km")
        try write(text()! + "detour = 9\n")
        try file.set("units", to: "mi")
        XCTAssertEqual(file.load().problems.count, 2, "an invalid value for another key is kept for the user to fix")
    }

    func testBadValuesAndKeysAreRefusedAndTheFileIsUnchanged() throws {
        try write("units = \"mi\"  # miles, please\n")
        let before = text()
        let refusals: [(key: String, value: String, message: String)] = [
            ("speed_kmh", "500", "speed_kmh must be a number from 10 to 200"),
            ("detour", "0x2", "detour must be a number from 1 to 3"),
            ("units", "miles", "units must be km or mi"),
            ("router", "google", "router must be estimate, osrm, routino or auto"),
            ("routino_dir", "db", "routino_dir must be an absolute path (starting with /)"),
            ("speed", "90", "unknown setting \"speed\"; the settings are "
                + SettingKey.allCases.map(\.rawValue).joined(separator: ", ")),
            ("break_minutes", "45.5", "break_minutes must be a whole number from 0 to 240"),
            ("vehicle", "truck", "vehicle must be car, campervan, motorcycle or ev"),
            ("avoid", "ferries,ships",
             "avoid must be a comma-separated list of motorways, ferries, tolls or unpaved, or none"),
            ("currency", "EURO1", "currency must be a currency code or symbol of 1 to 4 letters, like EUR or €"),
            ("travellers", "0", "travellers must be a whole number from 1 to 99"),
            ("top_speed_kmh", "-5", "top_speed_kmh must be a number from 0 to 300"),
            ("charge_to_soc", "5", "charge_to_soc must be a whole number from 10 to 100"),
            ("charge_curve", "curve.txt", "charge_curve must be the absolute path of a readable file of \"SoC kW\" lines, or built-in"),
            ("charge_ports", "none", "charge_ports must be " + SettingKey.chargePorts.requirement),
        ]
        for refusal in refusals {
            XCTAssertThrowsError(try file.set(refusal.key, to: refusal.value)) {
                XCTAssertEqual("\($0)", refusal.message)
                XCTAssertTrue(($0 as? SettingsError)?.isUserError == true)
            }
        }
        XCTAssertEqual(text(), before, "the comment is still there: nothing was written")
    }

    func testAFileThatIsNotTOMLIsNotOverwritten() throws {
        try write("units = \"mi\"\nspeed_kmh = \n")
        let before = text()
        XCTAssertThrowsError(try file.set("units", to: "km")) { error in
            let message = "\(error)"
            XCTAssertEqual(message, url.path + " line 2, column 13: not TOML (a value was expected, not the end of "
                           + "the line); nothing was changed (fix or remove the file first)")
            XCTAssertEqual((error as? SettingsError)?.isUserError, false)
        }
        XCTAssertThrowsError(try file.unset("units"))
        XCTAssertEqual(text(), before)
    }

    func testSetIsAtomic() throws {
        try write("units = \"mi\"\n")
        let before = text()
        let fs = FaultyFileSystem()
        let faulty = SettingsFile(url: url, fileSystem: fs)
        try faulty.set("router", to: "osrm")
        let steps = fs.log.filter { [.open, .write, .fsync, .rename, .close].contains($0.call) }
            .map { "\($0.call.rawValue) \(Self.describe($0.path))" }
        XCTAssertEqual(steps, [
            "open config.toml.lock", "write config.toml.lock",  // the writers' lock, its holder's pid recorded
            "open config.toml", "close config.toml",
            "open temporary", "write temporary", "fsync temporary", "close temporary",
            "rename temporary -> config.toml",
            "open roadtrip", "fsync roadtrip", "close roadtrip",
            "close config.toml.lock",  // the lock released once the new version is in place
        ])

        // A failure at any step leaves the old version whole and no temporary file behind.
        let after = text()
        XCTAssertNotEqual(after, before)
        for call in [FaultyFileSystem.Call.write, .fsync, .rename] {
            let failing = FaultyFileSystem()
            failing.fail(call, with: ENOSPC, pathContains: "roadtrip-tmp")
            XCTAssertThrowsError(try SettingsFile(url: url, fileSystem: failing).set("units", to: "km")) {
                XCTAssertEqual(($0 as? SettingsError)?.isUserError, false)
                XCTAssertTrue("\($0)".hasPrefix("cannot write \(url.path): "), "\($0)")
            }
            XCTAssertEqual(text(), after, "\(call)")
            XCTAssertEqual(try temporaryFiles(), [], "\(call)")
        }
    }

    /// "temporary -> config.toml" for ".../.config.toml.roadtrip-tmp-1-ab -> .../config.toml".
    static func describe(_ paths: String) -> String {
        paths.components(separatedBy: " -> ")
            .map { $0.contains("roadtrip-tmp") ? "temporary" : ($0 as NSString).lastPathComponent }
            .joined(separator: " -> ")
    }

    func testALinkedFileStaysALink() throws {
        let dotfiles = directory.appendingPathComponent("dotfiles/config.toml")
        try FileManager.default.createDirectory(at: dotfiles.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("units = \"mi\"\n".utf8).write(to: dotfiles)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: dotfiles)

        try file.set("speed_kmh", to: "70")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url.path), dotfiles.path)
        XCTAssertEqual(file.load().settings.speedKmh, 70)
        XCTAssertEqual(file.load().settings.units, .mi)
    }

    func testUnsetReturnsAKeyToItsDefault() throws {
        try write("units = \"mi\"\nspeed = 90\nspeed_kmh = 100\n")
        try file.unset("speed_kmh")
        XCTAssertEqual(file.read().keysFromFile, [.units])
        XCTAssertEqual(file.load().settings.speedKmh, 80)
        // A key roadtrip does not know can be removed when the file has it (a typo)...
        try file.unset("speed")
        XCTAssertEqual(file.load().problems, [])
        // ...and is refused when it does not.
        XCTAssertThrowsError(try file.unset("speed")) {
            XCTAssertEqual($0 as? SettingsError, .unknownKey("speed"))
        }
        // A known key that is not there: nothing to do.
        let before = text()
        try file.unset("detour")
        XCTAssertEqual(text(), before)
    }

    func testUnsetWithoutAFileCreatesNone() throws {
        try file.unset("units")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
    }
}

/// Errors gathered from threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Error] = []
    var all: [Error] { lock.lock(); defer { lock.unlock() }; return errors }
    func add(_ error: Error) { lock.lock(); errors.append(error); lock.unlock() }
}
