import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// A real `osrm-routed` (PyPI osrm-bindings 26.10.0, fetched by `make test-deps`) on a graph built from an
/// OpenStreetMap extract of central Helsinki, on a loopback port. The engine's legs are checked against the
/// server's own answer for the same points, fetched here independently (GeoJSON, not polyline6).
final class OSRMEngineTests: HelsinkiOSRMTestCase {
    func testLegsMatchTheServersOwnAnswer() throws {
        let server = try runningServer()
        let engine = OSRMEngine(baseURL: server.baseURL)
        let pairs = [
            (coordinate(60.1700, 24.9400), coordinate(60.1781, 24.9443)),
            (coordinate(60.1655, 24.9391), coordinate(60.1760, 24.9521)),
            (coordinate(60.1739, 24.9521), coordinate(60.1697, 24.9365)),
        ]
        for (from, to) in pairs {
            let leg = try engine.leg(from: from, to: to)
            let url = URL(string: "\(server.baseURL.absoluteString)/route/v1/driving/"
                + "\(from.longitude),\(from.latitude);\(to.longitude),\(to.latitude)?overview=full&geometries=geojson")!
            let (status, body) = try HTTPGet.fetch(url)
            XCTAssertEqual(status, 200)
            let expected = try JSONDecoder().decode(GeoJSONAnswer.self, from: body).routes[0]
            XCTAssertEqual(leg.source, .osrm)
            XCTAssertEqual(leg.distanceKm, expected.distance / 1000, accuracy: 1e-9)
            XCTAssertEqual(leg.durationSeconds, expected.duration, accuracy: 1e-9)
            XCTAssertGreaterThan(leg.distanceKm, 0.3, "a real road leg across the centre")
            let points = expected.geometry.coordinates
            XCTAssertEqual(leg.geometry.count, points.count)
            for (mine, theirs) in zip([leg.geometry.first, leg.geometry.last], [points.first, points.last]) {
                XCTAssertEqual(try XCTUnwrap(mine).longitude, try XCTUnwrap(theirs)[0], accuracy: 1e-6)
                XCTAssertEqual(try XCTUnwrap(mine).latitude, try XCTUnwrap(theirs)[1], accuracy: 1e-6)
            }
        }
    }

    func testStopFarFromAnyRoadHasNoRoadNearIt() throws {
        let engine = OSRMEngine(baseURL: try runningServer().baseURL)
        // The Gulf of Guinea: OSRM snaps it to Helsinki, thousands of kilometres away.
        XCTAssertThrowsError(try engine.leg(from: coordinate(0, 0), to: coordinate(60.1700, 24.9400))) {
            XCTAssertEqual($0 as? RoutingFailure, .noRoute("OSRM: no road near stop"))
        }
    }

    func testPointsNoRoadConnects() throws {
        let engine = OSRMEngine(baseURL: try runningServer().baseURL)
        // A one-way street cut by the edge of the extract.
        XCTAssertThrowsError(try engine.leg(from: coordinate(60.1780, 24.9380), to: coordinate(60.1690, 24.9520))) {
            XCTAssertEqual($0 as? RoutingFailure, .noRoute("OSRM: no route"))
        }
    }

    func testHTTPErrorIsNamed() throws {
        let base = try runningServer().baseURL.appendingPathComponent("nothing")
        XCTAssertThrowsError(try OSRMEngine(baseURL: base).leg(from: coordinate(60.17, 24.94), to: coordinate(60.175, 24.95))) {
            XCTAssertEqual($0 as? RoutingFailure, .badAnswer("OSRM: HTTP 400 InvalidUrl"))
        }
    }

    func testNoServerOnAPort() throws {
        let port = try LocalOSRMServer.freePort()
        let engine = OSRMEngine(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        let failure = bounded { try engine.leg(from: coordinate(60.17, 24.94), to: coordinate(60.175, 24.95)) }
        XCTAssertEqual(failure, .unavailable("OSRM: no server at http://127.0.0.1:\(port)"))
    }

    func testServerThatStopsGivesTheNoServerReasonWithoutHanging() throws {
        _ = try runningServer()
        let own = try LocalOSRMServer(graph: try Self.graph())
        let engine = OSRMEngine(baseURL: own.baseURL)
        let from = coordinate(60.1700, 24.9400), to = coordinate(60.1781, 24.9443)
        XCTAssertNoThrow(try engine.leg(from: from, to: to))
        own.stop()
        for _ in 0..<3 {
            XCTAssertEqual(bounded { try engine.leg(from: from, to: to) },
                           .unavailable("OSRM: no server at \(own.baseURL.absoluteString)"))
        }
    }

    func testRequestAndUserAgentThenIdleTimeOut() throws {
        let silent = try SilentServer()
        let engine = OSRMEngine(baseURL: silent.baseURL, idleTimeout: 1, totalTimeout: 10)
        XCTAssertEqual(bounded { try engine.leg(from: coordinate(60.17, 24.94), to: coordinate(60.175, 24.95)) },
                       .timedOut("OSRM: no answer within 1 s"))
        let request = silent.request()
        XCTAssertTrue(request.hasPrefix("GET /route/v1/driving/24.940000,60.170000;24.950000,60.175000"
            + "?overview=full&geometries=polyline6 HTTP/1.1\r\n"), request)
        XCTAssertTrue(request.lowercased().contains("\r\nuser-agent: roadtrip/\(Release.version)\r\n"), request)
    }

    func testTotalTimeOut() throws {
        let silent = try SilentServer()
        let engine = OSRMEngine(baseURL: silent.baseURL, idleTimeout: 30, totalTimeout: 1)
        XCTAssertEqual(bounded { try engine.leg(from: coordinate(60.17, 24.94), to: coordinate(60.175, 24.95)) },
                       .timedOut("OSRM: timed out after 1 s"))
    }

    func testNotAnHTTPURL() {
        let engine = OSRMEngine(baseURL: URL(fileURLWithPath: "/etc"))
        XCTAssertThrowsError(try engine.leg(from: coordinate(60.17, 24.94), to: coordinate(60.175, 24.95))) {
            XCTAssertEqual($0 as? RoutingFailure, .unavailable("OSRM: not an http URL: file:///etc"))
        }
    }

    func testIdentityNamesURLAndProfile() {
        XCTAssertEqual(OSRMEngine(baseURL: URL(string: "http://127.0.0.1:5000/")!).identity,
                       "osrm http://127.0.0.1:5000 driving")
        XCTAssertEqual(OSRMEngine(baseURL: URL(string: "https://example.org/osrm")!, profile: "car").identity,
                       "osrm https://example.org/osrm car")
    }

    /// The call's failure, run on another thread and given 30 s: a call that hangs fails the test instead
    /// of hanging it.
    private func bounded(_ call: @escaping @Sendable () throws -> RoutedLeg) -> RoutingFailure? {
        let box = FailureBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                _ = try call()
            } catch {
                box.set(error as? RoutingFailure)
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else {
            XCTFail("the engine did not return within 30 s")
            return nil
        }
        return box.get()
    }

    private final class FailureBox: @unchecked Sendable {
        private let lock = NSLock()
        private var failure: RoutingFailure?
        func set(_ value: RoutingFailure?) { lock.withLock { failure = value } }
        func get() -> RoutingFailure? { lock.withLock { failure } }
    }

    private struct GeoJSONAnswer: Decodable {
        struct Route: Decodable {
            struct Line: Decodable { let coordinates: [[Double]] }
            let distance: Double
            let duration: Double
            let geometry: Line
        }

        let routes: [Route]
    }
}
