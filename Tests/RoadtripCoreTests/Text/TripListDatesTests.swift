import RoadtripCore
import XCTest

/// The dates a list shows for a trip (the trip list screen, `roadtrip list`): the start plus its nights, as the
/// itinerary counts them, in the shortest form that reads unambiguously.
final class TripListDatesTests: XCTestCase {
    private func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

    func testTheShortestUnambiguousForm() {
        XCTAssertEqual(TripText.dates(date("2027-06-12"), date("2027-06-19")), "12–19 Jun 2027")
        XCTAssertEqual(TripText.dates(date("2027-06-28"), date("2027-07-03")), "28 Jun – 3 Jul 2027")
        XCTAssertEqual(TripText.dates(date("2027-12-30"), date("2028-01-08")), "30 Dec 2027 – 8 Jan 2028")
        XCTAssertEqual(TripText.dates(date("2027-06-12"), date("2027-06-12")), "12 Jun 2027", "a day trip")
        XCTAssertEqual(TripText.dates(nil, nil), "no date")
        XCTAssertEqual(TripText.dates(date("9999-12-30"), nil), "30 Dec 9999 – after 9999", "past the calendar")
    }

    /// The end is the itinerary's: the start plus every night (a trip across New Year, one without stops, one
    /// whose nights run past the calendar), and later when a day's drive overruns past midnight (Madrid → Berlin
    /// in one day reaches Berlin the next evening: its night, and the trip, end a day later).
    func testTheEndIsTheItinerarysLastDay() {
        let stops = [("Tokyo", 3), ("Kyoto", 4), ("Osaka", 2), ("Tokyo", 0)].map { name, nights in
            Waypoint(name: name, latitude: 35, longitude: 139, nights: nights)
        }
        let overrun = [("Madrid", 40.4168, -3.7038, 0), ("Berlin", 52.52, 13.405, 1), ("Hamburg", 53.5511, 9.9937, 0)]
            .map { Waypoint(name: $0.0, latitude: $0.1, longitude: $0.2, nights: $0.3) }
        let trips = [
            Trip(name: "Japan", startDate: date("2027-12-30"), waypoints: stops),
            Trip(name: "Nowhere yet", startDate: date("2027-06-12")),
            Trip(name: "Undated", waypoints: stops),
            Trip(name: "Too long", startDate: date("9999-12-30"), waypoints: stops),
            Trip(name: "Overrun", startDate: date("2027-06-01"), waypoints: overrun),
        ]
        let summaries = estimateService().summaries(of: trips)
        XCTAssertEqual(summaries.map(\.endDate), [date("2028-01-08"), date("2027-06-12"), nil, nil, date("2027-06-03")])
        for (trip, summary) in zip(trips, summaries) {
            XCTAssertEqual(summary.endDate, estimatedItinerary(trip).endDate, trip.name)
        }
        XCTAssertEqual(TripText.dates(summaries[0].startDate, summaries[0].endDate), "30 Dec 2027 – 8 Jan 2028")
    }

    /// The start of an id, as `find` names trips of one name and the lists show it; names shared case aside.
    func testShortIDsAndSharedNames() throws {
        let id = try XCTUnwrap(UUID(uuidString: "7C0A1B2C-0000-4000-8000-000000000000"))
        XCTAssertEqual(TripCatalog.shortID(id), "7C0A1B2C")
        XCTAssertEqual(TripCatalog.sharedNames(["Japan", "Route 66", "japan", "Alps", "Alps", "Alps loop"]),
                       ["japan", "alps"])
        XCTAssertEqual(TripCatalog.sharedNames(["Japan", "Japan trip"]), [])
    }
}
