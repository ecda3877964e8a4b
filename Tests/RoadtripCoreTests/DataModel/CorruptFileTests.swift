import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 6: a file that is not a valid trips document is never overwritten nor replaced by an
/// empty store; its bytes are copied to `trips.json.corrupt-<timestamp>` and the error says what is
/// wrong, where the copy is and where the backup is.
final class CorruptFileTests: StoreTestCase {
    func testInvalidJSON() throws {
        let error = try assertQuarantined("{\n  \"schemaVersion\" : 1,\n  \"trips\" : [\n    {,\n")
        XCTAssertEqual(error.reason, "line 4, column 6: trip 1: expected a key in double quotes")
    }

    func testWrongType() throws {
        var text = try validText()
        text = text.replacingOccurrences(of: "\"latitude\" : 41.8781", with: "\"latitude\" : \"north\"")
        let error = try assertQuarantined(text)
        XCTAssertTrue(error.reason.hasSuffix("trip 1, stop 1, latitude: expected a number, found a string"), error.reason)
        XCTAssertTrue(error.reason.hasPrefix("line "), error.reason)
    }

    func testInvalidValue() throws {
        var text = try validText()
        text = text.replacingOccurrences(of: "\"latitude\" : 40.8781", with: "\"latitude\" : 200")
        let error = try assertQuarantined(text)
        XCTAssertTrue(error.reason.hasSuffix("trip 1, stop 2: Latitude 200 is outside -90…90"), error.reason)
    }

    func testMissingFieldAndEmptyFile() throws {
        let noName = try validText().replacingOccurrences(of: "\"name\" : \"Route 66\",", with: "")
        XCTAssertTrue(try assertQuarantined(noName).reason.hasSuffix("trip 1: \"name\" is missing"))
        XCTAssertEqual(try assertQuarantined("").reason, "line 1, column 1: expected an object, found the end of the file")
    }

    func testMessageNamesTheFileTheCopyAndTheBackup() throws {
        let store = try storeWithOneTrip()
        try store.update { $0[0].notes = "second save: a backup exists" }
        withExtendedLifetime(store) {}
        let error = try assertQuarantined("not json")
        let message = StoreError.corrupt(path: dataPath, reason: error.reason, copy: error.copy, backup: error.backup).description
        XCTAssertEqual(error.backup, dataPath + ".bak")
        XCTAssertTrue(message.contains(dataPath + " is not a valid trips file"), message)
        XCTAssertTrue(message.contains("A copy is at \(try XCTUnwrap(error.copy))"), message)
        XCTAssertTrue(message.contains("The previous version is at \(dataPath).bak"), message)
    }

    func testOpeningAgainDoesNotPileUpCopies() throws {
        let first = try assertQuarantined("{ broken")
        let second = try assertQuarantined("{ broken")
        XCTAssertEqual(first.copy, second.copy)
        try write("{ broken differently")
        XCTAssertThrowsError(try open())
        XCTAssertEqual(names().filter { $0.contains(".corrupt-") }.count, 2)
    }

    func testCorruptionNoticedOnReloadBlocksSaving() throws {
        let store = try storeWithOneTrip()
        try write("{ broken")
        XCTAssertThrowsError(try store.reload()) { XCTAssertNotNil(Self.corruption($0)) }
        assertThrows(.changedOnDisk(path: dataPath)) { try store.update { $0[0].notes = "x" } }
        XCTAssertEqual(contents(), Data("{ broken".utf8))
    }

    func testOnlyRegularFilesAreRead() throws {
        let fifo = directory.appendingPathComponent("fifo.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        assertThrows(.io(path: fifo.path, operation: "read", message: "it is not a regular file")) { _ = try open(at: fifo) }
        assertThrows(.io(path: directory.path, operation: "read", message: "it is not a regular file")) { _ = try open(at: directory) }
    }

    func testCorruptCopyTimestamp() {
        XCTAssertEqual(CorruptFileQuarantine.timestamp(Date(timeIntervalSince1970: 1_714_555_800)), "20240501T093000Z")
    }

    // MARK: -

    private func validText() throws -> String {
        String(decoding: try TripDocument.encode(TripDocument(trips: [Self.trip("Route 66")])), as: UTF8.self)
    }

    private struct Corruption { let reason: String; let copy: String?; let backup: String? }

    private static func corruption(_ error: Error) -> Corruption? {
        guard case let .corrupt(_, reason, copy, backup) = error as? StoreError else { return nil }
        return Corruption(reason: reason, copy: copy, backup: backup)
    }

    /// Writes `text` as the data file, opens it, and checks guarantee 6. Returns the error's details.
    @discardableResult
    private func assertQuarantined(_ text: String, line: UInt = #line) throws -> Corruption {
        try write(text)
        var caught: Error?
        XCTAssertThrowsError(try open(), line: line) { caught = $0 }
        let corruption = try XCTUnwrap(caught.flatMap(Self.corruption), "not StoreError.corrupt: \(String(describing: caught))", line: line)
        XCTAssertEqual(contents(), Data(text.utf8), "the corrupt file was changed", line: line)
        let copy = try XCTUnwrap(corruption.copy, line: line)
        XCTAssertTrue((copy as NSString).lastPathComponent.hasPrefix("trips.json.corrupt-"), copy, line: line)
        XCTAssertEqual(contents(copy), Data(text.utf8), "the copy differs", line: line)
        XCTAssertEqual(try mode(copy), 0o600, line: line)
        return corruption
    }
}
