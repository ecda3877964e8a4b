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

    func testNewTripsGoOnTopAndAreSaved() throws {
        try interactor.addTrip(named: "First")
        let second = try interactor.addTrip(named: "  Second ").id
        XCTAssertEqual(interactor.loadTrips().map(\.name), ["Second", "First"])
        XCTAssertEqual(interactor.loadTrips().first?.id, second)
        XCTAssertEqual(repository.saveCount, 2)
    }

    func testInvalidNameIsRefusedAndNothingChanges() throws {
        try interactor.addTrip(named: "Keep")
        XCTAssertThrowsError(try interactor.addTrip(named: "   ")) {
            XCTAssertEqual($0 as? StoreError, .invalid(.emptyName(field: "Trip name")))
        }
        XCTAssertThrowsError(try interactor.renameTrip(try XCTUnwrap(interactor.loadTrips().first?.id), to: ""))
        XCTAssertEqual(interactor.loadTrips().map(\.name), ["Keep"])
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
        XCTAssertEqual(interactor.loadTrips().map(\.name), ["New"])
        try interactor.deleteTrip(id)
        XCTAssertTrue(interactor.loadTrips().isEmpty)
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
        XCTAssertEqual(interactor.loadTrips().map(\.name), ["Precious"])
        repository.failSaves = nil
        XCTAssertNoThrow(try repository.save())
    }
}
