import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The settings file changed behind the running app (another shell's `config set`, an editor): the days view
/// follows the new daily limit; a broken file keeps it and says so once.
final class SettingsFileFollowedTests: XCTestCase {
    private var folder: TemporaryTripFile!
    private var settingsFile: SettingsFile!

    override func setUpWithError() throws {
        folder = try TemporaryTripFile()
        settingsFile = SettingsFile(url: folder.directory.appendingPathComponent("config.toml"))
        try write("daily_limit_hours = 8\n")
    }

    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: settingsFile.url, options: .atomic)
    }

    /// What the app does within a second: its timer's check, then the loop's next turn and frame.
    private func followed(_ driver: AppDriver) throws {
        try XCTUnwrap(driver.session.settingsFollower).checkNow()
        driver.runQueued()
        driver.app.render()
    }

    /// The days whose driving is drawn in the error colour: the ones over the daily limit.
    private func daysOverTheLimit(_ driver: AppDriver) -> [String] {
        (0..<driver.terminal.size.rows).compactMap { row in
            let text = driver.terminal.text(row: row)
            guard let driving = text.range(of: " h "), text.contains("≈") else { return nil }
            let column = text.distance(from: text.startIndex, to: driving.lowerBound)
            return driver.terminal.cell(row: row, column: column).attributes == .error ? text : nil
        }
    }

    func testTheDaysViewFollowsADailyLimitSetInAnotherShell() throws {
        let driver = AppDriver(repository: InMemoryTripRepository(trips: [RenderingFixtures.route66]), rows: 30,
                               columns: 100, settingsFile: settingsFile)
        driver.press(.enter, .character("v"), .character("G"))
        XCTAssertEqual(driver.topTitle, "Route 66 · days")
        let before = daysOverTheLimit(driver)

        try write("daily_limit_hours = 5\n")
        try followed(driver)
        XCTAssertEqual(driver.context.settings.current.dailyLimitHours, 5)
        let after = daysOverTheLimit(driver)
        XCTAssertGreaterThan(after.count, before.count, driver.dump)

        try write("daily_limit_hours = [\n")
        try followed(driver)
        XCTAssertEqual(driver.context.settings.current.dailyLimitHours, 5, "the last good settings stay")
        XCTAssertTrue(driver.statusLine.hasPrefix("config.toml line 2, column 1: not TOML"), driver.statusLine)
        XCTAssertEqual(daysOverTheLimit(driver), after)

        driver.press(.character("k"))
        try followed(driver)
        XCTAssertFalse(driver.statusLine.contains("not TOML"), "said once: \(driver.statusLine)")
    }

    /// An open Settings screen shows the value another shell set, without being left and opened again.
    func testTheOpenSettingsScreenShowsTheNewValue() throws {
        let driver = AppDriver(repository: InMemoryTripRepository(trips: []), rows: 30, columns: 100,
                               settingsFile: settingsFile)
        driver.press(.character("s"))
        XCTAssertEqual(driver.topTitle, "Settings")
        let row = { driver.screen.first { $0.contains("daily_limit_hours") } ?? "" }
        XCTAssertTrue(row().contains(" 8"), driver.dump)
        try write("daily_limit_hours = 5\n")
        try followed(driver)
        XCTAssertTrue(row().contains(" 5"), driver.dump)
    }
}
