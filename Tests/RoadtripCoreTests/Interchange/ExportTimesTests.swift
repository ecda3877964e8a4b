import XCTest
@testable import RoadtripCore

/// The exports' times are the itinerary's instants, each on its stop's clock (ExportTimesReferenceTests reads them
/// back with gpxpy and icalendar). Expected times are worked out by hand in `ExportFixtures.west` and `.tokyo`.
final class ExportTimesTests: XCTestCase {
    private func lines(_ text: String, _ prefix: String) -> [String] {
        text.components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(prefix) }
    }

    func testGPXTimesAreUTCInstantsTheFirstStopItsDeparture() throws {
        let west = try ExportFormat.gpx.document(ExportFixtures.west, ExportFixtures.westItinerary(), unit: .km)
        XCTAssertEqual(lines(west, "<time>"), ["<time>2027-06-14T14:00:00Z</time>", "<time>2027-06-14T18:00:00Z</time>",
                                               "<time>2027-06-15T20:45:00Z</time>"])
        XCTAssertTrue(west.contains("<desc>Stop 1 of 3 · Mon 14 Jun 2027 · leaves 09:00 UTC−5 · Illinois, US</desc>"), west)
        XCTAssertTrue(west.contains("<desc>Stop 3 of 3 · Tue 15 Jun 2027 13:45 UTC−7 · 500 km · 5 h from Denver · 1 rest"), west)
        let tokyo = try ExportFormat.gpx.document(ExportFixtures.tokyo, ExportFixtures.tokyoItinerary(), unit: .km)
        XCTAssertEqual(lines(tokyo, "<time>"), ["<time>2027-12-29T23:00:00Z</time>", "<time>2027-12-30T04:45:00Z</time>",
                                                "<time>2027-12-31T00:00:00Z</time>"], "08:00 JST is 23:00Z the day before")
        XCTAssertTrue(tokyo.contains("<desc>Stop 2 of 3 · Thu 30 Dec 2027 13:45 · 500 km · 5 h from 東京 · 1 rest · 1 night"),
                      "one zone: times without it")
        var undated = ExportFixtures.west
        undated.startDate = nil
        let none = try ExportFormat.gpx.document(undated, Itinerary(trip: undated, legs: ExportFixtures.westItinerary().legs,
                                                                    settings: Settings()), unit: .km)
        XCTAssertEqual(lines(none, "<time>"), [], "an undated trip's times are of no day")
    }

    /// Our own GPX gives the start date back from its extension; a GPX without it (another program's, or ours
    /// stripped of extensions) reads its first time on the first stop's clock.
    func testTheStartDateComesBackWhenTheFirstTimeInUTCIsTheDayBefore() throws {
        let gpx = try ExportFormat.gpx.document(ExportFixtures.tokyo, ExportFixtures.tokyoItinerary(), unit: .km)
        XCTAssertEqual(try TripImporter.importTrip(from: Data(gpx.utf8)).trip.startDate, CalendarDate("2027-12-30"))
        let stripped = gpx.replacingOccurrences(of: "<roadtrip:startDate>2027-12-30</roadtrip:startDate>", with: "")
        XCTAssertFalse(stripped.contains("startDate"))
        XCTAssertEqual(try TripImporter.importTrip(from: Data(stripped.utf8)).trip.startDate, CalendarDate("2027-12-30"))
        let tokyo = ExportFixtures.tokyo.waypoints[0]
        for (time, date) in [("2027-12-29T23:00:00Z", "2027-12-30"), ("2027-12-29T14:59:59.5Z", "2027-12-29"),
                             ("2027-12-30T08:00+09:00", "2027-12-30"), ("2027-12-29T22:00:00-0100", "2027-12-30"),
                             ("2027-12-29T23:00:00", "2027-12-29"), ("2027-12-29", "2027-12-29"),
                             ("2027-12-29T25:00:00Z", "2027-12-29"), ("2027-12-29T23:00Zjunk", "2027-12-29")] {
            XCTAssertEqual(ImportStartDate.date(time, firstStop: tokyo), CalendarDate(date), time)
        }
        XCTAssertNil(ImportStartDate.date("29 Dec 2027", firstStop: tokyo))
    }

    func testGeoJSONStopsCarryTheirZoneAndLocalTimesWithTheirOffset() throws {
        let json = try ExportFormat.geojson.document(ExportFixtures.west, ExportFixtures.westItinerary(), unit: .km)
        XCTAssertTrue(json.contains(#""date": "2027-06-14", "timeZone": "America/Chicago", "departs": "2027-06-14T09:00:00-05:00", "roadtrip""#), json)
        XCTAssertTrue(json.contains(#""timeZone": "America/Denver", "arrives": "2027-06-14T12:00:00-06:00", "departs": "2027-06-15T09:00:00-06:00""#))
        XCTAssertTrue(json.contains(#""timeZone": "America/Los_Angeles", "arrives": "2027-06-15T13:45:00-07:00", "roadtrip""#))
        var undated = ExportFixtures.west
        undated.startDate = nil
        let none = try ExportFormat.geojson.document(undated, Itinerary(trip: undated, legs: ExportFixtures.westItinerary().legs,
                                                                        settings: Settings()), unit: .km)
        XCTAssertFalse(none.contains("arrives") || none.contains("departs"))
        XCTAssertTrue(none.contains(#""timeZone": "America/Denver""#))
    }

    func testMarkdownGivesLocalTimesWithTheZoneWhereTheTripCrossesZones() throws {
        let text = try ExportFormat.md.document(ExportFixtures.west, ExportFixtures.westItinerary(), unit: .km)
        XCTAssertTrue(text.contains("""
            ## Day 1 · Mon 14 Jun 2027

            Leaves 09:00 UTC−5 · 400 km · 4 h — Chicago → Denver

            - **Chicago** · Illinois, US · start
            - 12:00 UTC−6 **Denver** · Colorado, US · 400 km · 4 h · 1 night

            ## Day 2 · Tue 15 Jun 2027

            Leaves 09:00 UTC−6 · 500 km · 5 h — Denver → Santa Monica

            - 13:45 UTC−7 **Santa Monica** · California, US · 500 km · 5 h · 1 rest
            """), text)
        let tokyo = try ExportFormat.md.document(ExportFixtures.tokyo, ExportFixtures.tokyoItinerary(), unit: .km)
        XCTAssertTrue(tokyo.contains("Leaves 08:00 · 500 km · 5 h — 東京 → 京都\n\n- **東京** · Tokyo, JP · start\n"
            + "- 13:45 **京都** · Kyoto, JP · 500 km · 5 h · 1 rest · 1 night"), tokyo)
    }

    /// A drive an event on its two clocks, each zone with its VTIMEZONE (the change of offset inside the span
    /// included); stays all-day events, in the order of the days.
    func testTheCalendarHasAnEventPerDriveOnTheClocksOfItsStops() throws {
        let ics = try ExportFormat.ics.document(ExportFixtures.west, ExportFixtures.westItinerary(), unit: .km)
        let contentLines = ics.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        XCTAssertEqual(contentLines.filter { $0.hasPrefix("DTSTART") || $0.hasPrefix("DTEND") || $0.hasPrefix("SUMMARY") || $0.hasPrefix("TZID") }, [
            "TZID:America/Chicago", "DTSTART:20270613T090000", "TZID:America/Denver", "DTSTART:20270613T120000",
            "TZID:America/Los_Angeles", "DTSTART:20270614T134500",
            "DTSTART;TZID=America/Chicago:20270614T090000", "DTEND;TZID=America/Denver:20270614T120000",
            "SUMMARY:Day 1: Chicago → Denver",
            "DTSTART;VALUE=DATE:20270614", "DTEND;VALUE=DATE:20270615", "SUMMARY:Denver",
            "DTSTART;TZID=America/Denver:20270615T090000", "DTEND;TZID=America/Los_Angeles:20270615T134500",
            "SUMMARY:Day 2: Denver → Santa Monica",
        ])
        XCTAssertTrue(ics.contains("BEGIN:VTIMEZONE\r\nTZID:America/Denver\r\nBEGIN:DAYLIGHT\r\nDTSTART:20270613T120000\r\n"
            + "TZOFFSETFROM:-0600\r\nTZOFFSETTO:-0600\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n"), ics)
        XCTAssertTrue(contentLines.contains("DESCRIPTION:500 km · 5 h — Denver → Santa Monica\\nTue 15 Jun 2027 13:45 UTC−7 · "
            + "Santa Monica · 1 rest"), ics)
        XCTAssertEqual(contentLines.filter { $0.hasPrefix("LOCATION:") },
                       ["LOCATION:Chicago\\, Illinois\\, United States", "LOCATION:Denver\\, Colorado\\, United States",
                        "LOCATION:Denver\\, Colorado\\, United States"], "a drive is where it leaves from")

        // Denver changes clocks on Sun 14 Mar 2027 at 02:00 MST: a stay over it gives the zone both observances.
        var march = ExportFixtures.west
        march.startDate = CalendarDate("2027-03-12")
        march.waypoints[1].nights = 3
        let spring = try ExportFormat.ics.document(march, Itinerary(trip: march, legs: ExportFixtures.westItinerary().legs,
                                                                    settings: Settings()), unit: .km)
        XCTAssertTrue(spring.contains("TZID:America/Denver\r\nBEGIN:STANDARD\r\nDTSTART:20270311T120000\r\nTZOFFSETFROM:-0700\r\n"
            + "TZOFFSETTO:-0700\r\nEND:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0700\r\n"
            + "TZOFFSETTO:-0600\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n"), spring)
        XCTAssertTrue(spring.contains("DTSTART;TZID=America/Denver:20270315T090000\r\n"), "09:00 MDT after the change")
    }

    /// Without a night there is still a drive to put in a calendar; a lone stop without nights has nothing.
    func testADayTripIsACalendarOfOneDrive() throws {
        var dayTrip = ExportFixtures.west
        dayTrip.waypoints[1].nights = 0
        let ics = try ExportFormat.ics.document(dayTrip, Itinerary(trip: dayTrip, legs: ExportFixtures.westItinerary().legs,
                                                                   settings: Settings()), unit: .km)
        XCTAssertEqual(ics.components(separatedBy: "BEGIN:VEVENT").count - 1, 1)
        var lone = dayTrip
        lone.waypoints = [dayTrip.waypoints[0]]
        XCTAssertThrowsError(try ExportFormat.ics.document(lone, Itinerary(trip: lone, legs: [], settings: Settings()),
                                                           unit: .km)) { XCTAssertEqual($0 as? ExportError, .noStays) }
    }
}
