import XCTest
@testable import RoadtripCore

final class ItineraryTests: XCTestCase {
    private func stop(_ name: String, _ lat: Double, _ lon: Double, nights: Int = 0) -> Waypoint {
        Waypoint(name: name, latitude: lat, longitude: lon, nights: nights)
    }

    /// Legs of fixed length and time, so the days can be checked by hand.
    private func legs(_ hours: [Double]) -> [Itinerary.Leg] {
        hours.enumerated().map { index, h in
            Itinerary.Leg(from: index, RoutedLeg(distanceKm: h * 100, durationSeconds: h * 3600, source: .osrm))
        }
    }

    func testTheEstimateIsGreatCircleTimesDetourAtTheAverageSpeed() {
        var settings = Settings()
        settings.detour = 1.5
        settings.speedKmh = 100
        let trip = Trip(name: "T", waypoints: [stop("A", 0, 0), stop("B", 0, 1)])
        let itinerary = estimatedItinerary(trip, settings: settings)
        let straight = GreatCircle.distanceKm(lat1: 0, lon1: 0, lat2: 0, lon2: 1)  // 111.2 km
        XCTAssertEqual(itinerary.legs[0].distanceKm, straight * 1.5, accuracy: 1e-9)
        XCTAssertEqual(itinerary.legs[0].durationSeconds, straight * 1.5 / 100 * 3600, accuracy: 1e-6)
        XCTAssertEqual(itinerary.legs[0].source, .estimate)
        XCTAssertTrue(itinerary.hasEstimates)
    }

    /// Chicago (1 night) → Springfield (pass) → St. Louis (2 nights) → Tulsa (end, 0 nights), from Sat 12 Jun.
    func testDaysStaysAndPassThroughStops() throws {
        let trip = Trip(name: "T", startDate: CalendarDate("2027-06-12"), waypoints: [
            stop("Chicago", 41.85, -87.65, nights: 1), stop("Springfield", 39.8, -89.64),
            stop("St. Louis", 38.63, -90.2, nights: 2), stop("Tulsa", 36.15, -95.99),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([3, 1.5, 6]), settings: Settings())
        XCTAssertEqual(itinerary.arrivals.map(\.dayIndex), [0, 1, 1, 3])
        XCTAssertEqual(itinerary.arrivals.map(\.date?.description), ["2027-06-12", "2027-06-13", "2027-06-13", "2027-06-15"])
        XCTAssertEqual(itinerary.arrivals.map(\.local?.clock), [nil, "12:00", "13:30", "15:45"],
                       "leaving at 09:00 in Chicago's zone; 6 h to Tulsa take a 45-minute rest after 4.5 h")
        XCTAssertEqual(itinerary.days.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(itinerary.days.map(\.legs), [0..<0, 0..<2, 2..<2, 2..<3])
        XCTAssertEqual(itinerary.days.map(\.startStop), [0, 0, 2, 2])
        XCTAssertEqual(itinerary.days.map(\.endStop), [0, 2, 2, 3])
        XCTAssertEqual(itinerary.days.map(\.drivingSeconds), [0, 4.5 * 3600, 0, 6 * 3600])
        XCTAssertEqual(itinerary.days.map(\.isLast), [false, false, false, true])
        XCTAssertEqual(itinerary.nights, 3)
        XCTAssertEqual(itinerary.endDate, CalendarDate("2027-06-15"))
        XCTAssertEqual(itinerary.distanceKm, 1050, accuracy: 1e-9)
        XCTAssertEqual(itinerary.drivingSeconds, 10.5 * 3600, accuracy: 1e-9)
        XCTAssertFalse(itinerary.hasEstimates)
    }

    func testADayOverTheLimitIsMarkedAndAStayAtTheEndAddsDays() {
        var settings = Settings()
        settings.dailyLimitHours = 8
        let trip = Trip(name: "T", waypoints: [stop("A", 0, 0), stop("B", 0, 1), stop("C", 0, 2, nights: 2)])
        let itinerary = Itinerary(trip: trip, legs: legs([5, 4]), settings: settings)
        XCTAssertEqual(itinerary.days.map(\.exceedsLimit), [true, false, false])
        XCTAssertEqual(itinerary.days.map(\.legs), [0..<2, 2..<2, 2..<2])
        XCTAssertEqual(itinerary.days.count, 3, "two nights at the end: three days")
        XCTAssertNil(itinerary.endDate, "no start date")
    }

    func testScheduleAcrossMonthAndYearEnds() throws {
        let trip = Trip(name: "T", startDate: CalendarDate("2027-12-30"), waypoints: [
            stop("A", 0, 0, nights: 1), stop("B", 0, 1, nights: 2), stop("C", 0, 2),
        ])
        let itinerary = Itinerary(trip: trip, legs: legs([1, 1]), settings: Settings())
        XCTAssertEqual(itinerary.days.map(\.date?.description), ["2027-12-30", "2027-12-31", "2028-01-01", "2028-01-02"])
        XCTAssertEqual(itinerary.endDate, CalendarDate("2028-01-02"))
    }

    func testEmptyAndSingleStopTrips() {
        XCTAssertTrue(Itinerary(trip: Trip(name: "T"), legs: [], settings: Settings()).days.isEmpty)
        let one = Itinerary(trip: Trip(name: "T", waypoints: [stop("A", 0, 0, nights: 2)]), legs: [], settings: Settings())
        XCTAssertEqual(one.days.count, 3)
        XCTAssertEqual(one.arrivals.count, 1)
    }

    func testHugeStaysAreCountedButNotLaidOutDayByDay() {
        let stops = (0..<50).map { stop("S\($0)", 0, Double($0) / 10, nights: 365) }
        let itinerary = Itinerary(trip: Trip(name: "T", waypoints: stops), legs: legs(Array(repeating: 1, count: 49)),
                                  settings: Settings())
        XCTAssertEqual(itinerary.nights, 50 * 365)
        XCTAssertEqual(itinerary.days.count, Itinerary.dayLimit)
        XCTAssertEqual(itinerary.arrivals.last?.dayIndex, 49 * 365)
    }

    /// Figures past the door's bounds (a leg built by hand, a future reader) still schedule and format: every
    /// Double→Int conversion there saturates instead of trapping.
    func testAbsurdFiguresScheduleAndFormatWithoutTrapping() {
        let absurd: [Double] = [1e300, 1e20, .infinity, -.infinity, .nan, -1e300, Double(Int.max), 0x1p63]
        let trip = Trip(name: "T", waypoints: (0...absurd.count).map { stop("S\($0)", 0, Double($0) / 10) })
        let legs = absurd.enumerated().map { index, figure in
            Itinerary.Leg(from: index, RoutedLeg(distanceKm: figure, durationSeconds: figure, source: .osrm))
        }
        let itinerary = Itinerary(trip: trip, legs: legs, settings: Settings())
        XCTAssertEqual(itinerary.arrivals.count, absurd.count + 1)
        for unit in DistanceUnit.allCases {
            for figure in absurd {
                XCTAssertFalse(unit.format(km: figure).isEmpty)
                XCTAssertFalse(TripText.duration(figure).isEmpty)
            }
        }
        XCTAssertEqual(DistanceUnit.km.format(km: 1e300), "9,223,372,036,854,775,807 km")
        XCTAssertEqual(Int(saturating: .nan), 0)
        XCTAssertEqual(Int(saturating: 0x1p63), .max)
        XCTAssertEqual(Int(saturating: -0x1p63), .min)
        XCTAssertEqual(Int(saturating: -2.7), -2)
        XCTAssertEqual(Int(saturating: 0x1p62), 1 << 62)
    }
}
