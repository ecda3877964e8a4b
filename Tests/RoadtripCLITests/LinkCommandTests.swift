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

    func testALongTripIsSplitIntoConsecutiveLinksAndStderrSaysSo() throws {
        try seed(stops: 12)
        let result = try roadtrip("link", "route", "--service", "google")
        let links = result.stdout.split(separator: "\n")
        XCTAssertEqual(links.count, 2)
        XCTAssertTrue(links[0].contains("origin=41.5,-87.5&destination=37,-114.5&"), String(links[0]))
        XCTAssertTrue(links[1].contains("origin=37,-114.5&destination=36,-120.5&"), "the second link starts at stop 10")
        XCTAssertEqual(result.stderr,
                       "roadtrip: Google Maps takes at most 10 points per link: 12 stops in 2 links (stops 1–10, 10–12).\n")
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
