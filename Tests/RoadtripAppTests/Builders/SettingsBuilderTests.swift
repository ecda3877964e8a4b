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
        AppDriver(repository: InMemoryTripRepository(trips: [Trip(name: "Route 66")]), settingsFile: settingsFile)
    }

    func testSettingsIsWired() throws {
        let driver = makeDriver()
        let view = try XCTUnwrap(driver.context.buildSettings() as? SettingsView)
        let presenter = try XCTUnwrap(view.presenter as? SettingsPresenter)
        XCTAssertTrue(presenter.view === view)
        let router = try XCTUnwrap(child("router", of: presenter) as? SettingsRouter)
        XCTAssertTrue(router.screen === view)
        XCTAssertTrue(router.context === driver.context)
        let interactor = try XCTUnwrap(child("interactor", of: presenter) as? SettingsInteractor)
        XCTAssertEqual(interactor.location, settingsFile.url.path)
        XCTAssertEqual(view.title, "Settings")
    }

    func testSOnTheTripListOpensSettingsAndQLeavesAndFreesIt() throws {
        let driver = makeDriver()
        let list = ModuleParts(driver.app.stack.top!)
        driver.press(.character("s"))
        XCTAssertEqual(driver.stackTitles, ["Roadtrips", "Settings"])
        let settings = ModuleParts(driver.app.stack.top!)
        XCTAssertTrue(settings.allAlive, "kept alive by the stack alone: \(settings)")
        // The prompt opened and cancelled, a bad value and a good one, a step of the units, a reset, help.
        driver.press(.character("G"), .enter, .escape)
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

    private func child(_ label: String, of object: Any) -> Any? {
        Mirror(reflecting: object).children.first { $0.label == label }?.value
    }
}
