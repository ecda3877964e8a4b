import Foundation
import XCTest
import RoadtripTestSupport
@testable import RoadtripCore

/// The store's own reader and writer against Foundation's `JSONEncoder`/`JSONDecoder`: same bytes out,
/// same documents in, and readable errors.
final class TripFileFormatTests: XCTestCase {
    private static let foundationEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let foundationDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    func testWriterMatchesJSONEncoderByteForByte() throws {
        var generator = SeededGenerator(seed: 2024)
        for round in 0..<40 {
            let document = TripDocument(trips: (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                Self.randomTrip(using: &generator)
            })
            var expected = try Self.foundationEncoder.encode(document)
            expected.append(0x0A)
            let actual = try TripDocument.encode(document)
            XCTAssertEqual(String(decoding: actual, as: UTF8.self), String(decoding: expected, as: UTF8.self), "round \(round)")

            // Dates are written in whole seconds, so compare what reading gives back once written again.
            XCTAssertEqual(try TripDocument.encode(TripDocument.decode(expected)), expected, "round \(round)")
            XCTAssertEqual(try TripDocument.encode(Self.foundationDecoder.decode(TripDocument.self, from: actual)), actual)
        }
    }

    func testReaderAcceptsWhatJSONDecoderAccepts() throws {
        let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let text = """
        \u{FEFF}{"trips":[{"waypoints":[{"notes":"","nights":1.0,"name":"Caf\\u00e9 \\ud83d\\ude97 \\/ \\"q\\"",
        "longitude":-87.6298,"latitude":4.18781e1,"id":"\(id.lowercased())","placeId":null,"region":null,
        "future":{"nested":[1,2,{"x":null}]}}],"updatedAt":"2024-05-01T11:30:00+02:00","startDate":null,
        "notes":"tab\\there","name":"  Padded  ","id":"\(id)","createdAt":"2024-05-01T09:30:00.250Z"}],
        "schemaVersion":1e0}
        """
        let trips = try TripDocument.decode(Data(text.utf8)).trips
        XCTAssertEqual(trips.count, 1)
        let trip = trips[0]
        XCTAssertEqual(trip.name, "Padded", "validated on load: names are trimmed")
        XCTAssertEqual(trip.notes, "tab\there")
        XCTAssertEqual(trip.id, UUID(uuidString: id))
        XCTAssertEqual(trip.createdAt.timeIntervalSince1970, 1_714_555_800, "the file stores whole seconds")
        XCTAssertEqual(trip.updatedAt.timeIntervalSince1970, 1_714_555_800)
        XCTAssertNil(trip.startDate)
        let stop = trip.waypoints[0]
        XCTAssertEqual(stop.name, "Café 🚗 / \"q\"")
        XCTAssertEqual(stop.latitude, 41.8781)
        XCTAssertEqual(stop.nights, 1)
        XCTAssertNil(stop.placeId)
        XCTAssertNil(stop.countryCode)
    }

