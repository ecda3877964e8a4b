import Foundation
import RoadtripCore
import XCTest

final class ShareLinkTests: XCTestCase {
    private func stops(_ count: Int) -> [Waypoint] {
        (0..<count).map { Waypoint(name: "Stop \($0 + 1)", latitude: 40 + Double($0) / 8, longitude: -100 - Double($0) / 4) }
    }

    /// The points a link carries, in order, read back from its query as a phone would.
    private func points(_ link: ShareLink) throws -> [[Double]] {
        try texts(link).map { $0.split(separator: ",").compactMap { Double($0) } }
    }

    private func texts(_ link: ShareLink) throws -> [String] {
        let items = try XCTUnwrap(URLComponents(string: link.url)?.queryItems)
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        if let route = value("route") { return route.split(separator: ";").map(String.init) }
        if let saddr = value("saddr"), let daddr = value("daddr") { return [saddr, daddr] }
        let waypoints = value("waypoints").map { $0.split(separator: "|").map(String.init) } ?? []
        return [try XCTUnwrap(value("origin"))] + waypoints + [try XCTUnwrap(value("destination"))]
    }

    private func coordinate(_ stop: Waypoint) -> [Double] {
        [stop.latitude, stop.longitude]
    }

    /// Phone-safe by default: Google documents 3 waypoints between the ends (5 points) on a phone, 9 (11 points)
    /// in a browser. At the edges: 5 points fit one phone link, 6 need two, 11 three; 11 fit one desktop link, 12 not.
    func testGoogleLinksArePhoneSafeUnlessForAComputerAndMeetAtAStop() throws {
        let cases: [(count: Int, desktop: Bool, spans: [[Int]])] = [
            (2, false, [[1, 2]]), (5, false, [[1, 5]]), (6, false, [[1, 5], [5, 6]]),
            (11, false, [[1, 5], [5, 9], [9, 11]]), (13, false, [[1, 5], [5, 9], [9, 13]]),
            (11, true, [[1, 11]]), (12, true, [[1, 11], [11, 12]]), (21, true, [[1, 11], [11, 21]]),
        ]
        for (count, desktop, spans) in cases {
            let trip = stops(count)
            let links = ShareLink.links(for: trip, service: .google, desktop: desktop)
            XCTAssertEqual(links.map { [$0.firstStop, $0.lastStop] }, spans, "\(count) stops, desktop \(desktop)")
            var driven: [[Double]] = []
            for (index, link) in links.enumerated() {
                let carried = try points(link)
                XCTAssertLessThanOrEqual(carried.count, desktop ? 11 : 5)
                XCTAssertEqual(carried, trip[(link.firstStop - 1)...(link.lastStop - 1)].map(coordinate))
                if index > 0 { XCTAssertEqual(link.firstStop, links[index - 1].lastStop, "each link starts where the last ended") }
                driven += index == 0 ? carried : Array(carried.dropFirst())
                XCTAssertTrue(link.url.hasSuffix("&travelmode=driving"))
            }
            XCTAssertEqual(driven, trip.map(coordinate), "following the links in order drives the whole trip")
        }
    }

    func testOpenStreetMapAndAppleGiveOneLinkPerLeg() throws {
        let trip = stops(4)
        for service in [ShareService.osm, .apple] {
            let links = ShareLink.links(for: trip, service: service)
            XCTAssertEqual(try links.map(points), [[0, 1], [1, 2], [2, 3]].map { $0.map { coordinate(trip[$0]) } })
            XCTAssertEqual(ShareLink.splitNote(links, service: service, desktopKey: "--desktop"),
                           "\(service.title) takes at most 2 points per link: 4 stops in 3 links (one per leg).")
            XCTAssertEqual(ShareLink.links(for: trip, service: service, desktop: true), links, "the same on a computer")
        }
        XCTAssertTrue(ShareLink.links(for: trip, service: .osm)[0].url
            .hasPrefix("https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route="))
        XCTAssertTrue(ShareLink.links(for: trip, service: .apple)[0].url.hasSuffix("&dirflg=d"))
    }

    func testTheNoteNamesTheStopsOfEachLinkAndIsAbsentWhenOneLinkHoldsTheTrip() {
        let phone = ShareLink.links(for: stops(12), service: .google)
        XCTAssertEqual(ShareLink.splitNote(phone, service: .google, desktopKey: "--desktop"),
                       "Google Maps takes at most 5 points per link: 12 stops in 3 links (stops 1–5, 5–9, 9–12); "
                           + "phone-safe: 3 stops between ends per link; --desktop for 9.")
        let desktop = ShareLink.links(for: stops(12), service: .google, desktop: true)
        XCTAssertEqual(ShareLink.splitNote(desktop, service: .google, desktop: true, desktopKey: "d"),
                       "Google Maps takes at most 11 points per link on a computer: 12 stops in 2 links (stops 1–11, 11–12).")
        XCTAssertNil(ShareLink.splitNote(ShareLink.links(for: stops(5), service: .google), service: .google, desktopKey: "d"))
        XCTAssertNil(ShareLink.splitNote(ShareLink.links(for: stops(2), service: .apple), service: .apple, desktopKey: "d"))
    }

    func testOneStopLinksToThePlaceAndNoStopGivesNoLink() throws {
        let cafe = Waypoint(name: "Café <&> \u{1B}[31m", latitude: 48.856614, longitude: -0.0000001)
        XCTAssertEqual(ShareLink.links(for: [cafe], service: .google).map(\.url),
                       ["https://www.google.com/maps/search/?api=1&query=48.85661,0"])
        XCTAssertEqual(ShareLink.links(for: [cafe], service: .osm).map(\.url),
                       ["https://www.openstreetmap.org/?mlat=48.85661&mlon=0#map=12/48.85661/0"])
        let apple = try XCTUnwrap(ShareLink.links(for: [cafe], service: .apple).first)
        XCTAssertEqual(URLComponents(string: apple.url)?.queryItems?.first { $0.name == "q" }?.value, "Café <&> [31m",
                       "the name is percent-encoded and its control characters dropped")
        XCTAssertTrue(ShareLink.links(for: [], service: .google).isEmpty)
    }

    func testCoordinatesKeepFiveDecimalsWithoutTrailingZeros() throws {
        let trip = [Waypoint(name: "A", latitude: -33.8688197, longitude: 151.2092955),
                    Waypoint(name: "B", latitude: 64.5, longitude: -179.99999)]
        XCTAssertEqual(try texts(ShareLink.links(for: trip, service: .google)[0]), ["-33.86882,151.2093", "64.5,-179.99999"])
    }
}
