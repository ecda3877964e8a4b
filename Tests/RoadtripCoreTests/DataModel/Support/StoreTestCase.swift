import Foundation
import XCTest
@testable import RoadtripCore

/// A fresh folder per test, with the store's data file in it, and helpers to look at what is on disk.
class StoreTestCase: XCTestCase {
    var directory: URL!
    var dataURL: URL { directory.appendingPathComponent("trips.json") }
    var dataPath: String { dataURL.path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func open(_ fileSystem: FileSystem = PosixFileSystem(), at url: URL? = nil,
              backups: Int = 3) throws -> TripStore {
        var options = TripStore.Options()
        options.fileSystem = fileSystem
        options.backupGenerations = backups
        return try TripStore.open(at: url ?? dataURL, options: options)
    }

    /// A store whose file holds one trip named `name`.
    func storeWithOneTrip(_ name: String = "Route 66", _ fileSystem: FileSystem = PosixFileSystem()) throws -> TripStore {
        let store = try open(fileSystem)
        try store.update { $0.append(Self.trip(name)) }
        return store
    }

    static func trip(_ name: String, stops: Int = 2) -> Trip {
        Trip(name: name, createdAt: Date(timeIntervalSince1970: 1_700_000_000),
             startDate: CalendarDate(year: 2025, month: 6, day: 1), notes: "Notes for \(name)",
             waypoints: (0..<stops).map {
                 Waypoint(name: "Stop \($0)", latitude: 41.8781 - Double($0), longitude: -87.6298 + Double($0),
                          placeId: 4_887_398, region: "Illinois", countryCode: "US", nights: $0)
             })
    }

    func contents(_ path: String? = nil) -> Data? {
        FileManager.default.contents(atPath: path ?? dataPath)
    }

    func write(_ text: String, to path: String? = nil) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path ?? dataPath))
    }

    /// Names in the test folder, sorted.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    func temporaryFiles() -> [String] {
        names().filter { $0.contains("roadtrip-tmp") }
    }

    func mode(_ path: String) throws -> mode_t {
        try PosixFileSystem().stat(path).st_mode & 0o7777
    }

    func trips(in path: String? = nil) throws -> [Trip] {
        try TripDocument.decode(XCTUnwrap(contents(path))).trips
    }

    /// Asserts that `body` throws exactly `expected`.
    func assertThrows(_ expected: StoreError, file: StaticString = #filePath, line: UInt = #line,
                      _ body: () throws -> Void) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual(error as? StoreError, expected, file: file, line: line)
        }
    }
}
