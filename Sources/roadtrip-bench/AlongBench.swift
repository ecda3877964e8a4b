import Foundation
import RoadtripCore

/// Issue 24's along the road: `along.day`, the sleeping places within 5 km of one day of about 1,000 km (Paris to
/// Vienna as a router's road of a point every 100 m, winding a few km either side of the straight line) among
/// 200,000 generated POIs of the six categories drawn at random, a third of them in a band 20 km either side of the
/// road (about 11,000 of a category there: far denser than any real road) and the rest over the box around it; median and p99 of 200 runs after one to warm up. `along.gaps`: the day's fuel
/// gaps at a 300 km range (the same query for fuel, then the stretches). `along.index`: building the grid.
/// `along.map`: placing that day's POIs on a zoomed-in map, the work the map's frame adds.
func runAlongBenchmarks() {
    var settings = Settings()
    settings.rangeKm = 300
    let (a, b) = (Waypoint(name: "Paris", latitude: 48.857, longitude: 2.352),
                  Waypoint(name: "Vienna", latitude: 48.208, longitude: 16.373))
    let trip = Trip(name: "Bench", waypoints: [a, b])
    let leg = EstimateEngine(settings).leg(from: a.coordinate, to: b.coordinate)
    let road = benchRoad(from: a, to: b, distanceKm: leg.distanceKm)
    let routed = RoutedLeg(distanceKm: leg.distanceKm, durationSeconds: leg.durationSeconds, geometry: road, source: .osrm)
    let itinerary = Itinerary(trip: trip, legs: [Itinerary.Leg(from: 0, routed)], settings: settings)

    var random = SplitMix64(seed: 24)
    let categories = POICategory.allCases
    let features = (0..<200_000).map { n -> RegionFeature in
        let latitude: Double, longitude: Double
        if n % 3 == 0 {
            let f = Double.random(in: 0...1, using: &random)
            latitude = a.latitude + f * (b.latitude - a.latitude) + 0.05 * sin(f * 60) + Double.random(in: -0.18...0.18, using: &random)
            longitude = a.longitude + f * (b.longitude - a.longitude)
        } else {
            latitude = Double.random(in: 46.5...50.5, using: &random)
            longitude = Double.random(in: 1.5...17.5, using: &random)
        }
        return RegionFeature(osmID: "n\(n)", latitude: latitude, longitude: longitude, kind: "poi",
                             category: categories.randomElement(using: &random)!, name: "POI \(n)")
    }
    let started = DispatchTime.now().uptimeNanoseconds
    let index = POIIndex(features: features, outlines: [RegionOutline(west: 1.5, south: 46.5, east: 17.5, north: 50.5)])
    print(String(format: "along.index %.0f ms for %d POIs", MapBench.milliseconds(since: started), index.features.count))
    let finder = AlongFinder(index: index, settings: settings)
    // The road drawn is the straight arc's length (plus its wiggle); the leg reports the estimate's 1.3 × that.
    print(String(format: "along.day.km %.0f drawn, %.0f reported", leg.distanceKm / settings.detour, leg.distanceKm))
    measureRuns("along.day", "POIs") { finder.along(day: 1, trip: trip, itinerary: itinerary, categories: [.sleep]).stops.count }
    measureRuns("along.gaps", "gaps") {
        FuelGaps.gaps(day: 1, trip: trip, itinerary: itinerary, finder: finder, settings: settings).count
    }
    // What the map adds to a frame: the day's POIs placed in a 200 × 60 map zoomed in to about 1 km a cell.
    let stops = finder.along(day: 1, trip: trip, itinerary: itinerary, categories: [.sleep]).stops
    let middle = road[road.count / 2]
    let view = MapProjection(fitting: [try! Coordinate(latitude: middle.latitude - 0.1, longitude: middle.longitude - 0.1),
                                       try! Coordinate(latitude: middle.latitude + 0.1, longitude: middle.longitude + 0.1)],
                             width: 400, height: 240)
    print(String(format: "along.map.km_per_cell %.2f", MapPOIs.kmPerCell(view)))
    measureRuns("along.map", "cells") { MapPOIs.cells(stops, projection: view, columns: 200, rows: 60).count }
}

/// `runs` timings of `body` after one to warm up: the median, the p99, and what the last run found (`what`).
func measureRuns(_ name: String, _ what: String, runs: Int = 200, _ body: () -> Int) {
    var found = body()
    let times = (0..<runs).map { _ -> Double in
        let start = DispatchTime.now().uptimeNanoseconds
        found = body()
        return MapBench.milliseconds(since: start)
    }.sorted()
    print(String(format: "\(name).median %.2f ms", UIBench.percentile(times, 0.5)))
    print(String(format: "\(name).p99 %.2f ms", UIBench.percentile(times, 0.99)))
    print("\(name).\(what) \(found)")
}
