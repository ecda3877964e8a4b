import Foundation
import XCTest
import RoadtripCore

/// The edits the command line and the app share: reverse, duplicate, and a moved stop's place.
final class TripEditsTests: StoreTestCase {
    private let tulsa = Waypoint(name: "Tulsa", latitude: 36.154, longitude: -95.9928, placeId: 4553433,
                                 region: "Oklahoma", countryCode: "US", nights: 1, notes: "Blue Whale")

    private func tripWithStops(_ names: [String]) throws -> (TripStore, Trip) {
        let trip = Trip(name: "Route 66", startDate: CalendarDate("2027-06-12"), notes: "Get your kicks",
                        waypoints: names.map { Waypoint(name: $0, latitude: 35, longitude: -90) } + [tulsa])
        let store = try open()
        try store.update { $0 = [trip] }
        return (store, trip)
    }

    func testReverseTurnsTheStopsAround() throws {
        let (store, trip) = try tripWithStops(["Chicago", "St. Louis"])
        try TripEditor(tripID: trip.id, repository: store).reverse()
        XCTAssertEqual(store.trips[0].waypoints.map(\.name), ["Tulsa", "St. Louis", "Chicago"])
        XCTAssertEqual(try open().trips[0].waypoints.map(\.name), ["Tulsa", "St. Louis", "Chicago"], "saved")
    }

    func testDuplicateCopiesEverythingUnderNewIDs() throws {
        let (store, trip) = try tripWithStops(["Chicago"])
        let catalog = TripCatalog(repository: store)
        let copyID = try catalog.duplicate(trip.id).id
        XCTAssertEqual(store.trips.map(\.name), ["Route 66 (copy)", "Route 66"], "the copy goes to the top")
        let copy = try XCTUnwrap(catalog.trip(copyID))
        XCTAssertNotEqual(copy.id, trip.id)
        XCTAssertEqual(copy.startDate, trip.startDate)
        XCTAssertEqual(copy.notes, trip.notes)
        XCTAssertTrue(Set(copy.waypoints.map(\.id)).isDisjoint(with: trip.waypoints.map(\.id)), "new stop ids")
        let fields = { (stop: Waypoint) in [stop.name, stop.notes, "\(stop.nights)", stop.region, stop.countryCode] }
        XCTAssertEqual(copy.waypoints.map(fields), trip.waypoints.map(fields))
        XCTAssertEqual(copy.waypoints.last?.placeId, tulsa.placeId)

        try catalog.duplicate(trip.id, named: "Mother Road")
        XCTAssertEqual(try open().trips.map(\.name), ["Mother Road", "Route 66 (copy)", "Route 66"])
        XCTAssertThrowsError(try catalog.duplicate(UUID())) { XCTAssertEqual($0 as? TripEditError, .tripNotFound) }
    }

    func testDuplicateOfALongNameIsRefusedNotTruncated() throws {
        let long = String(repeating: "a", count: Limits.nameLength)
        let store = try open()
        let id = try TripCatalog(repository: store).add(named: long).id
        XCTAssertThrowsError(try TripCatalog(repository: store).duplicate(id))
        XCTAssertEqual(store.trips.count, 1)
    }

    func testMovedStopLosesItsOldPlace() throws {
        let (store, trip) = try tripWithStops([])
        let editor = TripEditor(tripID: trip.id, repository: store)
        var moved = tulsa
        (moved.latitude, moved.longitude) = (40.4168, -3.7038)
        let saved = try editor.updateStop(moved).stop
        XCTAssertFalse(saved.hasPlace)
        XCTAssertEqual(store.trips[0].waypoints[0], saved)
        XCTAssertEqual(saved.nights, 1, "only the place goes")
    }

    func testRenamedStopOrNewPlaceKeepsItsPlace() throws {
        let (store, trip) = try tripWithStops([])
        let editor = TripEditor(tripID: trip.id, repository: store)
        var renamed = tulsa
        renamed.name = "T-Town"
        XCTAssertEqual(try editor.updateStop(renamed).stop, renamed, "same coordinates: the place still fits")
        var picked = Waypoint(id: tulsa.id, name: "Madrid", latitude: 40.4168, longitude: -3.7038, placeId: 3117735,
                              region: "Madrid", countryCode: "ES")
        XCTAssertEqual(try editor.updateStop(picked).stop, picked, "a place picked with its coordinates is kept")
        picked.forgetPlace()
        XCTAssertEqual([picked.placeId?.description, picked.region, picked.countryCode], [nil, nil, nil])
    }
}
