import RoadtripCore
import TerminalUI
import XCTest
@testable import RoadtripApp

/// The app draws a change first and saves it right after that frame, before the next key.
final class SaveAfterFrameTests: XCTestCase {
    private func tripWithStops() throws -> Trip {
        Trip(name: "Loop", waypoints: try ["Alpha", "Bravo", "Charlie"].enumerated().map { index, name in
            try Waypoint(name: name, latitude: Double(index), longitude: 10).validated()
        })
    }

    func testAReorderIsOnScreenBeforeItIsSavedAndSavedBeforeTheNextKey() throws {
        let repository = InMemoryTripRepository(trips: [try tripWithStops()])
        let app = AppDriver(repository: repository)
        app.press(.enter)
        var screenAtSave: [String] = []
        var savedBeforeNextKey: [Int] = []
        repository.willSave = { screenAtSave = app.screen }
        app.press(.character("J"))
        XCTAssertEqual(repository.saveCount, 1)
        XCTAssertTrue(screenAtSave.contains { $0.contains("1  Bravo") }, "the frame showing the move came first:\n\(screenAtSave.joined(separator: "\n"))")
        XCTAssertTrue(screenAtSave.contains { $0.contains("2  Alpha") })

        repository.willSave = { savedBeforeNextKey.append(repository.trips[0].waypoints.firstIndex { $0.name == "Alpha" }!) }
        app.press(.character("J"), .character("K"))
        XCTAssertEqual(savedBeforeNextKey, [2, 1], "each change saved on its own, in order")
        XCTAssertFalse(repository.hasUnsavedChanges)
    }

    func testACursorMoveSavesNothingAndAFailedSaveIsRetriedWithTheNextChangeOnly() throws {
        let repository = InMemoryTripRepository(trips: [try tripWithStops()])
        let app = AppDriver(repository: repository)
        app.press(.enter, .character("j"), .character("k"))
        XCTAssertEqual(repository.saveAttempts, 0, "moving the cursor changes nothing")

        repository.failSaves = .io(path: "/x/trips.json", operation: "save", message: "No space left on device")
        app.press(.character("J"))
        XCTAssertEqual(repository.saveAttempts, 1)
        XCTAssertEqual(app.messageText, "Could not save /x/trips.json: No space left on device. The file on disk is unchanged.",
                       app.dump)
        XCTAssertTrue(repository.hasUnsavedChanges, "the change is kept in memory")
        app.press(.character("j"), .character("k"))
        XCTAssertEqual(repository.saveAttempts, 1, "no new attempt (and no new error) for every cursor move")

        repository.failSaves = nil
        app.press(.character("K"))
        XCTAssertEqual(repository.saveAttempts, 2)
        XCTAssertFalse(repository.hasUnsavedChanges, "the next change saved both")
        XCTAssertEqual(repository.trips[0].waypoints.map(\.name), ["Alpha", "Bravo", "Charlie"])
    }

    func testAChangeMadeJustBeforeQuittingIsSavedOnTheWayOut() throws {
        let file = try TemporaryTripFile()
        try file.open().update { $0 = [try tripWithStops()] }
        let store = try file.open()
        let terminal = MemoryTerminal()
        // J then Ctrl-C: the loop ends on the quit key, before another frame could save.
        terminal.enqueue(.enter, .character("J"), .ctrl("c"))
        XCTAssertEqual(RoadtripApplication.run(repository: store, places: nil, terminal: terminal).outcome, .quit)
        XCTAssertEqual(try file.jsonStopNames(), ["Bravo", "Alpha", "Charlie"])
    }
}
