import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// An itinerary built from the trip's previous one (`reusing:`) and a map route built from the previous route must
/// be exactly what they would be from scratch, after any edit: the reuse is a shortcut, never an answer of its own.
final class ItineraryReuseTests: XCTestCase {
    private let zones = ["America/Chicago", "America/Denver", "Europe/Oslo", "Asia/Kathmandu", nil, nil]

    private func randomStop(_ generator: inout SeededGenerator) -> Waypoint {
        Waypoint(name: "S", latitude: .random(in: -60...70, using: &generator),
                 longitude: .random(in: -180...180, using: &generator),
                 nights: [0, 0, 1, 2].randomElement(using: &generator)!,
                 timeZone: zones.randomElement(using: &generator)!,
                 stayMinutes: [0, 0, 30, 90].randomElement(using: &generator)!)
    }

    private func legs(_ trip: Trip, _ hours: [Coordinate: Double], _ generator: inout SeededGenerator) -> [Itinerary.Leg] {
        zip(trip.waypoints, trip.waypoints.dropFirst()).enumerated().map { index, pair in
            let seconds = (hours[pair.0.coordinate] ?? 2) * 3600 + (hours[pair.1.coordinate] ?? 1) * 600
            return Itinerary.Leg(from: index, RoutedLeg(distanceKm: seconds / 40, durationSeconds: seconds, source: .osrm))
        }
    }

    /// One edit as the screens make them: a move, a night, a stay, a zone, a stop added or deleted, the start date.
    private func edit(_ trip: Trip, _ generator: inout SeededGenerator) -> Trip {
        var trip = trip
        let count = trip.waypoints.count
        let index = Int.random(in: 0..<count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0 where count > 1: trip.waypoints.swapAt(index, min(index + 1, count - 1))
        case 1: trip.waypoints[index].nights = Int.random(in: 0...2, using: &generator)
        case 2: trip.waypoints[index].stayMinutes = Int.random(in: 0...120, using: &generator)
        case 3: trip.waypoints[index].timeZone = zones.randomElement(using: &generator)!
        case 4: trip.waypoints.insert(randomStop(&generator), at: index)
        case 5 where count > 2: trip.waypoints.remove(at: index)
        case 6: trip.startDate = [nil, CalendarDate("2027-03-13"), CalendarDate("2026-12-30")].randomElement(using: &generator)!
        default: break
        }
        return trip
    }

    func testTheClockReusedAfterAnyEditIsTheClockFromScratch() {
        var generator = SeededGenerator(seed: 21)
        for round in 0..<60 {
            var trip = Trip(name: "T", startDate: CalendarDate("2027-03-13"),
                            waypoints: (0..<Int.random(in: 2...40, using: &generator)).map { _ in randomStop(&generator) })
            var hours: [Coordinate: Double] = [:]
            var settings = Settings()
            settings.breakAfterHours = [0, 2, 4.5].randomElement(using: &generator)!
            var previous = Itinerary(trip: trip, legs: legs(trip, hours, &generator), settings: settings)
            for step in 0..<25 {
                trip = edit(trip, &generator)
                // A leg's time changes too now and then (a router's answer arriving).
                if let stop = trip.waypoints.randomElement(using: &generator), step % 3 == 0 {
                    hours[stop.coordinate] = .random(in: 0...9, using: &generator)
                }
                let legs = legs(trip, hours, &generator)
                let reused = Itinerary(trip: trip, legs: legs, settings: settings, reusing: previous)
                let fresh = Itinerary(trip: trip, legs: legs, settings: settings)
                XCTAssertEqual(reused, fresh, "round \(round), step \(step)")
                XCTAssertEqual(reused.arrivals.map(\.timeZone.identifier), fresh.arrivals.map(\.timeZone.identifier))
                XCTAssertEqual(reused.crossesZones, fresh.crossesZones)
                previous = reused
            }
        }
    }

    func testASettingChangedReusesNothingStale() {
        let trip = Trip(name: "T", startDate: CalendarDate("2027-06-14"), waypoints: [
            Waypoint(name: "Chicago", latitude: 41.88, longitude: -87.63),
            Waypoint(name: "Denver", latitude: 39.74, longitude: -104.99),
        ])
        let legs = [Itinerary.Leg(from: 0, RoutedLeg(distanceKm: 1_000, durationSeconds: 6 * 3600, source: .osrm))]
        let before = Itinerary(trip: trip, legs: legs, settings: Settings())
        var later = Settings()
        later.departureMinutes = 7 * 60
        later.breakMinutes = 30
        XCTAssertEqual(Itinerary(trip: trip, legs: legs, settings: later, reusing: before),
                       Itinerary(trip: trip, legs: legs, settings: later))
        XCTAssertNotEqual(Itinerary(trip: trip, legs: legs, settings: later), before, "the settings change the clock")
    }

    func testTheMapRouteReusedAfterAnyEditIsTheRouteFromScratch() {
        var generator = SeededGenerator(seed: 22)
        var trip = Trip(name: "T", waypoints: (0..<30).map { _ in randomStop(&generator) })
        var previous = TripMapModel.Route(stops: trip.waypoints, itinerary: nil)
        for step in 0..<200 {
            trip = edit(trip, &generator)
            let reused = TripMapModel.Route(stops: trip.waypoints, itinerary: nil, reusing: previous)
            let fresh = TripMapModel.Route(stops: trip.waypoints, itinerary: nil)
            XCTAssertEqual(reused.longitudes, fresh.longitudes, "step \(step)")
            XCTAssertEqual(reused.worldYs, fresh.worldYs, "step \(step)")
            previous = reused
        }
    }
}
