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

    /// Chicago → Denver (1 night) → Santa Monica from Mon 14 Jun 2027, each stop in its zone: leaves Chicago 09:00
    /// CDT (14:00Z), 4 h to Denver 12:00 MDT (18:00Z); leaves Denver 09:00 MDT (15:00Z on the 15th), 5 h with a
    /// 45-minute rest to Santa Monica 13:45 PDT (20:45Z).
    static let west = Trip(
        name: "West", createdAt: Date(timeIntervalSince1970: 1_800_000_000), startDate: CalendarDate("2027-06-14"),
        waypoints: [
            zoned(stop("Chicago", 41.878100, -87.629800, region: "Illinois", country: "US"), "America/Chicago"),
            zoned(stop("Denver", 39.739200, -104.990300, nights: 1, region: "Colorado", country: "US"), "America/Denver"),
            zoned(stop("Santa Monica", 34.019500, -118.491200, region: "California", country: "US"), "America/Los_Angeles"),
        ])

    static func westItinerary() -> Itinerary {
        Itinerary(trip: west, legs: [leg(0, hours: 4), leg(1, hours: 5)], settings: Settings())
    }

    /// 東京 → 京都 (1 night) → 大阪 from Thu 30 Dec 2027, leaving at 08:00 JST, which is
    /// 23:00Z the day before: 5 h with a rest to Kyoto 13:45 JST (04:45Z); the next morning 1 h to Osaka 09:00 JST
    /// on New Year's Eve (00:00Z).
    static let tokyo = Trip(
        name: "関西", createdAt: Date(timeIntervalSince1970: 1_800_000_000), startDate: CalendarDate("2027-12-30"),
        waypoints: [
            zoned(stop("東京", 35.681236, 139.767125, region: "Tokyo", country: "JP"), "Asia/Tokyo"),
            zoned(stop("京都", 35.011564, 135.768149, nights: 1, region: "Kyoto", country: "JP"), "Asia/Tokyo"),
            zoned(stop("大阪", 34.693738, 135.502165, region: "Osaka", country: "JP"), "Asia/Tokyo"),
        ])

    static func tokyoItinerary() -> Itinerary {
        var settings = Settings()
        settings.departureMinutes = 8 * 60
        return Itinerary(trip: tokyo, legs: [leg(0, hours: 5), leg(1, hours: 1)], settings: settings)
    }

    /// What `xmllint --schema` says of `gpx` against the GPX 1.1 schema; nil when the file validates.
    static func gpxSchemaErrors(_ gpx: String) throws -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(gpx.utf8).write(to: file)
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/gpx/gpx-1.1.xsd")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") else {
            return "/usr/bin/xmllint is missing: run `make test-deps` (Debian libxml2-utils)"
        }
        let result = try ChildProcess.run("/usr/bin/xmllint", arguments: ["--noout", "--schema", schema.path, file.path],
                                          captureOutput: true, timeout: 60)
        return result.termination == .exited(0) ? nil : String(decoding: result.stderr, as: UTF8.self)
    }

    private static func zoned(_ stop: Waypoint, _ zone: String) -> Waypoint {
        var stop = stop
        stop.timeZone = zone
        return stop
    }
}

