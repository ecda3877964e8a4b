import Foundation
import XCTest
@testable import RoadtripCore

/// A trip's vehicle and roads to avoid (`TripEditor+Vehicle`, issue 37) on a real store with its undo history: each
/// change is one step whose undo gives the trip back as it was, the settings' roads are the start of a trip's own,
/// and what the message line says.
final class TripVehicleEditsTests: StoreTestCase {
    private func editing(_ trip: Trip) throws -> (TripStore, ChangeHistory, TripEditor) {
        let store = try open()
        try store.update { $0 = [trip] }
        let history = ChangeHistory(store)
        return (store, history, TripEditor(tripID: trip.id, repository: history))
    }

    private let fjords = Trip(name: "Fjords", waypoints: [Waypoint(name: "Oslo", latitude: 59.91, longitude: 10.75)])

    func testSettingTheVehicleKeepsTheTripsFiguresAndIsOneStep() throws {
        var trip = fjords
        trip.vehicle = TripVehicle(topSpeedKmh: 90)
        let (store, history, editor) = try editing(trip)
        XCTAssertEqual(try editor.setVehicle(.campervan).done, "Driving a campervan on \"Fjords\"")
        XCTAssertEqual(store.trips[0].vehicle, TripVehicle(kind: .campervan, topSpeedKmh: 90))
        XCTAssertEqual(try editor.setVehicle(.ev).done, "Driving an ev on \"Fjords\"")
        XCTAssertEqual(try editor.setVehicle(nil).done, "Driving the settings' vehicle on \"Fjords\"")
        XCTAssertEqual(store.trips[0].vehicle, TripVehicle(topSpeedKmh: 90), "the top speed stays the trip's")

        XCTAssertEqual(try history.undo()?.label, "drive the settings' vehicle on \"Fjords\"")
        XCTAssertEqual(store.trips[0].vehicle?.kind, .ev, "one step back")
        XCTAssertNotNil(try history.undo())
        XCTAssertNotNil(try history.undo())
        XCTAssertEqual(store.trips[0].vehicle, TripVehicle(topSpeedKmh: 90))
    }

    func testAVehicleLeftWithNothingOfItsOwnGoes() throws {
        let (store, history, editor) = try editing(fjords)
        try editor.setVehicle(.motorcycle)
        XCTAssertEqual(store.trips[0].vehicle, TripVehicle(kind: .motorcycle))
        try editor.setVehicle(nil)
        XCTAssertNil(store.trips[0].vehicle, "no empty vehicle left in the file")
        try store.save()
        // Only the merge's stamp names it.
        XCTAssertFalse(try String(contentsOf: dataURL, encoding: .utf8).contains("\"vehicle\" : {"))
        XCTAssertNotNil(try history.undo())
        XCTAssertEqual(store.trips[0].vehicle, TripVehicle(kind: .motorcycle))
    }

    /// A trip without roads of its own starts from the settings': avoiding tolls on it keeps the settings' ferries.
    func testAvoidingStartsFromTheSettingsRoadsAndItsUndoGivesThemBack() throws {
        let (store, history, editor) = try editing(fjords)
        XCTAssertEqual(try editor.setAvoiding(.tolls, true, over: [.ferries]).done, "Avoiding tolls on \"Fjords\"")
        XCTAssertEqual(store.trips[0].avoid, [.ferries, .tolls])
        XCTAssertEqual(try editor.setAvoiding(.ferries, false, over: []).done, "Allowing ferries on \"Fjords\"")
        XCTAssertEqual(store.trips[0].avoid, [.tolls])
        XCTAssertEqual(try editor.setAvoiding(.tolls, false, over: [.motorways]).done, "Allowing tolls on \"Fjords\"")
        XCTAssertEqual(store.trips[0].avoid, [], "its own: nothing avoided, whatever the settings avoid")

        XCTAssertEqual(try history.undo()?.label, "allow tolls on \"Fjords\"")
        XCTAssertEqual(store.trips[0].avoid, [.tolls])
        XCTAssertEqual(try history.undo()?.label, "allow ferries on \"Fjords\"")
        XCTAssertEqual(try history.undo()?.label, "avoid tolls on \"Fjords\"")
        XCTAssertNil(store.trips[0].avoid, "the settings' again")
        XCTAssertNotNil(try history.redo())
        XCTAssertEqual(store.trips[0].avoid, [.ferries, .tolls], "and the redo makes it again")
    }

    func testBackToTheSettingsClearsBothAsOneStep() throws {
        var trip = fjords
        (trip.vehicle, trip.avoid) = (TripVehicle(kind: .campervan, heightM: 3), [.ferries])
        let (store, history, editor) = try editing(trip)
        XCTAssertEqual(try editor.useSettingsVehicle().done, "Using the settings' vehicle and roads on \"Fjords\"")
        XCTAssertNil(store.trips[0].vehicle)
        XCTAssertNil(store.trips[0].avoid)
        XCTAssertEqual(try history.undo()?.label, "use the settings' vehicle and roads on \"Fjords\"")
        XCTAssertEqual(store.trips[0].vehicle, TripVehicle(kind: .campervan, heightM: 3))
        XCTAssertEqual(store.trips[0].avoid, [.ferries])
        XCTAssertNil(try history.undo(), "one step: nothing else to undo")
    }

    func testAGoneTripIsSaid() throws {
        let (_, history, _) = try editing(fjords)
        XCTAssertThrowsError(try TripEditor(tripID: UUID(), repository: history).setAvoiding(.ferries, true, over: [])) {
            XCTAssertEqual($0 as? TripEditError, .tripNotFound)
        }
    }
}
