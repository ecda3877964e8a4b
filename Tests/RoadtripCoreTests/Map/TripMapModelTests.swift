import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

final class TripMapModelTests: XCTestCase {
    private func stop(_ name: String, _ latitude: Double, _ longitude: Double) -> Waypoint {
        Waypoint(name: name, latitude: latitude, longitude: longitude)
    }

    private func model(_ stops: [Waypoint], columns: Int = 60, rows: Int = 20, selected: Int? = nil,
                       unit: DistanceUnit = .km, towns: [TownIndex.Town] = []) -> TripMapModel {
        let projection = TripMapModel.projection(stops: stops, itinerary: nil, columns: columns, rows: rows)
        return TripMapModel(stops: stops, route: TripMapModel.Route(stops: stops, itinerary: nil), projection: projection,
                            base: nil, selected: selected, unit: unit, towns: towns)
    }

    private func town(_ name: String, _ latitude: Double, _ longitude: Double, population: Int = 1_000) -> TownIndex.Town {
        TownIndex.Town(name: name, latitude: latitude, longitude: longitude, population: population)
    }

    /// Stops are labelled first, then towns where room is left.
    func testStopsAreLabelledBeforeTowns() {
        let stops = [stop("Alpha", 10, 10), stop("Bravo", 10, 11)]
        let map = model(stops, columns: 40, rows: 10, towns: [town("Bigtown", 10, 10.5, population: 9_000_000)])
        XCTAssertEqual(map.labels.map(\.stop), [0, 1, nil])
        XCTAssertEqual(map.towns.map(\.name), ["Bigtown"])
    }

    // MARK: Great-circle arcs

    /// The arc's points in degrees, every 50 km as the map draws it.
    private func arc(_ a: Coordinate, _ b: Coordinate) -> [(longitude: Double, latitude: Double)] {
        var points: [(longitude: Double, latitude: Double)] = []
        GreatCircle.arc(from: a, to: b, stepKm: 50, maxPoints: 400) { points.append(($0, asin($1) * 180 / .pi)) }
        return points
    }

