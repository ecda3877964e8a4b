import Foundation
@testable import RoadtripCore

/// Trips for the export tests, with legs of fixed length and time so that every figure can be checked by hand.
enum ExportFixtures {
    static func stop(_ name: String, _ lat: Double, _ lon: Double, nights: Int = 0, notes: String = "",
                     region: String? = nil, country: String? = nil) -> Waypoint {
        Waypoint(id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", name.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) % 1_000_000 }))!,
                 name: name, latitude: lat, longitude: lon, region: region, countryCode: country, nights: nights,
                 notes: notes)
    }

    /// A leg of `hours` at 100 km/h, routed (with `geometry`) or estimated.
    static func leg(_ from: Int, hours: Double, geometry: [Coordinate] = [], source: LegSource = .osrm) -> Itinerary.Leg {
        Itinerary.Leg(from: from, RoutedLeg(distanceKm: hours * 100, durationSeconds: hours * 3600, geometry: geometry,
                                            source: source))
    }

    /// Chicago (1 night) → Springfield → St. Louis (2 nights) → Tulsa, from Sat 12 Jun 2027, with names and notes
    /// that every format must escape.
    static let hostile = Trip(
        name: "Route <66> & \"friends\"", createdAt: Date(timeIntervalSince1970: 1_800_000_000),
        startDate: CalendarDate("2027-06-12"), notes: "# Not a heading\n- not a list\r\nbell\u{7} gone",
        waypoints: [
            stop("Chicago & 'Co'", 41.878100, -87.629800, nights: 1, notes: "Start at <Adams St>\n\n*early*",
                 region: "Illinois", country: "US"),
            stop("東京 🚗\u{1B}[31m", 39.799999, -89.643999),
            stop("שלום, St. Louis; \\ end", 38.627003, -90.199404, nights: 2, notes: "1. Arch\ttickets | [book](x)"),
            stop("Tulsa\nOK", 36.153980, -95.992775),
        ])

    static func hostileItinerary() -> Itinerary {
        Itinerary(trip: hostile, legs: [
            leg(0, hours: 3, geometry: [hostile.waypoints[0].coordinate, try! Coordinate(latitude: 40.5, longitude: -88.9),
                                        hostile.waypoints[1].coordinate]),
            leg(1, hours: 1.5, source: .estimate),
            leg(2, hours: 6),
        ], settings: Settings())
    }
}
