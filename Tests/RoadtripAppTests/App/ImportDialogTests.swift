import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// `i` on the trip list: a path (the working folder by default), then a new trip made from the file; a file that
/// cannot be imported keeps the prompt open, saying why, and changes nothing.
final class ImportDialogTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/import")
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func importing(_ path: String, into app: AppDriver, clearingTheFolder: Bool = true) {
        app.press(.character("i"))
        if clearingTheFolder { app.press(.ctrl("u")) }
        app.type(path)
        app.press(.enter)
    }

    func testIImportsAFileAsANewTripSelectedInTheList() throws {
        let repository = InMemoryTripRepository(trips: [Trip(name: "Existing")])
        let app = AppDriver(repository: repository, rows: 30, columns: 100)
        app.press(.character("i"))
        XCTAssertEqual(app.topTitle, "Import a GPX, KML, KMZ or GeoJSON file", app.dump)
        XCTAssertTrue(app.screenContains("[Enter] import"), "the prompt says what Enter does: \(app.dump)")
        XCTAssertTrue(app.screenContains(String((FileManager.default.currentDirectoryPath + "/").suffix(30))), app.dump)
        app.press(.escape)

        // Typed after the folder: the `/` that starts an absolute path starts over (`folder//path`).
        importing(Self.fixtures.appendingPathComponent("osmand-route.gpx").path, into: app, clearingTheFolder: false)
        XCTAssertEqual(app.topTitle, "Roadtrips", app.dump)
        let imported = try XCTUnwrap(repository.trips.first { $0.name == "Alpine loop" })
        XCTAssertEqual(imported.waypoints.first?.name, "Bern")
        XCTAssertTrue(app.screenContains("Imported \"Alpine loop\": "), app.dump)
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "Alpine loop", "the imported trip is the selected one: \(app.dump)")
    }

    /// A trip of the file's name is there: the new one is "Name (2)", then "(3)"; the message line says why.
    func testAFileWhoseNameIsTakenIsImportedUnderTheNextNumber() throws {
        let repository = InMemoryTripRepository(trips: [Trip(name: "Alpine loop")])
        let app = AppDriver(repository: repository, rows: 30, columns: 120)
        let file = Self.fixtures.appendingPathComponent("osmand-route.gpx").path
        importing(file, into: app)
        XCTAssertTrue(app.screenContains("Imported as \"Alpine loop (2)\" (a trip named \"Alpine loop\" exists): "), app.dump)
        importing(file, into: app)
        XCTAssertEqual(repository.trips.map(\.name), ["Alpine loop (3)", "Alpine loop (2)", "Alpine loop"])
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "Alpine loop (3)", "the new one is selected: \(app.dump)")
    }

    func testAFileThatCannotBeImportedKeepsThePromptOpenAndChangesNothing() throws {
        let repository = InMemoryTripRepository(trips: [Trip(name: "Existing")])
        let app = AppDriver(repository: repository, rows: 30, columns: 100)
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("just some text\n".utf8).write(to: notes)
        let entity = folder.appendingPathComponent("entity.gpx")
        try Data("""
            <?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>
            """.utf8).write(to: entity)
        for (path, reason) in [(notes.path, "not a GPX, KML, KMZ or GeoJSON file"), (entity.path, "DOCTYPE"),
                               (folder.appendingPathComponent("missing.gpx").path,
                                "Cannot read \(folder.path)/missing.gpx: there is no such file in \(folder.path)"),
                               (folder.appendingPathComponent("nope/deeper/missing.gpx").path,
                                "the folder \(folder.path)/nope does not exist"),
                               (folder.path + "/", "Type the file's path")] {
            importing(path, into: app)
            XCTAssertEqual(app.topTitle, "Import a GPX, KML, KMZ or GeoJSON file", "\(path): \(app.dump)")
            let error = (app.app.stack.top as? PromptDialog)?.error ?? ""
            XCTAssertTrue(error.contains(reason), "\(path) should say \(reason): \(error)")
            app.press(.escape)
        }
        XCTAssertEqual(repository.trips.map(\.name), ["Existing"])
    }
}