    func testErrorsSayWhereAndWhat() {
        let valid = "{\"schemaVersion\": 1, \"trips\": [TRIP]}"
        let trip = """
        {"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "name": "T", "notes": "", "createdAt": "2024-05-01T09:30:00Z",
         "updatedAt": "2024-05-01T09:30:00Z", "waypoints": [STOP]}
        """
        let stop = """
        {"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "name": "S", "latitude": 1, "longitude": 2, "nights": 0, "notes": ""}
        """
        func document(trip tripEdit: (String) -> String = { $0 }, stop stopEdit: (String) -> String = { $0 }) -> String {
            valid.replacingOccurrences(of: "TRIP", with: tripEdit(trip).replacingOccurrences(of: "STOP", with: stopEdit(stop)))
        }
        func replace(_ old: String, _ new: String) -> (String) -> String { { $0.replacingOccurrences(of: old, with: new) } }
        let cases: [(String, String)] = [
            ("", "line 1, column 1: expected an object, found the end of the file"),
            ("[]", "line 1, column 1: expected an object, found a list"),
            ("{\"schemaVersion\": 1, \"trips\": []} x", "line 1, column 35: unexpected 'x' after the end of the document"),
            ("{\"schemaVersion\": 1, \"trips\": [}", "line 1, column 32: trip 1: expected an object, found '}'"),
            ("{\"schemaVersion\": 1,\n \"trips\": [1.]}", "line 2, column 12: trip 1: expected an object, found a number"),
            ("{\"schemaVersion\": 1,\n \"trips\": [], \"x\": 1.}", "line 2, column 22: expected a digit after '.'"),
            ("{\"schemaVersion\": 1, \"trips\": [], \"x\": \"", "line 1, column 40: a string is not closed (missing '\"')"),
            ("{\"schemaVersion\": 1, \"trips\": [], \"x\": \"\u{1}\"}", "line 1, column 41: control character in a string (it must be escaped)"),
            ("{\"schemaVersion\": 1, \"trips\": [], \"x\": \"\\ud800\"}", "line 1, column 41: an escaped character (\\u) is half of a surrogate pair"),
            ("{\"schemaVersion\": 1, \"trips\": \"\"}", "line 1, column 31: expected a list, found a string"),
            ("{\"schemaVersion\": 1, \"trips\": [], \"x\": \"\\q\"}", "line 1, column 41: unknown escape in a string"),
            (String(repeating: "[", count: 300), "line 1, column 1: expected an object, found a list"),
            ("{\"x\": " + String(repeating: "[", count: 300), "line 1, column 206: nested more than 200 levels deep"),
            (document(trip: replace("\"T\"", "\"\"")), "line 1, column 32: trip 1: Trip name must not be empty"),
            (document(trip: replace("\"name\": \"T\",", "")), "line 1, column 32: trip 1: \"name\" is missing"),
            (document(trip: replace("2024-05-01T09:30:00Z\",\n", "2024-02-30T09:30:00Z\",\n")),
             "line 1, column 118: trip 1, createdAt: \"2024-02-30T09:30:00Z\" is not a date and time (expected e.g. 2024-05-01T09:30:00Z)"),
            (document(trip: replace("\"name\": \"T\"", "\"name\": \"T\", \"startDate\": \"2024-13-01\"")),
             "line 1, column 105: trip 1, startDate: \"2024-13-01\" is not a date (expected YYYY-MM-DD)"),
            (document(trip: replace("E621E1F8-C36C", "E621E1F8_C36C")),
             "line 1, column 39: trip 1, id: \"E621E1F8_C36C-495A-93FC-0C247A3E6E5F\" is not an id (expected a UUID)"),
            (document(stop: replace("\"latitude\": 1", "\"latitude\": 91")), "line 2, column 53: trip 1, stop 1: Latitude 91 is outside -90…90"),
            (document(stop: replace("\"latitude\": 1", "\"latitude\": 1e999")), "line 2, column 53: trip 1, stop 1: Latitude must be a finite number"),
            (document(stop: replace("\"nights\": 0", "\"nights\": -1")), "line 2, column 53: trip 1, stop 1: Nights -1 is outside 0…365 (a stay of more than a year is a typo)"),
            (document(stop: replace("\"nights\": 0", "\"nights\": 0.5")), "line 2, column 154: trip 1, stop 1, nights: expected a whole number, found 0.5"),
            (document(stop: replace("\"nights\": 0", "\"nights\": 99999999999999999999")),
             "line 2, column 154: trip 1, stop 1, nights: expected a whole number, found 99999999999999999999"),
            (document(stop: replace("\"longitude\": 2", "\"longitude\": true")), "line 2, column 141: trip 1, stop 1, longitude: expected a number, found true/false"),
            (document(stop: replace("\"notes\": \"\"", "\"notes\": null")), "line 2, column 166: trip 1, stop 1, notes: expected a string, found null"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try TripDocument.decode(Data(text.utf8)), text) { error in
                XCTAssertEqual("\(error)", expected, text)
            }
        }
    }

