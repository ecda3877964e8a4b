@testable import RoadtripCore
import XCTest

/// `TollIndex` on legs given as Routino writes them (each node to 1e-6°), where the extract tests do not go: south
/// and west of 0°, and several priced ways in one leg.
final class TollIndexTests: XCTestCase {
    private func way(_ nodes: [(Int32, Int32)], _ charge: TollCharge? = nil) -> TollWay {
        TollWay(points: nodes.map { TollWay.Point(latitude: $0.0, longitude: $0.1)! }, charge: charge)!
    }

    /// A node's position as Routino writes it, to the sixth decimal.
    private func written(_ node: (Int32, Int32)) -> Coordinate {
        let sixth = { (units: Int32) in (Double(units) / 10).rounded() / 1e6 }
        return try! Coordinate(latitude: sixth(node.0), longitude: sixth(node.1))
    }

    private func km(_ nodes: [(Int32, Int32)]) -> Double {
        zip(nodes, nodes.dropFirst()).reduce(0) {
            $0 + GreatCircle.distanceKm(lat1: Double($1.0.0) / 1e7, lon1: Double($1.0.1) / 1e7,
                                        lat2: Double($1.1.0) / 1e7, lon2: Double($1.1.1) / 1e7)
        }
    }

    /// Near Santiago: a node whose written position falls in the next cell of the hash (-33.4000095 is written
    /// -33.400010), driven east to west.
    func testSouthAndWestOfZero() {
        let nodes: [(Int32, Int32)] = [(-334_000_095, -706_000_096), (-334_100_000, -706_500_006), (-334_000_000, -707_000_000)]
        let index = TollIndex([way(nodes, TollCharge(amount: 3200, currency: "CLP"))])
        let tolls = index.tolls(along: [try! Coordinate(latitude: -33.39, longitude: -70.59)] + nodes.reversed().map(written))
        XCTAssertEqual(tolls.km, km(nodes), accuracy: 0.001)
        XCTAssertEqual(tolls.price, 3200)
        XCTAssertEqual(tolls.currency, "CLP")
    }

    /// Each priced way driven counts once, whichever way and however much of it: in one currency they add up, in
    /// two they are unknown.
    func testPricedWaysAddUpInOneCurrency() {
        let first: [(Int32, Int32)] = [(610_000_000, 70_000_000), (610_100_000, 70_100_000), (610_000_000, 70_200_000)]
        let second: [(Int32, Int32)] = [(610_000_000, 70_200_000), (609_900_000, 70_300_000), (610_000_000, 70_400_000)]
        let euros = TollIndex([way(first, TollCharge(amount: 12, currency: "EUR")),
                               way(second, TollCharge(amount: 3.5, currency: "EUR"))])
        let there = euros.tolls(along: (first + second.dropFirst()).map(written))
        XCTAssertEqual(there.km, km(first) + km(second), accuracy: 0.001)
        XCTAssertEqual(there.price, 15.5)
        XCTAssertEqual(euros.tolls(along: (first + second.dropFirst()).reversed().map(written)).price, 15.5)
        XCTAssertEqual(euros.tolls(along: second.map(written)).price, 3.5, "the first not driven")

        let mixed = TollIndex([way(first, TollCharge(amount: 12, currency: "EUR")),
                               way(second, TollCharge(amount: 40, currency: "NOK"))])
        let both = mixed.tolls(along: (first + second.dropFirst()).map(written))
        XCTAssertEqual(both.km, there.km, accuracy: 1e-9)
        XCTAssertNil(both.price)
        XCTAssertNil(both.currency)
    }

    /// A leg that leaves a straight toll road where it begins, by a slip road beside it at first (8.7 m from it a km
    /// on, 13 m at the slip road's next point), pays nothing.
    func testASlipRoadBesideATollRoadIsFree() {
        let tolled: [(Int32, Int32)] = (0..<5).map { (610_000_000, 70_000_000 + Int32($0) * 185_500) }
        let index = TollIndex([way(tolled, TollCharge(amount: 12, currency: "EUR"))])
        let slip: [(Int32, Int32)] = [(610_000_000, 69_800_000), tolled[0], (610_001_170, 70_278_300), (610_100_000, 70_300_000)]
        let tolls = index.tolls(along: slip.map(written))
        XCTAssertEqual(tolls.km, 0)
        XCTAssertNil(tolls.price)
    }

    /// A leg that only crosses a tolled way, or runs beside it, pays nothing.
    func testCrossingOrPassingATolledWayIsFree() {
        let tolled: [(Int32, Int32)] = [(610_000_000, 70_000_000), (610_100_000, 70_100_000), (610_000_000, 70_200_000)]
        let index = TollIndex([way(tolled, TollCharge(amount: 12, currency: "EUR"))])
        let crossing: [(Int32, Int32)] = [(609_000_000, 70_100_000), (610_100_000, 70_100_000), (611_000_000, 70_100_000)]
        let across = index.tolls(along: crossing.map(written))
        XCTAssertEqual(across.km, 0)
        XCTAssertNil(across.price)
        let beside = index.tolls(along: tolled.map { written(($0.0 + 1_000, $0.1)) })
        XCTAssertEqual(beside.km, 0, "11 m north of it is another road")
    }
}
