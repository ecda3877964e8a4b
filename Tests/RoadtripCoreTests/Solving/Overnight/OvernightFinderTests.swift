import XCTest
@testable import RoadtripCore

/// Towns where a day could end, found in the real gazetteer: each lies within the corridor of the day's road (the
/// router's geometry when there is one, else the arcs), its split adds up, and a day through empty land says so.
final class OvernightFinderTests: XCTestCase {
    static let chicago = Waypoint(name: "Chicago", latitude: 41.88, longitude: -87.63)
    static let springfield = Waypoint(name: "Springfield", latitude: 39.80, longitude: -89.64)
    static let stLouis = Waypoint(name: "St. Louis", latitude: 38.63, longitude: -90.20)
    static let tulsa = Waypoint(name: "Tulsa", latitude: 36.15, longitude: -95.99, nights: 1)
    static let santaMonica = Waypoint(name: "Santa Monica", latitude: 34.02, longitude: -118.49)

    private var settings: Settings {
        var settings = Settings()
        settings.dailyLimitHours = 6
        return settings
    }

    func testEveryCandidateLiesWithinTheCorridorOfTheArcsAndItsSplitAddsUp() throws {
        let trip = Trip(name: "Route 66", waypoints: [Self.chicago, Self.springfield, Self.stLouis, Self.tulsa, Self.santaMonica])
        let itinerary = Self.estimated(trip, settings)
        let day = itinerary.days[0]
        XCTAssertEqual(day.legs, 0..<3)
        XCTAssertTrue(day.exceedsLimit)
        let found = try finder().suggestions(forDay: 1, trip: trip, itinerary: itinerary, limit: 1000)
        XCTAssertGreaterThan(found.candidates.count, 20, "Illinois and Missouri have towns along the road")
        XCTAssertNil(found.emptyReason(.km))
        let arcs = (0..<3).map { Self.samples(trip.waypoints[$0].coordinate, trip.waypoints[$0 + 1].coordinate) }
        // Without road data each leg's corridor is a quarter of its straight line (at least 20 km) on either side.
        let widths = (0..<3).map { max(20, Self.lineKm(trip.waypoints[$0], trip.waypoints[$0 + 1]) / 4) }
        XCTAssertEqual(found.corridor, OvernightCorridor(roadKm: nil, straightLineKm: widths.min()!...widths.max()!))
        for candidate in found.candidates {
            // Measured from the line of the leg it splits: the nearest of those whose corridor holds it.
            let km = Self.distanceKm(candidate.coordinate, arcs[candidate.leg])
            for other in 0..<3 where Self.distanceKm(candidate.coordinate, arcs[other]) <= widths[other] - 0.5 {
                XCTAssertGreaterThanOrEqual(Self.distanceKm(candidate.coordinate, arcs[other]), km - 0.5 - km * 0.01,
                                            candidate.text(.km))
            }
            XCTAssertTrue(candidate.onStraightLine, candidate.text(.km))
            XCTAssertLessThanOrEqual(km, widths[candidate.leg] + 0.5, candidate.text(.km))
            XCTAssertEqual(candidate.offKm, km, accuracy: 0.5 + km * 0.01, candidate.text(.km))
            XCTAssertEqual(candidate.beforeSeconds + candidate.afterSeconds, day.drivingSeconds + candidate.addedSeconds,
                           accuracy: 1e-6, candidate.text(.km))
            XCTAssertGreaterThanOrEqual(candidate.addedSeconds, 0, candidate.text(.km))
            XCTAssertEqual(candidate.day, 1)
            XCTAssertTrue(day.legs.contains(candidate.leg))
            XCTAssertEqual(candidate.fromStop, trip.waypoints[candidate.leg].id)
            XCTAssertLessThan(candidate.beforeSeconds, day.drivingSeconds)
        }
        // Ranked: the first splits the 15-hour day into three parts' first third at most a little off, not past 6 h.
        let best = found.candidates[0]
        XCTAssertLessThanOrEqual(best.beforeSeconds, 6 * 3600)
        XCTAssertEqual(best.text(.km), "\(best.place.name) · +\(TripText.duration(best.addedSeconds)) · "
                       + "\(TripText.duration(best.beforeSeconds)) then \(TripText.duration(best.afterSeconds)) · "
                       + "\(DistanceUnit.km.format(km: best.offKm)) off the straight line")
    }

