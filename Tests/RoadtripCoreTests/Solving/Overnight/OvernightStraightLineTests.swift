import XCTest
@testable import RoadtripCore

/// Issue 34's days on the estimate (no region, no OSRM), with the shipped gazetteer: the towns on the highways the
/// straight line misses lie within its widened corridor and are offered, each with how far off the line it lies.
/// Off-line distances below are the great-circle distance from the town to the line between the stops.
final class OvernightStraightLineTests: XCTestCase {
    private typealias F = OvernightFinderTests
    private let settings = Settings()

    /// The towns `suggest` offers for the single day from `from` to `to` (any day length: as `--day 1`).
    private func towns(_ from: Waypoint, _ to: Waypoint) throws -> DayOvernights {
        let trip = Trip(name: "Issue 34", waypoints: [from, to])
        return OvernightFinder(places: try BundledPlaces.index(), settings: settings)
            .suggestions(forDay: 1, trip: trip, itinerary: F.estimated(trip, settings))
    }

    /// Alice Springs → Katherine: Tennant Creek (3,080 people) is on the Stuart Highway, 107 km off the 1,041 km
    /// line; the corridor is 250 km (a quarter of the line, capped).
    func testAliceSpringsToKatherineOffersTennantCreek() throws {
        let found = try towns(Waypoint(name: "Alice Springs", latitude: -23.6975, longitude: 133.8836),
                              Waypoint(name: "Katherine", latitude: -14.4652, longitude: 132.2635))
        XCTAssertEqual(found.corridor, OvernightCorridor(roadKm: nil, straightLineKm: 250...250))
        let tennant = try XCTUnwrap(found.candidates.first { $0.place.name == "Tennant Creek" },
                                    found.candidates.map { $0.text(.km) }.joined(separator: "; "))
        XCTAssertEqual(tennant.offKm, 107, accuracy: 2)
        XCTAssertTrue(tennant.text(.km).hasSuffix(" · 107 km off the straight line"), tennant.text(.km))
        XCTAssertEqual(found.sentence(limitSeconds: 8 * 3600, unit: .km), found.heading(limitSeconds: 8 * 3600)
                       + " on the straight line (no road data): towns within 250 km of it where it could end, best first")
    }

    /// Kununurra → Broome: Fitzroy Crossing is 139 km off the 733 km line (in its 183 km corridor), Halls Creek
    /// 217 km (outside it); the Great Northern Highway passes both.
    func testKununurraToBroomeOffersAGreatNorthernHighwayTown() throws {
        let found = try towns(Waypoint(name: "Kununurra", latitude: -15.7736, longitude: 128.7386),
                              Waypoint(name: "Broome", latitude: -17.9614, longitude: 122.2359))
        let names = found.candidates.map(\.place.name)
        XCTAssertTrue(names.contains("Fitzroy Crossing") || names.contains("Halls Creek"), "\(names)")
    }

    /// Moab → Denver: I-70 runs through Grand Junction and Glenwood Springs, 23 and 40 km off the 414 km line.
    func testMoabToDenverOffersAnInterstateTown() throws {
        let found = try towns(Waypoint(name: "Moab", latitude: 38.5733, longitude: -109.5498),
                              Waypoint(name: "Denver", latitude: 39.7392, longitude: -104.9903))
        let names = found.candidates.map(\.place.name)
        XCTAssertTrue(names.contains("Glenwood Springs") || names.contains("Grand Junction"), "\(names)")
    }

    /// Las Vegas → Grand Canyon Village: the road goes round the canyon by Kingman and Williams, 105 and 90 km off
    /// a 270 km line, beyond its 67 km corridor; a corridor wide enough for them would offer towns 200 km off a
    /// 300 km day. So they are not offered, and the list says it stands on the straight line.
    func testLasVegasToTheGrandCanyonStaysWithinTheLinesCorridor() throws {
        let from = Waypoint(name: "Las Vegas", latitude: 36.1699, longitude: -115.1398)
        let to = Waypoint(name: "Grand Canyon Village", latitude: 36.0544, longitude: -112.1401)
        let found = try towns(from, to)
        let width = F.lineKm(from, to) / 4
        XCTAssertEqual(width, 67, accuracy: 1)
        XCTAssertFalse(found.candidates.isEmpty)
        for candidate in found.candidates {
            XCTAssertTrue(candidate.onStraightLine)
            XCTAssertLessThanOrEqual(candidate.offKm, width + 0.5, candidate.text(.km))
            XCTAssertFalse(["Kingman", "Williams"].contains(candidate.place.name))
        }
    }

