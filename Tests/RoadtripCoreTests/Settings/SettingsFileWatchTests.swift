import Foundation
import XCTest
@testable import RoadtripCore

/// Following config.toml changed behind a running app: a new version is read, a broken one keeps the last good
/// settings and says so once.
final class SettingsFileWatchTests: XCTestCase {
    private var directory: URL!
    private var url: URL { directory.appendingPathComponent("config.toml") }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rt-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Atomically, as `config set` and most editors do: a new file each time.
    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    private func settings(_ change: (inout Settings) -> Void) -> Settings {
        var settings = Settings()
        change(&settings)
        return settings
    }

    func testANewVersionIsReadOnceAndAnUnchangedFileIsNotReadAgain() throws {
        try write("daily_limit_hours = 8\n")
        let watch = SettingsFileWatch(file: SettingsFile(url: url))
        XCTAssertNil(watch.check(), "nothing changed since the start")

        try write("daily_limit_hours = 5\n")
        XCTAssertEqual(watch.check(), .init(settings: settings { $0.dailyLimitHours = 5 }, problems: []))
        XCTAssertNil(watch.check(), "the same version again")

        try write("daily_limit_hours = 5.0\n")
        XCTAssertNil(watch.check(), "a new version saying the same")
    }

    func testABrokenFileKeepsTheLastGoodSettingsAndSaysSoOnce() throws {
        try write("daily_limit_hours = 5\nspeed_kmh = 90\n")
        let watch = SettingsFileWatch(file: SettingsFile(url: url))

        try write("daily_limit_hours = [\n")
        let broken = try XCTUnwrap(watch.check())
        XCTAssertNil(broken.settings, "the last good settings stay")
        XCTAssertEqual(broken.problems, ["config.toml line 2, column 1: not TOML (a value was expected, not the end of "
                                         + "the file); keeping the settings in force"])
        XCTAssertNil(watch.check(), "said once, not at every check")

        // A refused value keeps them all too: the others are not reset to their defaults.
        try write("daily_limit_hours = 30\nspeed_kmh = 100\n")
        XCTAssertEqual(watch.check(), .init(settings: nil, problems: [
            "config.toml line 1: daily_limit_hours must be a number from 1 to 24, not 30; keeping the settings in force",
        ]))

        try write("daily_limit_hours = 6\nspeed_kmh = 90\n")
        XCTAssertEqual(watch.check(), .init(settings: settings { $0.dailyLimitHours = 6; $0.speedKmh = 90 }, problems: []))
    }

    func testARemovedFileIsTheDefaults() throws {
        try write("daily_limit_hours = 5\n")
        let watch = SettingsFileWatch(file: SettingsFile(url: url))
        try FileManager.default.removeItem(at: url)
        XCTAssertEqual(watch.check(), .init(settings: Settings(), problems: []))
    }
}
