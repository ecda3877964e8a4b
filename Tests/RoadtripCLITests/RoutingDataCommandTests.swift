import Foundation
import RoadtripTestSupport
import XCTest

/// `roadtrip routing-data`: the built binary runs Debian's planetsplitter (installed by `make test-deps`).
final class RoutingDataCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-routing-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func roadtrip(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments,
                              environment: ["XDG_DATA_HOME": directory.appendingPathComponent("data").path], timeout: 120)
    }

    func testBuildsIntoTheDataFolderWithProgress() throws {
        _ = try RoutingTools.routino("planetsplitter")
        let result = try roadtrip(["routing-data", RoutingTools.helsinkiExtract.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let database = directory.appendingPathComponent("data/roadtrip/routino")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Building the Routino database in \(database.path) from Helsinki.osm.pbf...")
        // Not a terminal: planetsplitter's progress comes a line per step.
        XCTAssertTrue(lines.contains("Sort OSM Data"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\r"))
        XCTAssertTrue(try XCTUnwrap(lines.last).hasPrefix("Built the Routino database in \(database.path) ("), result.stdout)
        for file in ["nodes.mem", "segments.mem", "ways.mem", "relations.mem"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: database.appendingPathComponent(file).path), file)
        }
    }

    func testMissingFileIsAUserError() throws {
        let missing = directory.appendingPathComponent("nowhere.osm.pbf").path
        let result = try roadtrip(["routing-data", missing, "--dir", directory.appendingPathComponent("db").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "roadtrip: no such file: \(missing)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("db").path))
    }

    func testUnreadableExtractIsReportedAndNothingIsLeft() throws {
        _ = try RoutingTools.routino("planetsplitter")
        let bogus = directory.appendingPathComponent("bogus.osm.pbf")
        try Data("this is not OpenStreetMap data".utf8).write(to: bogus)
        let database = directory.appendingPathComponent("db")
        let result = try roadtrip(["routing-data", bogus.path, "--dir", database.path])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        // planetsplitter's own words, then ours.
        XCTAssertTrue(result.stderr.contains("PBF Parser"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("roadtrip: planetsplitter failed (exit 1)\n"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["bogus.osm.pbf"])
    }
}
