import XCTest
@testable import RoadtripCore

/// The answer's body is bounded (`HTTPConnection.bodyLimit`): a server that sends more is cut off once past it,
/// not read to its end into memory.
final class OSRMEngineBodyLimitTests: XCTestCase {
    func testABodyPastTheLimitIsRefusedWithoutReadingItAll() throws {
        let limit = HTTPConnection.bodyLimit
        let server = try SilentServer(flooding: 4 * limit)
        let engine = OSRMEngine(baseURL: server.baseURL)
        XCTAssertThrowsError(try engine.leg(from: coordinate(60.17, 24.94), to: coordinate(60.175, 24.95))) {
            XCTAssertEqual($0 as? RoutingFailure, .badAnswer("OSRM: answer over \(limit >> 20) MB"))
        }
        let sent = server.bodyBytesSent()
        XCTAssertGreaterThan(sent, limit)
        // What the kernel's buffers hold when the client hangs up, no more.
        XCTAssertLessThan(sent, limit + limit / 2)
        XCTAssertTrue(server.request().lowercased().contains("\r\naccept: application/json\r\n"), server.request())
    }
}
