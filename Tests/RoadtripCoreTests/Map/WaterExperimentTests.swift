import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

final class WaterExperimentTests: XCTestCase {
    func testExperiment() throws {
        let coast = CoastlineIndex(map: try BaseMap.loadBundled())
        let env = ProcessInfo.processInfo.environment
        let configs: [(Double, Double, Double)] = (env["WX"] ?? "400,3,0.5").split(separator: ";").map {
            let p = $0.split(separator: ",").map { Double($0)! }; return (p[0], p[1], p[2]) }
        var out = "\n"
        for leg in WaterLeg.all {
            let line = GreatCircle.distanceKm(lat1: leg.from.latitude, lon1: leg.from.longitude, lat2: leg.to.latitude, lon2: leg.to.longitude)
            var cols: [String] = []
            for (across, sound, margin) in configs {
                WaterGrid.across = across; WaterGrid.soundKm = sound; WaterCrossing.marginShare = margin
                let t0 = Date()
                setenv("WDUMP", "/tmp/wgrid/" + leg.name.replacingOccurrences(of: " ", with: "_"), 1)
                let a = WaterCrossing.answer(from: leg.from, to: leg.to, coast: coast)
                let ms = Date().timeIntervalSince(t0) * 1000
                switch a {
                case .overLand: cols.append(String(format: "land      [%3.0fms]", ms))
                case let .wayRound(l): cols.append(String(format: "R %4.0f %.2f[%3.0fms]", l, l / line, ms))
                case let .crossing(l, s): cols.append(String(format: "X %4.0f+%3.0f[%3.0fms]", l, s, ms))
                }
            }
            out += String(format: "%-26@ %5.0f road %4@ | ", leg.name as NSString, line, (leg.roadKm.map { String(format: "%.0f", $0) } ?? "-") as NSString) + cols.joined(separator: " ") + "\n"
        }
        print(out)
    }
}
