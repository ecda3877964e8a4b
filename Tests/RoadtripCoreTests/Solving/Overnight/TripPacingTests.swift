import XCTest
@testable import RoadtripCore

/// Inserting a town splits its day and is one undo step; pacing Route 66 at 6 h leaves no day over 6 h unless a
/// single leg with no town along it is longer, and says which; undo after pace restores the trip.
final class TripPacingTests: StoreTestCase {
    private typealias F = OvernightFinderTests
    private var settings: Settings {
        var settings = Settings()
        settings.dailyLimitHours = 6
        return settings
    }

    func testPickingATownSplitsItsDayAndUndoRemovesIt() throws {
        let store = try open()
        let history = ChangeHistory(store)
        let trip = Trip(name: "Route 66", waypoints: [F.chicago, F.springfield, F.stLouis, F.tulsa, F.santaMonica])
        try store.update { $0.append(trip) }
        let before = store.trips
        let itinerary = F.estimated(trip, settings)
        let town = try XCTUnwrap(finder().suggestions(forDay: 1, trip: trip, itinerary: itinerary).candidates.first)

        let change = try TripEditor(tripID: trip.id, repository: history).insertOvernight(town)
        let after = try XCTUnwrap(store.trips.first)
        let position = town.leg + 1
        XCTAssertEqual(change.done, "Added a night at \"\(town.place.name)\", stop \(position + 1)")
        XCTAssertEqual(after.waypoints.count, 6)
        XCTAssertEqual(after.waypoints[position].name, town.place.name)
        XCTAssertEqual(after.waypoints[position].nights, 1)
        XCTAssertEqual(after.waypoints[position].placeId, town.place.id)
        XCTAssertNotNil(after.waypoints[position].timeZone)
        // Driving days (a day over the limit may also overrun into days on the road).
        let split = F.estimated(after, settings).days.filter(\.isDriving)
        let drives = itinerary.days.filter(\.isDriving)
        XCTAssertEqual(split.count, drives.count + 1, "the drives after it shift by one")
        XCTAssertEqual(split[0].endStop, position, "day 1 ends at the town")
        XCTAssertEqual(split[0].drivingSeconds, town.beforeSeconds, accuracy: 0.05 * town.beforeSeconds)
        XCTAssertEqual(split[1].drivingSeconds, town.afterSeconds, accuracy: 0.05 * town.afterSeconds)
        XCTAssertEqual(split.dropFirst(2).map(\.drivingSeconds), drives.dropFirst().map(\.drivingSeconds))

        // Stale: the leg it split is gone.
        XCTAssertThrowsError(try TripEditor(tripID: trip.id, repository: history).insertOvernight(town)) {
            XCTAssertEqual($0 as? TripEditError, .tripChanged)
        }
        let undone = try XCTUnwrap(try history.undo())
        XCTAssertEqual(undone.label, "add a night at \"\(town.place.name)\", stop \(position + 1)")
        XCTAssertEqual(store.trips, before)
    }

    func testPacingRoute66LeavesNoDayOverTheLimitAndUndoRestoresIt() throws {
        let store = try open()
        let history = ChangeHistory(store)
        var oklahomaCity = Waypoint(name: "Oklahoma City", latitude: 35.47, longitude: -97.52, nights: 1)
        oklahomaCity.notes = "kept"
        let trip = Trip(name: "Route 66", waypoints: [F.chicago, oklahomaCity, F.santaMonica])
        try store.update { $0.append(trip) }
        let before = store.trips
        XCTAssertEqual(F.estimated(trip, settings).days.filter(\.isDriving).map { $0.drivingSeconds > 6 * 3600 },
                       [true, true])

        let pacing = TripPacing.pace(trip, finder: try finder()) { F.estimated($0, self.settings) }
        XCTAssertEqual(pacing.longDays, [], "every day fits: towns lie all along Route 66")
        XCTAssertGreaterThan(pacing.inserted.count, 5, "a 16 h and a 27 h day need several nights each")
        for day in pacing.itinerary.days {
            XCTAssertLessThanOrEqual(day.drivingSeconds, 6 * 3600, "day \(day.number)")
        }
        XCTAssertEqual(pacing.itinerary, F.estimated(pacing.after, settings))
        XCTAssertEqual(pacing.after.waypoints.filter { old in trip.waypoints.contains(old) }, trip.waypoints,
                       "the stops stay, in order, with their nights and notes")
        XCTAssertEqual(pacing.after.waypoints.count, trip.waypoints.count + pacing.inserted.count)

        let change = try TripEditor(tripID: trip.id, repository: history).pace(pacing)
        XCTAssertEqual(change.done, "Paced \"Route 66\" with \(pacing.inserted.count) nights on the road")
        XCTAssertEqual(store.trips.first?.waypoints, pacing.after.waypoints)
        XCTAssertThrowsError(try TripEditor(tripID: trip.id, repository: history).pace(pacing), "computed for the old stops")
        XCTAssertEqual(try history.undo()?.label, "pace \"Route 66\" with \(pacing.inserted.count) nights on the road")
        XCTAssertEqual(store.trips, before, "one undo step")
    }

    /// Legs through the desert longer than the limit cannot be split: pacing says which, and changes nothing.
    func testPacingSaysWhichLegIsLongerThanTheLimitWithNoTownAlongIt() throws {
        let trip = Trip(name: "Sahara", waypoints: [
            Waypoint(name: "Tamanrasset", latitude: 22.785, longitude: 5.52),
            Waypoint(name: "Bordj Badji Mokhtar", latitude: 21.33, longitude: 0.95, nights: 1),
            Waypoint(name: "Gao", latitude: 16.27, longitude: -0.04),
        ])
        let pacing = TripPacing.pace(trip, finder: try finder()) { F.estimated($0, self.settings) }
        XCTAssertFalse(pacing.changesTrip)
        XCTAssertEqual(pacing.after, trip)
        XCTAssertEqual(pacing.longDays.map(\.day), [1, 2])
        XCTAssertEqual(pacing.longDays.map(\.leg), [0, 1], "Tamanrasset – Bordj Badji Mokhtar, then on to Gao")
        for long in pacing.longDays { XCTAssertGreaterThan(try XCTUnwrap(long.legSeconds), 6 * 3600) }
    }

    private func finder() throws -> OvernightFinder {
        OvernightFinder(places: try BundledPlaces.index(), settings: settings)
    }
}
