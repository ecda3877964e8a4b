import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Where to sleep in the whole app on a memory terminal, over the real gazetteer, on the estimate: `s` on a day
/// over the limit lists towns near its straight line and says so, Enter inserts the selected one and the day
/// splits, `u` takes it back; `P` previews a night along every long day, Enter applies it as one change; read-only
/// refuses both; a day through empty land says so, and that without road data the road is unseen.
final class OvernightJourneyTests: XCTestCase {
    private static let places = PlaceIndexLoader()

    /// London to Inverness, 11 h 40 on the estimate (round the Firth of Forth); a night there, then Cardiff, 10 h 53.
    private var trip = Trip(name: "Highlands", waypoints: [
        Waypoint(name: "London", latitude: 51.5074, longitude: -0.1278),
        Waypoint(name: "Inverness", latitude: 57.4778, longitude: -4.2247, nights: 1),
        Waypoint(name: "Cardiff", latitude: 51.4816, longitude: -3.1791),
    ])

    private func app(readOnly: Bool = false) throws -> AppDriver {
        _ = try Self.places.wait()
        let repository = InMemoryTripRepository(trips: [trip])
        if readOnly { repository.access = .readOnly(reason: "another roadtrip (pid 42) is editing /tmp/trips.json") }
        let app = AppDriver(repository: repository, rows: 24, columns: 80, places: Self.places)
        app.press(.enter, .character("v"))
        return app
    }

    private struct NotShown: Error, CustomStringConvertible {
        let description: String
    }

    /// Lets the search's answer reach the loop (posted from another thread), up to 20 s.
    private func waitFor(_ text: String, in app: AppDriver) throws {
        let deadline = Date().addingTimeInterval(20)
        while !app.screenContains(text), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            app.app.runPosted()
            app.app.render()
        }
        if !app.screenContains(text) { throw NotShown(description: "\"\(text)\" within 20 s: \(app.dump)") }
    }

    func testSOnALongDayListsTownsAndEnterSplitsTheDayAndUUndoesIt() throws {
        let app = try app()
        XCTAssertTrue(app.screenContains("London → Inverness · over 8 h"), app.dump)
        app.press(.character("s"))
        try waitFor("on the straight line (no road data):", in: app)
        XCTAssertEqual(app.topTitle, "Where to sleep on day 1", app.dump)
        XCTAssertTrue(app.screenContains("Day 1 (11 h 40 of driving, over 8 h) on the straight line (no road data):"), app.dump)
        // Each row says what it does, and the split it gives adds up to the day plus the detour.
        let rows = app.screen.filter { $0.contains(" then ") && $0.contains(" · +") }
        XCTAssertGreaterThanOrEqual(rows.count, 3, app.dump)
        let cells = rows[safe: 1]?.split(separator: "│", omittingEmptySubsequences: false)
        let second = try XCTUnwrap(cells?[safe: 1], app.dump).trimmingCharacters(in: .whitespaces)
        let town = String(second.prefix { $0 != "·" }).trimmingCharacters(in: .whitespaces)
        app.press(.character("j"), .enter)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Highlands", "Highlands · days"], app.dump)
        XCTAssertTrue(app.screenContains("Added a night at \"\(town)\", stop 2"), app.dump)
        XCTAssertTrue(app.screenContains("London → \(town)"), "the day splits: \(app.dump)")
        XCTAssertTrue(app.screenContains("\(town) → Inverness"), app.dump)
        XCTAssertEqual(app.repository.trips[0].waypoints.map(\.name), ["London", town, "Inverness", "Cardiff"])
        XCTAssertEqual(app.repository.trips[0].waypoints[1].nights, 1)
        app.press(.character("u"))
        XCTAssertEqual(app.repository.trips[0].waypoints.map(\.name), ["London", "Inverness", "Cardiff"], app.dump)
        XCTAssertTrue(app.screenContains("London → Inverness · over 8 h"), app.dump)
    }

    func testEscClosesTheTownsWithoutAChange() throws {
        let app = try app()
        app.press(.character("s"))
        try waitFor("on the straight line (no road data):", in: app)
        app.press(.escape)
        XCTAssertEqual(app.topTitle, "Highlands · days", app.dump)
        XCTAssertTrue(app.screenContains("The trip is unchanged."), app.dump)
        XCTAssertEqual(app.repository.trips[0].waypoints.count, 3)
    }

    func testPPacesEveryLongDayAsOneChange() throws {
        let app = try app()
        app.press(.character("P"))
        try waitFor("[Enter] add these nights", in: app)
        XCTAssertTrue(app.screenContains("bring every day within 8 h."), app.dump)
        XCTAssertTrue(app.screenContains("NEW NIGHTS"), app.dump)
        app.press(.enter)
        XCTAssertTrue(app.screenContains("Paced \"Highlands\" with"), app.dump)
        let paced = try XCTUnwrap(app.context.repository.trips.first)
        XCTAssertGreaterThan(paced.waypoints.count, 3)
        let itinerary = app.session.routes.itinerary(for: paced)
        XCTAssertFalse(itinerary.days.contains(where: \.exceedsLimit), "no day over the limit")
        app.press(.character("u"))
        XCTAssertEqual(app.repository.trips[0].waypoints.map(\.name), ["London", "Inverness", "Cardiff"], "one undo step")
    }

    func testADayThroughEmptyLandSaysNoTownNearItsStraightLine() throws {
        // Along the Great Central Road on the great-circle arc (the core's tests check the corridor by brute force).
        trip = Trip(name: "Desert", waypoints: [
            Waypoint(name: "Laverton", latitude: -28.63, longitude: 122.40),
            Waypoint(name: "Warburton", latitude: -26.13, longitude: 126.58),
        ])
        let app = try app()
        app.press(.character("s"))
        try waitFor("no town within 124 km of the straight", in: app)
        XCTAssertEqual(app.topTitle, "Where to sleep on day 1", "left open to be read: \(app.dump)")
        XCTAssertTrue(app.screenContains("roadtrip region which Desert"), app.dump)
        XCTAssertFalse(app.screenContains("[Enter]"), "nothing to apply: \(app.dump)")
        app.press(.escape)
        XCTAssertEqual(app.topTitle, "Desert · days", app.dump)
    }

    func testReadOnlyRefusesSAndPAtOnce() throws {
        let app = try app(readOnly: true)
        for key in DayPlanView.keys.rows.filter(\.edits).flatMap(\.keys) {
            app.press(key)
            XCTAssertEqual(app.topTitle, "Highlands · days", "\(key): \(app.dump)")
            XCTAssertTrue(app.screenContains("Read-only: another roadtrip (pid 42) is editing"), "\(key): \(app.dump)")
        }
    }
}
