import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// `x` on the trip screen: a format, then a file (the working folder and the trip's name by default); an
/// existing file is replaced only on a second Enter; the trips file itself never.
final class ExportDialogTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func openRoute66() -> AppDriver {
        var tulsa = Waypoint(name: "Tulsa", latitude: 36.15, longitude: -95.99, nights: 2)
        tulsa.cost = 80
        let trip = Trip(name: "Route 66", startDate: CalendarDate("2027-06-12"), waypoints: [
            Waypoint(name: "Chicago <1>", latitude: 41.85, longitude: -87.65, nights: 1, notes: "Pie & coffee"), tulsa,
        ])
        let app = AppDriver(repository: InMemoryTripRepository(trips: [trip]), rows: 30, columns: 100)
        app.press(.enter)
        return app
    }

    func testExportAsGPXToAChosenFileThenReplaceItOnlyOnASecondEnter() throws {
        let app = openRoute66()
        app.press(.character("x"))
        XCTAssertEqual(app.topTitle, "Export \"Route 66\"", app.dump)
        XCTAssertTrue(app.screenContains("[g] GPX: GPS units and apps (OsmAnd, Organic Maps, Garmin)"), app.dump)
        app.press(.character("g"))
        XCTAssertEqual(app.topTitle, "Export as GPX to", app.dump)
        XCTAssertTrue(app.screenContains("[Enter] export"), app.dump)
        let defaultPath = FileManager.default.currentDirectoryPath + "/route-66.gpx"
        XCTAssertTrue(app.screenContains(String(defaultPath.suffix(40))), "the working folder and the trip's name: \(app.dump)")
        let target = folder.appendingPathComponent("trip.gpx")
        app.press(.ctrl("u"))
        app.type(target.path)
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "Route 66", app.dump)
        XCTAssertTrue(app.screenContains("Exported GPX to \(target.path)"), app.dump)
        let gpx = try String(contentsOf: target, encoding: .utf8)
        XCTAssertTrue(gpx.contains("<name>Chicago &lt;1&gt;</name>"), gpx)
        XCTAssertTrue(gpx.contains("<cmt>Pie &amp; coffee</cmt>"), gpx)

        // Again to the same file: the first Enter warns, the second replaces.
        try Data("old".utf8).write(to: target)
        app.press(.character("x"), .character("m"), .ctrl("u"))
        app.type(target.path)
        app.press(.enter)
        XCTAssertTrue(app.screenContains("It exists: Enter again replaces it"), app.dump)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "old")
        app.press(.enter)
        let markdown = try String(contentsOf: target, encoding: .utf8)
        XCTAssertTrue(markdown.hasPrefix("# Route 66"))
        XCTAssertTrue(markdown.contains("\nCost: €160\n"), "the two nights at Tulsa's own cost: \(markdown)")
    }

    func testEscLeavesWithoutWritingAndTheTripsFileIsNeverReplaced() throws {
        let file = try TemporaryTripFile()
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Home", waypoints: [Waypoint(name: "A", latitude: 1, longitude: 1)])] }
        let app = AppDriver(repository: store, rows: 30, columns: 100)
        app.press(.enter, .character("x"), .escape)
        XCTAssertEqual(app.topTitle, "Home")
        app.press(.character("x"), .character("j"), .ctrl("u"))
        app.type(file.url.path)
        app.press(.enter)
        XCTAssertTrue(app.screenContains("That is the trips file itself: choose another file"), app.dump)
        app.press(.ctrl("u"))
        app.type("/nonexistent/folder/x.geojson")
        app.press(.enter)
        XCTAssertEqual((app.app.stack.top as? PromptDialog)?.error,
                       "Cannot write /nonexistent/folder/x.geojson: the folder /nonexistent does not exist", app.dump)
        XCTAssertEqual(try file.jsonTrips().count, 1, "the trips file is intact")
    }

    /// Tab completes the path as a shell does (a folder with its `/`), a second Tab lists the files; an error names
    /// the path as read (here after a `~`) and says when its folder is missing rather than the file.
    func testTabCompletesThePathAndAMissingFolderIsSaid() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Lofoten trip"), withIntermediateDirectories: true)
        for name in ["Lofoten trip/day 1.gpx", "Lofoten trip/day 2.gpx"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
        }
        let app = openRoute66()
        app.press(.character("x"), .character("g"), .ctrl("u"))
        app.type(folder.path + "/Lof")
        app.press(.tab)
        XCTAssertTrue(app.screenContains(String((folder.path + "/Lofoten trip/").suffix(50)) + " "), app.dump)
        app.press(.tab)
        XCTAssertTrue(app.screenContains("Lofoten trip/day "), "as far as the names agree: \(app.dump)")
        app.press(.tab)
        XCTAssertTrue(app.screenContains("day 1.gpx  day 2.gpx"), "a Tab that adds nothing lists them: \(app.dump)")
        app.type("3.gpx")
        XCTAssertFalse(app.screenContains("day 1.gpx  day 2.gpx"), app.dump)
        app.press(.enter)
        XCTAssertTrue(app.screenContains("Exported GPX to \(folder.path)/Lofoten trip/day 3.gpx"), app.dump)

        app.press(.character("x"), .character("g"), .ctrl("u"))
        let name = String(UUID().uuidString.prefix(8))
        app.type("~/roadtrip-no-such-folder-\(name)/loop.gpx")
        app.press(.enter)
        let missing = NSHomeDirectory() + "/roadtrip-no-such-folder-" + name
        XCTAssertEqual((app.app.stack.top as? PromptDialog)?.error,
                       "Cannot write \(missing)/loop.gpx: the folder \(missing) does not exist", app.dump)
        XCTAssertEqual(app.topTitle, "Export as GPX to", "the prompt stays open with the text: \(app.dump)")
    }

    /// A folder is refused at once, a device written into without "replaces it" (it is not replaced), and the
    /// trips file's lock is protected like the file, at once too (no "Enter again replaces it" first).
    func testAFolderADeviceAndTheLockAreToldApart() throws {
        let file = try TemporaryTripFile()
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Home", waypoints: [Waypoint(name: "A", latitude: 1, longitude: 1)])] }
        let app = AppDriver(repository: store, rows: 30, columns: 100)
        let folder = file.url.deletingLastPathComponent()
        app.press(.enter, .character("x"), .character("j"), .ctrl("u"))
        app.type(folder.path)
        app.press(.enter)
        XCTAssertTrue(app.screenContains("That is a folder: choose a file"), app.dump)
        let device = folder.appendingPathComponent("null-link")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/null")
        app.press(.ctrl("u"))
        app.type(device.path)
        app.press(.enter)
        XCTAssertTrue(app.screenContains("Exported"), app.dump)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: device.path), "/dev/null")
        app.press(.character("x"), .character("j"), .ctrl("u"))
        app.type(file.url.path + ".lock")
        app.press(.enter)
        XCTAssertTrue(app.screenContains("That is the trips file's lock: choose another file"), app.dump)
    }

    /// The app says its own way to set a date (the command line says `roadtrip set-date`).
    func testACalendarWithoutAStartDateSaysHowToSetOneHere() throws {
        let file = try TemporaryTripFile()
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Home", waypoints: [Waypoint(name: "A", latitude: 1, longitude: 1, nights: 1)])] }
        let app = AppDriver(repository: store, rows: 30, columns: 120)
        app.press(.enter, .character("x"), .character("c"), .ctrl("u"))
        app.type(file.url.deletingLastPathComponent().appendingPathComponent("home.ics").path)
        app.press(.enter)
        XCTAssertTrue(app.screenContains("s on the trip screen"), app.dump)
        XCTAssertFalse(app.screenContains("roadtrip set-date"), app.dump)
    }
}
