import XCTest
@testable import RoadtripCore

final class PlaceQueryTests: XCTestCase {
    func testNameWithCommaQualifiers() {
        let q = PlaceQuery("Springfield, IL, US")
        XCTAssertNil(q.coordinate)
        XCTAssertEqual(q.commaName, "springfield")
        XCTAssertEqual(q.commaQualifiers, ["il", "us"])
        XCTAssertEqual(q.key, "springfield il us")
    }

    func testPlainName() {
        let q = PlaceQuery("  São  Paulo ")
        XCTAssertEqual(q.key, "sao paulo")
        XCTAssertNil(q.commaName)
        XCTAssertEqual(q.commaQualifiers, [])
        XCTAssertEqual(q.words, ["sao", "paulo"])
    }

    func testCoordinates() throws {
        XCTAssertEqual(try XCTUnwrap(PlaceQuery("41.88, -87.63").coordinate), try Coordinate(latitude: 41.88, longitude: -87.63))
        XCTAssertNotNil(PlaceQuery("41°52'N 87°37'W").coordinate)
        XCTAssertNil(PlaceQuery("route 66").coordinate)
        XCTAssertNil(PlaceQuery("41.88").coordinate)
    }

    /// The parser reads º (an ordinal indicator, so a letter) as a degree sign; so must the query.
    /// Found by the fuzzer (scripts/fuzz/corpus/places/crash-ordinal-indicator-as-degree-sign.txt).
    func testOrdinalIndicatorIsADegreeSign() throws {
        XCTAssertEqual(PlaceQuery("41º52'N 87º37'W").coordinate, try CoordinateParser.parse("41°52'N 87°37'W"))
        XCTAssertEqual(PlaceQuery("7 7º").coordinate, try Coordinate(latitude: 7, longitude: 7))
        XCTAssertNil(PlaceQuery("7ª 7").coordinate)
    }
}
