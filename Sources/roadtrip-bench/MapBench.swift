import Foundation
import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import TerminalUI

/// Figures of issue 12, one line each (`name value unit`): map.load (reading and decoding
/// Resources/map/basemap.bin, the median of 7 loads), map.rss (the resident memory the loaded
/// base map adds, measured around the first load while it is held), and on a 500-stop trip across the United
/// States at 200x60 with every layer (outlines, towns from the gazetteer, the route, labels):
/// - `map.render`: a whole map made and drawn from nothing (no layer kept), 100 runs, median and p99;
/// - `map.pan`: key to finished frame in the full-screen map through the real app, panning east and west
///   alternately (each pan a new view: outlines projected, towns found, labels placed), 200 keys.
func runMapBenchmarks() {
    guard let url = BaseMap.bundledDataURL else {
        print("map.error Resources/map/basemap.bin not found")
        return
    }
    // The benchmarks before this one freed heap that glibc keeps mapped: loading into it would add no resident
    // memory (`make bench` printed 0.0 MB). Handed back first, the pages the base map takes are counted.
    #if os(Linux)
    _ = mallocTrim(0)
    #endif
    let before = residentKilobytes()
    let held: BaseMap
    do {
        held = try BaseMap.load(from: url)
    } catch {
        print("map.error \(error)")
        return
    }
    let added = Double(residentKilobytes() - before) / 1024
    var samples: [Double] = []
    for _ in 0..<7 {
        let t0 = DispatchTime.now().uptimeNanoseconds
        _ = try? BaseMap.load(from: url)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    samples.sort()
    let points = BaseMap.Layer.allCases.reduce(0) { sum, layer in
        sum + BaseMap.Resolution.allCases.reduce(0) { $0 + held.pointCount(layer, resolution: $1) }
    }
    print(String(format: "map.points %d points", points))
    print(String(format: "map.load %.1f ms", samples[samples.count / 2]))
    print(String(format: "map.rss %.1f MB", added))
    let loader = BaseMapLoader(), places = PlaceIndexLoader()
    guard (try? loader.wait()) != nil, (try? places.wait()) != nil else {
        print("map.error the base map or the gazetteer did not load")
        return
    }
    renderBench(MapBench.trip, loader: loader, places: places)
    panBench(MapBench.trip, loader: loader, places: places)
}

enum MapBench {
    static let columns = 200
    static let rows = 60

    /// 500 stops spread over the United States in a seeded random order.
    static let trip: Trip = {
        var generator = SeededGenerator(seed: 66)
        return Trip(name: "Across 500", waypoints: (0..<500).map { index in
            Waypoint(name: "Stop \(index)", latitude: Double.random(in: 30...48, using: &generator),
                     longitude: Double.random(in: -120 ... -75, using: &generator))
        })
    }()

    /// What `map.render` draws: the trip's legs as great-circle arcs (what the map draws until a router answers).
    static func content(_ trip: Trip, loader: BaseMapLoader, places: PlaceIndexLoader) -> TripMapContent {
        TripMapContent(tripID: trip.id, stops: trip.waypoints, itinerary: nil, unit: .km,
                       stopsRevision: 0, legsRevision: 0, baseMap: { loader.map }, towns: { places.index?.towns })
    }

    static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func report(_ name: String, _ samples: [Double]) {
        let sorted = samples.sorted()
        print("\(name).median \(String(format: "%.3f", UIBench.percentile(sorted, 0.5))) ms")
        print("\(name).p99 \(String(format: "%.3f", UIBench.percentile(sorted, 0.99))) ms")
    }
}

private func renderBench(_ trip: Trip, loader: BaseMapLoader, places: PlaceIndexLoader) {
    let content = MapBench.content(trip, loader: loader, places: places)
    let terminal = MemoryTerminal(rows: MapBench.rows, columns: MapBench.columns)
    var samples: [Double] = []
    for run in 0...100 {
        terminal.clear()
        let start = DispatchTime.now().uptimeNanoseconds
        TripMapRenderer().render(content, selected: run % 500, on: terminal, in: Rect(size: terminal.size))
        if run > 0 { samples.append(MapBench.milliseconds(since: start)) }
    }
    MapBench.report("map.render", samples)
}

private func panBench(_ trip: Trip, loader: BaseMapLoader, places: PlaceIndexLoader) {
    let terminal = MemoryTerminal(rows: MapBench.rows, columns: MapBench.columns)
    let session = RoadtripApplication.makeSession(repository: UnsavedRepository(trips: [trip]),
                                                  places: places, baseMap: loader, terminal: terminal)
    let app = session.app
    for key in [Key.enter, .character("m"), .character("+")] {
        app.handle(key)
        app.render()
    }
    guard app.stack.top?.title == "Map: Across 500" else {
        print("map.error the map did not open")
        return
    }
    var samples: [Double] = []
    for index in 0..<220 {
        let start = DispatchTime.now().uptimeNanoseconds
        app.handle(index % 2 == 0 ? .character("l") : .character("h"))
        app.render()
        if index >= 20 { samples.append(MapBench.milliseconds(since: start)) }
    }
    MapBench.report("map.pan", samples)
}

/// VmRSS of this process (Linux; 0 elsewhere).
private func residentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

#if os(Linux)
/// glibc's `malloc_trim` (declared in <malloc.h>, which Swift's Glibc module does not import).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif
