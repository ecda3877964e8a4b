import Foundation
import RoadtripCore

/// Issue 38's charging plans. `charge.day`: one day of about 1,000 km (the along bench's made-up road, Paris to
/// Vienna) with 2,000 chargers within 4 km of it of mixed sockets and powers (a tenth CHAdeMO only, a twentieth
/// private), a 60 kWh car: the whole use case (the corridor query, the programme, the stops made). `charge.trip`:
/// 3,000 km over 5 days (Lisbon to Warsaw through four nights), 6,000 chargers. `ref.charge.day.along`: the
/// corridor query alone, what any answer pays. Median and p99 of 50 runs after one to warm up.
func runChargeBenchmarks() {
    var settings = Settings()
    settings.dailyLimitHours = 24
    let battery = EVBattery(usableKWh: 60, startSoC: 90, reserveSoC: 10, chargeToSoC: 80, curve: .standard(peakKW: 150),
                            acKW: 11, stopSeconds: 300, ports: Set(SocketKind.standardPorts),
                            consumption: FuelConsumption(at90: 18, at120: 24))
    var random = SplitMix64(seed: 38)
    let day = benchTrip(["Paris": (48.857, 2.352), "Vienna": (48.208, 16.373)], order: ["Paris", "Vienna"], settings: settings)
    let dayChargers = benchChargers(along: day.roads, count: 2_000, using: &random)
    let dayFinder = AlongFinder(index: POIIndex(features: dayChargers.map(\.feature)), settings: settings)
    let dayLookup = BenchChargers(dayChargers.map(\.charger))
    print(String(format: "charge.day.km %.0f", day.itinerary.distanceKm))
    measureRuns("ref.charge.day.along", "chargers", runs: 50) {
        dayFinder.along(day: 1, trip: day.trip, itinerary: day.itinerary, categories: [.charge]).stops.count
    }
    measureRuns("charge.day", "stops", runs: 50) {
        TripCharging.plan(day.trip, battery: battery, finder: dayFinder, chargers: dayLookup, itinerary: { _ in day.itinerary })
            .charges.count
    }
    let towns = ["Lisbon": (38.722, -9.139), "Madrid": (40.417, -3.704), "Bordeaux": (44.838, -0.579),
                 "Paris": (48.857, 2.352), "Frankfurt": (50.110, 8.682), "Warsaw": (52.230, 21.012)]
    let trip = benchTrip(towns, order: ["Lisbon", "Madrid", "Bordeaux", "Paris", "Frankfurt", "Warsaw"], settings: settings)
    let tripChargers = benchChargers(along: trip.roads, count: 6_000, using: &random)
    let tripFinder = AlongFinder(index: POIIndex(features: tripChargers.map(\.feature)), settings: settings)
    let tripLookup = BenchChargers(tripChargers.map(\.charger))
    print(String(format: "charge.trip.km %.0f in %d days", trip.itinerary.distanceKm, trip.itinerary.days.filter(\.isDriving).count))
    measureRuns("charge.trip", "stops", runs: 50) {
        TripCharging.plan(trip.trip, battery: battery, finder: tripFinder, chargers: tripLookup, itinerary: { _ in trip.itinerary })
            .charges.count
    }
}

/// Towns in `order`, each leg the bench's made-up road at the estimate's length, a night at each town between.
private func benchTrip(_ towns: [String: (Double, Double)], order: [String], settings: Settings)
    -> (trip: Trip, itinerary: Itinerary, roads: [[Coordinate]]) {
    var stops = order.map { Waypoint(name: $0, latitude: towns[$0]!.0, longitude: towns[$0]!.1) }
    for index in stops.indices.dropFirst().dropLast() { stops[index].nights = 1 }
    let trip = Trip(name: "Charge bench", waypoints: stops)
    var roads: [[Coordinate]] = []
    let legs = zip(stops, stops.dropFirst()).enumerated().map { index, pair -> Itinerary.Leg in
        let leg = EstimateEngine(settings).leg(from: pair.0.coordinate, to: pair.1.coordinate)
        roads.append(benchRoad(from: pair.0, to: pair.1, distanceKm: leg.distanceKm))
        return Itinerary.Leg(from: index, RoutedLeg(distanceKm: leg.distanceKm, durationSeconds: leg.durationSeconds,
                                                    geometry: roads.last!, source: .osrm))
    }
    return (trip, Itinerary(trip: trip, legs: legs, settings: settings), roads)
}

/// `count` chargers within about 4 km of the roads: CCS at 50 to 350 kW, Type 2 at 22 kW, a tenth CHAdeMO only,
/// a twentieth private.
private func benchChargers(along roads: [[Coordinate]], count: Int, using random: inout SplitMix64)
    -> [(feature: RegionFeature, charger: Charger)] {
    let points = roads.flatMap { $0 }
    return (0..<count).map { n in
        let at = points[Int.random(in: 0..<points.count, using: &random)]
        let latitude = at.latitude + Double.random(in: -0.035...0.035, using: &random)
        let longitude = at.longitude + Double.random(in: -0.035...0.035, using: &random)
        let socket: Charger.Socket
        switch n % 10 {
        case 0: socket = Charger.Socket(kind: .chademo, count: 1, kw: 50)
        case 1, 2: socket = Charger.Socket(kind: .type2, count: 4, kw: 22)
        default: socket = Charger.Socket(kind: .type2Combo, count: 2, kw: [50, 150, 300, 350].randomElement(using: &random)!)
        }
        let id = "n\(n)"
        return (RegionFeature(osmID: id, latitude: latitude, longitude: longitude, kind: "charging_station", category: .charge,
                              name: "Charger \(n)"),
                Charger(osmID: id, latitude: latitude, longitude: longitude, name: "Charger \(n)", sockets: [socket],
                        isPrivate: n % 20 == 7))
    }
}

/// The bench's chargers by id; the nearest by a scan (a night's stop asks once).
private struct BenchChargers: ChargerLookup {
    let byID: [String: Charger]
    init(_ chargers: [Charger]) { byID = Dictionary(uniqueKeysWithValues: chargers.map { ($0.osmID, $0) }) }
    func charger(osmID: String) -> Charger? { byID[osmID] }
    func nearest(latitude: Double, longitude: Double, withinKm km: Double, accepting accepts: (Charger) -> Bool) -> Charger? {
        byID.values.first { !$0.isPrivate && accepts($0) && GreatCircle.distanceKm(lat1: latitude, lon1: longitude, lat2: $0.latitude,
                                                                    lon2: $0.longitude) <= km }
    }
}
