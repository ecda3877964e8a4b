import Foundation
import XCTest
@testable import RoadtripCore

/// A long trip list is read in two halves, the second on another thread (`LaterTrips`): the trips and every
/// message about a broken file are those of one pass, wherever the guessed second half starts.
final class LaterTripsTests: XCTestCase {
    /// Trips of about 6 kB each: `count` of them make a list longer than `LaterTrips.minimumBytes` from 200 on.
    private func trips(_ count: Int) -> [Trip] {
        (0..<count).map { index in
            var trip = StoreTestCase.trip("Trip \(index)", stops: 3)
            trip.notes = String(repeating: "Leave early; the pass closes at dusk. ", count: 150)
            return trip
        }
    }

    private struct NotCurrent: Error {}

    /// The trips of a file these tests wrote; one read as another schema version fails the test.
    private func read(_ data: Data) throws -> [Trip] {
        guard case let .current(trips, _) = try TripFileReader.read(data) else {
            XCTFail("the file written here does not read as the current schema")
            throw NotCurrent()
        }
        return trips
    }

    func testALongListIsReadWhole() throws {
        let written = trips(400)
        let data = try TripDocument.encode(TripDocument(trips: written))
        XCTAssertGreaterThan(data.count, 2 * LaterTrips.minimumBytes)
        XCTAssertEqual(try read(data), written)
    }

    /// The line (from 1) where the `index`th trip of a file as roadtrip writes it starts.
    private func line(ofTrip index: Int, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let starts = lines.indices.filter { lines[$0] == "    {" }
        return starts[index] + 1
    }

    func testAnIdRepeatedInTheSecondHalfIsRefusedAtItsTrip() throws {
        var written = trips(400)
        let repeated = written[390]
        written[390] = Trip(id: written[1].id, name: repeated.name, createdAt: repeated.createdAt,
                            startDate: repeated.startDate, notes: repeated.notes, waypoints: repeated.waypoints)
        let data = try TripDocument.encode(TripDocument(trips: written))
        XCTAssertThrowsError(try TripFileReader.read(data)) { error in
            let expected = DuplicateID(id: written[1].id, trip: nil, first: "Trip 1", second: "Trip 390")
            XCTAssertEqual(error as? TripFileError, TripFileError(
                line: line(ofTrip: 390, in: String(decoding: data, as: UTF8.self)), column: 5,
                reason: "trip 391: " + expected.description))
        }
    }

    func testAProblemInTheSecondHalfIsSaidAtItsTrip() throws {
        let written = trips(400)
        let text = String(decoding: try TripDocument.encode(TripDocument(trips: written)), as: UTF8.self)
        let broken = text.replacingOccurrences(of: "\"name\" : \"Trip 377\"", with: "\"name\" : 7")
        XCTAssertNotEqual(broken, text)
        XCTAssertThrowsError(try TripFileReader.read(Data(broken.utf8))) { error in
            let reason = (error as? TripFileError)?.reason ?? "\(error)"
            XCTAssertEqual(reason, "trip 378, name: expected a string, found a number")
        }
    }

    /// Trips on one line each, their stops on lines that look like trips' to the guess: the guess is a stop, and
    /// the list is read in one pass.
    func testAGuessThatIsNotATripIsLeftAside() throws {
        let written = trips(300).map { trip in
            var trip = trip
            trip.waypoints = (0..<40).map { Waypoint(name: "Stop \($0)", latitude: 10, longitude: Double($0)) }
            return trip
        }
        let objects = try written.map { trip -> String in
            let text = String(decoding: try TripDocument.encode(TripDocument(trips: [trip])), as: UTF8.self)
            // From the trip's opening brace to its closing one (before "\n  ]\n}\n"), its stops four spaces in.
            let object = "{" + text[text.range(of: "\n    {")!.upperBound...].dropLast(7)
            return object.replacingOccurrences(of: "\n        {", with: "\n    {")
        }
        let text = "{\"schemaVersion\" : 1, \"trips\" : [" + objects.joined(separator: ", ") + "]}\n"
        XCTAssertTrue(text.contains(",\n    {"), "stops look like trips")
        XCTAssertFalse(text.contains("},\n    {\n      \"createdAt\""), "no trip does")
        XCTAssertEqual(try read(Data(text.utf8)), written)
    }
}
