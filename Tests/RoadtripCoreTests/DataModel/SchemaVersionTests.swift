import Foundation
import XCTest
@testable import RoadtripCore

/// Guarantee 7: a file from a newer roadtrip opens read-only and stays byte-identical.
final class SchemaVersionTests: StoreTestCase {
    func testNewerVersionOpensReadOnlyAndIsNeverWritten() throws {
        var text = String(decoding: try TripDocument.encode(TripDocument(trips: [Self.trip("Future")])), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 3")
        try write(text)
        let before = try PosixFileSystem().stat(dataPath)

        let store = try open()
        let reason = "\(dataPath) was written by a newer roadtrip (schema version 3)"
        XCTAssertEqual(store.access, .readOnly(reason: reason))
        XCTAssertEqual(store.notices, [.newerSchema(path: dataPath, found: 3, supported: 2)])
        XCTAssertEqual(store.trips.map(\.name), ["Future"], "what can be read is shown")
        XCTAssertEqual(store.newerSchemaVersion, 3)

        assertThrows(.readOnly(reason: reason)) { try store.update { $0.removeAll() } }
        assertThrows(.readOnly(reason: reason)) { try store.save() }
        try store.reload()
        XCTAssertEqual(contents(), Data(text.utf8))
        let after = try PosixFileSystem().stat(dataPath)
        XCTAssertEqual(FileFingerprint(after), FileFingerprint(before))
        XCTAssertEqual(after.st_mode, before.st_mode)
        XCTAssertEqual(names(), ["trips.json", "trips.json.lock"], "no backup, copy or temporary file either")
    }

    func testNewerVersionWithUnreadableTripsOpensEmptyAndReadOnly() throws {
        let text = "{\"schemaVersion\": 7, \"trips\": {\"format\": \"something new\"}}"
        try write(text)
        let store = try open()
        XCTAssertEqual(store.trips, [])
        XCTAssertNotEqual(store.access, .readWrite)
        XCTAssertEqual(store.newerSchemaVersion, 7, "so that an empty list can say why")
        XCTAssertEqual(contents(), Data(text.utf8))
    }

    func testCurrentVersionIsNotNewer() throws {
        XCTAssertNil(try storeWithOneTrip().newerSchemaVersion)
        XCTAssertNil(try open(at: directory.appendingPathComponent("missing.json")).newerSchemaVersion)
    }

    func testVersionsNeverWrittenAreCorrupt() throws {
        for text in ["{\"schemaVersion\": 0, \"trips\": []}", "{\"trips\": []}", "{\"schemaVersion\": \"1\", \"trips\": []}"] {
            try write(text)
            XCTAssertThrowsError(try open(), text) { error in
                guard case .corrupt = error as? StoreError else { return XCTFail("\(error)") }
            }
        }
    }
}
