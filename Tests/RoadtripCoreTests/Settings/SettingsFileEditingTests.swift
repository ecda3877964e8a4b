import Foundation
import XCTest
@testable import RoadtripCore

/// `set` and `unset` edit the file in place: the key's value or lines change, every other byte stays (the
/// user's comments, order, blank lines, unknown keys and tables).
final class SettingsFileEditingTests: XCTestCase {
    var directory: URL!
    var url: URL { directory.appendingPathComponent("roadtrip/config.toml") }
    var file: SettingsFile { SettingsFile(url: url) }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rt-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func write(_ text: String) throws {
        try Data(text.utf8).write(to: url)
    }

    func text() throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    private let userFile = """
        # My settings, by hand.

        units = "mi"   # I think in miles
          speed_kmh   =   95.5 # cruising
        colour = "blue"  # not a setting (yet)

        # Routing
        router = 'osrm'
        [extras]
        note = "kept"

        """

    func testSetChangesOnlyTheValue() throws {
        try write(userFile)
        try file.set("speed_kmh", to: "90")
        try file.set("router", to: "routino")
        XCTAssertEqual(try text(), userFile.replacingOccurrences(of: "95.5", with: "90")
                        .replacingOccurrences(of: "'osrm'", with: "\"routino\""))
        XCTAssertEqual(file.load().settings.speedKmh, 90)
    }

    func testUnsetRemovesOnlyTheKeysLines() throws {
        try write(userFile)
        try file.unset("speed_kmh")
        try file.unset("colour")
        XCTAssertEqual(try text(), """
            # My settings, by hand.

            units = "mi"   # I think in miles

            # Routing
            router = 'osrm'
            [extras]
            note = "kept"

            """)
        try file.unset("extras")
        XCTAssertEqual(try text(), "# My settings, by hand.\n\nunits = \"mi\"   # I think in miles\n\n# Routing\nrouter = 'osrm'\n")
    }

    /// After the last top-level key, which tables follow; with the file's line breaks.
    func testANewKeyGoesAtTheEndOfTheTopLevelTable() throws {
        try write(userFile)
        try file.set("detour", to: "1.5")
        XCTAssertEqual(try text(), userFile.replacingOccurrences(of: "router = 'osrm'\n", with: "router = 'osrm'\ndetour = 1.5\n"))

        let cases: [(before: String, after: String)] = [
            ("", "detour = 1.5\n"),
            ("units = \"mi\"", "units = \"mi\"\ndetour = 1.5\n"),
            ("# Mine\n\n# Extras\n[extras]\n", "# Mine\n\ndetour = 1.5\n# Extras\n[extras]\n"),
            ("units = \"mi\"\r\n# end\r\n", "units = \"mi\"\r\n# end\r\ndetour = 1.5\r\n"),
        ]
        for (before, after) in cases {
            try write(before)
            try file.set("detour", to: "1.5")
            XCTAssertEqual(try text(), after, before)
        }
    }

    /// A setting written as a table or as dotted keys (not a value it can take) is replaced by `key = value`.
    func testAKeyWrittenAsATableIsReplaced() throws {
        try write("units = \"mi\"\ndetour.x = 1\n[detour.y]\nz = 2\n[extras]\nz = 3\n")
        XCTAssertEqual(file.load().problems, ["config.toml line 2: detour must be a number from 1 to 3, not a table; using 1.3",
                                              "config.toml line 5: unknown setting extras; ignored"])
        try file.set("detour", to: "1.5")
        XCTAssertEqual(try text(), "units = \"mi\"\ndetour = 1.5\n[extras]\nz = 3\n")
        XCTAssertEqual(file.load().problems, ["config.toml line 3: unknown setting extras; ignored"])
    }

    /// Swift's description of 0.00005 is 5e-05 (TOMLKit wrote 5.0000000000000002e-05): an exponent the settings'
    /// rule refuses, so the file's value was refused on every later read.
    func testANumberIsWrittenAsItReadsBack() throws {
        for value in ["0.00005", "0.1", "23.999999999999996", "4.25", "0.0000001"] {
            try file.set("break_after_hours", to: value)
            let written = try text()
            XCTAssertTrue(written.contains("break_after_hours = \(value)\n"), written)
            let loaded = file.load()
            XCTAssertEqual(loaded.problems, [], value)
            XCTAssertEqual(SettingKey.breakAfterHours.text(in: loaded.settings), value)
            XCTAssertEqual(loaded.settings.breakAfterHours, Double(value))
        }
    }
}
