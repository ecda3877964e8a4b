import Foundation
import XCTest
@testable import RoadtripCore

/// `update` checks every rule before anything is kept or saved.
final class UpdateValidationTests: StoreTestCase {
    func testInvalidChangeIsRefusedAndNothingIsSaved() throws {
        let store = try storeWithOneTrip("Valid")
        let before = contents()
        assertThrows(.invalid(.outOfRange(field: "Latitude", value: 200, range: -90...90))) {
            try store.update { $0[0].waypoints[0].latitude = 200 }
        }
        assertThrows(.invalid(.emptyName(field: "Trip name"))) { try store.update { $0.append(Trip(name: "  ")) } }
        XCTAssertEqual(store.trips.map(\.name), ["Valid"])
        XCTAssertEqual(store.trips[0].waypoints[0].latitude, 41.8781)
        XCTAssertEqual(contents(), before)
        XCTAssertNil(contents(dataPath + ".bak"), "a refused change makes no save, hence no backup")
    }

    /// A trip added or removed shifts the others: a shifted trip changed in the same step is still checked.
    func testAShiftedTripThatChangedIsStillChecked() throws {
        let store = try storeWithOneTrip("Valid")
        assertThrows(.invalid(.outOfRange(field: "Latitude", value: 200, range: -90...90))) {
            try store.update {
                $0[0].waypoints[0].latitude = 200
                $0.insert(Trip(name: "New"), at: 0)
            }
        }
        try store.update { $0.insert(Trip(name: "New"), at: 0) }
        assertThrows(.invalid(.emptyName(field: "Trip name"))) {
            try store.update {
                $0[1].name = " "
                $0.remove(at: 0)
            }
        }
        XCTAssertEqual(store.trips.map(\.name), ["New", "Valid"])
    }

    func testChangedTripsAreStoredValidated() throws {
        let store = try open()
        try store.update { $0.append(Trip(name: "  Padded name \n")) }
        XCTAssertEqual(store.trips.map(\.name), ["Padded name"])
        XCTAssertEqual(try trips().map(\.name), ["Padded name"])
    }
}
