import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The Settings module is wired like the others (presenter.view and router.screen weak, the context unowned) and
/// freed once it leaves the stack, also after its prompt was used.
final class SettingsBuilderTests: XCTestCase {
    private var folder: TemporaryTripFile!
    private var settingsFile: SettingsFile!

    override func setUpWithError() throws {
        folder = try TemporaryTripFile()
        settingsFile = SettingsFile(url: folder.directory.appendingPathComponent("config.toml"))
    }

    private func makeDriver() -> AppDriver {
        // Wide enough for the file's whole path in the header.
        AppDriver(repository: InMemoryTripRepository(trips: [Trip(name: "Route 66")]), columns: 240,
                  settingsFile: settingsFile)
    }

    func testSettingsIsWired() throws {
        let driver = makeDriver()
        let view = try XCTUnwrap(driver.context.buildSettings() as? SettingsView)
        let presenter = try XCTUnwrap(view.presenter as? SettingsPresenter)
        XCTAssertTrue(presenter.view === view)
        XCTAssertEqual(view.title, "Settings")
        driver.app.stack.push(view)
        driver.app.render()
        XCTAssertTrue(driver.screen[0].contains(settingsFile.url.path), "the interactor's file: \(driver.dump)")
        driver.press(.enter)
        XCTAssertEqual(settingsFile.read().settings.units, .mi, "the interactor writes the file")
        driver.press(.character("G"), .enter)
        XCTAssertTrue(driver.app.stack.top is PromptDialog, "the router asks for a value: \(driver.dump)")
        driver.press(.escape, .character("q"))
        XCTAssertEqual(driver.stackTitles, ["Roadtrips"], "and closes the screen")
    }

    func testSOnTheTripListOpensSettingsAndQLeavesAndFreesIt() throws {
        let driver = makeDriver()
        let list = ModuleParts(driver.app.stack.top!)
        driver.press(.character("s"))
        XCTAssertEqual(driver.stackTitles, ["Roadtrips", "Settings"])
        let settings = ModuleParts(driver.app.stack.top!)
        XCTAssertTrue(settings.allAlive, "kept alive by the stack alone: \(settings)")
        // The prompt opened and cancelled, a bad value and a good one, a step of the units, a reset, help.
        driver.press(.character("g"))
        for _ in 0..<SettingKey.allCases.firstIndex(of: .departure)! { driver.press(.character("j")) }
        driver.press(.enter, .escape)
        driver.press(.enter, .ctrl("u"))
        driver.type("7")
        driver.press(.enter)
        XCTAssertTrue(driver.screenContains("departure must be a time"), driver.dump)
        driver.press(.ctrl("u"))
        driver.type("8:15")
        driver.press(.enter, .character("g"), .enter, .character("d"), .character("?"), .escape)
        XCTAssertEqual(driver.stackTitles, ["Roadtrips", "Settings"])
        XCTAssertEqual(settingsFile.read().keysFromFile, [.departure])
        driver.press(.character("q"))
        XCTAssertEqual(driver.stackTitles, ["Roadtrips"])
        XCTAssertTrue(settings.allFreed, "\(settings)")
        XCTAssertTrue(list.allAlive)
        // Esc and ← leave too.
        driver.press(.character("s"), .escape)
        XCTAssertEqual(driver.stackTitles, ["Roadtrips"])
        driver.press(.character("s"), .left)
        XCTAssertEqual(driver.stackTitles, ["Roadtrips"])
    }

    func testSettingsIsFreedAfterPop() {
        let driver = makeDriver()
        driver.app.stack.push(driver.context.buildSettings())
        let parts = ModuleParts(driver.app.stack.top!)
        XCTAssertTrue(parts.allAlive)
        driver.app.stack.pop()
        XCTAssertTrue(parts.allFreed, "\(parts)")
    }
}