    func testArcFollowsTheGreatCircleNotTheParallel() throws {
        // New York → Madrid: the great circle bulges north of both ends (about 47° N on the way).
        let arc = arc(try Coordinate(latitude: 40.7, longitude: -74), try Coordinate(latitude: 40.4, longitude: -3.7))
        XCTAssertGreaterThan(arc.map(\.latitude).max()!, 46)
        XCTAssertEqual(arc.first!.longitude, -74)
        XCTAssertEqual(arc.last!.longitude, -3.7, accuracy: 1e-9)
        XCTAssertEqual(arc.last!.latitude, 40.4, accuracy: 1e-9)
        // About every 50 km over ~5,770 km.
        XCTAssertEqual(arc.count, 117, accuracy: 2)
        for (a, b) in zip(arc, arc.dropFirst()) {
            XCTAssertLessThanOrEqual(GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude), 50.01)
        }
    }

    func testArcAcrossTheAntimeridianIsContinuous() throws {
        let arc = arc(try Coordinate(latitude: 64.7, longitude: 177.5), try Coordinate(latitude: 64.5, longitude: -165.4))
        XCTAssertEqual(arc.last!.longitude, 194.6, accuracy: 1e-6)
        for (a, b) in zip(arc, arc.dropFirst()) { XCTAssertLessThan(abs(b.longitude - a.longitude), 5) }
    }

    /// The arc's longitudes are turned point by point (a short series for atan) and the map's Mercator ys walked
    /// the same way: both must match the exact great circle and projection, polar and antimeridian arcs included.
    func testArcPointsAndTheirMercatorYsMatchTheExactFormulas() throws {
        var generator = SeededGenerator(seed: 35)
        for _ in 0..<2_000 {
            let a = try Coordinate(latitude: Double.random(in: -89...89, using: &generator),
                                   longitude: Double.random(in: -180...180, using: &generator))
            let b = try Coordinate(latitude: Double.random(in: -89...89, using: &generator),
                                   longitude: Double.random(in: -180...180, using: &generator))
            let path = GreatCircleArc(from: a, to: b, stepKm: 50, maxPoints: 400)
            guard sin(path.km / GreatCircle.meanRadiusKm) >= 1e-6 else { continue }
            let vector = { (c: Coordinate) -> (Double, Double, Double) in
                let φ = c.latitude * .pi / 180, λ = c.longitude * .pi / 180
                return (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
            }
            let (p, q) = (vector(a), vector(b)), angle = path.km / GreatCircle.meanRadiusKm
            var walk = MapProjection.WorldYWalk()
            var step = 0
            path.forEach { longitude, sine in
                let f = Double(step) / Double(path.steps)
                let w0 = sin((1 - f) * angle) / sin(angle), w1 = sin(f * angle) / sin(angle)
                let exact = atan2(w0 * p.1 + w1 * q.1, w0 * p.0 + w1 * q.0) * 180 / .pi
                let turns = ((longitude - exact) / 360).rounded()
                XCTAssertEqual(longitude - 360 * turns, exact, accuracy: 1e-7, "\(a) → \(b), point \(step)")
                XCTAssertEqual(sine, w0 * p.2 + w1 * q.2, accuracy: 1e-9)
                XCTAssertEqual(walk.y(sineOfLatitude: sine), MapProjection.worldY(sineOfLatitude: sine), accuracy: 1e-12)
                step += 1
            }
            XCTAssertEqual(step, path.count)
        }
    }

    /// An arc made for a view (`kmPerDot`) has chords that stay within `Route.sagDots` (a quarter of a dot, to 1 %)
    /// of the curve there, in Mercator: each point of the same arc made every 5 km is that close to its chord. Views
    /// from a country's (8 km a dot) to the world's; arcs below 80°, where 50-km points, the finest kept, do.
    /// Its farthest point from the equator is the curve's, within 0.001° (a 5-km point is the test's nearest).
    func testAnArcMadeForAViewStaysWithinAQuarterOfADotOfTheCurve() throws {
        var generator = SeededGenerator(seed: 39)
        var (chords, chordsEvery50Km) = (0, 0)
        for _ in 0..<1_000 {
            let a = try Coordinate(latitude: Double.random(in: -75...75, using: &generator),
                                   longitude: Double.random(in: -180...180, using: &generator))
            let b = try Coordinate(latitude: Double.random(in: -75...75, using: &generator),
                                   longitude: Double.random(in: -180...180, using: &generator))
            let kmPerDot = exp(Double.random(in: log(8)...log(400), using: &generator))
            let dotsPerWorld = 40_075.017 / kmPerDot
            var highest = 0.0
            func dots(_ path: GreatCircleArc) -> [(x: Double, y: Double)] {
                var points: [(x: Double, y: Double)] = []
                path.forEach { longitude, sine in
                    points.append((longitude / 360 * dotsPerWorld, MapProjection.worldY(sineOfLatitude: sine) * dotsPerWorld))
                    highest = max(highest, abs(sine))
                }
                return points
            }
            let path = GreatCircleArc(from: a, GreatCircleArc.vector(a), to: b, GreatCircleArc.vector(b), kmPerDot: kmPerDot,
                                      sagDots: TripMapModel.Route.sagDots, minimumStepKm: 50, maxPoints: 400)
            let coarse = dots(path)
            highest = 0
            let fine = dots(GreatCircleArc(from: a, to: b, stepKm: 5, maxPoints: 10_000))
            guard highest < sin(80 * Double.pi / 180), fine.count > 2 else { continue }
            // The farthest point from the equator, an end's or the one between them, is the fine arc's.
            let top = max(abs(a.latitude), abs(b.latitude), asin(abs(path.farthestSine ?? 0)) * 180 / .pi)
            XCTAssertEqual(top, asin(highest) * 180 / .pi, accuracy: 1e-3, "\(a) → \(b)")
            chords += coarse.count - 1
            chordsEvery50Km += GreatCircleArc(from: a, to: b, stepKm: 50, maxPoints: 400).steps
            var farthest = 0.0
            for (index, point) in fine.enumerated() {
                // Both are evenly spaced along the arc: the fine point's chord is the coarse one at its fraction.
                let chord = min(index * (coarse.count - 1) / (fine.count - 1), coarse.count - 2)
                let (p, q) = (coarse[chord], coarse[chord + 1])
                let (dx, dy) = (q.x - p.x, q.y - p.y), squared = dx * dx + dy * dy
                let t = squared == 0 ? 0 : max(0, min(1, ((point.x - p.x) * dx + (point.y - p.y) * dy) / squared))
                let (ex, ey) = (point.x - (p.x + t * dx), point.y - (p.y + t * dy))
                farthest = max(farthest, (ex * ex + ey * ey).squareRoot())
            }
            // The bend's bound takes the scale at the chord's farthest latitude for its whole length: a few parts in
            // ten thousand over on the longest chords, well within the half dot that keeps a line's dots on the curve.
            XCTAssertLessThanOrEqual(farthest, TripMapModel.Route.sagDots * 1.01, "\(a) → \(b) at \(kmPerDot) km a dot")
        }
        XCTAssertLessThan(chords * 3, chordsEvery50Km, "far fewer points than one every 50 km")
    }

    func testArcBetweenOnePointAndItselfIsTwoPoints() throws {
        let here = try Coordinate(latitude: 10, longitude: 20)
        XCTAssertEqual(arc(here, here).count, 2)
    }

    // MARK: Projection of the trip

    func testTheWholeRouteFitsInsideTheMargin() {
        let stops = [stop("Petropavlovsk", 53.0, 158.65), stop("Anadyr", 64.73, 177.5), stop("Nome", 64.5, -165.4),
                     stop("Anchorage", 61.2, -149.9)]
        let map = model(stops)
        for point in map.legs.joined() {
            XCTAssertGreaterThanOrEqual(point.x, 3.9)
            XCTAssertLessThanOrEqual(point.x, Double(map.columns * 2) - 3.9)
            XCTAssertGreaterThanOrEqual(point.y, 3.9)
            XCTAssertLessThanOrEqual(point.y, Double(map.rows * 4) - 3.9)
        }
        // West to east across ±180°: each stop right of the one before.
        let columns = map.markers.sorted { $0.stop < $1.stop }.map(\.column)
        XCTAssertEqual(columns, columns.sorted())
        XCTAssertEqual(map.legs.count, 3)
    }

    func testTheRoutersGeometryIsDrawnInsteadOfTheArc() throws {
        let stops = [stop("A", 0, 0), stop("B", 0, 10)]
        let detour = [try Coordinate(latitude: 0, longitude: 0), try Coordinate(latitude: 5, longitude: 5),
                      try Coordinate(latitude: 0, longitude: 10)]
        let itinerary = Itinerary(trip: Trip(name: "T", waypoints: stops), legs: [
            Itinerary.Leg(from: 0, RoutedLeg(distanceKm: 1500, durationSeconds: 60_000, geometry: detour, source: .osrm)),
        ], settings: Settings())
        let projection = TripMapModel.projection(stops: stops, itinerary: itinerary, columns: 40, rows: 20)
        let map = TripMapModel(stops: stops, route: TripMapModel.Route(stops: stops, itinerary: itinerary),
                               projection: projection, base: nil, selected: nil, unit: .km)
        XCTAssertEqual(map.legs.map(\.count), [3])
        XCTAssertLessThan(map.legs[0][1].y, map.legs[0][0].y - 10, "the middle point is drawn north of the ends")
    }

    // MARK: Scale bar

    func testScaleBarIsARoundLengthInTheUsersUnit() {
        let stops = [stop("Chicago", 41.88, -87.63), stop("Santa Monica", 34.02, -118.49)]
        for unit in [DistanceUnit.km, .mi] {
            let bar = try! XCTUnwrap(model(stops, unit: unit).scaleBar)
            XCTAssertTrue(bar.text.hasSuffix(" \(unit.rawValue)"))
            let figure = Int(bar.text.split(separator: " ")[0].replacingOccurrences(of: ",", with: ""))!
            let leading = Int(String(String(figure).first!))!
            XCTAssertTrue([1, 2, 5].contains(leading) && String(figure).dropFirst().allSatisfy { $0 == "0" }, bar.text)
            XCTAssertLessThanOrEqual(bar.lengthDots, 60 * 2 / 4 + 1)
        }
    }

    // MARK: Labels

    func testTheSelectedStopIsLabelledFirst() {
        // Three stops so close that only one label fits between them.
        let stops = [stop("Alpha", 10, 10), stop("Bravo", 10.001, 10.001), stop("Charlie", 10.002, 10.002)]
        let map = model(stops, columns: 20, rows: 4, selected: 2)
        XCTAssertEqual(map.labels.first?.stop, 2)
        XCTAssertTrue(map.labels.first!.isSelected)
    }

    /// Over random trips: no two labels share a cell (nor touch on a row), none covers a marker, none leaves the grid.
    func testLabelsNeverOverlapOverRandomTrips() {
        var generator = SeededGenerator(seed: 12)
        for round in 0..<300 {
            let count = Int.random(in: 1...25, using: &generator)
            let centre = (Double.random(in: -60...60, using: &generator), Double.random(in: -180...180, using: &generator))
            let spread = [0.01, 1, 10, 60].randomElement(using: &generator)!
            let stops = (0..<count).map { index in
                stop(String(repeating: "x", count: Int.random(in: 1...14, using: &generator)) + "\(index)",
                     min(80, max(-80, centre.0 + Double.random(in: -spread...spread, using: &generator))),
                     centre.1 + Double.random(in: -spread...spread, using: &generator))
            }
            let columns = Int.random(in: 16...120, using: &generator), rows = Int.random(in: 4...50, using: &generator)
            let selected = Bool.random(using: &generator) ? Int.random(in: 0..<count, using: &generator) : nil
            let towns = (0..<Int.random(in: 0...30, using: &generator)).map { index in
                town(String(repeating: "t", count: Int.random(in: 1...12, using: &generator)) + "\(index)",
                     min(80, max(-80, centre.0 + Double.random(in: -spread...spread, using: &generator))),
                     centre.1 + Double.random(in: -spread...spread, using: &generator))
            }
            let map = model(stops, columns: columns, rows: rows, selected: selected, towns: towns)
            var taken = Set<[Int]>()
            for marker in map.markers {
                for c in marker.column..<marker.column + marker.text.count { taken.insert([marker.row, c]) }
            }
            // A town's label covers neither a stop's label nor a visible town dot.
            let dots = Set(map.towns.map { [$0.row, $0.column] })
            for label in map.labels where label.stop == nil {
                for c in label.column..<label.column + label.width { XCTAssertFalse(dots.contains([label.row, c])) }
            }
            XCTAssertEqual(map.labels.map { $0.stop == nil }, map.labels.map { $0.stop == nil }.sorted { !$0 && $1 },
                           "round \(round): the stops' labels come first")
            for label in map.labels {
                XCTAssertTrue(label.row >= 0 && label.row < rows && label.column >= 0 && label.column + label.width <= columns,
                              "round \(round): \(label) off the grid")
                for c in label.column - 1..<label.column + label.width + 1 {
                    let inside = c >= label.column && c < label.column + label.width
                    XCTAssertFalse(inside && taken.contains([label.row, c]), "round \(round): \(label) overlaps")
                }
                for c in label.column..<label.column + label.width { taken.insert([label.row, c]) }
            }
            if let selected, map.markers.contains(where: { $0.stop == selected }), let first = map.labels.first {
                XCTAssertTrue(first.isSelected || !map.labels.contains(where: \.isSelected), "round \(round)")
            }
        }
    }
}
