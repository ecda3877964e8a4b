import XCTest
@testable import RoadtripApp
import RoadtripCore

final class TripDetailInteractorTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var interactor: TripDetailInteractor!
    private let trip = Trip(name: "Alps")

    override func setUp() {
        repository = InMemoryTripRepository(trips: [Trip(name: "Other"), trip])
        interactor = TripDetailInteractor(tripID: trip.id, repository: repository)
    }

    private func stop(_ name: String, _ lon: Double = 0) -> Waypoint {
        Waypoint(name: name, latitude: 46, longitude: lon)
    }

    private var names: [String] { interactor.loadTrip()?.waypoints.map(\.name) ?? [] }

    func testAddInsertsAtPositionOrAppends() throws {
        try interactor.addStop(stop("A"), at: nil)
        try interactor.addStop(stop("C"), at: nil)
        try interactor.addStop(stop("B"), at: 1)
        try interactor.addStop(stop("Z"), at: 99)
        try interactor.addStop(stop("0"), at: -5)
        XCTAssertEqual(names, ["0", "A", "B", "C", "Z"])
        XCTAssertEqual(repository.trips[0].waypoints, [], "other trips are untouched")
    }

    func testMoveUpdateDelete() throws {
        for name in ["A", "B", "C"] { try interactor.addStop(stop(name), at: nil) }
        try interactor.moveStop(from: 0, to: 2)
        XCTAssertEqual(names, ["B", "C", "A"])
        XCTAssertThrowsError(try interactor.moveStop(from: 0, to: 3)) {
            XCTAssertEqual($0 as? TripEditError, .positionOutOfRange(count: 3))
        }
        var edited = interactor.loadTrip()!.waypoints[1]
        edited.name = "C2"
        edited.nights = 3
        try interactor.updateStop(edited)
        XCTAssertEqual(names, ["B", "C2", "A"])
        XCTAssertEqual(interactor.loadTrip()?.totalNights, 3)
        try interactor.deleteStop(edited.id)
        XCTAssertEqual(names, ["B", "A"])
    }

    func testInvalidStopIsRefused() {
        XCTAssertThrowsError(try interactor.addStop(Waypoint(name: "X", latitude: 100, longitude: 0), at: nil))
        XCTAssertEqual(names, [])
    }

    func testTripFieldsAndUpdatedAt() throws {
        let before = interactor.loadTrip()!.updatedAt
        try interactor.rename(to: "Alps 2027")
        try interactor.setNotes("Pack chains.\nCheck passes.")
        try interactor.setStartDate(CalendarDate("2027-07-01"))
        let trip = interactor.loadTrip()!
        XCTAssertEqual(trip.name, "Alps 2027")
        XCTAssertEqual(trip.notes, "Pack chains.\nCheck passes.")
        XCTAssertEqual(trip.startDate, CalendarDate("2027-07-01"))
        XCTAssertGreaterThanOrEqual(trip.updatedAt, before)
    }

    func testDeletedTripIsReported() throws {
        try TripCatalog(repository: repository).delete(trip.id)
        XCTAssertNil(interactor.loadTrip())
        XCTAssertThrowsError(try interactor.addStop(stop("A"), at: nil)) {
            XCTAssertEqual($0 as? TripEditError, .tripNotFound)
        }
    }
}
