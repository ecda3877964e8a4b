import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The clock never runs backwards, whatever the trip: over seeded trips across zones (half-hour ones, the date
/// line), daylight saving changes and year ends, with rests, visits, nights and drives that overrun past midnight
/// by days, every stop is left no earlier than it is reached and reached no earlier than the one before it is
/// left; the GPX's times never go back; the calendar's drives never overlap and each stay lies between its
/// arrival and its departure; and the trip ends on the day its last stop's nights end.
final class ClockOrderPropertyTests: XCTestCase {
    /// Places whose clocks differ: DST north and south, half and three-quarter hours, both sides of the date line.
    private let places: [(String, Double, Double)] = [
        ("Chicago", 41.88, -87.63), ("Phoenix", 33.45, -112.07), ("Window Rock", 35.68, -109.05),
        ("Paris", 48.86, 2.35), ("Moscow", 55.76, 37.62), ("Adelaide", -34.93, 138.6), ("Sydney", -33.87, 151.21),
        ("Kathmandu", 27.72, 85.32), ("Apia", -13.83, -171.76), ("Pago Pago", -14.28, -170.7),
        ("Tarawa", 1.45, 173.0), ("Kiritimati", 1.87, -157.4), ("Honolulu", 21.31, -157.86), ("Tromsø", 69.65, 18.96),
    ]
    private let starts = ["2027-03-13", "2027-03-27", "2027-10-30", "2027-11-06", "2027-12-30", "2027-04-03",
                          "9999-12-20"]

    func testTheClockNeverRunsBackwardsOnSeededTrips() throws {
        var random = SeededGenerator(seed: 31)
        for round in 0..<400 {
            let (trip, legs, settings) = seededTrip(&random)
            let itinerary = Itinerary(trip: trip, legs: legs, settings: settings)
            let label = "round \(round): \(trip.waypoints.map { "\($0.name)/\($0.nights)/\($0.stayMinutes)" }) "
                + "legs \(legs.map { Int($0.durationSeconds / 60) }) min, from \(trip.startDate?.description ?? "-")"
            try checkArrivals(itinerary, trip, label)
            try checkDays(itinerary, trip, label)
            try checkGPX(itinerary, trip, label)
            try checkCalendar(itinerary, trip, label)
        }
    }

    /// Paris → Moscow in one day of 40 h 24 with its rests, a night, then St Petersburg (the issue's trip): Moscow
    /// is reached on 5 May and left on the 6th, the days between are on the road, the trip ends on the 6th.
    func testAnOverrunMovesTheNightAndEveryDayAfterIt() throws {
        let trip = Trip(name: "East", startDate: CalendarDate("2027-05-03"), waypoints: [
            Waypoint(name: "Paris", latitude: 48.86, longitude: 2.35),
            Waypoint(name: "Moscow", latitude: 55.76, longitude: 37.62, nights: 1),
            Waypoint(name: "St Petersburg", latitude: 59.94, longitude: 30.31),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([40.4, 10.3]), settings: Settings())
        XCTAssertEqual(itinerary.arrivals[1].local?.date, CalendarDate("2027-05-05"))
        XCTAssertEqual(itinerary.arrivals[1].date, CalendarDate("2027-05-05"), "the night starts the day it is reached")
        XCTAssertEqual(itinerary.arrivals[1].departureLocal?.date, CalendarDate("2027-05-06"))
        XCTAssertEqual(itinerary.arrivals[1].departureLocal?.clock, "09:00")
        XCTAssertEqual(itinerary.arrivals[2].local?.date, CalendarDate("2027-05-06"))
        XCTAssertEqual(itinerary.endDate, CalendarDate("2027-05-06"))
        XCTAssertEqual(itinerary.dayCount, 4)
        XCTAssertEqual(itinerary.days.map(\.isDriving), [true, false, false, true])
        XCTAssertEqual(itinerary.days.map(\.isOnTheRoad), [false, true, true, false])
        XCTAssertEqual(itinerary.days.map(\.overruns), [true, true, false, false])
        XCTAssertEqual(itinerary.days[0].daysOnTheRoad, 2)
        let plans = itinerary.days.map { TripText.dayPlan($0, itinerary, trip.waypoints, .km).plan }
        XCTAssertEqual(plans[0], "Paris → Moscow · 40 h 24 of driving: 2 days on the road, no night planned")
        XCTAssertEqual(plans[1], "On the road to Moscow, no night planned")
        XCTAssertEqual(plans[2], "Reaches Moscow at 08:24, on the road from Paris")
        XCTAssertEqual(TripText.summaryFacts(trip, itinerary, .km).last, "3 May – 6 May 2027")
    }

    /// Rests push the arrival past the year 9999: it reads "after 9999", never the start date, and so do the
    /// trip's end, the days from there and what the calendar refuses.
    func testAnArrivalPastTheCalendarSaysSo() throws {
        let trip = Trip(name: "Far", startDate: CalendarDate("9999-12-25"), waypoints: [
            Waypoint(name: "A", latitude: 1, longitude: 2),
            Waypoint(name: "B", latitude: 50, longitude: 120, nights: 1),
            Waypoint(name: "C", latitude: 51, longitude: 121),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([193, 2]), settings: Settings())
        XCTAssertEqual(itinerary.arrivals.map { $0.date == nil }, [false, true, true])
        XCTAssertEqual(itinerary.arrivals.map { $0.departure == nil }, [false, true, true], "never left before reached")
        XCTAssertEqual(TripText.day(index: itinerary.arrivals[1].dayIndex, date: itinerary.arrivals[1].date,
                                    start: trip.startDate), "after 9999")
        XCTAssertNil(itinerary.endDate)
        XCTAssertEqual(TripText.summaryFacts(trip, itinerary, .km).last, "25 Dec 9999 – after 9999")
        XCTAssertEqual(TripText.dayPlan(itinerary.days[0], itinerary, trip.waypoints, .km).plan, "A → B · reaches B after 9999")
        XCTAssertNil(itinerary.days[1].date)
        XCTAssertThrowsError(try ExportFormat.ics.document(trip, itinerary, unit: .km)) {
            XCTAssertEqual($0 as? ExportError, .datesOutOfRange)
        }
    }

    // MARK: - The properties

    private func checkArrivals(_ itinerary: Itinerary, _ trip: Trip, _ label: String) throws {
        var previousDeparture: Date?
        for (index, arrival) in itinerary.arrivals.enumerated() {
            if let instant = arrival.instant, let previousDeparture {
                XCTAssertGreaterThanOrEqual(instant, previousDeparture, "stop \(index + 1) reached before it was left for: \(label)")
            }
            if let instant = arrival.instant, let departure = arrival.departure {
                XCTAssertGreaterThanOrEqual(departure, instant, "stop \(index + 1) left before it is reached: \(label)")
            }
            if index > 0, arrival.departure != nil { XCTAssertNotNil(arrival.instant, "left but never reached: \(label)") }
            previousDeparture = arrival.departure ?? previousDeparture
            // A night's date is the date it is reached there (a day later than the plan's never comes before it:
            // westwards over the date line the plan's date stays), and it is left on the date its nights end.
            let stop = trip.waypoints[index]
            if stop.nights > 0, index > 0, index < trip.waypoints.count - 1, let local = arrival.local,
               let left = arrival.departureLocal, let reached = local.date, let date = arrival.date {
                XCTAssertGreaterThanOrEqual(date.dayNumber, reached.dayNumber, "a night before it is reached: \(label)")
                if itinerary.localDayIndex(local) >= arrival.dayIndex {
                    XCTAssertEqual(date, reached, "a night on a later date than it is reached: \(label)")
                }
                XCTAssertEqual(left.date, date.adding(days: stop.nights), "left after other than its nights: \(label)")
            }
        }
    }

    private func checkDays(_ itinerary: Itinerary, _ trip: Trip, _ label: String) throws {
        guard let last = itinerary.arrivals.last else { return }
        let lastStop = trip.waypoints[trip.waypoints.count - 1]
        if let start = trip.startDate, let reached = last.local?.date, let date = last.date,
           let end = date.adding(days: lastStop.nights) {
            XCTAssertGreaterThanOrEqual(date.dayNumber, reached.dayNumber, "the trip ends before its last stop: \(label)")
            XCTAssertEqual(itinerary.endDate, end, "the trip ends on another day than its last stop's: \(label)")
            XCTAssertEqual(itinerary.dayCount - 1, end.dayNumber - start.dayNumber, label)
        } else if trip.startDate != nil, trip.waypoints.count > 1, last.instant == nil {
            XCTAssertNil(itinerary.endDate, "reached past the calendar, yet an end date: \(label)")
        }
        XCTAssertEqual(itinerary.days.map(\.number), Array(1...itinerary.days.count), "one day per date: \(label)")
        // Every leg is driven on exactly one day, in order; a day is driving, on the road or at a stop.
        XCTAssertEqual(itinerary.days.flatMap { Array($0.legs) }, Array(itinerary.legs.indices), label)
        for day in itinerary.days {
            XCTAssertFalse(day.isDriving && day.isOnTheRoad, label)
            if let departure = day.departure, let arrival = day.arrival {
                XCTAssertGreaterThanOrEqual(arrival, departure, "day \(day.number): \(label)")
            }
        }
    }

    private func checkGPX(_ itinerary: Itinerary, _ trip: Trip, _ label: String) throws {
        let gpx = try ExportFormat.gpx.document(trip, itinerary, unit: .km)
        let formatter = ISO8601DateFormatter()
        let times = gpx.components(separatedBy: "<time>").dropFirst().compactMap { part in
            part.components(separatedBy: "</time>").first.flatMap { formatter.date(from: $0) }
        }
        // The metadata's time (when the file was made) first, then each stop's.
        let stops = Array(times.dropFirst())
        XCTAssertEqual(stops, stops.sorted(), "GPX times go backwards: \(label)")
    }

    private func checkCalendar(_ itinerary: Itinerary, _ trip: Trip, _ label: String) throws {
        guard trip.startDate != nil else { return }
        let ics: String
        do {
            ics = try ExportFormat.ics.document(trip, itinerary, unit: .km)
        } catch ExportError.datesOutOfRange {
            // Past the year 9999: refused rather than written wrong, and only where the clock left the calendar.
            XCTAssertTrue(itinerary.arrivals.contains { $0.instant == nil } || itinerary.endDate == nil
                          || (itinerary.endDate?.year ?? 0) >= 9999, "refused within the calendar: \(label)")
            return
        } catch ExportError.noStays {
            return
        }
        var drives: [(start: Date, end: Date)] = []
        var stays: [(name: String, start: String, end: String)] = []
        for event in ics.components(separatedBy: "BEGIN:VEVENT").dropFirst() {
            let lines = event.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
            let value = { (key: String) in lines.first { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)) } }
            if let start = value("DTSTART;VALUE=DATE:"), let end = value("DTEND;VALUE=DATE:") {
                stays.append((value("SUMMARY:") ?? "", start, end))
            } else if let start = value("DTSTART;TZID="), let end = value("DTEND;TZID=") {
                drives.append((try instant(start), try instant(end)))
            }
        }
        for (first, second) in zip(drives, drives.dropFirst()) {
            XCTAssertLessThanOrEqual(first.start, first.end, "a drive ends before it starts: \(label)")
            XCTAssertLessThanOrEqual(first.end, second.start, "two drives overlap: \(label)")
        }
        for (first, second) in zip(stays, stays.dropFirst()) {
            XCTAssertLessThanOrEqual(first.end, second.start, "two stays overlap: \(label)")
        }
        // Each stay runs from the date its stop is reached to the date it is left, on that stop's clock.
        let nightStops = trip.waypoints.indices.filter { trip.waypoints[$0].nights > 0 }
        XCTAssertEqual(stays.count, nightStops.count, label)
        for (stay, index) in zip(stays, nightStops) {
            let arrival = itinerary.arrivals[index]
            if let reached = index == 0 ? trip.startDate : arrival.local?.date {
                XCTAssertGreaterThanOrEqual(stay.start, compact(reached), "stay at \(stay.name) before it is reached: \(label)")
            }
            if let date = arrival.date { XCTAssertEqual(stay.start, compact(date), label) }
            if let left = arrival.departureLocal?.date {
                XCTAssertEqual(stay.end, compact(left), "stay at \(stay.name) ends another day: \(label)")
            }
        }
    }

    // MARK: - Seeded trips

    private func seededTrip(_ random: inout SeededGenerator) -> (Trip, [Itinerary.Leg], Settings) {
        let count = Int.random(in: 2...7, using: &random)
        var stops: [Waypoint] = []
        for index in 0..<count {
            let place = places[Int.random(in: 0..<places.count, using: &random)]
            let nights = Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 1...3, using: &random) : 0
            let stay = index > 0 && Bool.random(using: &random) ? Int.random(in: 0...300, using: &random) : 0
            stops.append(Waypoint(name: place.0, latitude: place.1, longitude: place.2, nights: nights,
                                  stayMinutes: stay))
        }
        // Mostly ordinary days, some of them overrunning by hours or days.
        let hours = (1..<count).map { _ -> Double in
            switch Int.random(in: 0...9, using: &random) {
            case 0...5: return Double.random(in: 0...9, using: &random)
            case 6...8: return Double.random(in: 9...45, using: &random)
            default: return Double.random(in: 45...110, using: &random)
            }
        }
        var settings = Settings()
        settings.breakAfterHours = [0, 2, 4.5][Int.random(in: 0...2, using: &random)]
        settings.breakMinutes = [15, 45][Int.random(in: 0...1, using: &random)]
        settings.departureMinutes = [0, 6 * 60, 9 * 60, 23 * 60 + 30][Int.random(in: 0...3, using: &random)]
        let dated = Int.random(in: 0...5, using: &random) > 0
        let start = dated ? CalendarDate(starts[Int.random(in: 0..<starts.count, using: &random)]) : nil
        return (Trip(name: "Seeded", startDate: start, waypoints: stops), legs(hours), settings)
    }

    private func legs(_ hours: [Double]) -> [Itinerary.Leg] {
        hours.enumerated().map { index, h in
            Itinerary.Leg(from: index, RoutedLeg(distanceKm: h * 90, durationSeconds: h * 3600, source: .osrm))
        }
    }

    private func compact(_ date: CalendarDate) -> String {
        String(format: "%04d%02d%02d", date.year, date.month, date.day)
    }

    /// "Europe/Paris:20270503T090000" as an instant.
    private func instant(_ text: String) throws -> Date {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let zone = try XCTUnwrap(TimeZone(identifier: parts[0]))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        return try XCTUnwrap(formatter.date(from: parts[1]), text)
    }
}
