import Foundation
import XCTest
@testable import RoadtripCore

/// A clash from a merge, on a real store: taking the other value back is one undo step (the undo brings the clash
/// back), keeping the values clears the list, and editing the field settles it.
final class ConflictTakeBackTests: StoreTestCase {
    /// A store holding a trip whose stop's nights clashed: 3 kept (the later edit), 2 listed.
    private func clashed() throws -> (TripStore, ChangeHistory, Trip.ID) {
        let store = try open()
        let trip = Trip(name: "Norway", waypoints: [Waypoint(name: "Oslo", latitude: 59.91, longitude: 10.75)])
        try store.update { $0 = [trip] }
        let other = try open(at: directory.appendingPathComponent("other.json"))
        try other.merge(MergeDocument(trips: store.trips, ledger: store.ledger))
        try store.update { $0[0].waypoints[0].nights = 2 }
        Thread.sleep(forTimeInterval: 0.002)
        try other.update { $0[0].waypoints[0].nights = 3 }
        try store.merge(MergeDocument(trips: other.trips, ledger: other.ledger))
        XCTAssertEqual(store.trips[0].waypoints[0].nights, 3)
        XCTAssertEqual(store.trips[0].conflicts.map(\.value), [.number("2")])
        return (store, ChangeHistory(store), trip.id)
    }

    func testTakingBackIsOneStepAndItsUndoBringsTheClashBack() throws {
        let (store, history, id) = try clashed()
        let editor = TripEditor(tripID: id, repository: history)
        let done = try editor.takeBack(conflict: 0)
        XCTAssertEqual(done.done, "Took back the other value of nights of stop 1 (Oslo)")
        XCTAssertEqual(store.trips[0].waypoints[0].nights, 2)
        XCTAssertEqual(store.trips[0].conflicts, [])
        XCTAssertNotNil(try history.undo())
        XCTAssertEqual(store.trips[0].waypoints[0].nights, 3)
        XCTAssertEqual(store.trips[0].conflicts.count, 1, "the undo brings the clash back")
        XCTAssertThrowsError(try editor.takeBack(conflict: 5))
    }

    func testKeepingTheValuesOrEditingTheFieldSettlesTheClash() throws {
        let (store, history, id) = try clashed()
        try TripEditor(tripID: id, repository: history).keepValues()
        XCTAssertEqual(store.trips[0].conflicts, [])
        XCTAssertEqual(store.trips[0].waypoints[0].nights, 3)
        XCTAssertNotNil(try history.undo())
        XCTAssertEqual(store.trips[0].conflicts.count, 1)
        try store.update { $0[0].waypoints[0].nights = 4 }
        XCTAssertEqual(store.trips[0].conflicts, [], "an edit of the field settles it")
        try store.save()
        XCTAssertEqual(try open().trips[0].waypoints[0].nights, 4)
    }

    /// A trip made and deleted before any save was on no other machine: it leaves nothing in the file. Once saved, a
    /// delete keeps it for a merge to bring back.
    func testOnlyATripThatWasWrittenLeavesADeletionBehind() throws {
        let store = try open()
        try store.apply { $0 = [Trip(name: "Draft")] }
        try store.apply { $0 = [] }
        XCTAssertEqual(store.ledger.deletedTrips.count, 0, "never written")
        try store.apply { $0 = [Trip(name: "Kept")] }
        try store.save()
        try store.update { $0 = [] }
        XCTAssertEqual(store.ledger.deletedTrips.map(\.trip.name), ["Kept"])
        XCTAssertTrue(try String(contentsOf: dataURL, encoding: .utf8).contains("\"deletedTrips\""))
    }
}
