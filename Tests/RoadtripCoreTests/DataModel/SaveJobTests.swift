import Foundation
import XCTest
@testable import RoadtripCore

/// A save taken apart (`beginSave`, `SaveJob.run` on another thread, `endSave`) keeps every promise of `save`:
/// it writes the trips as they were when it began, a change made meanwhile stays unsaved until the next save,
/// and a file changed by another program meanwhile is not overwritten.
final class SaveJobTests: StoreTestCase {
    func testAJobWritesTheTripsAsTheyWereWhenItBeganAndAChangeMadeMeanwhileWaits() throws {
        let store = try storeWithOneTrip("Before")
        try store.apply { $0[0].name = "First" }
        let job = try store.beginSave()
        try store.apply { $0[0].name = "Second" }
        let outcome = DispatchQueue.global().sync { job.run() }
        try store.endSave(outcome)
        XCTAssertEqual(try trips().map(\.name), ["First"], "the job wrote the trips it was given")
        XCTAssertTrue(store.hasUnsavedChanges, "the second change is not on disk yet")

        try store.endSave(try store.beginSave().run())
        XCTAssertEqual(try trips().map(\.name), ["Second"])
        XCTAssertFalse(store.hasUnsavedChanges)
        try store.apply { $0[0].name = "Third" }
        try store.save()
        XCTAssertEqual(try trips().map(\.name), ["Third"], "the file's version was taken back: no false 'changed'")
    }

    func testAFileChangedWhileTheJobWaitedIsNotOverwritten() throws {
        let store = try storeWithOneTrip("Mine")
        try store.apply { $0[0].name = "Mine, edited" }
        let job = try store.beginSave()
        try TripDocument.encode(TripDocument(trips: [Self.trip("Theirs")])).write(to: dataURL, options: .atomic)
        assertThrows(.changedOnDisk(path: dataPath)) { try store.endSave(job.run()) }
        XCTAssertEqual(try trips().map(\.name), ["Theirs"])
        XCTAssertTrue(store.hasUnsavedChanges, "the change stays in memory")
        XCTAssertEqual(temporaryFiles(), [])
    }

    func testAReadOnlyStoreBeginsNoSave() throws {
        let first = try storeWithOneTrip("Mine")
        let second = try open()
        defer { withExtendedLifetime(first) {} }
        XCTAssertThrowsError(try second.beginSave()) { error in
            guard case StoreError.readOnly = error else { return XCTFail("\(error)") }
        }
    }
}
