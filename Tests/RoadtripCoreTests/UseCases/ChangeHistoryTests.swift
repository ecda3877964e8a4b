import Foundation
import XCTest
@testable import RoadtripCore

/// The undo history over a real store: every kind of change is undone and redone, named as the message line
/// names it, saved like any change; a new change drops what could be redone; at most `limit` steps are kept.
final class ChangeHistoryTests: StoreTestCase {
    private let chicago = Waypoint(name: "Chicago", latitude: 41.88, longitude: -87.63)
    private let tulsa = Waypoint(name: "Tulsa", latitude: 36.15, longitude: -95.99)
    private let amarillo = Waypoint(name: "Amarillo", latitude: 35.22, longitude: -101.83)

    func testEveryKindOfChangeIsUndoneAndRedoneWithItsLabelAndSaved() throws {
        let store = try open()
        let history = ChangeHistory(store)
        let catalog = TripCatalog(repository: history)
        let (id, created) = try catalog.add(named: " Route 66 ")
        XCTAssertEqual(created.done, "Created trip \"Route 66\"", "named as validation left it")
        let editor = TripEditor(tripID: id, repository: history)
        try editor.addStop(chicago, at: nil)
        try editor.addStop(tulsa, at: nil)
        try editor.addStop(amarillo, at: 1)
        var renamedStop = tulsa
        renamedStop.name = "Tulsa, OK"
        try editor.updateStop(renamedStop)
        try editor.moveStop(from: 2, to: 0)
        try editor.deleteStop(amarillo.id)
        try editor.rename(to: "Mother Road")
        try editor.setNotes("Get your kicks")
        try editor.setStartDate(CalendarDate("2027-06-12"))
        try editor.reverse()
        try editor.setPinned(true, stop: tulsa.id)
        XCTAssertEqual(try editor.setPinned(true, stop: chicago.id).done, "Pinned \"Chicago\" at 1")
        XCTAssertEqual(try editor.setPinned(false, stop: chicago.id).done, "Unpinned \"Chicago\" at 1")
        XCTAssertThrowsError(try editor.setPinned(true, stop: amarillo.id)) {
            XCTAssertEqual($0 as? TripEditError, .stopNotFound)
        }
        XCTAssertEqual(store.trips[0].waypoints.map(\.pinned), [false, true])
        try catalog.duplicate(id)
        try catalog.add(Trip(name: "Coast ride", waypoints: [chicago]))
        try catalog.delete(id)

        let labels = [
            "delete trip \"Mother Road\"",
            "import \"Coast ride\"",
            "duplicate \"Mother Road\" as \"Mother Road (copy)\"",
            "unpin \"Chicago\" at 1",
            "pin \"Chicago\" at 1",
            "pin \"Tulsa, OK\" at 2",
            "reverse the 2 stops of \"Mother Road\"",
            "set the start date of \"Mother Road\" to 2027-06-12",
            "save the notes of \"Mother Road\"",
            "rename \"Route 66\" to \"Mother Road\"",
            "delete stop 3 \"Amarillo\"",
            "move \"Tulsa, OK\" to 1",
            "edit stop 3 \"Tulsa, OK\"",
            "add stop 2 \"Amarillo\"",
            "add stop 2 \"Tulsa\"",
            "add stop 1 \"Chicago\"",
            "create trip \"Route 66\"",
        ]
        let final = store.trips

        // Undo walks back through every state, each saved.
        var undone: [String] = []
        while let step = try history.undo() {
            undone.append(step.label)
            XCTAssertEqual(try open().trips, store.trips, "saved after undoing \(step.label)")
        }
        XCTAssertEqual(undone, labels)
        XCTAssertEqual(store.trips, [])
        XCTAssertNil(try history.undo(), "nothing left to undo")

        var redone: [String] = []
        while let step = try history.redo() { redone.append(step.label) }
        XCTAssertEqual(redone, labels.reversed(), "redo makes them again, oldest first")
        XCTAssertEqual(store.trips, final)
        XCTAssertEqual(try open().trips, final)
        XCTAssertNil(try history.redo(), "nothing left to redo")
    }

    func testUndoBringsBackTheTripAsItWasDownToItsTimes() throws {
        let store = try storeWithOneTrip()
        let history = ChangeHistory(store)
        let before = store.trips
        try TripEditor(tripID: before[0].id, repository: history).setNotes("changed")
        XCTAssertNotEqual(store.trips, before)
        try history.undo()
        XCTAssertEqual(store.trips, before)
    }

