import Foundation
import RoadtripCore

/// Issue 22's overnight suggestions: `suggest.day`, the towns near one day of about 1,000 km (Paris to Vienna on the
/// estimate's arc, through some of the gazetteer's densest land; without road data its corridor is 250 km wide on
/// each side, about 32,000 places looked at) against the whole gazetteer; median and p99 of 200 runs, after one to
/// warm up. `suggest.day.routed`: the same day as a router's road of a point every 100 m
/// (OSRM's full geometry is that dense), winding a few km either side of the straight line.
func runSuggestBenchmarks() {
    guard let places = try? PlaceIndex.loadBundled() else {
        print("suggest.error the gazetteer is missing")
        return
    }
    let settings = Settings()
    let trip = Trip(name: "Bench", waypoints: [Waypoint(name: "Paris", latitude: 48.857, longitude: 2.352),
                                               Waypoint(name: "Vienna", latitude: 48.208, longitude: 16.373)])
    let estimate = EstimateEngine(settings)
    let leg = estimate.leg(from: trip.waypoints[0].coordinate, to: trip.waypoints[1].coordinate)
    let itinerary = Itinerary(trip: trip, legs: [Itinerary.Leg(from: 0, leg)], settings: settings)
    let finder = OvernightFinder(places: places, settings: settings)
    print(String(format: "suggest.day.km %.0f", leg.distanceKm / settings.detour))
    measure("suggest.day", finder, trip, itinerary)
    let (a, b) = (trip.waypoints[0], trip.waypoints[1])
    let road = benchRoad(from: a, to: b, distanceKm: leg.distanceKm)
    let routed = RoutedLeg(distanceKm: leg.distanceKm, durationSeconds: leg.durationSeconds, geometry: road, source: .osrm)
    measure("suggest.day.routed", finder, trip, Itinerary(trip: trip, legs: [Itinerary.Leg(from: 0, routed)], settings: settings))
}

private func measure(_ name: String, _ finder: OvernightFinder, _ trip: Trip, _ itinerary: Itinerary) {
    var found = finder.suggestions(forDay: 1, trip: trip, itinerary: itinerary)
    let times = (0..<200).map { _ -> Double in
        let start = DispatchTime.now().uptimeNanoseconds
        found = finder.suggestions(forDay: 1, trip: trip, itinerary: itinerary)
        return MapBench.milliseconds(since: start)
    }.sorted()
    print(String(format: "\(name).median %.2f ms", UIBench.percentile(times, 0.5)))
    print(String(format: "\(name).p99 %.2f ms", UIBench.percentile(times, 0.99)))
    print("\(name).towns \(found.candidates.count)")
}
