import XCTest
@testable import RoadtripCore

/// One engine asks thousands of legs on its kept-alive connection, which osrm-routed closes every 512 requests
/// (only when the next request comes): each close costs a fresh connection, never a failed leg.
final class OSRMEngineKeepAliveTests: HelsinkiOSRMTestCase {
    func testLegsGoOnPastManyClosedConnections() throws {
        let engine = OSRMEngine(baseURL: try runningServer().baseURL)
        let from = coordinate(60.1700, 24.9400), to = coordinate(60.1781, 24.9443)
        // Seven closes: libcurl 7.88 refuses a request after five on one handle unless reset.
        for request in 0..<(7 * 512 + 1) {
            do {
                _ = try engine.leg(from: from, to: to)
            } catch {
                return XCTFail("request \(request): \(error)")
            }
        }
    }
}
