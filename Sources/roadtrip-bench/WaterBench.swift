import Foundation
import RoadtripCore
import RoadtripTestSupport

/// The water check every estimated leg gets (issues 24 and 34):
/// - `route.water.load`: reading the base map and filing its shorelines (once per run);
/// - `route.water.trip500.first`: a 500-stop trip along Norway's coast (legs of 10–60 km, many over fjords), its 499
///   legs measured (each pair once), median of 10 fresh checkers; `.again`: the same from the per-pair answers;
/// - `route.water.set.median`, `.max`: one leg of the test set (`WaterLeg.all`: fjords, islands, straits, coasts, up
///   to 600 km), each on a fresh checker, median of 5 runs per leg;
/// - `route.water.list10k.first`: every leg of the 10,000-trip list (`StoreBench.trips`, legs of 20–35 km), as the
///   trip list measures them when the shorelines arrive; `route.water.list3k.first`: the same for the 3,000 trips of
///   legs of 111 km that the large-file end-to-end test lists.
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
        _ = WaterCrossing { loaded }.answer(from: stops[0], to: stops[1])
        map = loaded
    }
    guard let map else { return print("route.water.error no base map") }
    print("route.water.load \(String(format: "%.1f", load)) ms")
    func filed() -> WaterCrossing {
        let water = WaterCrossing { map }
        _ = water.answer(from: stops[0], to: stops[1])   // the shorelines filed, not timed here
        return water
    }
    var first: [Double] = [], again: [Double] = []
    for _ in 0..<10 {
        let water = filed()
        first.append(milliseconds { for (from, to) in legs { _ = water.answer(from: from, to: to) } })
        again.append(milliseconds { for (from, to) in legs { _ = water.answer(from: from, to: to) } })
    }
    print("route.water.trip500.first \(String(format: "%.2f", UIBench.percentile(first.sorted(), 0.5))) ms")
    print("route.water.trip500.again \(String(format: "%.3f", UIBench.percentile(again.sorted(), 0.5))) ms")
    let set = WaterLeg.all.map { leg -> Double in
        let runs = (0..<5).map { _ in
            let water = filed()
            return milliseconds { _ = water.answer(from: leg.from, to: leg.to) }
        }
        return UIBench.percentile(runs.sorted(), 0.5)
    }.sorted()
    print("route.water.set.median \(String(format: "%.2f", UIBench.percentile(set, 0.5))) ms")
    print("route.water.set.max \(String(format: "%.2f", set.last ?? 0)) ms")
    func list(_ trips: [[Coordinate]]) -> String {
        let water = filed()
        let time = milliseconds {
            for stops in trips { for (from, to) in zip(stops, stops.dropFirst()) { _ = water.answer(from: from, to: to) } }
        }
        return String(format: "%.0f", time)
    }
    print("route.water.list10k.first \(list(StoreBench.trips(10_000, stopsEach: 20).map { $0.waypoints.map(\.coordinate) })) ms")
    // The large file the end-to-end test lists: 20 stops a degree of latitude apart on each of 180 meridians.
    let degreeApart = (0..<3_000).map { trip in
        (0..<20).map { try! Coordinate(latitude: Double($0), longitude: Double(trip % 180)) }
    }
    print("route.water.list3k.first \(list(degreeApart)) ms")
}
