import Foundation
import XCTest
@testable import RoadtripCore

final class RescueCopyTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-rescue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testTheCopyIsATripsFileOnlyItsOwnerCanRead() throws {
        let trips = [Trip(name: "Route 66", waypoints: [Waypoint(name: "Chicago", latitude: 41.85, longitude: -87.65)])]
        let url = folder.appendingPathComponent("copy.json")
        try RescueCopy.write(trips, to: url)
        XCTAssertEqual(try TripDocument.decode(Data(contentsOf: url)).trips, trips)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    func testAnExistingFileIsNeverReplaced() throws {
        let url = folder.appendingPathComponent("exists.json")
        try Data("mine".utf8).write(to: url)
        XCTAssertThrowsError(try RescueCopy.write([], to: url)) {
            XCTAssertEqual($0 as? StoreError, .io(path: url.path, operation: "write", message: "a file of that name exists"))
        }
        XCTAssertEqual(try Data(contentsOf: url), Data("mine".utf8))
    }

    func testTheNextPlaceIsTriedWhenOneFails() throws {
        let missing = folder.appendingPathComponent("no/such/folder/copy.json")
        let second = folder.appendingPathComponent("copy.json")
        XCTAssertEqual(try RescueCopy.writeSomewhere([], candidates: [missing, second]), second)
        XCTAssertThrowsError(try RescueCopy.writeSomewhere([], candidates: [missing]))
    }

    func testCandidatesAreHomeThenTheTemporaryFolderNamedByTheTime() {
        let time = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
        let places = RescueCopy.candidates(at: time, environment: ["HOME": "/home/ann", "TMPDIR": "/var/tmp"])
        XCTAssertEqual(places.map(\.path), ["/home/ann/roadtrip-unsaved-20261118-110640.json",
                                            "/var/tmp/roadtrip-unsaved-20261118-110640.json"])
        XCTAssertEqual(RescueCopy.candidates(at: time, environment: [:]).map(\.path),
                       ["/tmp/roadtrip-unsaved-20261118-110640.json"])
    }
}
