import XCTest
@testable import RoadtripCore

final class PolylineTests: XCTestCase {
    /// The worked example of the format's documentation (precision 5).
    func testDocumentedExample() throws {
        let points = [coordinate(38.5, -120.2), coordinate(40.7, -120.95), coordinate(43.252, -126.453)]
        XCTAssertEqual(Polyline.encode(points, precision: 5), "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        XCTAssertEqual(try Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5), points)
    }

    func testPrecisionSixRoundTripsEveryMicrodegree() throws {
        let points = [coordinate(60.169902, 24.938396), coordinate(60.179107, 24.95062), coordinate(-33.868820, 151.209296),
                      coordinate(0, 0), coordinate(-90, 180), coordinate(90, -180), coordinate(0.000001, -0.000001)]
        XCTAssertEqual(try Polyline.decode(Polyline.encode(points)), points)
        XCTAssertEqual(Polyline.encode([]), "")
        XCTAssertEqual(try Polyline.decode(""), [])
    }

    func testBrokenTextIsRefused() {
        let text = Polyline.encode([coordinate(60.1699, 24.9384), coordinate(60.18, 24.95)])
        XCTAssertThrowsError(try Polyline.decode(String(text.dropLast())), "cut inside a value")
        XCTAssertThrowsError(try Polyline.decode(text + "_"), "a latitude without its longitude")
        XCTAssertThrowsError(try Polyline.decode("ab cd"), "a byte outside the alphabet")
        XCTAssertThrowsError(try Polyline.decode(String(repeating: "~", count: 20) + "?"), "a value too long")
        XCTAssertThrowsError(try Polyline.decode(Polyline.encode([coordinate(89, 0)]) + Polyline.encode([coordinate(89, 0)])),
                             "latitude beyond 90")
    }
}
