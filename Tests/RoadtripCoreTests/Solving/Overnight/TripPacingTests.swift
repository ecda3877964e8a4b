import XCTest
@testable import RoadtripCore

/// Inserting a town splits its day and is one undo step; pacing Route 66 at 6 h leaves no day over 6 h unless a
/// single leg with no town near it is longer, and says which; undo after pace restores the trip.
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

    /// Legs through the desert longer than the limit cannot be split: pacing says which, changes nothing, and
    /// (on the estimate) says it looked near the straight line and cannot see the road, with the command for roads.
    func testPacingSaysWhichLegIsLongerThanTheLimitWithNoTownNearIt() throws {
        let trip = Trip(name: "Great Central Road", waypoints: [
            Waypoint(name: "Laverton", latitude: -28.63, longitude: 122.40),
            Waypoint(name: "Warburton", latitude: -26.13, longitude: 126.58, nights: 1),
            Waypoint(name: "Yulara", latitude: -25.24, longitude: 130.99),
        ])
        let pacing = TripPacing.pace(trip, finder: try finder()) { F.estimated($0, self.settings) }
        XCTAssertFalse(pacing.changesTrip)
        XCTAssertEqual(pacing.after, trip)
        XCTAssertEqual(pacing.longDays.map(\.day), [1, 2])
        XCTAssertEqual(pacing.longDays.map(\.leg), [0, 1], "Laverton – Warburton, then on to Yulara")
        for long in pacing.longDays { XCTAssertGreaterThan(try XCTUnwrap(long.legSeconds), 6 * 3600) }
        let widths = (0..<2).map { F.lineKm(trip.waypoints[$0], trip.waypoints[$0 + 1]) / 4 }
        XCTAssertEqual(pacing.longDays.map(\.corridor), widths.map { OvernightCorridor(roadKm: nil, straightLineKm: $0...$0) })
        let lines = PacePreview(pacing: pacing, before: F.estimated(trip, settings)).lines(.km)
        XCTAssertEqual(lines.first, "Great Central Road: no town can split a long day.")
        XCTAssertTrue(lines.contains("Day 1 stays over 6 h (\(TripText.duration(pacing.longDays[0].drivingSeconds))): leg 1–2, "
                                     + "Laverton to Warburton, is \(TripText.duration(pacing.longDays[0].drivingSeconds)) with "
                                     + "no town within \(DistanceUnit.km.format(km: widths[0])) of its straight line — without "
                                     + "road data roadtrip cannot see the road."), lines.joined(separator: "\n"))
        XCTAssertEqual(lines.last, "To see the roads: roadtrip region which 'Great Central Road'")
        XCTAssertFalse(lines.joined().contains("along"), lines.joined(separator: "\n"))
    }

    /// Nights found without road data are listed with how far off the straight line each lies.
    func testPacingOnTheStraightLineListsHowFarOffEachNightLies() throws {
        let trip = Trip(name: "Outback", waypoints: [
            Waypoint(name: "Alice Springs", latitude: -23.6975, longitude: 133.8836),
            Waypoint(name: "Katherine", latitude: -14.4652, longitude: 132.2635),
        ])
        var eight = settings
        eight.dailyLimitHours = 8
        let finder = OvernightFinder(places: try BundledPlaces.index(), settings: eight)
        let pacing = TripPacing.pace(trip, finder: finder) { F.estimated($0, eight) }
        let first = try XCTUnwrap(pacing.inserted.first)
        XCTAssertEqual(first.place.name, "Tennant Creek")
        XCTAssertTrue(first.onStraightLine)
        let lines = PacePreview(pacing: pacing, before: F.estimated(trip, eight)).lines(.km)
        let table = try XCTUnwrap(lines.firstIndex(of: "NEW NIGHTS, found on the straight line (no road data)"))
        XCTAssertEqual(lines[table + 1], "  DAY  DRIVING  STOP  OFF LINE  TOWN")
        XCTAssertTrue(lines[table + 2].hasSuffix("    107 km  Tennant Creek, Northern Territory, AU"), lines[table + 2])
        XCTAssertEqual(lines.last, "To see the roads: roadtrip region which Outback")
    }

    private func finder() throws -> OvernightFinder {
        OvernightFinder(places: try BundledPlaces.index(), settings: settings)
    }
}