    func testANewChangeDropsWhatCouldBeRedone() throws {
        let history = ChangeHistory(try open())
        let catalog = TripCatalog(repository: history)
        try catalog.add(named: "One")
        try catalog.add(named: "Two")
        try history.undo()
        XCTAssertEqual(try history.redo()?.label, "create trip \"Two\"")
        try history.undo()
        try catalog.add(named: "Three")
        XCTAssertNil(try history.redo())
        XCTAssertEqual(try undoAll(history), ["create trip \"Three\"", "create trip \"One\""])
    }

    func testTheOldestStepsGoPastTheLimit() throws {
        let history = ChangeHistory(try open(), limit: 3)
        let catalog = TripCatalog(repository: history)
        for name in ["A", "B", "C", "D", "E"] { try catalog.add(named: name) }
        XCTAssertEqual(try undoAll(history), ["create trip \"E\"", "create trip \"D\"", "create trip \"C\""])
        XCTAssertEqual(history.trips.map(\.name), ["B", "A"], "the first two changes stay")
    }

    func testTheDefaultLimitIsAThousandSteps() throws {
        let trip = Trip(name: "Trip")
        let history = ChangeHistory(InMemoryRepository([trip]))
        let editor = TripEditor(tripID: trip.id, repository: history)
        for index in 0..<1_005 { try editor.setNotes("\(index)") }
        XCTAssertEqual(try undoAll(history).count, 1_000)
    }

    /// What undo takes back, step by step until nothing is left, newest first.
    private func undoAll(_ history: ChangeHistory) throws -> [String] {
        var labels: [String] = []
        while let step = try history.undo() { labels.append(step.label) }
        return labels
    }

    func testARefusedChangeIsNotRecorded() throws {
        let store = try storeWithOneTrip()
        let history = ChangeHistory(store)
        XCTAssertThrowsError(try TripCatalog(repository: history).rename(store.trips[0].id, to: "  "))
        XCTAssertTrue(history.isEmpty)
        XCTAssertNil(try history.undo())
    }

    /// Every open screen follows a reload: it is published where it happens, not by the screen that asked.
    func testReadingTheFileAgainClearsTheHistoryAndTellsEveryScreen() throws {
        let feed = ChangeFeed()
        var heard: [DataChange] = []
        let subscription = feed.subscribe { heard.append($0) }
        let history = ChangeHistory(try open(), feed: feed)
        try TripCatalog(repository: history).add(named: "One")
        XCTAssertEqual(heard, [])
        try history.reload()
        XCTAssertEqual(heard, [.tripsReloaded])
        withExtendedLifetime(subscription) {}
        XCTAssertTrue(history.isEmpty)
        XCTAssertNil(try history.undo())
        XCTAssertEqual(history.trips.map(\.name), ["One"], "the change itself stays: it was saved")
    }

    func testUndoIsRefusedReadOnlyEvenWithNothingToUndo() throws {
        let writer = try storeWithOneTrip()
        let history = ChangeHistory(try open())
        XCTAssertThrowsError(try history.undo()) { error in
            guard case StoreError.readOnly = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try history.redo())
        withExtendedLifetime(writer) {}
    }

    func testAStepKeepsOnlyTheTripsThatChanged() throws {
        let trips = ["A", "B", "C", "D"].map { Trip(name: $0) }
        var renamed = trips
        renamed[2].name = "C2"
        let step = try XCTUnwrap(HistoryStep(from: trips, to: renamed))
        XCTAssertEqual(step.position, 2)
        XCTAssertEqual(step.before.map(\.name), ["C"])
        XCTAssertEqual(step.after.map(\.name), ["C2"])
        XCTAssertNil(HistoryStep(from: trips, to: trips))
        let added = try XCTUnwrap(HistoryStep(from: trips, to: [Trip(name: "New")] + trips))
        XCTAssertEqual(added.before.count, 0)
        XCTAssertEqual(added.after.map(\.name), ["New"])
    }

    func testAStepThatNoLongerFitsIsRefusedChangingNothing() throws {
        let trips = [Trip(name: "A"), Trip(name: "B")]
        var renamed = trips
        renamed[1].name = "B2"
        let step = try XCTUnwrap(HistoryStep(from: trips, to: renamed))
        var elsewhere = [trips[0]]
        XCTAssertThrowsError(try step.undo(&elsewhere)) { XCTAssertEqual($0 as? ChangeHistoryError, .outOfStep) }
        XCTAssertEqual(elsewhere, [trips[0]])
    }
}

/// A repository in memory: a thousand saves of a real file would make the limit's test slow.
private final class InMemoryRepository: TripRepository {
    private(set) var trips: [Trip]
    let access = StoreAccess.readWrite
    let notices: [String] = []
    let hasUnsavedChanges = false

    init(_ trips: [Trip]) {
        self.trips = trips
    }

    func apply(_ change: (inout [Trip]) throws -> Void) throws {
        trips = try trips.applying(change)
    }

    func save() throws {}
    func reload() throws {}
}
