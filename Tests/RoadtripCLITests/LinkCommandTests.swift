import Foundation
import RoadtripCore
import XCTest

/// `roadtrip link`: links on stdout, one per line, for scripts; why there are several on stderr.
final class LinkCommandTests: CLITestCase {
    private func seed(stops count: Int) throws {
        let store = try TripStore.open(at: dataFile)
        try store.update { trips in
            trips.append(Trip(name: "Route 66", waypoints: (0..<count).map {
                Waypoint(name: "Stop \($0 + 1)", latitude: 41.5 - Double($0) / 2, longitude: -87.5 - Double($0) * 3)
            }))
            trips.append(Trip(name: "Empty"))
        }
    }

    func testAShortTripIsOneGoogleLinkWithEveryStopInOrder() throws {
        try seed(stops: 3)
        let result = try roadtrip("link", "route")
        XCTAssertEqual(result.stdout, """
            https://www.google.com/maps/dir/?api=1&origin=41.5,-87.5&destination=40.5,-93.5&waypoints=41,-90.5&travelmode=driving

            """)
        XCTAssertEqual(result.stderr, "")
    }

    func testALongTripIsSplitIntoPhoneSafeLinksAndStderrSaysSo() throws {
        try seed(stops: 6)
        let result = try roadtrip("link", "route", "--service", "google")
        XCTAssertEqual(result.stdout, """
            https://www.google.com/maps/dir/?api=1&origin=41.5,-87.5&destination=39.5,-99.5&waypoints=41,-90.5%7C40.5,-93.5%7C40,-96.5&travelmode=driving
            https://www.google.com/maps/dir/?api=1&origin=39.5,-99.5&destination=39,-102.5&travelmode=driving

            """)
        XCTAssertEqual(result.stderr, "roadtrip: Google Maps takes at most 5 points per link: 6 stops in 2 links "
            + "(stops 1–5, 5–6); phone-safe: 3 stops between ends per link; --desktop for 9.\n")
    }

    func testDesktopLinksCarryNineStopsBetweenTheEnds() throws {
        try seed(stops: 12)
        let result = try roadtrip("link", "route", "--desktop")
        let links = result.stdout.split(separator: "\n")
        XCTAssertEqual(links.count, 2)
        XCTAssertTrue(links[0].contains("origin=41.5,-87.5&destination=36.5,-117.5&"), String(links[0]))
        XCTAssertEqual(links[0].components(separatedBy: "%7C").count, 9, "9 waypoints between the ends")
        XCTAssertTrue(links[1].contains("origin=36.5,-117.5&destination=36,-120.5&"), "the second link starts at stop 11")
        XCTAssertEqual(result.stderr,
                       "roadtrip: Google Maps takes at most 11 points per link on a computer: 12 stops in 2 links (stops 1–11, 11–12).\n")
    }

    func testOpenStreetMapAndAppleGetALinkPerLeg() throws {
        try seed(stops: 3)
        XCTAssertEqual(try roadtrip("link", "route", "--service", "osm").stdout, """
            https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=41.5,-87.5;41,-90.5
            https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=41,-90.5;40.5,-93.5

            """)
        XCTAssertEqual(try roadtrip("link", "route", "--service", "apple").stdout.split(separator: "\n").first,
                       "https://maps.apple.com/?saddr=41.5,-87.5&daddr=41,-90.5&dirflg=d")
    }

    func testATripWithoutStopsOrAnUnknownServiceIsRefused() throws {
        try seed(stops: 1)
        let empty = try roadtrip("link", "empty", expect: 1)
        XCTAssertEqual(empty.stdout, "")
        XCTAssertEqual(empty.stderr, "roadtrip: \"Empty\" has no stops to link to.\n")
        let unknown = try roadtrip("link", "route", "--service", "bing", expect: 1)
        XCTAssertTrue(unknown.stderr.contains("'google', 'osm' or 'apple'"), unknown.stderr)
    }
}
