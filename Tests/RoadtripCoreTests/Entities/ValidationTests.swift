import XCTest
@testable import RoadtripCore

final class ValidationTests: XCTestCase {
    func testCoordinatesMustBeFiniteAndInRange() {
        XCTAssertNoThrow(try Coordinate(latitude: -90, longitude: 180))
        XCTAssertThrowsError(try Coordinate(latitude: 90.000001, longitude: 0)) {
            XCTAssertEqual($0 as? ValidationError,
                           .outOfRange(field: "Latitude", value: 90.000001, range: -90...90))
        }
        XCTAssertThrowsError(try Coordinate(latitude: 0, longitude: -180.5))
        XCTAssertThrowsError(try Coordinate(latitude: .nan, longitude: 0)) {
            XCTAssertEqual($0 as? ValidationError, .notFinite(field: "Latitude"))
        }
        XCTAssertThrowsError(try Coordinate(latitude: 0, longitude: .infinity))
    }

    func testNamesAreTrimmedNonEmptyAndBounded() throws {
        XCTAssertEqual(try Trip(name: "  Alps loop \n").validated().name, "Alps loop")
        XCTAssertThrowsError(try Trip(name: " \t\n").validated()) {
            XCTAssertEqual($0 as? ValidationError, .emptyName(field: "Trip name"))
        }
        XCTAssertNoThrow(try Trip(name: String(repeating: "é", count: 200)).validated())
        XCTAssertThrowsError(try Trip(name: String(repeating: "a", count: 201)).validated()) {
            XCTAssertEqual($0 as? ValidationError, .tooLong(field: "Trip name", limit: 200, actual: 201))
        }
        // Length is counted in characters a person sees, not bytes: 200 family emoji are fine.
        XCTAssertNoThrow(try Trip(name: String(repeating: "👨‍👩‍👧", count: 200)).validated())
    }

    func testATripsStopsComeBackTidiedWhetherOrNotTheyChanged() throws {
        let kept = Waypoint(name: "Zürich", latitude: 47.37, longitude: 8.54)
        var trip = Trip(name: "T", waypoints: [kept, Waypoint(name: "  Chur \n", latitude: 46.85, longitude: 9.53)])
        XCTAssertEqual(try trip.validated().waypoints.map(\.name), ["Zürich", "Chur"])
        let previous = try trip.validated()
        trip = previous
        trip.waypoints.insert(Waypoint(name: "\tBern ", latitude: 46.95, longitude: 7.45), at: 1)
        // Only the changed stops are checked against the previous version: the new one is tidied, the others kept.
        let validated = try trip.validated(knowing: previous)
        XCTAssertEqual(validated.waypoints.map(\.name), ["Zürich", "Bern", "Chur"])
        XCTAssertEqual(validated.waypoints[0], kept)
    }

    func testWaypointRules() {
        let ok = Waypoint(name: "Zürich", latitude: 47.37, longitude: 8.54, nights: 2)
        XCTAssertNoThrow(try ok.validated())
        var negative = ok
        negative.nights = -1
        XCTAssertThrowsError(try negative.validated()) {
            XCTAssertEqual(($0 as? ValidationError)?.description,
                           "Nights -1 is outside 0…365 (a stay of more than a year is a typo)")
        }
        for nights in [0, 365] {
            var edge = ok
            edge.nights = nights
            XCTAssertNoThrow(try edge.validated(), "\(nights)")
        }
        for nights in [366, 100_000_000, Int.max, Int.min] {
            var huge = ok
            huge.nights = nights
            XCTAssertThrowsError(try huge.validated(), "\(nights)")
        }
        var longNotes = ok
        longNotes.notes = String(repeating: "x", count: 10_001)
        XCTAssertThrowsError(try longNotes.validated())
        var badLat = ok
        badLat.latitude = 200
        XCTAssertThrowsError(try Trip(name: "T", waypoints: [badLat]).validated())
    }

    func testAStopsStayAndZoneAreBounded() {
        let ok = Waypoint(name: "Geiranger", latitude: 62.1, longitude: 7.2, timeZone: "Europe/Oslo", stayMinutes: 90)
        XCTAssertNoThrow(try ok.validated())
        for stay in [0, 1439] {
            var edge = ok
            edge.stayMinutes = stay
            XCTAssertNoThrow(try edge.validated(), "\(stay)")
        }
        for stay in [-1, 1440, Int.max, Int.min] {
            var bad = ok
            bad.stayMinutes = stay
            XCTAssertThrowsError(try bad.validated(), "\(stay)")
        }
        // Shapes of real names, including one this system may not know yet: kept, not refused.
        for zone in ["America/Argentina/Buenos_Aires", "Etc/GMT+5", "Etc/GMT-14", "America/Port-au-Prince", "Europe/Kyiv2031"] {
            var named = ok
            named.timeZone = zone
            XCTAssertNoThrow(try named.validated(), zone)
        }
        for zone in ["", "Europe/../etc/passwd", "/Europe/Oslo", "Europe/Oslo/", "Europe//Oslo", "Europe/Oslo\n",
                     "Europe/Ōslo", String(repeating: "A", count: 65)] {
            var bad = ok
            bad.timeZone = zone
            XCTAssertThrowsError(try bad.validated(), zone) {
                XCTAssertEqual(($0 as? ValidationError)?.description,
                               "Time zone \(zone.debugDescription) is not an IANA name like Europe/Oslo")
            }
        }
    }

