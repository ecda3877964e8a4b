import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

final class WaterProbeTests: XCTestCase {
    func testProbe() throws {
        let coast = CoastlineIndex(map: try BaseMap.loadBundled())
        let env = ProcessInfo.processInfo.environment
        let p = env["WP"]!.split(separator: ",").map { Double($0)! }  // lat0, lat1, lon0, lon1, stepKm
        let (lat0, lat1, lon0, lon1, step) = (p[0], p[1], p[2], p[3], p[4])
        let dLat = step / 110.57, dLon = step / (111.32 * cos((lat0 + lat1) / 2 * .pi / 180))
        var out = "\n"
        for row in stride(from: lat1, through: lat0, by: -dLat) {
            var line = String(format: "%.3f ", row)
            for col in stride(from: lon0, through: lon1, by: dLon) { line += coast.isLand(latitude: row, longitude: col) ? "." : "~" }
            out += line + "\n"
        }
        print(out)
    }
}