    /// The corridor grows with the leg: a quarter of its line, no narrower than the road's 20 km, no wider than
    /// 250 km; a leg with the router's road keeps 20 km. A town 200 km off a 300 km line is not offered.
    func testTheCorridorIsAQuarterOfTheLegWithinItsBounds() {
        let stops = [Waypoint(name: "A", latitude: 0, longitude: 0), Waypoint(name: "B", latitude: 0, longitude: 2.698)]
        let line = F.lineKm(stops[0], stops[1])
        XCTAssertEqual(line, 300, accuracy: 0.5)
        let estimate = EstimateEngine(settings)
        let leg = Itinerary.Leg(from: 0, estimate.leg(from: stops[0].coordinate, to: stops[1].coordinate))
        XCTAssertEqual(OvernightCorridor.halfWidthKm(leg, stops: stops), line / 4, accuracy: 1e-9)
        XCTAssertLessThan(OvernightCorridor.halfWidthKm(leg, stops: stops), 200)
        let near = [stops[0], Waypoint(name: "C", latitude: 0, longitude: 0.5)]
        XCTAssertEqual(OvernightCorridor.halfWidthKm(Itinerary.Leg(from: 0, estimate.leg(from: near[0].coordinate,
                                                                                      to: near[1].coordinate)), stops: near), 20)
        let far = [stops[0], Waypoint(name: "D", latitude: 0, longitude: 20)]
        XCTAssertEqual(OvernightCorridor.halfWidthKm(Itinerary.Leg(from: 0, estimate.leg(from: far[0].coordinate,
                                                                                     to: far[1].coordinate)), stops: far), 250)
        let routed = Itinerary.Leg(from: 0, RoutedLeg(distanceKm: 400, durationSeconds: 4 * 3600,
                                                     geometry: [stops[0].coordinate, stops[1].coordinate], source: .osrm))
        XCTAssertEqual(OvernightCorridor.halfWidthKm(routed, stops: stops), 20)
    }

    /// On the straight line the estimate's detour is a guess: a town of 3,000 110 km off the middle of a 1,200 km
    /// line beats a village of 500 on it at the same split; by a road the same detour would not.
    func testATownOffTheLineBeatsAVillageOnItWhereTheDetourIsAGuess() {
        let estimate = EstimateEngine(settings)
        func seconds(_ a: Coordinate, _ b: Coordinate) -> Double { estimate.leg(from: a, to: b).durationSeconds }
        let start = Coordinate(checked: 0, 0), end = Coordinate(checked: 0, 10.792)
        XCTAssertEqual(GreatCircle.distanceKm(lat1: 0, lon1: 0, lat2: 0, lon2: 10.792), 1_200, accuracy: 1)
        let town = Coordinate(checked: 110 / DayRoute.kmPerDegree, 5.396)
        let added = seconds(start, town) + seconds(town, end) - seconds(start, end)
        let plan = SplitPlan(driving: seconds(start, end), limit: 8 * 3600)
        let even = plan.target
        XCTAssertLessThan(plan.score(before: even, added: added, population: 3_000, onStraightLine: true),
                          plan.score(before: even, added: 0, population: 500, onStraightLine: true))
        XCTAssertGreaterThan(plan.score(before: even, added: added, population: 3_000, onStraightLine: false),
                             plan.score(before: even, added: 0, population: 500, onStraightLine: false))
    }

    /// A day of a routed leg and an estimated one: each town says which it lies by, within that leg's corridor.
    func testAMixedDayMeasuresEachTownFromItsOwnLegsLine() throws {
        let chicago = F.chicago, stLouis = F.stLouis, tulsa = F.tulsa
        var last = tulsa
        last.nights = 0
        let trip = Trip(name: "Mixed", waypoints: [chicago, stLouis, last])
        let road = F.samples(chicago.coordinate, stLouis.coordinate)
        let estimate = EstimateEngine(settings)
        let legs = [
            Itinerary.Leg(from: 0, RoutedLeg(distanceKm: 480, durationSeconds: 5 * 3600, geometry: road, source: .osrm)),
            Itinerary.Leg(from: 1, estimate.leg(from: stLouis.coordinate, to: tulsa.coordinate)),
        ]
        var settings = self.settings
        settings.dailyLimitHours = 8
        let itinerary = Itinerary(trip: trip, legs: legs, settings: settings)
        XCTAssertEqual(itinerary.days[0].legs, 0..<2)
        let found = OvernightFinder(places: try BundledPlaces.index(), settings: settings)
            .suggestions(forDay: 1, trip: trip, itinerary: itinerary, limit: 1000)
        let width = F.lineKm(stLouis, tulsa) / 4
        XCTAssertEqual(found.corridor, OvernightCorridor(roadKm: 20, straightLineKm: width...width))
        XCTAssertEqual(Set(found.candidates.map(\.leg)), [0, 1])
        for candidate in found.candidates {
            XCTAssertEqual(candidate.onStraightLine, candidate.leg == 1)
            XCTAssertLessThanOrEqual(candidate.offKm, (candidate.leg == 1 ? width : 20) + 0.5, candidate.text(.km))
        }
        let sentence = found.sentence(limitSeconds: 8 * 3600, unit: .km)
        XCTAssertTrue(sentence.hasSuffix(
            ", partly on the straight line (no road data): towns within 20.0 km of the road or "
                + "\(DistanceUnit.km.format(km: width)) of the straight line where it could end, best first"), sentence)
    }
}
