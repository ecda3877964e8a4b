import XCTest
@testable import RoadtripCore
import RoadtripTestSupport

final class MapProjectionTests: XCTestCase {
    private func c(_ latitude: Double, _ longitude: Double) -> Coordinate {
        try! Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The literal is the sine it stands for, to the last bit, and an arc's Mercator ys are the latitudes' own.
    func testTheSineOfTheMaximumLatitudeIsExact() {
        XCTAssertEqual(MapProjection.sineOfMaxLatitude.bitPattern, sin(MapProjection.maxLatitude * .pi / 180).bitPattern)
        for latitude in [-89.0, -85, -84.9, -30, 0, 45, 84.99, 85, 86] {
            let z = sin(latitude * .pi / 180)
            XCTAssertEqual(MapProjection.worldY(sineOfLatitude: z), MapProjection.worldY(latitude), accuracy: 1e-12, "\(latitude)")
        }
    }

    func testFitPutsTheExtremesOnTheMarginOfTheLimitingAxis() {
        // Chicago to Los Angeles: wider than tall, so the width limits.
        let points = [c(41.88, -87.63), c(35.08, -106.65), c(34.05, -118.24)]
        let p = MapProjection(fitting: points, width: 200, height: 160, margin: 10)
        let xs = points.map { p.project($0).x }, ys = points.map { p.project($0).y }
        XCTAssertEqual(xs.min()!, 10, accuracy: 1e-6)
        XCTAssertEqual(xs.max()!, 190, accuracy: 1e-6)
        XCTAssertGreaterThan(ys.min()!, 10)
        XCTAssertLessThan(ys.max()!, 150)
        // Centred vertically; north is up, west is left.
        XCTAssertEqual((ys.min()! + ys.max()!) / 2, 80, accuracy: 1e-6)
        XCTAssertLessThan(p.project(points[0]).y, p.project(points[2]).y)
        XCTAssertGreaterThan(p.project(points[0]).x, p.project(points[2]).x)
    }

    func testTallTripIsLimitedByTheHeight() {
        let points = [c(60, 10), c(40, 12)]
        let p = MapProjection(fitting: points, width: 300, height: 100, margin: 5)
        XCTAssertEqual(p.project(points[0]).y, 5, accuracy: 1e-6)
        XCTAssertEqual(p.project(points[1]).y, 95, accuracy: 1e-6)
        XCTAssertEqual((p.project(points[0]).x + p.project(points[1]).x) / 2, 150, accuracy: 1e-6)
    }

    func testMarginShrinksOnATinyGrid() {
        let points = [c(0, 0), c(10, 10)]
        let p = MapProjection(fitting: points, width: 4, height: 4, margin: 4)
        for point in points {
            let xy = p.project(point)
            XCTAssertTrue((0...4).contains(xy.x) && (0...4).contains(xy.y), "\(xy)")
        }
    }

    func testTripAcrossTheAntimeridianIsOnePieceFromWestToEast() {
        // Petropavlovsk-Kamchatsky, the Aleutians, Anchorage.
        let points = [c(53.02, 158.65), c(51.88, -176.66), c(61.22, -149.90)]
        let p = MapProjection(fitting: points, width: 200, height: 100, margin: 4)
        let xs = points.map { p.project($0).x }
        XCTAssertEqual(xs[0], 4, accuracy: 1e-6)
        XCTAssertEqual(xs[2], 196, accuracy: 1e-6)
        XCTAssertTrue(xs[0] < xs[1] && xs[1] < xs[2])
        let box = p.visibleBox
        XCTAssertLessThan(box.west, 158.65)
        XCTAssertGreaterThan(box.east, 210.1)   // -149.9 + 360
        // The view spans about 52°, not the 308° the long way round.
        XCTAssertLessThan(box.east - box.west, 90)
    }

    func testFijiLoopCentresOnTheAntimeridian() {
        let points = [c(-17.8, 177.4), c(-16.8, 179.3), c(-16.5, -179.9), c(-18.1, 178.4)]
        let p = MapProjection(fitting: points, width: 100, height: 100)
        XCTAssertEqual(abs(p.centerLongitude), 180, accuracy: 2)
        for point in points {
            XCTAssertTrue((0...100).contains(p.project(point).x))
        }
        XCTAssertLessThan(p.project(points[0]).x, p.project(points[2]).x)   // 177.4 E is west of 179.9 W
    }

    func testTripNotCrossingTheAntimeridianKeepsItsLongitudes() {
        let p = MapProjection(fitting: [c(0, -170), c(0, 170)], width: 100, height: 100)
        XCTAssertEqual(p.centerLongitude, 180, accuracy: 1e-9)   // 20° apart across ±180, not 340°
        let wide = MapProjection(fitting: [c(0, -100), c(0, 100), c(0, 0)], width: 100, height: 100)
        XCTAssertEqual(wide.centerLongitude, 0, accuracy: 1e-9)
    }

    /// Narrow sets (fitted without sorting) and wide ones alike get the narrowest box holding every point: its west
    /// edge is a point's longitude, and no other point's is the start of a narrower one.
    func testFittedBoxIsTheNarrowestHoldingEveryPoint() {
        var generator = SeededGenerator(seed: 12)
        for spread in [1.0, 60, 165, 169.9, 170, 175, 250, 359] {
            for _ in 0..<20 {
                let start = Double.random(in: -180..<180, using: &generator)
                let points = (0..<12).map { _ in
                    c(Double.random(in: -60...60, using: &generator),
                      MapProjection.wrapped(start + Double.random(in: 0...spread, using: &generator)))
                }
                let box = MapProjection.continuousRange(points.map(\.longitude))
                // Going east from a point's longitude, how far to the last point.
                func reach(from west: Double) -> Double {
                    points.map { ($0.longitude - west).truncatingRemainder(dividingBy: 360) + 360 }
                        .map { $0.truncatingRemainder(dividingBy: 360) }.max()!
                }
                let narrowest = points.map { reach(from: $0.longitude) }.min()!
                XCTAssertEqual(box.east - box.west, narrowest, accuracy: 1e-9, "spread \(spread)")
                XCTAssertEqual(reach(from: box.west), narrowest, accuracy: 1e-9, "spread \(spread)")
            }
        }
    }

    /// A route's lines are fitted by their longitudes wrapped to −180…180, each point on its own: lines given whole
    /// turns east or west, or continuous past ±180° (170 → 190), get the view of their points wrapped one by one,
    /// though their ends are found without wrapping every point when the lines lie within one turn.
    func testARoutesFitIsThatOfItsLongitudesWrapped() {
        var random = SplitMix64(seed: 35)
        for trial in 0..<400 {
            let count = Int.random(in: 1...40, using: &random)
            let start = Double.random(in: -179.9...179.9, using: &random), spread = [2.0, 60, 200][trial % 3]
            let wrapped = (0..<count).map { _ in MapProjection.wrapped(start + Double.random(in: 0...spread, using: &random)) }
            let ys = (0..<count).map { _ in MapProjection.worldY(Double.random(in: -60...70, using: &random)) }
            let shift = 360 * Double(Int.random(in: -2...2, using: &random))
            for given in [wrapped.map { $0 + shift }, wrapped.map { $0 < 0 ? $0 + 360 : $0 }] {
                // Each point wrapped on its own (wrapping a wrapped longitude gives it back, to the bit).
                let expected = MapProjection(fittingLongitudes: given.map(MapProjection.wrapped), worldYs: ys, width: 120,
                                             height: 80, margin: 4)
                let fitted = MapProjection(fittingLongitudes: given, worldYs: ys, width: 120, height: 80, margin: 4)
                XCTAssertEqual(fitted, expected, "trial \(trial)")
            }
        }
    }

    func testPolarLatitudesAreClamped() {
        let p = MapProjection(fitting: [c(89.9, 0), c(70, 20)], width: 100, height: 100, margin: 0)
        let pole = p.project(c(90, 0)), clamp = p.project(c(85, 0))
        XCTAssertTrue(pole.y.isFinite)
        XCTAssertEqual(pole.y, clamp.y, accuracy: 1e-9)
        XCTAssertEqual(pole.y, 0, accuracy: 1e-6)
        XCTAssertTrue(p.project(c(-90, 0)).y.isFinite)
        XCTAssertLessThanOrEqual(p.visibleBox.north, MapProjection.maxLatitude)
    }

    func testSinglePointIsCentredInARegionalView() {
        let p = MapProjection(fitting: [c(46.95, 7.45)], width: 120, height: 80)
        let xy = p.project(c(46.95, 7.45))
        XCTAssertEqual(xy.x, 60, accuracy: 1e-6)
        XCTAssertEqual(xy.y, 40, accuracy: 1e-6)
        let box = p.visibleBox
        XCTAssertGreaterThan(box.east - box.west, 3)
        XCTAssertLessThan(box.east - box.west, 10)
    }

    func testSamePointTwiceZoomsNoFurtherThanTheMinimumSpan() {
        let p = MapProjection(fitting: [c(10, 10), c(10, 10.0001)], width: 100, height: 100, margin: 0)
        XCTAssertEqual(p.visibleBox.east - p.visibleBox.west, MapProjection.minimumSpan, accuracy: 1e-9)
    }

    func testNoPointsShowsTheWorld() {
        let p = MapProjection(fitting: [], width: 200, height: 100, margin: 0)
        let box = p.visibleBox
        XCTAssertLessThanOrEqual(box.west, -179.999)
        XCTAssertGreaterThanOrEqual(box.east, 179.999)
        XCTAssertGreaterThan(box.north, 60)
        XCTAssertLessThan(box.south, -50)
        XCTAssertEqual(p.project(c(0, 0)).x, 100, accuracy: 1e-6)
    }

    func testZeroSizedGridDoesNotTrap() {
        let p = MapProjection(fitting: [c(1, 1), c(2, 2)], width: 0, height: 0)
        XCTAssertTrue(p.project(c(1, 1)).x.isFinite)
    }

    func testCoordinateInvertsProjectAndZoomAndPanMoveTheView() {
        let p = MapProjection(fitting: [c(48.86, 2.35), c(52.52, 13.40)], width: 160, height: 120)
        let xy = p.project(c(50, 8))
        let back = p.coordinate(x: xy.x, y: xy.y)
        XCTAssertEqual(back.latitude, 50, accuracy: 1e-9)
        XCTAssertEqual(back.longitude, 8, accuracy: 1e-9)
        let zoomed = p.zoomed(by: 2)
        XCTAssertEqual(zoomed.degreesPerPixel, p.degreesPerPixel / 2, accuracy: 1e-12)
        XCTAssertEqual(zoomed.visibleBox.east - zoomed.visibleBox.west, (p.visibleBox.east - p.visibleBox.west) / 2, accuracy: 1e-9)
        let panned = p.panned(dx: 10, dy: 0)
        XCTAssertEqual(panned.project(c(50, 8)).x, xy.x - 10, accuracy: 1e-9)
        XCTAssertEqual(BaseMap.Resolution.suited(toDegreesPerDot: 1), .crude)
        XCTAssertEqual(BaseMap.Resolution.suited(toDegreesPerDot: 0.05), .low)
        XCTAssertEqual(BaseMap.Resolution.suited(toDegreesPerDot: 0.005), .intermediate)
    }
}
