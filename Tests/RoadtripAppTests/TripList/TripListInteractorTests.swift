import XCTest
@testable import RoadtripApp
import RoadtripCore

final class TripListInteractorTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var interactor: TripListInteractor!

    override func setUp() {
        repository = InMemoryTripRepository()
        interactor = TripListInteractor(repository: repository, routes: TestRoutes.estimate())
    }

    /// The list as the interactor's changes make it, read after each change as the trip list reads it.
    private var listed: [TripSummary] = []
    private func list() -> [TripSummary] {
        switch interactor.loadChanges() {
        case let .all(summaries):
            listed = summaries
        case let .replaced(range, summaries):
            listed.replaceSubrange(range.position..<(range.position + range.oldCount), with: summaries)
        case let .refreshed(summaries, after: replaced):
            if let (range, made) = replaced {
                listed.replaceSubrange(range.position..<(range.position + range.oldCount), with: made)
            }
            for summary in summaries {
                listed[listed.firstIndex { $0.id == summary.id }!] = summary
            }
        case .none:
            break
        }
        return listed
    }

    /// After the first reading, a change brings the trips it touched only, and a reading with no change brings none.
    func testChangesBringOnlyTheTripsTouched() throws {
        let routes = TestRoutes.estimate()
        interactor = TripListInteractor(repository: repository, routes: routes)
        let kept = try interactor.addTrip(named: "Kept").id
        let renamed = try interactor.addTrip(named: "Renamed").id
        guard case let .all(first) = interactor.loadChanges() else { return XCTFail("the first reading has every trip") }
        XCTAssertEqual(first.map(\.name), ["Renamed", "Kept"])
        guard case .none = interactor.loadChanges() else { return XCTFail("nothing changed") }

        try interactor.renameTrip(renamed, to: "Now longer")
        guard case let .replaced(range, summaries) = interactor.loadChanges() else { return XCTFail("one trip changed") }
        XCTAssertEqual(range, ChangedRange(from: [0, 1], to: [2, 1]))
        XCTAssertEqual(summaries.map(\.name), ["Now longer"])
        listed = first
        listed.replaceSubrange(range.position..<(range.position + range.oldCount), with: summaries)

        try interactor.addTrip(named: "New")
        try interactor.deleteTrip(kept)
        XCTAssertEqual(list(), routes.summaries(of: repository.trips))
        XCTAssertEqual(list().map(\.name), ["New", "Now longer"])
    }

    func testNewTripsGoOnTopAndAreSaved() throws {
        try interactor.addTrip(named: "First")
        let second = try interactor.addTrip(named: "  Second ").id
        XCTAssertEqual(list().map(\.name), ["Second", "First"])
        XCTAssertEqual(list().first?.id, second)
        XCTAssertEqual(repository.saveCount, 2)
    }

    func testInvalidNameIsRefusedAndNothingChanges() throws {
        try interactor.addTrip(named: "Keep")
        XCTAssertThrowsError(try interactor.addTrip(named: "   ")) {
            XCTAssertEqual($0 as? StoreError, .invalid(.emptyName(field: "Trip name")))
        }
        XCTAssertThrowsError(try interactor.renameTrip(try XCTUnwrap(list().first?.id), to: ""))
        XCTAssertEqual(list().map(\.name), ["Keep"])
    }

    /// How the command line finds a trip (the core's `TripCatalog.find`), over trips the list added.
    func testFindByIdExactNameOrUniquePrefix() throws {
        let catalog = TripCatalog(repository: repository)
        let alps = try interactor.addTrip(named: "Alps loop").id
        let route = try interactor.addTrip(named: "Route 66").id
        let route2 = try interactor.addTrip(named: "Route 66 return").id
        XCTAssertEqual(try catalog.find(alps.uuidString), alps)
        XCTAssertEqual(try catalog.find("ALPS"), alps)
        XCTAssertEqual(try catalog.find("route 66"), route, "an exact name wins over longer names")
        XCTAssertEqual(try catalog.find("route 66 r"), route2)
        XCTAssertThrowsError(try catalog.find("ro")) {
            XCTAssertEqual($0 as? TripLookupError, .ambiguous("ro", candidates: ["Route 66 return", "Route 66"]))
        }
        XCTAssertThrowsError(try catalog.find("zz")) { XCTAssertEqual($0 as? TripLookupError, .notFound("zz")) }
        XCTAssertThrowsError(try catalog.find(""))
    }

    func testRenameAndDelete() throws {
        let id = try interactor.addTrip(named: "Old").id
        try interactor.renameTrip(id, to: "New")
        XCTAssertEqual(list().map(\.name), ["New"])
        try interactor.deleteTrip(id)
        XCTAssertTrue(list().isEmpty)
    }

    func testSummaryCountsStopsAndDistance() throws {
        let trip = Trip(name: "T", waypoints: [
            Waypoint(name: "A", latitude: 0, longitude: 0),
            Waypoint(name: "B", latitude: 0, longitude: 1),
            Waypoint(name: "C", latitude: 0, longitude: 2),
        ])
        let summary = TestRoutes.estimate().summaries(of: [trip])[0]
        XCTAssertEqual(summary.stopCount, 3)
        XCTAssertEqual(summary.totalKm, 222.39 * 1.3, accuracy: 0.01, "the estimate: the arc × the detour")
        XCTAssertTrue(summary.isEstimated)
        XCTAssertEqual(summary.firstStop, "A")
        XCTAssertEqual(summary.lastStop, "C")
        XCTAssertNil(TestRoutes.estimate().summaries(of: [Trip(name: "One", waypoints: [trip.waypoints[0]])])[0].lastStop)
    }

    func testSaveFailureKeepsTheChangeInMemory() throws {
        repository.failSaves = .io(path: "/x", operation: "save", message: "No space left on device")
        XCTAssertThrowsError(try interactor.addTrip(named: "Precious"))
        XCTAssertEqual(list().map(\.name), ["Precious"])
        repository.failSaves = nil
        XCTAssertNoThrow(try repository.save())
    }
}
