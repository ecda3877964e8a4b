import Foundation
import RoadtripCore

/// The water check every estimated leg gets (issue 24), on a 500-stop trip along Norway's coast (legs of 10–60 km,
/// many over fjords):
/// - `route.water.load`: reading the base map and filing its shorelines (once per run);
/// - `route.water.trip500.first`: the 499 legs measured (each pair once), median of 10 fresh checkers;
/// - `route.water.trip500.again`: the same legs from the per-pair answers (the cost of each later change).
func runWaterBenchmarks() {
    let stops = (0..<500).map { index -> Coordinate in
        let t = Double(index) / 499
        return try! Coordinate(latitude: 58.5 + t * 12 + (index % 2 == 0 ? 0 : 0.1),
                               longitude: 5.5 + t * 14 + (index % 3 == 0 ? 0.3 : 0))
    }
    let legs = Array(zip(stops, stops.dropFirst()))
    func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
    var map: BaseMap?
    let load = milliseconds {
        let loaded = try? BaseMap.loadBundled()
        _ = WaterCrossing { loaded }.markedShare(from: stops[0], to: stops[1])
        map = loaded
    }
    guard let map else { return print("route.water.error no base map") }
    print("route.water.load \(String(format: "%.1f", load)) ms")
    var first: [Double] = [], again: [Double] = []
    for _ in 0..<10 {
        let water = WaterCrossing { map }
        _ = water.markedShare(from: stops[0], to: stops[1])   // the shorelines filed, not timed here
        first.append(milliseconds { for (from, to) in legs { _ = water.markedShare(from: from, to: to) } })
        again.append(milliseconds { for (from, to) in legs { _ = water.markedShare(from: from, to: to) } })
    }
    print("route.water.trip500.first \(String(format: "%.2f", UIBench.percentile(first.sorted(), 0.5))) ms")
    print("route.water.trip500.again \(String(format: "%.3f", UIBench.percentile(again.sorted(), 0.5))) ms")
}
