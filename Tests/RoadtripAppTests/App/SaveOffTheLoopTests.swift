import RoadtripCore
import TerminalUI
import XCTest
@testable import RoadtripApp

/// A large file's saves are written on another thread: the loop starts them after the frame and goes on taking
/// keys; the changes made meanwhile go into the next save; nothing is lost on quitting or when a save fails.
final class SaveOffTheLoopTests: XCTestCase {
    private func trip(_ name: String = "Loop") throws -> Trip {
        Trip(name: name, waypoints: try ["Alpha", "Bravo", "Charlie"].enumerated().map { index, name in
            try Waypoint(name: name, latitude: Double(index), longitude: 10).validated()
        })
    }

    /// Runs the loop's posted work until every save is written and taken back (at most 10 s).
    private func settle(_ driver: AppDriver, _ store: TripStore) {
        let end = Date().addingTimeInterval(10)
        while (driver.session.saving.isWriting || store.hasUnsavedChanges) && Date() < end {
            Thread.sleep(forTimeInterval: 0.01)
            driver.terminal.enqueue(event: .wake)
            driver.runQueued()
        }
    }

    func testTheLoopStartsTheSaveAndTakesTheNextKeysWhileItIsWritten() throws {
        let file = try TemporaryTripFile()
        try file.open().update { $0 = [try trip()] }
        let store = try file.open()
        let driver = AppDriver(repository: store, saveInBackgroundAbove: 0)
        driver.press(.enter, .character("J"))
        XCTAssertTrue(driver.session.saving.isWriting, "the save was handed to another thread")
        XCTAssertTrue(store.hasUnsavedChanges, "the loop did not wait for it")
        XCTAssertTrue(driver.screenContains("1  Bravo"), driver.dump)

        driver.press(.character("J"), .character("K"), .character("K"), .character("J"))
        settle(driver, store)
        XCTAssertFalse(driver.session.saving.isWriting)
        XCTAssertFalse(store.hasUnsavedChanges, "the changes made while a save was written went into the next")
        XCTAssertEqual(try file.jsonStopNames(), ["Bravo", "Alpha", "Charlie"])
        XCTAssertEqual(try file.open().trips, store.trips)
    }

    func testASaveThatFailsOffTheLoopIsSaidAndTheChangeKept() throws {
        let file = try TemporaryTripFile()
        try file.open().update { $0 = [try trip()] }
        let store = try file.open()
        let driver = AppDriver(repository: store, saveInBackgroundAbove: 0)
        // Another program replaces the file: the save must not overwrite it.
        let theirs = try TripDocument.encode(TripDocument(trips: [try trip("Theirs")]))
        try theirs.write(to: file.url, options: .atomic)
        driver.press(.enter, .character("J"))
        XCTAssertTrue(driver.waitFor("changed by another program"), driver.dump)
        XCTAssertFalse(driver.session.saving.isWriting)
        XCTAssertTrue(store.hasUnsavedChanges, "the change stays in memory")
        XCTAssertEqual(try Data(contentsOf: file.url), theirs)
    }

    func testAChangeBeingWrittenWhenTheUserQuitsIsOnDisk() throws {
        // `run` saves files over 1 MB off the loop: J, then Ctrl-C before the save's outcome came back.
        let file = try TemporaryTripFile()
        let big = try [trip()] + (1...3000).map { try trip("Filler \($0)") }
        try file.open().update { $0 = big }
        XCTAssertGreaterThan(try Data(contentsOf: file.url).count, RoadtripApplication.saveInBackgroundAbove)
        let store = try file.open()
        let terminal = MemoryTerminal()
        terminal.enqueue(.enter, .character("J"), .ctrl("c"))
        XCTAssertEqual(RoadtripApplication.run(repository: store, places: nil, terminal: terminal).outcome, .quit)
        XCTAssertFalse(store.hasUnsavedChanges)
        XCTAssertEqual(try file.jsonStopNames(), ["Bravo", "Alpha", "Charlie"])
    }
}
