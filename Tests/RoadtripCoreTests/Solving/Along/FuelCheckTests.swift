import RoadtripCore
import XCTest

/// The range check says what it could not see: a leg outside every region is never passed by silence.
final class FuelCheckTests: XCTestCase {
    private var settings: Settings = {
        var settings = Settings()
        settings.rangeKm = 100
        return settings
    }()

    /// A → B → C (a night at B), then C → D: four stops on the equator, 2° apart (≈ 290 km legs on the estimate).
    private func trip() -> (Trip, Itinerary) {
        var stops = (0..<4).map { Waypoint(name: ["A", "B", "C", "D"][$0], latitude: 0, longitude: Double($0) * 2) }
        stops[2].nights = 1
        let trip = Trip(name: "Equator", waypoints: stops)
        let estimate = EstimateEngine(settings)
        let legs = (0..<3).map { Itinerary.Leg(from: $0, estimate.leg(from: stops[$0].coordinate, to: stops[$0 + 1].coordinate)) }
        return (trip, Itinerary(trip: trip, legs: legs, settings: settings))
    }

    func testWithoutARegionEveryLegIsUncheckedAndSaysWhy() throws {
        let (trip, itinerary) = trip()
        let check = try XCTUnwrap(FuelGaps.check(trip: trip, itinerary: itinerary, finder: nil, settings: settings))
        XCTAssertEqual(check.gaps, [])
        XCTAssertEqual(check.unchecked.map(\.leg), [0, 1, 2])
        XCTAssertEqual(check.uncheckedDays, [1, 2])
        XCTAssertEqual(check.dayText(1), "fuel not checked: no region is installed")
        XCTAssertEqual(check.tripText, "Fuel not checked on days 1, 2 (legs 1–2, 2–3, 3–4): no region is installed")
        settings.rangeKm = 0
        XCTAssertNil(FuelGaps.check(trip: trip, itinerary: itinerary, finder: nil, settings: settings), "no range, no check")
    }

    /// A region holding A, B and C: day 1 is checked (a gap, no station), day 2's leg C → D is named.
    func testALegOutsideTheRegionsIsNamedAndTheOthersAreChecked() throws {
        let (trip, itinerary) = trip()
        let index = POIIndex(features: [], outlines: [RegionOutline(west: -1, south: -1, east: 5, north: 1)])
        let check = try XCTUnwrap(FuelGaps.check(trip: trip, itinerary: itinerary,
                                                 finder: AlongFinder(index: index, settings: settings), settings: settings))
        XCTAssertEqual(check.gaps.map(\.day), [1], "day 1's stretch without a station is longer than the range")
        XCTAssertTrue(check.gaps[0].onStraightLine)
        XCTAssertTrue(check.gaps[0].text(.km).hasSuffix(" on the straight line"), check.gaps[0].text(.km))
        XCTAssertEqual(check.unchecked, [.init(day: 2, leg: 2, reason: .outsideRegions)])
        XCTAssertNil(check.dayText(1))
        XCTAssertEqual(check.dayText(2), "fuel not checked: no installed region holds both stops of leg 3–4")
        XCTAssertEqual(check.tripText, "Fuel not checked on day 2 (leg 3–4): no installed region holds both their stops")
    }

    func testAnElectricCarSaysCharging() throws {
        settings.vehicle = .ev
        let (trip, itinerary) = trip()
        let check = try XCTUnwrap(FuelGaps.check(trip: trip, itinerary: itinerary, finder: nil, settings: settings))
        XCTAssertEqual(check.dayText(2), "charging not checked: no region is installed")
    }

    func testATripIsNamedAsOneShellWord() {
        XCTAssertEqual(ShellWord.quoted("Outback"), "Outback")
        XCTAssertEqual(ShellWord.quoted("Road trip 2027"), "'Road trip 2027'")
        XCTAssertEqual(ShellWord.quoted("Bob's $HOME"), "'Bob'\\''s $HOME'")
        XCTAssertEqual(ShellWord.quoted("Tromsø"), "'Tromsø'")
        let hostile = Trip(name: "a\u{1B}[31mb", waypoints: [])
        XCTAssertEqual(ShellWord.trip(hostile), String(hostile.id.uuidString.prefix(8)))
    }
}
