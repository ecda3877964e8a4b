import XCTest
@testable import RoadtripCore

/// The itinerary's clock: each stop's arrival on its own wall clock, the zone changes, DST, the date line, breaks,
/// stays and daylight. Expected times are worked out by hand from the UTC offsets written beside them.
final class ItineraryClockTests: XCTestCase {
    private func stop(_ name: String, _ lat: Double, _ lon: Double, nights: Int = 0, stay: Int = 0,
                      zone: String? = nil) -> Waypoint {
        Waypoint(name: name, latitude: lat, longitude: lon, nights: nights, timeZone: zone, stayMinutes: stay)
    }

    private func legs(_ hours: [Double]) -> [Itinerary.Leg] {
        hours.enumerated().map { index, h in
            Itinerary.Leg(from: index, RoutedLeg(distanceKm: h * 90, durationSeconds: h * 3600, source: .osrm))
        }
    }

    /// "2027-06-14T12:00-06:00": a wall time as ISO 8601 writes it (the day from its date, or "Dn" undated).
    private func iso(_ time: WallTime?) -> String? {
        guard let time else { return nil }
        return "\(time.date?.description ?? "D\(time.day - ZoneClock.referenceDay.dayNumber)")T\(time.clock)\(time.isoOffset)"
    }

    private func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    private let chicago = (41.8781, -87.6298), denver = (39.7392, -104.9903), phoenix = (33.4484, -112.0740)
    private let santaMonica = (34.0195, -118.4912)

