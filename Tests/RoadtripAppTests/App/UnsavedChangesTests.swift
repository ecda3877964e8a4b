import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Quitting while a change could not be saved (a full disk) asks first and offers to write every trip to
/// another file; a signal writes that copy without asking.
final class UnsavedChangesTests: XCTestCase {
    private var folder: URL!
    private var copy: URL { folder.appendingPathComponent("roadtrip-unsaved.json") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-rescue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A trip renamed while every save fails with a full disk.
    private func appWithAnUnsavedChange() -> (AppDriver, InMemoryTripRepository) {
        let repository = InMemoryTripRepository(trips: [Trip(name: "Trip")])
        repository.failSaves = .io(path: "/x/trips.json", operation: "save", message: "No space left on device")
        let app = AppDriver(repository: repository, rows: 24, columns: 80, rescueCandidates: { [copy] in [copy] })
        app.press(.character("r"), .ctrl("u"))
        app.type("Renamed")
        app.press(.enter)
        XCTAssertTrue(repository.hasUnsavedChanges)
        return (app, repository)
    }

    func testQuitAsksAndWritingTheCopyKeepsEveryTrip() throws {
        let (app, repository) = appWithAnUnsavedChange()
        app.press(.character("q"))
        XCTAssertFalse(app.didQuit, "q asks first: \(app.dump)")
        XCTAssertEqual(app.topTitle, "Unsaved changes")
        XCTAssertTrue(app.screenContains("[w] Write every trip to"), app.dump)
        XCTAssertTrue(app.screenContains("[o] Write them to another file…"), app.dump)
        XCTAssertTrue(app.screenContains("[d] Quit and lose the changes"), app.dump)
        app.press(.character("w"))
        XCTAssertTrue(app.didQuit)
        XCTAssertEqual(app.session.unsavedChanges.rescueCopy, copy)
        let saved = try TripDocument.decode(Data(contentsOf: copy))
        XCTAssertEqual(saved.trips, repository.trips)
        XCTAssertEqual(saved.trips.map(\.name), ["Renamed"])
    }

    func testCtrlCAsksTooAndEscGoesBackToTheApp() {
        let (app, _) = appWithAnUnsavedChange()
        app.press(.ctrl("c"))
        XCTAssertEqual(app.topTitle, "Unsaved changes", app.dump)
        app.press(.ctrl("c"))  // a second Ctrl-C does not stack a second question
        XCTAssertEqual(app.stackTitles.filter { $0 == "Unsaved changes" }.count, 1)
        app.press(.escape)
        XCTAssertFalse(app.didQuit)
        XCTAssertEqual(app.topTitle, "Roadtrips")
    }

    func testRetryingSucceedsOnceTheDiskHasRoomAndDiscardingQuitsAsAsked() {
        var (app, repository) = appWithAnUnsavedChange()
        app.press(.character("q"), .character("r"))
        XCTAssertFalse(app.didQuit)
        XCTAssertTrue(app.screenContains("Still not saved: Could not save /x/trips.json: No space left"), app.dump)
        repository.failSaves = nil
        app.press(.character("r"))
        XCTAssertTrue(app.didQuit)
        XCTAssertFalse(repository.hasUnsavedChanges)

        (app, repository) = appWithAnUnsavedChange()
        app.press(.character("q"), .character("d"))
        XCTAssertTrue(app.didQuit)
        XCTAssertTrue(repository.hasUnsavedChanges, "the user chose to lose them")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy.path))
    }

    func testAnotherPathCanBeTypedAndAnExistingFileIsNeverOverwritten() throws {
        let (app, repository) = appWithAnUnsavedChange()
        let existing = folder.appendingPathComponent("exists.json")
        try Data("keep".utf8).write(to: existing)
        app.press(.character("q"), .character("o"))
        XCTAssertEqual(app.topTitle, "Write every trip to", app.dump)
        app.press(.ctrl("u"))
        app.type(existing.path)
        app.press(.enter)
        XCTAssertFalse(app.didQuit)
        XCTAssertTrue(app.screenContains("Cannot write there: a file of that name exists"), app.dump)
        XCTAssertEqual(try Data(contentsOf: existing), Data("keep".utf8))
        let chosen = folder.appendingPathComponent("mine.json")
        app.press(.ctrl("u"))
        app.type(chosen.path)
        app.press(.enter)
        XCTAssertTrue(app.didQuit)
        XCTAssertEqual(try TripDocument.decode(Data(contentsOf: chosen)).trips, repository.trips)
    }

    func testASignalWritesTheCopyWithoutAsking() throws {
        let repository = InMemoryTripRepository(trips: [Trip(name: "Trip")])
        repository.failSaves = .io(path: "/x/trips.json", operation: "save", message: "No space left on device")
        let terminal = MemoryTerminal()
        terminal.enqueue(.character("d"), .character("y"))  // delete the trip: a change that cannot be saved
        terminal.enqueue(event: .quit(.signal(SIGTERM)))
        let ending = RoadtripApplication.run(repository: repository, places: nil, terminal: terminal,
                                             rescueCandidates: { [folder, copy] in
                                                 [folder!.appendingPathComponent("missing/x.json"), copy] })
        XCTAssertEqual(ending.outcome, .signal(SIGTERM))
        XCTAssertEqual(ending.rescueCopy, copy, "the first place failed, the second took the copy")
        XCTAssertEqual(try TripDocument.decode(Data(contentsOf: copy)).trips, [])
    }

    func testNothingIsAskedWhenEverythingIsSaved() {
        let app = AppDriver(repository: InMemoryTripRepository(trips: [Trip(name: "Trip")]))
        app.press(.character("q"))
        XCTAssertTrue(app.didQuit)
    }
}
