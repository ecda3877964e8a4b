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
        XCTAssertTrue(try String(contentsOf: cacheFile, encoding: .utf8).hasPrefix("roadtrip leg cache 3\n"))
        let read = try XCTUnwrap(LegCache(directory: folder).leg("routino /r motorcar built=1", from: from, to: to))
        XCTAssertEqual(read.ferryKm, 6.062)
        XCTAssertEqual(read.ferrySeconds, 2182.2)
        XCTAssertEqual(read.region, TerminalSafe.line("fjord\tnorth"), "a tab in the name is escaped in the file, made safe when read")
    }

    func testAFormerFormatIsNotReadAndBadFerriesAreDropped() throws {
        let ends = "6300000\t500000\t6300000\t520000"
        try "roadtrip leg cache 1\nr\t\(ends)\t10.1\t2364\trouting\t\n".write(to: cacheFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(LegCache(directory: folder).count, 0, "format 1 has no ferries: asked again")
        try "roadtrip leg cache 2\na\t\(ends)\t10.1\t2364\troutino\t6\t2000\tfjord\t\n"
            .write(to: cacheFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(LegCache(directory: folder).count, 0, "format 2 has no avoids or tolls: asked again")

        let rest = "\t\t0\t\t\t\t"   // nothing unavoided, the engine's profile, tolls not known, no geometry
        let lines = [
            "roadtrip leg cache 3",
            "a\t\(ends)\t10.1\t2364\troutino\t6\t2000\tfjord\(rest)",
            "b\t\(ends)\t10.1\t2364\troutino\t60\t2000\tfjord\(rest)",       // more ferry than leg
            "c\t\(ends)\t10.1\t2364\troutino\t6\t9999\tfjord\(rest)",        // more ferry time than leg
            "d\t\(ends)\t10.1\t2364\troutino\tnan\t2000\tfjord\(rest)",
            "e\t\(ends)\tnan\t2364\troutino\t6\t2000\tfjord\(rest)",         // no crash on a NaN leg
            "f\t\(ends)\t10.1\t2364\troutino\t6\t2000\t\(String(repeating: "x", count: 300))\(rest)",
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: cacheFile, atomically: true, encoding: .utf8)
        let cache = LegCache(directory: folder)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.leg("a", from: from, to: to)?.ferryKm, 6)
    }

    func testAvoidsProfileAndTollsSurviveTheFileAndBadOnesAreDropped() throws {
        let cache = LegCache(directory: folder)
        var leg = RoutedLeg(distanceKm: 42, durationSeconds: 2400, geometry: [from, to], source: .routino)
        (leg.unavoided, leg.ownProfile, leg.tollKm, leg.tollPrice, leg.tollCurrency) = ([.tolls, .unpaved], true, 12.5, 7.2, "EUR")
        cache.store(leg, identity: "x", from: from, to: to)
        var unknown = RoutedLeg(distanceKm: 42, durationSeconds: 2400, geometry: [from, to], source: .routino)
        unknown.tollKm = 0
        cache.store(unknown, identity: "known none", from: from, to: to)
        cache.save()
        let reopened = LegCache(directory: folder)
        let read = try XCTUnwrap(reopened.leg("x", from: from, to: to))
        XCTAssertEqual(read.unavoided, [.tolls, .unpaved])
        XCTAssertTrue(read.ownProfile)
        XCTAssertEqual(read.tollKm, 12.5)
        XCTAssertEqual(read.tollPrice, 7.2)
        XCTAssertEqual(read.tollCurrency, "EUR")
        let none = try XCTUnwrap(reopened.leg("known none", from: from, to: to))
        XCTAssertEqual(none.tollKm, 0, "no toll is known, not unknown")
        XCTAssertNil(none.tollPrice)
        XCTAssertFalse(none.ownProfile)

        let ends = "6300000\t500000\t6300000\t520000", leg42 = "42\t2400\troutino\t0\t0\t"
        let lines = [
            "roadtrip leg cache 3",
            "ok\t\(ends)\t\(leg42)\ttolls\t0\t3\t1.5\tEUR\t",
            "avoid\t\(ends)\t\(leg42)\tbridges\t0\t\t\t\t",      // an avoid this build does not know
            "profile\t\(ends)\t\(leg42)\t\t2\t\t\t\t",
            "toll km\t\(ends)\t\(leg42)\t\t0\t43\t\t\t",         // more toll than leg
            "price\t\(ends)\t\(leg42)\t\t0\t3\tnan\t\t",
            "currency\t\(ends)\t\(leg42)\t\t0\t3\t1.5\teuro\t",
            "short\t\(ends)\t\(leg42)\t\t0\t\t",
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: cacheFile, atomically: true, encoding: .utf8)
        let strict = LegCache(directory: folder)
        XCTAssertEqual(strict.count, 1)
        XCTAssertEqual(strict.leg("ok", from: from, to: to)?.tollPrice, 1.5)
    }
}