    /// Chicago → Denver (a night) → Phoenix (a visit) → Santa Monica, in June: CDT −5, MDT −6, Phoenix MST −7 all
    /// year, PDT −7. Zones come from the index (no stop stores one).
    func testFourUSZonesEachArrivalOnItsOwnClock() throws {
        let trip = Trip(name: "West", startDate: CalendarDate("2027-06-14"), waypoints: [
            stop("Chicago", chicago.0, chicago.1), stop("Denver", denver.0, denver.1, nights: 1),
            stop("Phoenix", phoenix.0, phoenix.1, stay: 60), stop("Santa Monica", santaMonica.0, santaMonica.1),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([4, 2, 5]), settings: Settings())
        let arrivals = itinerary.arrivals
        XCTAssertEqual(arrivals.map(\.timeZone.identifier),
                       ["America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles"])
        // Leaves Chicago 09:00 CDT = 14:00Z; 4 h: 18:00Z = 12:00 MDT.
        XCTAssertEqual(iso(arrivals[0].departureLocal), "2027-06-14T09:00-05:00")
        XCTAssertEqual(arrivals[0].departure, utc("2027-06-14T14:00:00Z"))
        XCTAssertEqual(arrivals[1].instant, utc("2027-06-14T18:00:00Z"))
        XCTAssertEqual(iso(arrivals[1].local), "2027-06-14T12:00-06:00")
        XCTAssertEqual(arrivals[1].zoneShift, -3600, "an hour behind Chicago")
        // After the night, Denver 09:00 MDT = 15:00Z; 2 h: 17:00Z = 10:00 MST; a 60-minute visit.
        XCTAssertEqual(iso(arrivals[1].departureLocal), "2027-06-15T09:00-06:00")
        XCTAssertEqual(iso(arrivals[2].local), "2027-06-15T10:00-07:00")
        XCTAssertEqual(arrivals[2].zoneShift, -3600, "against Denver, where the day began")
        XCTAssertEqual(arrivals[2].stayMinutes, 60)
        XCTAssertEqual(iso(arrivals[2].departureLocal), "2027-06-15T11:00-07:00")
        // The visit was a rest: 5 h from 18:00Z take one break after 4.5 h: 23:45Z = 16:45 PDT.
        XCTAssertEqual(arrivals[3].breaks, 1)
        XCTAssertEqual(arrivals[3].breakMinutes, 45)
        XCTAssertEqual(arrivals[3].instant, utc("2027-06-15T23:45:00Z"))
        XCTAssertEqual(iso(arrivals[3].local), "2027-06-15T16:45-07:00")
        XCTAssertEqual(arrivals[3].zoneShift, -3600, "Los Angeles keeps Phoenix's clock in summer, not Denver's")
        XCTAssertNil(arrivals[3].departure, "the end")
        XCTAssertEqual(itinerary.days.map(\.departure), [utc("2027-06-14T14:00:00Z"), utc("2027-06-15T15:00:00Z")])
        XCTAssertEqual(itinerary.days.map(\.arrival), [utc("2027-06-14T18:00:00Z"), utc("2027-06-15T23:45:00Z")])
    }

    /// Chicago springs forward at 02:00 on 14 March 2027: a 02:30 departure is the instant the clock jumps to,
    /// 03:30 CDT (08:30Z). It falls back at 02:00 CDT on 7 November: 01:30 is first 01:30 CDT (06:30Z), and an
    /// hour later the wall clock says 01:30 again, in CST.
    func testDSTGapAndRepeatedHour() throws {
        var settings = Settings()
        settings.departureMinutes = 2 * 60 + 30
        let zone = "America/Chicago"
        let stops = [stop("Chicago", chicago.0, chicago.1, zone: zone), stop("Joliet", 41.525, -88.0817, zone: zone)]
        let spring = Itinerary(trip: Trip(name: "S", startDate: CalendarDate("2027-03-14"), waypoints: stops),
                               legs: legs([1]), settings: settings)
        XCTAssertEqual(spring.arrivals[0].departure, utc("2027-03-14T08:30:00Z"))
        XCTAssertEqual(iso(spring.arrivals[0].departureLocal), "2027-03-14T03:30-05:00")
        XCTAssertEqual(iso(spring.arrivals[1].local), "2027-03-14T04:30-05:00")

        settings.departureMinutes = 90
        let fall = Itinerary(trip: Trip(name: "F", startDate: CalendarDate("2027-11-07"), waypoints: stops),
                             legs: legs([1]), settings: settings)
        XCTAssertEqual(fall.arrivals[0].departure, utc("2027-11-07T06:30:00Z"), "the first 01:30")
        XCTAssertEqual(iso(fall.arrivals[0].departureLocal), "2027-11-07T01:30-05:00")
        XCTAssertEqual(iso(fall.arrivals[1].local), "2027-11-07T01:30-06:00", "an hour on, the second 01:30")
        XCTAssertEqual(fall.arrivals[1].zoneShift, 0, "one zone: a DST change is no zone change")
    }

    /// Apia keeps UTC+13, Pago Pago UTC−11: an hour's crossing leaves 09:00 on the 14th (20:00Z on the 13th) and
    /// lands at 10:00 on the 13th, a day earlier on the calendar.
    func testTheDateLine() throws {
        let trip = Trip(name: "Samoa", startDate: CalendarDate("2027-06-14"), waypoints: [
            stop("Apia", -13.8333, -171.7667), stop("Pago Pago", -14.2756, -170.7020),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([1]), settings: Settings())
        XCTAssertEqual(itinerary.arrivals.map(\.timeZone.identifier), ["Pacific/Apia", "Pacific/Pago_Pago"])
        XCTAssertEqual(itinerary.arrivals[1].instant, utc("2027-06-13T21:00:00Z"))
        XCTAssertEqual(iso(itinerary.arrivals[1].local), "2027-06-13T10:00-11:00")
        XCTAssertEqual(itinerary.arrivals[1].zoneShift, -24 * 3600)
        XCTAssertEqual(itinerary.localDayIndex(try XCTUnwrap(itinerary.arrivals[1].local)), -1)
        XCTAssertEqual(itinerary.arrivals[1].dayIndex, 0, "still the plan's first day")
        XCTAssertNil(itinerary.arrivalClock(at: 1), "off its plan day: told another way than a bare clock")
    }

    /// 16 hours without rests from 09:00 on New Year's Eve reach the last stop at 01:00 on 1 January (Chicago,
    /// CST −6): the trip ends on the day it is reached, the second, spent on the road until then.
    func testADayOverMidnightIntoANewYear() throws {
        var settings = Settings()
        settings.breakAfterHours = 0
        let trip = Trip(name: "Late", startDate: CalendarDate("2027-12-31"), waypoints: [
            stop("Chicago", chicago.0, chicago.1), stop("Far", 41.0, -88.0),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([16]), settings: settings)
        let arrival = itinerary.arrivals[1]
        XCTAssertEqual(arrival.instant, utc("2028-01-01T07:00:00Z"))
        XCTAssertEqual(iso(arrival.local), "2028-01-01T01:00-06:00")
        XCTAssertEqual(arrival.dayIndex, 1)
        XCTAssertEqual(itinerary.localDayIndex(try XCTUnwrap(arrival.local)), 1)
        XCTAssertEqual(arrival.breaks, 0, "rests turned off")
        XCTAssertEqual(itinerary.arrivalClock(at: 1), arrival.local, "on its day")
        XCTAssertEqual(itinerary.endDate, CalendarDate("2028-01-01"))
        XCTAssertEqual(itinerary.days.map(\.isDriving), [true, false])
        XCTAssertEqual(itinerary.days.map(\.isOnTheRoad), [false, true])
        XCTAssertEqual(itinerary.days.map(\.lastNumber), [2, 2])
        XCTAssertEqual(itinerary.days[0].daysOnTheRoad, 1, "16 hours")
    }

    /// A night over the year end: Chicago on 31 December, Denver (MST −7) the next morning's drive.
    func testATripAcrossTheYearEnd() throws {
        let trip = Trip(name: "NY", startDate: CalendarDate("2027-12-31"), waypoints: [
            stop("Chicago", chicago.0, chicago.1, nights: 1), stop("Denver", denver.0, denver.1),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([3]), settings: Settings())
        XCTAssertEqual(iso(itinerary.arrivals[0].departureLocal), "2028-01-01T09:00-06:00")
        XCTAssertEqual(itinerary.arrivals[1].instant, utc("2028-01-01T18:00:00Z"))
        XCTAssertEqual(iso(itinerary.arrivals[1].local), "2028-01-01T11:00-07:00")
        XCTAssertEqual(itinerary.arrivalClock(at: 1)?.clock, "11:00")
        XCTAssertEqual(itinerary.days.map(\.date?.description), ["2027-12-31", "2028-01-01"])
    }

    /// 4.5 h of driving, then 45 minutes' rest: inside a leg, across legs of one day, never for a leg that ends
    /// right at the limit; a visit of a break's length counts as one, a shorter one does not; 0 turns it off.
    func testBreaks() throws {
        let zone = "America/Chicago"
        let plain = { (name: String, stay: Int) in self.stop(name, 41, -88, stay: stay, zone: zone) }
        func clocks(_ hours: [Double], stays: [Int], _ settings: Settings = Settings()) -> [String?] {
            let stops = [plain("A", 0)] + stays.map { plain("S", $0) } + [plain("Z", 0)]
            let trip = Trip(name: "B", startDate: CalendarDate("2027-06-14"), waypoints: stops)
            return Itinerary(trip: trip, legs: legs(hours), settings: settings).arrivals.map { $0.local?.clock }
        }
        XCTAssertEqual(clocks([4.5], stays: []), [nil, "13:30"], "arriving at the limit: no rest")
        XCTAssertEqual(clocks([10], stays: []), [nil, "20:30"], "two rests in 10 h: 09:00 + 10 h + 1 h 30")
        XCTAssertEqual(clocks([3, 3], stays: [0]), [nil, "12:00", "15:45"], "the rest falls in the second leg")
        XCTAssertEqual(clocks([3, 3], stays: [45]), [nil, "12:00", "15:45"], "a 45-minute visit is the rest")
        XCTAssertEqual(clocks([3, 3], stays: [30]), [nil, "12:00", "16:15"], "30 minutes is not: 12:30 + 3 h + 45")
        var off = Settings()
        off.breakMinutes = 0
        XCTAssertEqual(clocks([10], stays: [], off), [nil, "19:00"])
        var shorter = Settings()
        (shorter.breakAfterHours, shorter.breakMinutes) = (2, 15)
        XCTAssertEqual(clocks([5], stays: [], shorter), [nil, "14:30"], "rests after 2 h and 4 h")
    }

    /// A stop passed through is left after its stay; a night stop's stay, and the first and last stops', count
    /// for nothing (the day leaves at the departure time; the trip ends).
    func testStays() throws {
        let zone = "Europe/Paris"
        let trip = Trip(name: "V", startDate: CalendarDate("2027-06-14"), waypoints: [
            stop("Paris", 48.8566, 2.3522, stay: 30, zone: zone), stop("Reims", 49.2583, 4.0317, stay: 90, zone: zone),
            stop("Metz", 49.1193, 6.1757, nights: 1, stay: 120, zone: zone),
            stop("Strasbourg", 48.5734, 7.7521, stay: 60, zone: zone),
        ])
        let arrivals = Itinerary(trip: trip, legs: legs([1.5, 2, 1.5]), settings: Settings()).arrivals
        XCTAssertEqual(arrivals.map(\.stayMinutes), [0, 90, 0, 0])
        XCTAssertEqual(arrivals.map { iso($0.local) }, [nil, "2027-06-14T10:30+02:00", "2027-06-14T14:00+02:00",
                                                        "2027-06-15T10:30+02:00"])
        XCTAssertEqual(arrivals.map { iso($0.departureLocal) }, ["2027-06-14T09:00+02:00", "2027-06-14T12:00+02:00",
                                                                 "2027-06-15T09:00+02:00", nil])
    }

    /// Without a start date there is no season: each zone is read at its standard offset (Denver −7 and Phoenix
    /// −7 even "in summer"), and the wall times carry no date.
    func testUndatedTripsUseStandardOffsets() throws {
        let trip = Trip(name: "U", waypoints: [
            stop("Chicago", chicago.0, chicago.1, nights: 1), stop("Denver", denver.0, denver.1),
            stop("Phoenix", phoenix.0, phoenix.1),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([4, 2]), settings: Settings())
        XCTAssertEqual(itinerary.arrivals.map { iso($0.departureLocal) }, ["D1T09:00-06:00", "D1T12:00-07:00", nil])
        XCTAssertEqual(itinerary.arrivals.map { iso($0.local) }, [nil, "D1T12:00-07:00", "D1T14:45-07:00"],
                       "6 h of driving that day: a rest")
        XCTAssertEqual(itinerary.arrivals.map(\.zoneShift), [0, -3600, -3600])
        XCTAssertEqual(itinerary.arrivalClock(at: 2)?.clock, "14:45", "the plan's second day, as the clock says")
        XCTAssertNil(ItineraryDaylight(trip: trip, itinerary: itinerary).daylight(at: 1), "no season, no sunset")
        XCTAssertNil(ItineraryDaylight(trip: trip, itinerary: itinerary).light(ofLeg: 0))
    }

    /// A stop's stored zone wins when this system knows it; an unknown name falls back to the index, and the
    /// nautical zone is the longitude's hour.
    func testStopZones() {
        XCTAssertEqual(StopZones.zone(of: stop("X", chicago.0, chicago.1, zone: "America/Boise")).identifier, "America/Boise")
        XCTAssertEqual(StopZones.zone(of: stop("X", chicago.0, chicago.1, zone: "Mars/Olympus_Mons")).identifier,
                       "America/Chicago")
        XCTAssertEqual(StopZones.zone(of: stop("X", 0, -150)).identifier, "Etc/GMT+10", "open sea")
        XCTAssertEqual(["-150", "-7.4", "7.6", "172.6", "180", "-180"].map { StopZones.nautical(longitude: Double($0)!) },
                       ["Etc/GMT+10", "Etc/GMT", "Etc/GMT-1", "Etc/GMT-12", "Etc/GMT-12", "Etc/GMT+12"])
        XCTAssertEqual(stop("X", 52.52, 13.405).fillingTimeZone().timeZone, "Europe/Berlin")
        XCTAssertEqual(stop("X", 52.52, 13.405, zone: "Europe/Vienna").fillingTimeZone().timeZone, "Europe/Vienna")
    }

    /// Chicago in June: civil dusk about 21:05 CDT. A leg leaving at 09:00 and arriving at 22:00 drives into the
    /// dark; one arriving at 15:00 stays in daylight. Tromsø (69.6° N) on 20 December is in its polar night (the
    /// sun 3° below the horizon at noon, so civil twilight ends about 13:30): a 16:00 arrival, after a 09:00 start
    /// in the dark too. In June the midnight sun: light at midnight.
    func testDaylightAndDark() throws {
        let zone = "America/Chicago"
        var settings = Settings()
        settings.breakAfterHours = 0
        func light(_ hours: Double, start: String = "2027-06-14", from: (Double, Double) = (41.8781, -87.6298),
                   to: (Double, Double) = (41, -88), zone: String = zone) -> (ItineraryDaylight, Itinerary) {
            let trip = Trip(name: "D", startDate: CalendarDate(start), waypoints: [
                stop("A", from.0, from.1, zone: zone), stop("B", to.0, to.1, zone: zone),
            ])
            let itinerary = Itinerary(trip: trip, legs: legs([hours]), settings: settings)
            return (ItineraryDaylight(trip: trip, itinerary: itinerary), itinerary)
        }
        let (late, lateItinerary) = light(13)
        XCTAssertEqual(late.light(ofLeg: 0), .init(arrivesAfterDark: true, drivesIntoDark: true))
        XCTAssertEqual(light(6).0.light(ofLeg: 0), .init(arrivesAfterDark: false, drivesIntoDark: false))
        // The sun at the stop on its arrival date, as SolarEvents gives it for that date and zone.
        XCTAssertEqual(late.daylight(at: 1), SolarEvents.daylight(on: CalendarDate("2027-06-14")!, latitude: 41,
                                                                 longitude: -88, timeZone: TimeZone(identifier: zone)!))
        guard case let .day(_, sunset, dusk?) = try XCTUnwrap(late.daylight(at: 1)) else { return XCTFail("a day") }
        let local = ZoneClock(lateItinerary.arrivals[1].timeZone, dated: true)
        XCTAssertEqual(Double(local.local(sunset).minutes), 20.5 * 60, accuracy: 15, "sunset about 20:30 CDT")
        XCTAssertEqual(Double(local.local(dusk).minutes), 21 * 60, accuracy: 15, "civil dusk about 21:00 CDT")
        // The dark is the sun's altitude at the instant, the same model as the day's events.
        XCTAssertEqual(SolarEvents.altitude(at: sunset, latitude: 41, longitude: -88), -0.833, accuracy: 0.05)
        XCTAssertEqual(SolarEvents.altitude(at: dusk, latitude: 41, longitude: -88), -6, accuracy: 0.05)
        XCTAssertFalse(late.isDark(at: dusk.addingTimeInterval(-120), stop: 1))
        XCTAssertTrue(late.isDark(at: dusk.addingTimeInterval(120), stop: 1))

        let tromso = (69.6492, 18.9553), arctic = "Europe/Oslo"
        let (winter, _) = light(7, start: "2027-12-20", from: (69.0, 18.5), to: tromso, zone: arctic)
        XCTAssertEqual(winter.daylight(at: 1), .polarNight)
        XCTAssertEqual(winter.light(ofLeg: 0), .init(arrivesAfterDark: true, drivesIntoDark: false),
                       "after the polar night's twilight, and dark when it left")
        let (summer, _) = light(15, start: "2027-06-20", from: (69.0, 18.5), to: tromso, zone: arctic)
        XCTAssertEqual(summer.daylight(at: 1), .midnightSun)
        XCTAssertEqual(summer.light(ofLeg: 0), .init(arrivesAfterDark: false, drivesIntoDark: false), "midnight, in sun")
    }
}
