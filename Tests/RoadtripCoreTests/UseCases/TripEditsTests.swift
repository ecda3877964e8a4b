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

    /// A stop moved anywhere lands where removing it and inserting it there would put it, the others in order.
    func testAMovedStopLandsWhereRemoveAndInsertPutIt() throws {
        let names = (1...7).map { "Stop \($0)" }
        let (store, trip) = try tripWithStops(names)
        let editor = TripEditor(tripID: trip.id, repository: store)
        var expected = store.trips[0].waypoints
        for from in expected.indices {
            for to in expected.indices {
                try editor.moveStop(from: from, to: to)
                expected.insert(expected.remove(at: from), at: to)
                XCTAssertEqual(store.trips[0].waypoints.map(\.name), expected.map(\.name), "\(from) → \(to)")
            }
        }
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
        XCTAssertEqual(saved.timeZone, "Europe/Madrid", "the zone of where it is now")
    }

    /// Saved stops store their zone: a new one from its position, a moved one from its new position unless the
    /// change gave it one, and an older stop's zone stays until it is changed.
    func testSavedStopsStoreTheirTimeZone() throws {
        let (store, trip) = try tripWithStops([])
        let editor = TripEditor(tripID: trip.id, repository: store)
        XCTAssertNil(store.trips[0].waypoints[0].timeZone, "an older stop gains no zone until it is changed")
        try editor.addStop(Waypoint(name: "Chicago", latitude: 41.8781, longitude: -87.6298), at: 0)
        XCTAssertEqual(try open().trips[0].waypoints[0].timeZone, "America/Chicago", "written to the file")
        var typed = store.trips[0].waypoints[0]
        (typed.latitude, typed.longitude) = (39.7392, -104.9903)
        XCTAssertEqual(try editor.updateStop(typed).stop.timeZone, "America/Denver", "typed coordinates, moved")
        var given = store.trips[0].waypoints[0]
        (given.latitude, given.longitude, given.timeZone) = (39.74, -104.99, "America/Boise")
        XCTAssertEqual(try editor.updateStop(given).stop.timeZone, "America/Boise", "a zone the change gave is kept")
        var stayed = store.trips[0].waypoints[0]
        stayed.notes = "Mile High"
        XCTAssertEqual(try editor.updateStop(stayed).stop.timeZone, "America/Boise", "not moved: not looked up again")
    }

    func testRenamedStopOrNewPlaceKeepsItsPlace() throws {
        let (store, trip) = try tripWithStops([])
        let editor = TripEditor(tripID: trip.id, repository: store)
        var renamed = tulsa
        renamed.name = "T-Town"
        var expected = renamed
        expected.timeZone = "America/Chicago"
        XCTAssertEqual(try editor.updateStop(renamed).stop, expected,
                       "same coordinates: the place still fits, and the stop stores the zone it is in")
        var picked = Waypoint(id: tulsa.id, name: "Madrid", latitude: 40.4168, longitude: -3.7038, placeId: 3117735,
                              region: "Madrid", countryCode: "ES", timeZone: "Europe/Madrid")
        XCTAssertEqual(try editor.updateStop(picked).stop, picked, "a place picked with its coordinates is kept")
        picked.forgetPlace()
        XCTAssertEqual([picked.placeId?.description, picked.region, picked.countryCode], [nil, nil, nil])
    }
}