    /// Every town near the middle of a day within the limit is offered: brute force over the gazetteer agrees.
    func testNoTownNearTheMiddleOfTheRoadIsMissed() throws {
        let places = try BundledPlaces.index()
        var springfield = Self.springfield
        springfield.nights = 1
        let trip = Trip(name: "Illinois", waypoints: [Self.chicago, springfield])
        let itinerary = Self.estimated(trip, settings)
        XCTAssertFalse(itinerary.days[0].exceedsLimit)
        let found = try finder().suggestions(forDay: 1, trip: trip, itinerary: itinerary, limit: 10_000)
        let arc = Self.samples(Self.chicago.coordinate, springfield.coordinate)
        let middle = Array(arc[arc.count * 2 / 5...arc.count * 3 / 5])
        let width = Self.lineKm(Self.chicago, springfield) / 4
        XCTAssertEqual(found.corridor.straightLineKm?.upperBound ?? 0, width, accuracy: 1e-6, "a quarter of the line")
        let expected = (0..<places.count).filter { i in
            let point = Coordinate(checked: Double(places.file.latitude[i]), Double(places.file.longitude[i]))
            guard abs(point.latitude - 40.8) < 1.5, abs(point.longitude + 88.6) < 2,
                  Self.distanceKm(point, middle) < width - 0.5 else { return false }
            // Nearest to the middle, not to the arc beyond it.
            return Self.distanceKm(point, middle) <= Self.distanceKm(point, arc) + 1e-9
        }.map { places.file.place(at: $0).id }
        XCTAssertGreaterThan(expected.count, 5)
        XCTAssertEqual(Set(expected).subtracting(found.candidates.map(\.place.id)), [])
    }

    /// With the router's road, towns along the road are offered, not towns along the arc; its corridor is 20 km.
    func testTheRoutersGeometryIsTheCorridorWhenThereIsOne() throws {
        // Chicago to St. Louis by way of Indianapolis: a road far from the straight arc.
        let indianapolis = Coordinate(checked: 39.77, -86.16)
        let road = Self.samples(Self.chicago.coordinate, indianapolis) + Self.samples(indianapolis, Self.stLouis.coordinate)
        var stLouis = Self.stLouis
        stLouis.nights = 1
        let trip = Trip(name: "Detour", waypoints: [Self.chicago, stLouis, Self.tulsa])
        let estimate = EstimateEngine(settings)
        let legs = [
            Itinerary.Leg(from: 0, RoutedLeg(distanceKm: 800, durationSeconds: 8 * 3600, geometry: road, source: .osrm)),
            Itinerary.Leg(from: 1, estimate.leg(from: stLouis.coordinate, to: Self.tulsa.coordinate)),
        ]
        let itinerary = Itinerary(trip: trip, legs: legs, settings: settings)
        let found = try finder().suggestions(forDay: 1, trip: trip, itinerary: itinerary, limit: 1000)
        XCTAssertFalse(found.candidates.isEmpty)
        XCTAssertEqual(found.corridor, OvernightCorridor(roadKm: 20, straightLineKm: nil))
        XCTAssertEqual(found.sentence(limitSeconds: 6 * 3600, unit: .km),
                       "Day 1 (8 h of driving, over 6 h): towns where it could end, best first")
        let arc = Self.samples(Self.chicago.coordinate, Self.stLouis.coordinate)
        for candidate in found.candidates {
            let text = candidate.text(.km)
            XCTAssertFalse(candidate.onStraightLine, text)
            XCTAssertFalse(text.contains("straight line"), text)
            XCTAssertLessThanOrEqual(Self.distanceKm(candidate.coordinate, road), OvernightCorridor.roadKm + 0.5, text)
            XCTAssertGreaterThan(Self.distanceKm(candidate.coordinate, arc), 50, "\(text) is by the road, not the arc")
            XCTAssertEqual(candidate.beforeSeconds + candidate.afterSeconds, 8 * 3600 + candidate.addedSeconds, accuracy: 1e-6)
        }
    }