    func testMessagesAreReadable() {
        XCTAssertEqual(ValidationError.outOfRange(field: "Latitude", value: 91, range: -90...90).description,
                       "Latitude 91 is outside -90…90")
        XCTAssertEqual(ValidationError.outOfRange(field: "Longitude", value: 180.5, range: -180...180).description,
                       "Longitude 180.5 is outside -180…180")
        XCTAssertEqual(ValidationError.tooLong(field: "Notes", limit: 10_000, actual: 10_001).description,
                       "Notes is 10001 characters long; the limit is 10000")
    }

    func testCalendarDate() throws {
        XCTAssertEqual(CalendarDate("2026-06-12")?.description, "2026-06-12")
        XCTAssertNil(CalendarDate("2026-02-30"))
        XCTAssertNil(CalendarDate("2026-6-12"))
        XCTAssertNil(CalendarDate("yesterday"))
        XCTAssertNotNil(CalendarDate("2028-02-29"))
        XCTAssertLessThan(CalendarDate("2026-06-12")!, CalendarDate("2026-06-13")!)
        let data = try JSONEncoder().encode([CalendarDate("2026-06-12")!])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[\"2026-06-12\"]")
        XCTAssertThrowsError(try JSONDecoder().decode([CalendarDate].self, from: Data("[\"2026-13-01\"]".utf8)))
    }
}

/// Nights are bounded and no sum of nights or arrival date can overflow (issue 8: Int.max nights crashed).
final class NightsArithmeticTests: XCTestCase {
    func testTotalNightsSaturatesInsteadOfTrapping() {
        let stop = Waypoint(name: "A", latitude: 1, longitude: 1, nights: .max)
        XCTAssertEqual(Trip(name: "T", waypoints: [stop, stop]).totalNights, .max)
        XCTAssertEqual(Trip(name: "T", waypoints: [stop, Waypoint(name: "B", latitude: 1, longitude: 1, nights: 2)])
            .totalNights, .max)
    }

    func testDatesBeyondTheCalendarAreNilNeverTheStartDate() throws {
        let start = try XCTUnwrap(CalendarDate("2027-06-12"))
        XCTAssertEqual(start.adding(days: 365), CalendarDate("2028-06-11"))
        XCTAssertEqual(start.adding(days: -1), CalendarDate("2027-06-11"))
        for days in [100_000_000, 3_000_000, Int.max, Int.min] {
            XCTAssertNil(start.adding(days: days), "\(days)")
        }
        XCTAssertEqual(CalendarDate("9999-12-31")?.adding(days: 0), CalendarDate("9999-12-31"))
        XCTAssertNil(CalendarDate("9999-12-31")?.adding(days: 1))
    }
}

/// Day arithmetic by day numbers, checked against Foundation's Gregorian calendar.
final class CalendarDateArithmeticTests: XCTestCase {
    /// Foundation's calendar switches to the Julian one before October 1582: compared from 1600 on.
    func testDayNumbersAgreeWithFoundationAcrossMonthsYearsAndLeapDays() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let starts = ["2027-06-12", "2024-02-28", "1900-02-28", "2000-02-28", "2026-12-31", "1600-03-01", "9999-12-01"]
        for text in starts {
            let start = try XCTUnwrap(CalendarDate(text))
            let base = try XCTUnwrap(calendar.date(from: DateComponents(year: start.year, month: start.month, day: start.day)))
            for offset in [0, 1, 2, 29, 30, 31, 59, 365, 366, 1_000, 40_000] {
                let expected = try XCTUnwrap(calendar.date(byAdding: .day, value: offset, to: base))
                let c = calendar.dateComponents([.year, .month, .day, .weekday], from: expected)
                let mine = start.adding(days: offset)
                if c.year! > 9999 { XCTAssertNil(mine, "\(text) + \(offset)"); continue }
                XCTAssertEqual(mine, CalendarDate(year: c.year!, month: c.month!, day: c.day!), "\(text) + \(offset)")
                XCTAssertEqual(mine?.weekday, c.weekday, "\(text) + \(offset)")
                XCTAssertEqual(mine.flatMap { $0.adding(days: -offset) }, start, "back again")
            }
        }
        XCTAssertNil(CalendarDate("2023-02-29"))
        XCTAssertNotNil(CalendarDate("2024-02-29"))
    }

    /// The day after, counted by months and years (a trip's days are dated so), is the day number's day after.
    func testNextIsTheDayAfterOnEveryDayOfFourHundredYears() throws {
        var date = try XCTUnwrap(CalendarDate("1899-12-30"))
        for _ in 0..<146_100 {
            let next = date.next
            guard next == date.adding(days: 1), let next else { return XCTFail("after \(date): \(String(describing: next))") }
            date = next
        }
        XCTAssertEqual(date, CalendarDate("1899-12-30")?.adding(days: 146_100))
        XCTAssertNil(CalendarDate("9999-12-31")?.next)
        XCTAssertEqual(CalendarDate("9999-12-30")?.next, CalendarDate("9999-12-31"))
        XCTAssertNil(CalendarDate("1900-02-29"))
        XCTAssertNil(CalendarDate("2026-04-31"))
        XCTAssertNil(CalendarDate("0001-01-01")?.adding(days: -1))
        XCTAssertEqual(CalendarDate("0001-01-01")?.weekday, 2, "a Monday, counting back by the Gregorian rules")
        XCTAssertEqual(CalendarDate("0001-01-01")?.adding(days: 3_652_058), CalendarDate("9999-12-31"))
    }
}
