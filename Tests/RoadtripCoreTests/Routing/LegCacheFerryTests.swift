import XCTest
@testable import RoadtripCore

/// The leg cache's format 2: a leg's ferry and region survive the file, a file of format 1 is not read, and a
/// ferry longer than its leg, or a region name too long, makes its line one to drop.
final class LegCacheFerryTests: XCTestCase {
    private var folder: URL!
    private var cacheFile: URL { folder.appendingPathComponent("legs.tsv") }
    private let from = coordinate(63.0, 5.0), to = coordinate(63.0, 5.2)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-leg-ferry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testFerryAndRegionSurviveTheFile() throws {
        let cache = LegCache(directory: folder)
        let leg = RoutedLeg(distanceKm: 10.1, durationSeconds: 2364, geometry: [from, to], source: .routino,
                            ferryKm: 6.062, ferrySeconds: 2182.2, region: "fjord\tnorth")
        cache.store(leg, identity: "routino /r motorcar built=1", from: from, to: to)
        cache.save()
        XCTAssertTrue(try String(contentsOf: cacheFile, encoding: .utf8).hasPrefix("roadtrip leg cache 2\n"))
        let read = try XCTUnwrap(LegCache(directory: folder).leg("routino /r motorcar built=1", from: from, to: to))
        XCTAssertEqual(read.ferryKm, 6.062)
        XCTAssertEqual(read.ferrySeconds, 2182.2)
        XCTAssertEqual(read.region, TerminalSafe.line("fjord\tnorth"), "a tab in the name is escaped in the file, made safe when read")
    }

    func testAFormerFormatIsNotReadAndBadFerriesAreDropped() throws {
        let ends = "6300000\t500000\t6300000\t520000"
        try "roadtrip leg cache 1\nr\t\(ends)\t10.1\t2364\trouting\t\n".write(to: cacheFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(LegCache(directory: folder).count, 0, "format 1 has no ferries: asked again")

        let lines = [
            "roadtrip leg cache 2",
            "a\t\(ends)\t10.1\t2364\troutino\t6\t2000\tfjord\t",
            "b\t\(ends)\t10.1\t2364\troutino\t60\t2000\tfjord\t",       // more ferry than leg
            "c\t\(ends)\t10.1\t2364\troutino\t6\t9999\tfjord\t",        // more ferry time than leg
            "d\t\(ends)\t10.1\t2364\troutino\tnan\t2000\tfjord\t",
            "e\t\(ends)\tnan\t2364\troutino\t6\t2000\tfjord\t",         // no crash on a NaN leg
            "f\t\(ends)\t10.1\t2364\troutino\t6\t2000\t\(String(repeating: "x", count: 300))\t",
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: cacheFile, atomically: true, encoding: .utf8)
        let cache = LegCache(directory: folder)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.leg("a", from: from, to: to)?.ferryKm, 6)
    }
}
