import XCTest
@testable import RoadtripCore

/// The base map's table of Mercator ys, looked up by a latitude's whole units without `Int(Double)`'s checks, gives
/// the exact formula's y for every point the shipped map has.
final class BaseMapWorldYTests: XCTestCase {
    func testEveryPointsTabledYIsTheFormulasY() throws {
        let map = try BaseMap.bundled()
        var checked = 0
        for layer in BaseMap.Layer.allCases {
            for resolution in BaseMap.Resolution.allCases {
                for line in map.polylines(layer, resolution: resolution) {
                    for point in line.points {
                        let exact = MapProjection.worldY(Double(point.latitude))
                        // One assertion per wrong point would flood the log: the first is enough to say which.
                        guard map.worldY(point.latitude) == exact else {
                            return XCTFail("\(layer) \(resolution) latitude \(point.latitude): \(map.worldY(point.latitude)), not \(exact)")
                        }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }
}