    /// Days across the Great Victoria Desert, on the estimate: no place of the gazetteer lies within the straight
    /// line's corridor between the ends (checked here by brute force over every place), so the finder says so, and
    /// says it cannot see the road rather than that none lies along it.
    func testADayThroughEmptyLandSaysNoTownLiesNearItsStraightLine() throws {
        let places = try BundledPlaces.index()
        let days = [
            (Waypoint(name: "Laverton", latitude: -28.63, longitude: 122.40),
             Waypoint(name: "Warburton", latitude: -26.13, longitude: 126.58)),
            (Waypoint(name: "Warburton", latitude: -26.13, longitude: 126.58),
             Waypoint(name: "Yulara", latitude: -25.24, longitude: 130.99)),
        ]
        for (from, to) in days {
            let trip = Trip(name: "Great Central Road", waypoints: [from, to])
            let itinerary = Self.estimated(trip, settings)
            XCTAssertTrue(itinerary.days[0].exceedsLimit)
            let width = Self.lineKm(from, to) / 4
            XCTAssertGreaterThan(width, 100)
            let arc = Self.samples(from.coordinate, to.coordinate)
            let middle = arc[arc.count / 10..<arc.count * 9 / 10]
            let near = (0..<places.count).filter { i in
                let point = Coordinate(checked: Double(places.file.latitude[i]), Double(places.file.longitude[i]))
                guard abs(point.latitude - (from.latitude + to.latitude) / 2) < 10,
                      abs(point.longitude - (from.longitude + to.longitude) / 2) < 10 else { return false }
                return Self.distanceKm(point, middle) <= width + 5
            }.map { places.file.place(at: $0).name }
            XCTAssertEqual(Set(near).subtracting([from.name, to.name]), [],
                           "the premise: nothing but the stops' own towns lives near \(from.name) – \(to.name)")
            let found = try finder().suggestions(forDay: 1, trip: trip, itinerary: itinerary)
            XCTAssertTrue(found.hasNoTownAlong, found.candidates.map { $0.text(.km) }.joined(separator: "; "))
            let km = DistanceUnit.km.format(km: width)
            XCTAssertEqual(found.emptyReason(.km),
                           "No town within \(km) of the straight line — without road data roadtrip cannot see the road")
            XCTAssertEqual(found.sentence(limitSeconds: 6 * 3600, unit: .km), found.heading(limitSeconds: 6 * 3600)
                           + ": no town within \(km) of the straight line — without road data roadtrip cannot see the road.")
            XCTAssertEqual(found.roadHint(trip), "To see the roads: roadtrip region which 'Great Central Road'")
        }
    }

    /// The same desert day on a router's road (a polyline along the straight line): its corridor stays 20 km, and
    /// the empty answer speaks of the road it saw.
    func testARoutedDayThroughEmptyLandKeepsTheRoadsCorridorAndWords() throws {
        let laverton = Waypoint(name: "Laverton", latitude: -28.63, longitude: 122.40)
        let warburton = Waypoint(name: "Warburton", latitude: -26.13, longitude: 126.58)
        let trip = Trip(name: "Great Central Road", waypoints: [laverton, warburton])
        let road = RoutedLeg(distanceKm: 560, durationSeconds: 7 * 3600,
                             geometry: Self.samples(laverton.coordinate, warburton.coordinate), source: .routino)
        let itinerary = Itinerary(trip: trip, legs: [Itinerary.Leg(from: 0, road)], settings: settings)
        let found = try finder().suggestions(forDay: 1, trip: trip, itinerary: itinerary)
        XCTAssertEqual(found.corridor, OvernightCorridor(roadKm: 20, straightLineKm: nil))
        XCTAssertEqual(found.emptyReason(.km), "No town along day 1's road")
        XCTAssertNil(found.roadHint(trip))
    }

