import XCTest
@testable import RoadtripCore

final class CoordinateParserTests: XCTestCase {
    private func pair(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (Double, Double) {
        let c = try CoordinateParser.parse(text)
        return (c.latitude, c.longitude)
    }

    private func assertPair(_ text: String, _ lat: Double, _ lon: Double, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let (a, b) = try pair(text)
            XCTAssertEqual(a, lat, accuracy: 1e-6, text, file: file, line: line)
            XCTAssertEqual(b, lon, accuracy: 1e-6, text, file: file, line: line)
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
        }
    }

    private func assertRejects(_ text: String, _ expected: CoordinateParseError? = nil,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try CoordinateParser.parse(text), text, file: file, line: line) { error in
            if let expected { XCTAssertEqual(error as? CoordinateParseError, expected, text, file: file, line: line) }
        }
    }

    func testDecimalPairs() {
        assertPair("41.88, -87.63", 41.88, -87.63)
        assertPair("41.88,-87.63", 41.88, -87.63)
        assertPair("41.88 -87.63", 41.88, -87.63)
        assertPair("  -33.8688 ; 151.2093 ", -33.8688, 151.2093)
        assertPair("+48.8566, +2.3522", 48.8566, 2.3522)
        assertPair("0, 0", 0, 0)
        assertPair("90, 180", 90, 180)
        assertPair("-90, -180", -90, -180)
        assertPair("41.88, \u{2212}87.63", 41.88, -87.63)   // typographic minus
    }

    func testHemisphereLetters() {
        assertPair("41.88N 87.63W", 41.88, -87.63)
        assertPair("41.88 N, 87.63 W", 41.88, -87.63)
        assertPair("N41.88 W87.63", 41.88, -87.63)
        assertPair("33.87s 151.21e", -33.87, 151.21)
        // Letters say which is which, whatever the order.
        assertPair("87.63W 41.88N", 41.88, -87.63)
        assertPair("87.63W, 41.88", 41.88, -87.63)
    }

    func testDegreesMinutesSeconds() {
        assertPair("41°52'N 87°37'W", 41 + 52.0 / 60, -(87 + 37.0 / 60))
        assertPair("41°52'48\"N, 87°37'40\"W", 41 + 52.0 / 60 + 48.0 / 3600, -(87 + 37.0 / 60 + 40.0 / 3600))
        assertPair("33°52′S 151°12′E", -(33 + 52.0 / 60), 151 + 12.0 / 60)
        assertPair("41°52′48.5″N 87°37′40″W", 41 + 52.0 / 60 + 48.5 / 3600, -(87 + 37.0 / 60 + 40.0 / 3600))
        assertPair("41 52 48 N 87 37 40 W", 41 + 52.0 / 60 + 48.0 / 3600, -(87 + 37.0 / 60 + 40.0 / 3600))
        assertPair("41°52.8'N 87°37.6'W", 41 + 52.8 / 60, -(87 + 37.6 / 60))
        assertPair("41º52'30''N, 87º37'W", 41 + 52.5 / 60, -(87 + 37.0 / 60))
        assertPair("-41°52', 87°37'", -(41 + 52.0 / 60), 87 + 37.0 / 60)
    }

    func testOutOfRange() {
        assertRejects("91, 0", .latitudeOutOfRange(91))
        assertRejects("-90.5, 0", .latitudeOutOfRange(-90.5))
        assertRejects("0, 180.01", .longitudeOutOfRange(180.01))
        assertRejects("95N 10E", .latitudeOutOfRange(95))
        assertRejects("10N 200W", .longitudeOutOfRange(-200))
        XCTAssertThrowsError(try CoordinateParser.parseLatitude("90.0001"))
        XCTAssertThrowsError(try CoordinateParser.parseLongitude("-181"))
    }

    func testInvalid() {
        assertRejects("", .empty)
        assertRejects("   ", .empty)
        assertRejects("chicago")
        assertRejects("41.88")                 // one value is not a pair
        assertRejects("41.88, -87.63, 12")     // three values
        assertRejects("41.88 -87.63 12")
        assertRejects("41..88, 2")
        assertRejects("41.88.1, 2")
        assertRejects("41.5°30', 2")          // fraction before minutes
        assertRejects("41°75'N 87°W", .invalidMinutesOrSeconds("41°75'N"))
        assertRejects("41°30'70\"N, 87W")
        assertRejects("-41N, 87E")             // sign and letter
        assertRejects("41N 87N", .wrongHemisphere("41N 87N"))
        assertRejects("87E, 41W")
        assertRejects("41'52°N, 87W")          // marks out of order
        assertRejects("1e5, 2")
        assertRejects("nan, 2")
    }

    func testSingleValues() throws {
        XCTAssertEqual(try CoordinateParser.parseLatitude("41.88"), 41.88)
        XCTAssertEqual(try CoordinateParser.parseLatitude("41°52'N"), 41 + 52.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(try CoordinateParser.parseLatitude("33 52 S"), -(33 + 52.0 / 60), accuracy: 1e-9)
        XCTAssertEqual(try CoordinateParser.parseLongitude("87°37'W"), -(87 + 37.0 / 60), accuracy: 1e-9)
        XCTAssertEqual(try CoordinateParser.parseLongitude("151.2 E"), 151.2)
        XCTAssertEqual(try CoordinateParser.parseLongitude("-87.63"), -87.63)
        XCTAssertThrowsError(try CoordinateParser.parseLatitude("87W")) { error in
            XCTAssertEqual(error as? CoordinateParseError, .wrongHemisphere("87W"))
        }
        XCTAssertThrowsError(try CoordinateParser.parseLongitude("41N"))
        XCTAssertThrowsError(try CoordinateParser.parseLatitude(""))
        XCTAssertThrowsError(try CoordinateParser.parseLatitude("41.88, -87.63"))
    }

    /// `Double(String)` would read all of these; a coordinate is plain decimal digits. (E is East, so
    /// `1e1` cannot be an exponent.)
    func testNumbersAreDecimalOnly() {
        XCTAssertEqual(Double("0x10"), 16)   // what the parser must not do
        for text in ["0x10", "0X10", "0x1p3", "inf", "-inf", "+infinity", "nan", "NaN", "1e1", "1E1", "2e-3",
                     "1_0", "٤١", "４１", ".5", "5."] {
            XCTAssertThrowsError(try CoordinateParser.parseLatitude(text), text) { error in
                guard case .malformed? = error as? CoordinateParseError else { return XCTFail("\(text): \(error)") }
            }
            XCTAssertThrowsError(try CoordinateParser.parseLongitude(text), text)
            assertRejects("\(text), 1")
        }
        assertRejects("1, 0x10")
        XCTAssertEqual(try CoordinateParser.parseLongitude("1e"), 1)   // a hemisphere letter, not an exponent
    }

    func testZeroIsNeverNegative() throws {
        for text in ["-0", "-0.0", "0S", "S 0", "-0°0'0\"", "0°0'0\"S"] {
            let value = try CoordinateParser.parseLatitude(text)
            XCTAssertEqual(value, 0, text)
            XCTAssertEqual(value.sign, .plus, text)
        }
        XCTAssertEqual(try CoordinateParser.parseLongitude("0W").sign, .plus)
        XCTAssertEqual(try CoordinateParser.parseLongitude("-0").sign, .plus)
        let pair = try CoordinateParser.parse("-0, -0.000")
        XCTAssertEqual([pair.latitude.sign, pair.longitude.sign], [.plus, .plus])
        XCTAssertEqual(try CoordinateParser.parse("0S 0W").latitude.sign, .plus)
        XCTAssertEqual(try CoordinateParser.parseLatitude("-0.5"), -0.5)
    }

    /// The messages quote what was typed; a pasted escape sequence must not reach the terminal.
    func testMessagesShowControlCharacters() {
        XCTAssertEqual(CoordinateParseError.malformed("\u{1B}]0;T\u{7}").description, "Not a coordinate: ^[]0;T^G")
        XCTAssertEqual(CoordinateParseError.wrongHemisphere("1\u{202E}N").description, "Wrong hemisphere letter: 1<U+202E>N")
        XCTAssertEqual(CoordinateParseError.invalidMinutesOrSeconds("1°60'\u{9B}").description,
                       "Minutes and seconds must be below 60: 1°60'<U+009B>")
        XCTAssertThrowsError(try CoordinateParser.parseLatitude("\u{1B}[2J")) { error in
            XCTAssertEqual("\(error)", "Not a coordinate: ^[[2J")
        }
    }

    func testErrorsReadAsSentences() {
        XCTAssertEqual(CoordinateParseError.latitudeOutOfRange(91).description, "Latitude must be between -90 and 90 (got 91.0).")
        XCTAssertFalse(CoordinateParseError.empty.description.isEmpty)
    }

    /// Issue 20, item 9: an error quotes what was typed, a decimal comma gets a hint, a maps link gives its point.
    func testErrorsEchoTheInputADecimalCommaIsNamedAndAMapsLinkIsRead() throws {
        XCTAssertThrowsError(try CoordinateParser.parseLatitude("north 57")) {
            XCTAssertEqual(($0 as? CoordinateParseError)?.description, "Not a coordinate: north 57")
        }
        XCTAssertThrowsError(try CoordinateParser.parseLatitude(" 57,5074 ")) {
            XCTAssertEqual(($0 as? CoordinateParseError)?.description,
                           "Not a coordinate: 57,5074 (decimals take a point: 57.5074)")
        }
        XCTAssertThrowsError(try CoordinateParser.parseLongitude("-6,1834")) {
            XCTAssertEqual($0 as? CoordinateParseError, .decimalComma("-6,1834"))
        }
        XCTAssertEqual(try CoordinateParser.parseLatitude("57.5074"), 57.5074, "a point still works")
        let links = [
            "https://www.google.com/maps/place/Portree/@57.4125,-6.1962,14z/data=!3m1",
            "https://maps.google.com/?q=57.4125,-6.1962",
            "https://www.google.com/maps/search/?api=1&query=57.4125%2C-6.1962",
        ]
        for link in links {
            let point = try CoordinateParser.parse(link)
            XCTAssertEqual([point.latitude, point.longitude], [57.4125, -6.1962], link)
        }
        XCTAssertThrowsError(try CoordinateParser.parse("https://example.org/@nowhere"))
        XCTAssertThrowsError(try CoordinateParser.parse("https://maps.google.com/?q=957.4,-6.2"), "bounds still hold")
    }
}
