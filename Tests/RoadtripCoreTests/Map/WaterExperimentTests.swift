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
        var fit: [(Double, Double, Double)] = []  // line, taut, road (first config)
        for leg in WaterLeg.all {
            let line = GreatCircle.distanceKm(lat1: leg.from.latitude, lon1: leg.from.longitude, lat2: leg.to.latitude, lon2: leg.to.longitude)
            var cols: [String] = []
            for (across, sound, margin) in configs {
                WaterGrid.across = across; WaterGrid.soundKm = sound; WaterCrossing.marginShare = margin
                let t0 = Date()
                let a = WaterCrossing.answer(from: leg.from, to: leg.to, coast: coast)
                let ms = Date().timeIntervalSince(t0) * 1000
                switch a {
                case .overLand: cols.append(String(format: "land      [%3.0fms]", ms))
                case let .wayRound(l): if cols.isEmpty, let r = leg.roadKm { fit.append((line, l, r)) }; cols.append(String(format: "R %4.0f %.2f %+3.0f%%[%3.0fms]", l, l / line, leg.roadKm.map { (max(1.3 * line, 1.3 * l) / $0 - 1) * 100 } ?? 999, ms))
                case let .crossing(l, s): cols.append(String(format: "X %4.0f+%3.0f[%3.0fms]", l, s, ms))
                }
            }
            out += String(format: "%-26@ %5.0f road %4@ | ", leg.name as NSString, line, (leg.roadKm.map { String(format: "%.0f", $0) } ?? "-") as NSString) + cols.joined(separator: " ") + "\n"
        }
        for b in stride(from: 1.2, through: 1.6, by: 0.05) {
            let errs = fit.map { max(1.3 * $0.0, b * $0.1) / $0.2 - 1 }
            out += String(format: "b %.2f worst %+.0f%% / %+.0f%%  mean|e| %.1f%%\n", b, (errs.min() ?? 0) * 100, (errs.max() ?? 0) * 100, errs.map(abs).reduce(0, +) / Double(errs.count) * 100)
        }
        print(out)
    }
}

final class WaterListExperimentTests: XCTestCase {
    func testList() throws {
        let coast = CoastlineIndex(map: try BaseMap.loadBundled())
        var legs: [(Coordinate, Coordinate)] = []
        for trip in 0..<500 {
            let stops = (0..<20).map { stop -> Coordinate in
                let latitude: Double = Double((trip * 7 + stop * 13) % 17_000) / 100 - 85
                let longitude: Double = Double((trip * 11 + stop * 29) % 35_000) / 100 - 175 + 0.000123
                return try! Coordinate(latitude: latitude, longitude: longitude)
            }
            legs += zip(stops, stops.dropFirst()).map { ($0, $1) }
        }
        var counts = [String: Int](), times = [String: Double](), cells = 0
        for (a, b) in legs {
            let t0 = Date()
            let answer = WaterCrossing.answer(from: a, to: b, coast: coast)
            let ms = Date().timeIntervalSince(t0) * 1000
            let kind: String
            switch answer { case .overLand: kind = "land"; case .wayRound: kind = "round"; case .crossing: kind = "cross" }
            counts[kind, default: 0] += 1; times[kind, default: 0] += ms
            if kind != "land", let g = WaterGrid(from: a, to: b, coast: coast, marginShare: 0.5) { cells += g.columns * g.rows }
        }
        print("legs \(legs.count) counts \(counts) ms \(times) avg cells \(cells / max(1, (counts["round"] ?? 0) + (counts["cross"] ?? 0)))")
    }
}

final class WaterWorldExperimentTests: XCTestCase {
    func testWorld() throws {
        let stops = [(41.8781, -87.6298), (35.6833, 139.6833), (48.8566, 2.3522), (-33.8667, 151.2), (-23.55, -46.63)].map { try! Coordinate(latitude: $0.0, longitude: $0.1) }
        let engine = EstimateEngine(water: TestWater.shared)
        for (a, b) in zip(stops, stops.dropFirst()) {
            let leg = engine.leg(from: a, to: b)
            print("WORLD", TripText.leg(Itinerary.Leg(from: 0, leg), .km), TestWater.shared.answer(from: a, to: b))
        }
    }
}

final class WaterCandidateExperimentTests: XCTestCase {
    func testCandidates() throws {
        let engine = EstimateEngine(water: TestWater.shared)
        let a = try Coordinate(latitude: 62.4723, longitude: 6.1549)
        for (name, lat, lon) in [("Hareid", 62.3700, 6.0300), ("Molde", 62.7378, 7.1597), ("Lerwick", 60.1546, -1.1494), ("Stranda", 62.3090, 6.9470), ("Geiranger", 62.1008, 7.2059)] {
            let leg = engine.leg(from: a, to: try Coordinate(latitude: lat, longitude: lon))
            print("CAND", name, TripText.leg(Itinerary.Leg(from: 0, leg), .km))
        }
    }
}