    func testARestDayHasNothingToSplit() throws {
        var chicago = Self.chicago
        chicago.nights = 2
        let trip = Trip(name: "Stay", waypoints: [chicago, Self.springfield])
        let found = try finder().suggestions(forDay: 1, trip: trip, itinerary: Self.estimated(trip, settings))
        XCTAssertTrue(found.isRestDay)
        XCTAssertFalse(found.hasNoTownAlong)
        XCTAssertEqual(found.emptyReason(.km), "No driving on day 1")
        XCTAssertNil(found.roadHint(trip))
    }

    /// A town of 20,000 beats a hamlet at the same split; an even split beats an uneven one; past the limit loses.
    func testRankingWeighsEvennessDetourAndSize() {
        let plan = SplitPlan(driving: 10 * 3600, limit: 8 * 3600)
        XCTAssertEqual(plan.target, 5 * 3600)
        let even = 5.0 * 3600
        func score(_ before: Double, _ added: Double, _ population: UInt32) -> Double {
            plan.score(before: before, added: added, population: population, onStraightLine: false)
        }
        XCTAssertLessThan(score(even, 300, 20_000), score(even, 300, 200))
        XCTAssertLessThan(score(even, 300, 500), score(even + 3600, 300, 500))
        XCTAssertLessThan(score(even, 300, 500), score(even, 1800, 500))
        XCTAssertLessThan(score(7.5 * 3600, 300, 200), score(8.5 * 3600, 300, 5_000_000))
        // A 20-hour day at 6 h splits into four: the first part near 5 h.
        XCTAssertEqual(SplitPlan(driving: 20 * 3600, limit: 6 * 3600).target, 5 * 3600)
    }

    // MARK: - Helpers

    private func finder() throws -> OvernightFinder {
        OvernightFinder(places: try BundledPlaces.index(), settings: settings)
    }

    static func estimated(_ trip: Trip, _ settings: Settings) -> Itinerary {
        let estimate = EstimateEngine(settings)
        let stops = trip.waypoints.map(\.coordinate)
        let legs = stops.indices.dropLast().map { Itinerary.Leg(from: $0, estimate.leg(from: stops[$0], to: stops[$0 + 1])) }
        return Itinerary(trip: trip, legs: legs, settings: settings)
    }

    /// Points every 500 m along the great circle, by spherical interpolation (not the app's arc).
    static func samples(_ a: Coordinate, _ b: Coordinate) -> [Coordinate] {
        func vector(_ c: Coordinate) -> (Double, Double, Double) {
            let φ = c.latitude * .pi / 180, λ = c.longitude * .pi / 180
            return (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
        }
        let p = vector(a), q = vector(b)
        let angle = acos(min(1, p.0 * q.0 + p.1 * q.1 + p.2 * q.2))
        let count = max(1, Int(angle * GreatCircle.meanRadiusKm / 0.5))
        return (0...count).map { step in
            let f = Double(step) / Double(count)
            let wa = angle > 0 ? sin((1 - f) * angle) / sin(angle) : 1, wb = angle > 0 ? sin(f * angle) / sin(angle) : 0
            let x = wa * p.0 + wb * q.0, y = wa * p.1 + wb * q.1, z = wa * p.2 + wb * q.2
            return Coordinate(checked: atan2(z, hypot(x, y)) * 180 / .pi, atan2(y, x) * 180 / .pi)
        }
    }

    /// The great-circle distance between two stops.
    static func lineKm(_ a: Waypoint, _ b: Waypoint) -> Double {
        GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
    }

    static func distanceKm<S: Sequence>(_ point: Coordinate, _ line: S) -> Double where S.Element == Coordinate {
        line.map { GreatCircle.distanceKm(lat1: point.latitude, lon1: point.longitude, lat2: $0.latitude, lon2: $0.longitude) }
            .min() ?? .infinity
    }
}
