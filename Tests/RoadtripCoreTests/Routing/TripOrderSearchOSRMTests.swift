import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The order search the app's `o` and `roadtrip optimise` share, on a real `osrm-routed` (the Helsinki test graph,
/// loopback): it searches the server's table and shows routed totals that are the table's for the order it found.
final class TripOrderSearchOSRMTests: HelsinkiOSRMTestCase {
    func testAScrambledCentreIsSearchedOnTheTableAndItsTotalsAreRouted() throws {
        let server = try runningServer()
        var settings = Settings()
        settings.router = .osrm
        settings.osrmURL = server.baseURL.absoluteString
        let routes = RouteService(settings: { settings }, makeEngine: RoutingEngines.make, cache: nil, water: TestWater.shared)
        let points = [(60.1700, 24.9400), (60.1655, 24.9391), (60.1781, 24.9443), (60.1697, 24.9365),
                      (60.1760, 24.9521), (60.1676, 24.9417), (60.1739, 24.9521)]
        let trip = Trip(name: "Centre", waypoints: points.enumerated().map {
            Waypoint(name: "S\($0.offset)", latitude: $0.element.0, longitude: $0.element.1)
        })
        let preview = try XCTUnwrap(TripOrderSearch.preview(of: trip, routes: routes, requester: .optimise))
        XCTAssertFalse(preview.searchedOnEstimates)
        XCTAssertTrue(preview.optimisation.isOptimal)
        XCTAssertTrue(preview.better, "a scrambled centre")
        XCTAssertFalse(preview.before.hasEstimates)
        XCTAssertFalse(preview.after.hasEstimates)
        // The totals shown are the routes of the order found, and the table's figures for it.
        let table = try OSRMEngine(baseURL: server.baseURL).table(trip.waypoints.map(\.coordinate))
        let tableTotal = zip(preview.order, preview.order.dropFirst()).reduce(0.0) { sum, leg in
            sum + (table[leg.0, leg.1]?.durationSeconds ?? .nan)
        }
        XCTAssertEqual(preview.after.drivingSeconds, tableTotal, accuracy: 0.1 * Double(trip.waypoints.count))
    }
}
