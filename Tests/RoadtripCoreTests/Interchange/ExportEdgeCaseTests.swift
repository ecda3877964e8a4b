import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The writers at the edges: characters XML forbids, ±180° and the poles, and dates past 9999.
final class ExportEdgeCaseTests: XCTestCase {
    private static let hostileNames = ["A\u{FFFE}B\u{FFFF}C", "bell\u{7}\u{1B}[31m", "東京 🚗🇯🇵", "שלום \u{202B}عالم\u{202C}",
                                       "<&> \"q\" 'a'", "Stop"]

    /// U+FFFE and U+FFFF are not XML 1.0 characters (xmllint and gpsbabel refuse the file): every writer drops them.
    func testNoWriterWritesTheNonCharactersXMLForbids() throws {
        let trip = Trip(name: "Trip \u{FFFF}", startDate: CalendarDate("2027-06-12"), notes: "n\u{FFFE}otes",
                        waypoints: [ExportFixtures.stop("A\u{FFFE}B\u{FFFF}C", 1, 2, nights: 1, notes: "x\u{FFFE}y"),
                                    ExportFixtures.stop("D", 3, 4)])
        let itinerary = estimatedItinerary(trip, settings: Settings())
        for format in ExportFormat.allCases {
            let text = try format.document(trip, itinerary, unit: .km)
            XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF }, "\(format)")
        }
        XCTAssertEqual(XMLText.escaped("a\u{FFFE}b\u{FFFF}c\u{1}d\u{10FFFF}"), "abcd\u{10FFFF}")
        let gpx = try ExportFormat.gpx.document(trip, itinerary, unit: .km)
        XCTAssertEqual(try TripImporter.importTrip(from: Data(gpx.utf8)).trip.waypoints.map(\.name), ["ABC", "D"])
    }

    /// A step from 180° to -180° is on the antimeridian already: no 0/0 interpolation (it wrote `-nan`).
    func testALegFromOneSideOfTheAntimeridianToTheOtherHasNoNaN() throws {
        for end in [10.0, 89.9999999, -90] {
            let parts = GeoJSONWriter.cutAtAntimeridian([try Coordinate(latitude: 0, longitude: 180),
                                                         try Coordinate(latitude: end, longitude: -180)])
            XCTAssertEqual(parts.count, 1)
            XCTAssertEqual(parts.flatMap { $0.map(\.latitude) }, [0, end])
            XCTAssertEqual(parts.flatMap { $0.map(\.longitude) }, [-180, -180])
        }
        let back = GeoJSONWriter.cutAtAntimeridian([try Coordinate(latitude: 5, longitude: -180),
                                                    try Coordinate(latitude: 6, longitude: 180)])
        XCTAssertEqual(back.flatMap { $0.map(\.longitude) }, [180, 180])
    }

    /// The GPX schema's longitude is -180 ≤ lon < 180: 180 (or what rounds to it) is written as -180.
    func testGPXWritesLongitude180AsMinus180() throws {
        let trip = Trip(name: "Date line", waypoints: [ExportFixtures.stop("East", -16, 180), ExportFixtures.stop("West", -17, -180),
                                                       ExportFixtures.stop("Near", -18, 179.9999999)])
        let road = [try Coordinate(latitude: -16, longitude: 180), try Coordinate(latitude: -16.5, longitude: 179.99999999)]
        let itinerary = Itinerary(trip: trip, legs: [ExportFixtures.leg(0, hours: 1, geometry: road), ExportFixtures.leg(1, hours: 1)],
                                  settings: Settings())
        let gpx = try ExportFormat.gpx.document(trip, itinerary, unit: .km)
        XCTAssertFalse(gpx.contains(#"lon="180.000000""#), gpx)
        XCTAssertEqual(gpx.components(separatedBy: #"lon="-180.000000""#).count - 1, 3 * 2 + 2, "wpt and rtept of 3 stops, 2 trkpt")
    }

    /// Random trips with stops and roads on and across the antimeridian and at the poles (seeded, so every run
    /// checks the same ones): every writer writes finite numbers only, GPX longitudes the schema allows, and
    /// each format with a reader gives back the same stops.
    func testEveryWriterWritesFiniteNumbersAcrossTheAntimeridianAndThePoles() throws {
        var random = SeededGenerator(seed: 18)
        for round in 0..<300 {
            let trip = Self.randomTrip(&random, round: round)
            let itinerary = Self.randomItinerary(trip, &random)
            for format in ExportFormat.allCases {
                let text: String
                do {
                    text = try format.document(trip, itinerary, unit: round % 2 == 0 ? .km : .mi)
                } catch let error as ExportError {
                    XCTAssertEqual(format, .ics, "\(error)")
                    continue
                }
                XCTAssertNil(text.range(of: "nan|inf", options: [.regularExpression, .caseInsensitive]), "\(format) round \(round)")
                if format == .geojson {
                    let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                    let numbers = Self.numbers(in: root["features"] as Any) + Self.numbers(in: root["bbox"] as Any)
                    XCTAssertTrue(numbers.allSatisfy { $0.isFinite && abs($0) <= 180 }, "round \(round)")
                }
                if format == .gpx {
                    let lons = Self.attributes("lon", in: text)
                    XCTAssertTrue(lons.allSatisfy { (-180..<180).contains($0) }, "round \(round): \(lons.filter { $0 >= 180 })")
                }
                guard [ExportFormat.gpx, .kml, .geojson].contains(format) else { continue }
                let imported = try TripImporter.importTrip(from: Data(text.utf8))
                XCTAssertEqual(imported.trip.waypoints.map(\.name), trip.waypoints.map { ImportText.name($0.name) }, "\(format) \(round)")
                XCTAssertEqual(imported.trip.waypoints.map { ExportText.degrees($0.latitude) },
                               trip.waypoints.map { ExportText.degrees($0.latitude) }, "\(format) \(round)")
                XCTAssertEqual(imported.trip.waypoints.map { Self.meridian($0.longitude) },
                               trip.waypoints.map { Self.meridian($0.longitude) }, "\(format) \(round)")
            }
        }
    }

    // MARK: iCalendar

    /// A stay ending after 31 Dec 9999 cannot be dated: said so, whether it is the only stay or one of several.
    func testACalendarOfStaysPastTheYear9999SaysTheDatesAreOutOfRange() throws {
        let onlyLate = Trip(name: "Far", startDate: CalendarDate("9999-12-20"),
                            waypoints: [ExportFixtures.stop("A", 1, 2, nights: 20), ExportFixtures.stop("B", 1, 3)])
        let oneLate = Trip(name: "Far", startDate: CalendarDate("9999-12-20"),
                           waypoints: [ExportFixtures.stop("A", 1, 2, nights: 2), ExportFixtures.stop("B", 1, 3, nights: 30)])
        for trip in [onlyLate, oneLate] {
            XCTAssertThrowsError(try ExportFormat.ics.document(trip, estimatedItinerary(trip, settings: Settings()), unit: .km)) {
                XCTAssertEqual($0 as? ExportError, .datesOutOfRange)
                XCTAssertTrue("\($0)".contains("past the year 9999"), "\($0)")
            }
        }
        let lastDay = Trip(name: "Edge", startDate: CalendarDate("9999-12-30"), waypoints: [ExportFixtures.stop("A", 1, 2, nights: 1)])
        XCTAssertTrue(try ExportFormat.ics.document(lastDay, estimatedItinerary(lastDay, settings: Settings()), unit: .km)
            .contains("DTEND;VALUE=DATE:99991231"))
    }

    // MARK: Helpers

    private static func randomTrip(_ random: inout SeededGenerator, round: Int) -> Trip {
        let edges: [Double] = [180, -180, 179.9999999, -179.9999999, 179.99999996, 0, -0.0]
        let poles: [Double] = [90, -90, 89.9999999, -89.9999999, 0]
        let stops = (0..<Int.random(in: 1...6, using: &random)).map { index -> Waypoint in
            let longitude = Bool.random(using: &random) ? edges.randomElement(using: &random)! : Double.random(in: -180...180, using: &random)
            let latitude = Bool.random(using: &random) ? poles.randomElement(using: &random)! : Double.random(in: -90...90, using: &random)
            return ExportFixtures.stop(hostileNames[(round + index) % hostileNames.count] + " \(index)", latitude, longitude,
                                       nights: Int.random(in: 0...2, using: &random))
        }
        return Trip(name: "Round \(round)", startDate: round % 3 == 0 ? nil : CalendarDate("2027-06-12"), waypoints: stops)
    }

    /// Estimated legs, or routed ones whose road passes by random points, on the antimeridian or not.
    private static func randomItinerary(_ trip: Trip, _ random: inout SeededGenerator) -> Itinerary {
        guard Bool.random(using: &random) else { return estimatedItinerary(trip, settings: Settings()) }
        let stops = trip.waypoints
        let legs = stops.indices.dropLast().map { index -> Itinerary.Leg in
            var road = [stops[index].coordinate]
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let longitude = Bool.random(using: &random) ? [180.0, -180].randomElement(using: &random)!
                    : Double.random(in: -180...180, using: &random)
                road.append(Coordinate(checked: Double.random(in: -90...90, using: &random), longitude))
            }
            road.append(stops[index + 1].coordinate)
            let routed = Int.random(in: 0...3, using: &random) > 0
            return ExportFixtures.leg(index, hours: Double.random(in: 0...20, using: &random), geometry: routed ? road : [])
        }
        return Itinerary(trip: trip, legs: legs, settings: Settings())
    }

    /// 180 and -180 are one meridian.
    private static func meridian(_ longitude: Double) -> String {
        let text = ExportText.degrees(longitude)
        return text == "180.000000" ? "-180.000000" : text
    }

    private static func numbers(in value: Any) -> [Double] {
        switch value {
        case let number as NSNumber: return [number.doubleValue]
        case let array as [Any]: return array.flatMap { numbers(in: $0) }
        case let object as [String: Any]:
            // Properties hold counts and durations; only positions and boxes are degrees.
            return object.filter { $0.key == "geometry" || $0.key == "coordinates" }.values.flatMap { numbers(in: $0) }
        default: return []
        }
    }

    private static func attributes(_ name: String, in xml: String) -> [Double] {
        xml.components(separatedBy: " \(name)=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
    }
}
