import Foundation
import XCTest
@testable import RoadtripCore

/// The edges of the reader's byte-level fast paths: numbers read without `Double(String)`, keys matched as
/// bytes, strings that end where the file ends.
final class TripFileReaderEdgeTests: XCTestCase {
    private func double(_ text: String) throws -> Double {
        try Array(text.utf8).withUnsafeBufferPointer { try JSONScanner($0).double() }
    }

    /// The fast path (up to 15 digits, no exponent) and `Double(String)` agree bit for bit, at and past its limits.
    func testNumbersReadAsDoubleStringReadsThem() throws {
        let fixed = ["0", "-0", "0.0", "1", "-1", "0.1", "0.3", "41.8781", "-87.6298", "-84.99", "179.999877",
                     "123456789012345", "1234567890123456", "9007199254740993", "0.1234567890123456789",
                     "0.000000000000000000000123", "0.0000000000000000000001", "0.00000000000000000000001",
                     "999999999999999.9", "1e22", "1.5E-3", "-2.5e+2"]
        var generator = SystemRandomNumberGenerator()
        var random: [String] = []
        for _ in 0..<20_000 {
            var digits = (0..<Int.random(in: 1...19, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }.joined()
            while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst() }
            let point = Int.random(in: 0...digits.count, using: &generator)
            var text = point == digits.count ? digits
                : (point == 0 ? "0" : String(digits.prefix(point))) + "." + digits.dropFirst(point)
            if Bool.random(using: &generator) { text = "-" + text }
            random.append(text)
        }
        for text in fixed + random {
            XCTAssertEqual(try double(text).bitPattern, Double(text)?.bitPattern, text)
        }
    }

    /// Ids parse to what `UUID(uuidString:)` gives, in either case; unlike it (which lets some spaces and
    /// signs through), anything but a hex digit or a dash in its place is refused.
    func testIdsParseAsUUIDStringDoes() {
        for round in 0..<5_000 {
            let id = UUID().uuidString
            var text = Array((round % 2 == 0 ? id : id.lowercased()).utf8)
            if round % 3 == 0 { text[Int.random(in: 0..<36)] = UInt8.random(in: 0...255) }
            if round % 101 == 0 { text.removeLast() }
            let string = String(decoding: text, as: UTF8.self)
            let wellFormed = text.count == 36 && text.indices.allSatisfy { index in
                [8, 13, 18, 23].contains(index) ? text[index] == UInt8(ascii: "-")
                    : "0123456789abcdefABCDEF".utf8.contains(text[index])
            }
            XCTAssertEqual(text.withUnsafeBufferPointer(UUIDText.parse), wellFormed ? UUID(uuidString: string) : nil, string)
        }
    }

    /// A key spelled with escapes is the same key; a key in a file's last bytes is refused, not read past.
    func testKeysWithEscapesMatchAndKeysAtTheEndAreRefused() throws {
        let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let text = """
        {"schemaVersion":1,"trips":[{"\\u0069d":"\(id)","n\\u0061me":"T","notes":"","createdAt":"2024-05-01T09:30:00Z",
        "updatedAt":"2024-05-01T09:30:00Z","waypoints":[],"n\\u00e4me":"kept"}]}
        """
        let trip = try XCTUnwrap(TripDocument.decode(Data(text.utf8)).trips.first)
        XCTAssertEqual(trip.id.uuidString, id)
        XCTAssertEqual(trip.name, "T")
        XCTAssertEqual(trip.unknownFields.members["näme"], .string("kept"))

        let cases: [(String, String)] = [
            ("{\"schemaVersion", "line 1, column 2: a string is not closed (missing '\"')"),
            ("{\"schemaVersion\"", "line 1, column 17: expected ':' after the key \"schemaVersion\""),
            ("{\"schemaVersion\": 1, \"trips\": [], \"x\": \"a\\", "line 1, column 42: a string is not closed (missing '\"')"),
            ("{\"schemaVersion\": 1, \"trips\": [], \"x\": \"a\\u00", "line 1, column 44: expected four hex digits after \\u"),
            ("{\"schemaVersion\": 1, \"trips\": [], \"x\": \"\\ud83d\\u", "line 1, column 49: expected four hex digits after \\u"),
            ("{\"schemaVersion\": 1, \"trips\": [{\"id\": \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "line 1, column 39: trip 1, id: a string is not closed (missing '\"')"),
            ("{\"schemaVersion\": 1, \"trips\": [{\"waypoints\": [{\"latitude\": ", "line 1, column 60: trip 1, stop 1, latitude: expected a number, found the end of the file"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try TripDocument.decode(Data(text.utf8)), text) { error in
                XCTAssertEqual("\(error)", expected, text)
            }
        }
    }

    /// Indents are skipped eight spaces at a time: runs that end at the file's end or mid-word are no different.
    func testIndentsOfAnyLengthUpToTheEndOfTheFile() throws {
        for spaces in [0, 7, 8, 9, 16, 17] {
            let indent = "\n" + String(repeating: " ", count: spaces)
            let text = "{\"schemaVersion\": 1,\(indent)\"trips\": []\(indent)}\(indent)"
            XCTAssertEqual(try TripDocument.decode(Data(text.utf8)).trips, [], "\(spaces) spaces")
            XCTAssertThrowsError(try TripDocument.decode(Data((text + "x").utf8))) { error in
                XCTAssertEqual("\(error)", "line 4, column \(spaces + 1): unexpected 'x' after the end of the document")
            }
        }
    }

    /// Keys are matched as bytes, but their UTF-8 is checked like any string's, even a key the reader skips.
    func testInvalidUTF8InAKeyIsAnError() {
        for prefix in ["{\"schemaVersion\": 1, \"trips\": [], \"", "{\"trips\": [{\""] {
            var bytes = Data(prefix.utf8)
            bytes.append(contentsOf: [0x6E, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D])
            XCTAssertThrowsError(try TripDocument.decode(bytes), prefix) { error in
                XCTAssertTrue("\(error)".hasPrefix("line 1, column \(prefix.count + 1): "), "\(error)")
                XCTAssertTrue("\(error)".hasSuffix("a string is not valid UTF-8"), "\(error)")
            }
        }
    }
}
