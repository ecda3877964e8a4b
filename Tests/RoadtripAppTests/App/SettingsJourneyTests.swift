import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The Settings screen in the whole app on a `MemoryTerminal`, saving to a settings file in a temporary folder:
/// a change is on disk at once and every screen shows it at once, the ones under the Settings screen included.
///
/// The trip's one leg is 123.08 km of great circle (haversine, R = 6371.0088 km, 0° to 1.10686° on the equator),
/// × 1.3 = 160.0 km = 99.4 mi; 2 h at the default 80 km/h, 1 h 36 at 100 km/h.
final class SettingsJourneyTests: XCTestCase {
    private var folder: TemporaryTripFile!
    private var settingsFile: SettingsFile!
    private var repository: InMemoryTripRepository!

    override func setUpWithError() throws {
        folder = try TemporaryTripFile()
        // The folder does not exist yet: the first change makes it.
        settingsFile = SettingsFile(url: folder.directory.appendingPathComponent("roadtrip/config.toml"))
        repository = InMemoryTripRepository(trips: [Trip(name: "Equator", waypoints: [
            Waypoint(name: "West", latitude: 0, longitude: 0),
            Waypoint(name: "East", latitude: 0, longitude: 1.10686),
        ])])
    }

    private func configText() -> String {
        (try? String(contentsOf: settingsFile.url, encoding: .utf8)) ?? "<no file>"
    }

    /// What `screen` would draw now, without making it the top screen (which would read its data again).
    private func drawn(_ screen: Screen, rows: Int = 24, columns: Int = 80) -> [String] {
        let terminal = MemoryTerminal(rows: rows, columns: columns)
        screen.render(on: terminal, in: Rect(row: 0, column: 0, rows: rows - 1, columns: columns))
        return terminal.screenText
    }

    func testMilesAndASpeedSetOnTheSettingsScreenShowEverywhereAtOnceAndAreSaved() throws {
        let driver = AppDriver(repository: repository, settingsFile: settingsFile)
        XCTAssertTrue(driver.screenContains("≈160 km"), driver.dump)
        driver.press(.character("s"))
        XCTAssertEqual(driver.topTitle, "Settings")
        XCTAssertTrue(driver.screenContains(" units                  km  (default)"), driver.dump)

        driver.press(.enter)
        XCTAssertTrue(driver.screenContains(" units                  mi"), driver.dump)
        XCTAssertTrue(driver.screenContains("Saved units = mi"), driver.dump)
        XCTAssertTrue(configText().contains("units = \"mi\""), "on disk at once: \(configText())")
        // The list under the Settings screen has its miles already.
        XCTAssertTrue(drawn(driver.app.stack.screens[0]).contains { $0.contains("≈99.4 mi") })

        driver.press(.character("j"), .character("j"), .character("j"), .character("j"), .enter)
        XCTAssertTrue(driver.screenContains("speed_kmh: a number from 10 to 200"), driver.dump)
        driver.press(.ctrl("u"))
        driver.type("100")
        driver.press(.enter)
        XCTAssertTrue(driver.screenContains(" speed_kmh              100"), driver.dump)
        XCTAssertTrue(driver.screenContains("Saved speed_kmh = 100"), driver.dump)

        let saved = settingsFile.read()
        XCTAssertEqual(saved.keysFromFile, [.units, .speedKmh])
        XCTAssertEqual(saved.settings.units, .mi)
        XCTAssertEqual(saved.settings.speedKmh, 100)
        XCTAssertTrue(configText().contains("speed_kmh = 100"), configText())
        XCTAssertEqual(driver.context.settings.current.units, .mi)
        XCTAssertEqual(driver.context.settings.current.speedKmh, 100)

        driver.press(.character("q"))
        XCTAssertEqual(driver.stackTitles, ["Roadtrips"])
        XCTAssertTrue(driver.screenContains("≈99.4 mi"), driver.dump)
        driver.press(.enter)
        XCTAssertTrue(driver.screenContains("≈99.4 mi · 1 h 36"), driver.dump)
        XCTAssertTrue(driver.screenContains("2 stops · ≈99.4 mi · ≈1 h 36 driving"), driver.dump)
    }

    /// The app opens Settings from the list; a trip screen that is open while the settings change (here under
    /// the Settings screen) follows the same change feed and is redrawn before it is shown again.
    func testAnOpenTripScreenFollowsAChangeAtOnce() throws {
        let driver = AppDriver(repository: repository, settingsFile: settingsFile)
        driver.press(.enter)
        XCTAssertTrue(driver.screenContains("≈160 km · 2 h"), driver.dump)
        let trip = try XCTUnwrap(driver.app.stack.top)
        driver.app.stack.push(driver.context.buildSettings())
        driver.press(.enter, .character("j"), .character("j"), .character("j"), .character("j"), .enter, .ctrl("u"))
        driver.type("100")
        driver.press(.enter)
        XCTAssertTrue(drawn(trip).contains { $0.contains("≈99.4 mi · 1 h 36") }, drawn(trip).joined(separator: "\n"))
        XCTAssertTrue(drawn(driver.app.stack.screens[0]).contains { $0.contains("≈99.4 mi") })
        // d puts the default back, everywhere at once too.
        driver.press(.character("d"))
        XCTAssertTrue(drawn(trip).contains { $0.contains("≈99.4 mi · 2 h") }, drawn(trip).joined(separator: "\n"))
        XCTAssertEqual(settingsFile.read().keysFromFile, [.units])
    }

    /// The command line's `--units mi` holds for the run while the file's units change; the header says so.
    func testAnOverrideHoldsForTheRunAndIsNamedInTheHeader() throws {
        let driver = AppDriver(repository: repository, unit: .mi, settingsFile: settingsFile,
                               overrides: SettingsOverrides(units: .mi))
        driver.press(.character("s"))
        XCTAssertEqual(driver.screen[1], " --units mi for this run", driver.dump)
        driver.press(.enter, .enter)
        XCTAssertTrue(configText().contains("units = \"km\""), configText())
        driver.press(.character("q"))
        XCTAssertTrue(driver.screenContains("≈99.4 mi"), driver.dump)
    }

    /// `RoadtripApplication.run` hands the settings file to the screens as `makeSession` does.
    func testRunSavesToTheSettingsFileItWasGiven() {
        let terminal = MemoryTerminal(rows: 24, columns: 80)
        terminal.enqueue(.character("s"), .enter, .character("q"), .character("q"))
        let ending = RoadtripApplication.run(repository: repository, places: nil, terminal: terminal,
                                             settingsFile: settingsFile)
        XCTAssertEqual(ending.outcome, .quit)
        XCTAssertEqual(settingsFile.read().settings.units, .mi)
    }
}