    func testInvalidUTF8IsAnErrorNotASilentReplacement() {
        var bytes = Data("{\"schemaVersion\": 1, \"trips\": [], \"x\": \"".utf8)
        bytes.append(contentsOf: [0xC3, 0x28, 0x22, 0x7D])
        XCTAssertThrowsError(try TripDocument.decode(bytes)) { error in
            XCTAssertEqual("\(error)", "line 1, column 41: a string is not valid UTF-8")
        }
        for invalid: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF]] {
            XCTAssertFalse(invalid.withUnsafeBufferPointer(UTF8Check.isValid), "\(invalid)")
        }
        for valid in ["", "abc", "é", "€", "😀", "\u{10FFFF}", "\u{FFFD}"] {
            XCTAssertTrue(Array(valid.utf8).withUnsafeBufferPointer(UTF8Check.isValid), valid)
        }
    }

    func testNewerSchemaIsReportedWithWhatCouldBeRead() throws {
        let current = try TripDocument.encode(TripDocument(trips: [SchemaVersionTests.trip("T")]))
        let newer = Data(String(decoding: current, as: UTF8.self)
            .replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 3").utf8)
        guard case let .newer(version, trips) = try TripFileReader.read(newer) else { return XCTFail() }
        XCTAssertEqual(version, 3)
        XCTAssertEqual(trips?.map(\.name), ["T"])
        XCTAssertThrowsError(try TripDocument.decode(newer)) {
            XCTAssertEqual("\($0)", "schema version 3 is newer than this roadtrip understands (2)")
        }
        // The version may come after the trips in a hand-edited file.
        let late = Data("{\"trips\": {\"new\": \"shape\"}, \"schemaVersion\": 3}".utf8)
        XCTAssertEqual(try TripFileReader.read(late), .newer(version: 3, trips: nil))
    }

    func testDatesStayWithinWhatCanBeWrittenAndReadBack() throws {
        XCTAssertEqual(ISO8601.date(from: "9999-12-31T23:59:59Z")?.timeIntervalSince1970, 253_402_300_799)
        XCTAssertEqual(ISO8601.date(from: "0000-01-01T00:00:00Z")?.timeIntervalSince1970, -62_167_219_200)
        XCTAssertEqual(ISO8601.date(from: "2024-05-01T09:30:00.999+0130")?.timeIntervalSince1970, 1_714_550_400)
        for text in ["9999-12-31T23:00:00-05:00", "0000-01-01T00:00:00+00:01", "10000-01-01T00:00:00Z", "2024-02-30T00:00:00Z",
                     "2023-02-29T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T09:30:00", "2024-05-01T09:30:00.Z",
                     "2024-05-01 09:30:00Z", "2024-05-01T09:30:00+24:00", "+2024-05-01T09:30:00Z"] {
            XCTAssertNil(ISO8601.date(from: text), text)
        }
        var out: [UInt8] = []
        XCTAssertThrowsError(try ISO8601.appendQuoted(Date(timeIntervalSince1970: 253_402_300_800), to: &out))
        XCTAssertThrowsError(try ISO8601.appendQuoted(Date(timeIntervalSince1970: .nan), to: &out))
        try ISO8601.appendQuoted(Date(timeIntervalSince1970: -0.5), to: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "\"1969-12-31T23:59:59Z\"")
    }

    func testCivilCalendarRoundTripsEveryDayOverFiveCenturies() {
        var expected = (year: 1800, month: 1, day: 1)
        for days in ISO8601.CivilCalendar.daysSinceEpoch(year: 1800, month: 1, day: 1)...ISO8601.CivilCalendar.daysSinceEpoch(year: 2300, month: 12, day: 31) {
            let civil = ISO8601.CivilCalendar.civil(daysSinceEpoch: days)
            XCTAssertTrue(civil == expected, "\(days): \(civil) != \(expected)")
            XCTAssertEqual(ISO8601.CivilCalendar.daysSinceEpoch(year: civil.year, month: civil.month, day: civil.day), days)
            if expected.day < ISO8601.CivilCalendar.daysIn(month: expected.month, year: expected.year) {
                expected.day += 1
            } else {
                expected = expected.month == 12 ? (expected.year + 1, 1, 1) : (expected.year, expected.month + 1, 1)
            }
        }
        XCTAssertEqual(ISO8601.CivilCalendar.daysSinceEpoch(year: 1970, month: 1, day: 1), 0)
    }

    // MARK: - Random documents

    private static func randomTrip(using generator: inout SeededGenerator) -> Trip {
        Trip(id: UUID(), name: randomText(using: &generator, nonEmpty: true),
             createdAt: Date(timeIntervalSince1970: Double.random(in: -2_000_000_000...4_000_000_000, using: &generator)),
             updatedAt: Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &generator))),
             startDate: Bool.random(using: &generator) ? CalendarDate(year: Int.random(in: 1...9999, using: &generator),
                                                                      month: 2, day: 28) : nil,
             notes: randomText(using: &generator),
             waypoints: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                 Waypoint(name: randomText(using: &generator, nonEmpty: true), latitude: randomDouble(-90...90, using: &generator),
                          longitude: randomDouble(-180...180, using: &generator),
                          placeId: Bool.random(using: &generator) ? Int.random(in: Int.min...Int.max, using: &generator) : nil,
                          region: Bool.random(using: &generator) ? randomText(using: &generator) : nil,
                          countryCode: Bool.random(using: &generator) ? "US" : nil,
                          nights: Int.random(in: 0...30, using: &generator), notes: randomText(using: &generator),
                          timeZone: Bool.random(using: &generator) ? "America/Argentina/Buenos_Aires" : nil,
                          stayMinutes: Bool.random(using: &generator) ? Int.random(in: 0...1439, using: &generator) : 0,
                          pinned: Bool.random(using: &generator))
             })
    }

    private static func randomDouble(_ range: ClosedRange<Double>, using generator: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return [0, -0.0, 1e-7, -1e-5, 5e-324, range.upperBound, range.lowerBound][Int.random(in: 0..<7, using: &generator)]
        case 1: return Double(Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &generator))
        case 2: return (Double.random(in: range, using: &generator) * 10_000).rounded() / 10_000
        default: return Double.random(in: range, using: &generator)
        }
    }

    private static func randomText(using generator: inout SeededGenerator, nonEmpty: Bool = false) -> String {
        let pieces = ["a", "Route 66", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{1}", "\u{1F}",
                      "\u{7F}", "\u{85}", "é", "e\u{301}", "東京", "😀", "👩‍👩‍👧", "\u{2028}", "\u{202E}", "\u{FEFF}", "\u{0}"]
        var text = ""
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        // Names are trimmed when read: keep them free of outer whitespace so that they read back equal.
        return nonEmpty ? "<" + text + ">" : text
    }
}
