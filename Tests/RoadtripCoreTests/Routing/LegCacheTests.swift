import XCTest
@testable import RoadtripCore

final class LegCacheTests: XCTestCase {
    private var folder: URL!
    private var cacheFile: URL { folder.appendingPathComponent("legs.tsv") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-leg-cache-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private let stops = [
        coordinate(48.8566, 2.3522), coordinate(47.2184, -1.5536), coordinate(44.8378, -0.5792),
        coordinate(43.6047, 1.4442), coordinate(43.2965, 5.3698),
    ]

    /// What the route service does: the cache first, the engine on a miss.
    private func legs(of stops: [Coordinate], _ engine: CountingEngine, _ cache: LegCache) throws -> [RoutedLeg] {
        try zip(stops, stops.dropFirst()).map { from, to in
            if let leg = cache.leg(engine.identity, from: from, to: to) { return leg }
            let leg = try engine.leg(from: from, to: to)
            cache.store(leg, identity: engine.identity, from: from, to: to)
            return leg
        }
    }

    func testSecondLookupAndReopenedCacheAskNothing() throws {
        let engine = CountingEngine()
        let cache = LegCache(directory: folder)
        let first = try legs(of: stops, engine, cache)
        XCTAssertEqual(engine.calls, 4)
        XCTAssertEqual(try legs(of: stops, engine, cache), first)
        XCTAssertEqual(engine.calls, 4, "the second time asks nothing")

        cache.save()
        let reopened = LegCache(directory: folder)
        XCTAssertEqual(try legs(of: stops, engine, reopened), first, "distance, time, source and geometry survive")
        XCTAssertEqual(engine.calls, 4, "a reopened cache asks nothing")
    }

    func testChangingAStopAsksForExactlyItsTwoLegs() throws {
        let engine = CountingEngine()
        let cache = LegCache(directory: folder)
        _ = try legs(of: stops, engine, cache)
        var moved = stops
        moved[2] = coordinate(stops[2].latitude + 0.001, stops[2].longitude)
        _ = try legs(of: moved, engine, cache)
        XCTAssertEqual(engine.calls, 4 + 2)
        // Well under a metre is the same place.
        moved[2] = coordinate(moved[2].latitude + 0.000001, moved[2].longitude - 0.000001)
        _ = try legs(of: moved, engine, cache)
        XCTAssertEqual(engine.calls, 6)
    }

    func testAnotherRouterOrDirectionMisses() {
        let cache = LegCache(directory: folder)
        let leg = RoutedLeg(distanceKm: 385, durationSeconds: 13_000, geometry: [stops[0], stops[1]], source: .osrm)
        cache.store(leg, identity: "osrm http://127.0.0.1:5000 driving", from: stops[0], to: stops[1])
        XCTAssertEqual(cache.leg("osrm http://127.0.0.1:5000 driving", from: stops[0], to: stops[1]), leg)
        XCTAssertNil(cache.leg("osrm http://127.0.0.1:5001 driving", from: stops[0], to: stops[1]))
        XCTAssertNil(cache.leg("osrm http://127.0.0.1:5000 driving", from: stops[1], to: stops[0]))
    }

    func testCorruptFileIsIgnoredAndRebuilt() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data([0xff, 0x00, 0x13, 0x37] + Array("not a cache\n".utf8)).write(to: cacheFile)
        let engine = CountingEngine()
        let cache = LegCache(directory: folder)
        XCTAssertEqual(cache.count, 0)
        _ = try legs(of: stops, engine, cache)
        cache.save()
        XCTAssertTrue(try String(contentsOf: cacheFile, encoding: .utf8).hasPrefix("roadtrip leg cache 3\n"))
        _ = try legs(of: stops, engine, LegCache(directory: folder))
        XCTAssertEqual(engine.calls, 4)
    }

    func testBrokenLinesAreDroppedAndTheRestKept() throws {
        let engine = CountingEngine()
        let cache = LegCache(directory: folder)
        _ = try legs(of: stops, engine, cache)
        cache.save()
        var lines = try String(contentsOf: cacheFile, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: "\t", with: " ")           // fields run together
        lines[2] = lines[2].components(separatedBy: "\t").dropLast().joined(separator: "\t") + "\t~~~~"  // geometry
        try (lines.joined(separator: "\n") + "\n").write(to: cacheFile, atomically: true, encoding: .utf8)

        let reopened = LegCache(directory: folder)
        _ = try legs(of: stops, engine, reopened)
        XCTAssertEqual(engine.calls, 4 + 2, "only the two broken legs are asked again")
        reopened.save()
        _ = try legs(of: stops, engine, LegCache(directory: folder))
        XCTAssertEqual(engine.calls, 6, "and the file is whole again")
    }

    func testUnreadableOrUnwritablePlaceIsNoError() throws {
        // The cache folder's name is taken by a file: nothing can be read or written there.
        try Data("a file".utf8).write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = CountingEngine()
        let cache = LegCache(directory: folder)
        _ = try legs(of: stops, engine, cache)
        cache.save()
        _ = try legs(of: stops, engine, cache)
        XCTAssertEqual(engine.calls, 4, "the legs stay in memory")
    }

    func testSaveWritesOnlyWhenChanged() throws {
        let cache = LegCache(directory: folder)
        cache.save()
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFile.path), "nothing to write")
        _ = try legs(of: stops, CountingEngine(), cache)
        cache.save()
        try FileManager.default.removeItem(at: cacheFile)
        _ = try legs(of: stops, CountingEngine(), cache)
        cache.save()
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFile.path), "lookups change nothing to save")
    }

    func testCountBoundHoldsLeastRecentlyUsedGoFirst() throws {
        let cache = LegCache(directory: folder, capacity: 10)
        let points = (0..<26).map { coordinate(45 + Double($0) * 0.01, 5) }
        let leg = RoutedLeg(distanceKm: 1, durationSeconds: 60, source: .osrm)
        for index in 0..<25 {
            cache.store(leg, identity: "r", from: points[index], to: points[index + 1])
            // The first leg is in use all along.
            XCTAssertNotNil(cache.leg("r", from: points[0], to: points[1]))
        }
        XCTAssertLessThanOrEqual(cache.count, 10)
        XCTAssertNotNil(cache.leg("r", from: points[24], to: points[25]), "the newest stays")
        XCTAssertNotNil(cache.leg("r", from: points[0], to: points[1]), "the one in use stays")
        XCTAssertNil(cache.leg("r", from: points[1], to: points[2]), "an old one unused went")
        cache.save()
        XCTAssertLessThanOrEqual(LegCache(directory: folder, capacity: 10).count, 10)
        let smaller = LegCache(directory: folder, capacity: 3)
        XCTAssertLessThanOrEqual(smaller.count, 3, "a smaller bound applies on reading")
        XCTAssertNotNil(smaller.leg("r", from: points[24], to: points[25]), "keeping the most recently used")
    }

    func testGeometryBoundHolds() throws {
        let cache = LegCache(directory: folder, capacity: 1_000, geometryByteLimit: 20_000)
        let line = (0..<300).map { coordinate(45 + Double($0) * 0.0137, 5 + Double($0) * 0.0071) }
        for index in 0..<40 {
            let from = coordinate(40, Double(index))
            cache.store(RoutedLeg(distanceKm: 1, durationSeconds: 60, geometry: line, source: .osrm), identity: "r",
                        from: from, to: from)
        }
        cache.save()
        let size = try FileManager.default.attributesOfItem(atPath: cacheFile.path)[.size] as? Int ?? .max
        XCTAssertLessThan(size, 20_000 + 40 * 100, "the geometry bound holds, lines add little")
        XCTAssertGreaterThan(cache.count, 0)
    }

    func testIdentityWithTabsLineBreaksAndPercentSurvives() throws {
        let identity = "routino /data/a\tb\nc%09d\re driving"
        let cache = LegCache(directory: folder)
        let leg = RoutedLeg(distanceKm: 385.345678901234, durationSeconds: 13_987.654321, geometry: [stops[0], stops[1]],
                            source: .routino)
        cache.store(leg, identity: identity, from: stops[0], to: stops[1])
        cache.save()
        XCTAssertEqual(LegCache(directory: folder).leg(identity, from: stops[0], to: stops[1]), leg)
        XCTAssertNil(LegCache(directory: folder).leg("routino /data/a\tb\nc\t d\re driving", from: stops[0], to: stops[1]))
    }

    func testConcurrentUse() {
        let cache = LegCache(directory: folder)
        let leg = RoutedLeg(distanceKm: 1, durationSeconds: 60, geometry: [stops[0], stops[1]], source: .osrm)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<500 {
                let from = coordinate(Double(worker), Double(index) * 0.001)
                cache.store(leg, identity: "r", from: from, to: from)
                XCTAssertEqual(cache.leg("r", from: from, to: from), leg)
                if index % 250 == 0 { cache.save() }
            }
        }
        XCTAssertEqual(cache.count, 4_000)
        cache.save()
        XCTAssertEqual(LegCache(directory: folder).count, 4_000)
    }

    /// The tester's reproduction: an engine said 1e300 (or 1e20) and the app died on every start after.
    func testImpossibleLegsAreNeitherKeptNorRead() throws {
        let cache = LegCache(directory: folder)
        for (km, seconds) in [(1e300, 3600.0), (385, 1e300), (385, 1e20), (385, 60), (0.001, 60), (385, 8 * 86_400.0)] {
            cache.store(RoutedLeg(distanceKm: km, durationSeconds: seconds, source: .osrm), identity: "r",
                        from: stops[0], to: stops[1])
        }
        XCTAssertEqual(cache.count, 0, "no impossible answer is kept")

        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let line = { (from: Coordinate, to: Coordinate, km: String, seconds: String) in
            ["r", String(Int((from.latitude * 1e5).rounded())), String(Int((from.longitude * 1e5).rounded())),
             String(Int((to.latitude * 1e5).rounded())), String(Int((to.longitude * 1e5).rounded())),
             km, seconds, "osrm", "0", "0", "", "", "0", "", "", "", ""].joined(separator: "\t")
        }
        let lines = [
            line(stops[0], stops[1], "1e+300", "3600"), line(stops[1], stops[2], "380", "1e+20"),
            line(stops[2], stops[3], "nan", "3600"), line(stops[3], stops[4], "410", "-inf"),
            line(stops[1], stops[0], "385", "13000"),
        ]
        try (["roadtrip leg cache 3"] + lines).joined(separator: "\n").write(to: cacheFile, atomically: true, encoding: .utf8)
        let reopened = LegCache(directory: folder)
        XCTAssertEqual(reopened.count, 1, "only the possible line is read")
        XCTAssertEqual(reopened.leg("r", from: stops[1], to: stops[0])?.durationSeconds, 13_000)
        reopened.save()
        XCTAssertFalse(try String(contentsOf: cacheFile, encoding: .utf8).contains("e+"), "and the file is cleaned")
    }

    func testAnOversizedFileIsReadUpToItsBoundFromItsNewestEnd() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cache = LegCache(directory: folder, capacity: 10, geometryByteLimit: 1_000)
        var text = "roadtrip leg cache 3\n"
        for index in 0..<20_000 {
            text += "r\t\(index)\t0\t\(index)\t0\t0\t0\tosrm\t0\t0\t\t\t0\t\t\t\t\n"
        }
        try text.write(to: cacheFile, atomically: true, encoding: .utf8)
        let file = try XCTUnwrap(try LegCacheFile.read(cacheFile, header: LegCache.header, byteLimit: cache.fileByteLimit))
        XCTAssertTrue(file.header)
        XCTAssertTrue(file.cut)
        XCTAssertLessThanOrEqual(file.lines.reduce(0) { $0 + $1.utf8.count + 1 }, cache.fileByteLimit, "read within the bound")
        XCTAssertEqual(file.lines.last, "r\t19999\t0\t19999\t0\t0\t0\tosrm\t0\t0\t\t\t0\t\t\t\t", "the newest legs, at the end")
        XCTAssertTrue(file.lines.first?.hasPrefix("r\t") ?? false, "from a whole line")
        XCTAssertNotNil(cache.leg("r", from: coordinate(0.19999, 0), to: coordinate(0.19999, 0)))
        XCTAssertLessThanOrEqual(cache.count, 10)
        cache.save()
        XCTAssertLessThan(try Data(contentsOf: cacheFile).count, 1_000, "written back within the bounds")
    }

    func testAFIFOInPlaceOfTheFileIsIgnoredWithoutWaiting() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(cacheFile.path, 0o600), 0)
        let done = DispatchSemaphore(value: 0)
        let cache = LegCache(directory: folder)
        DispatchQueue.global().async {
            _ = cache.count
            done.signal()
        }
        if done.wait(timeout: .now() + 10) == .timedOut {
            // Let the stuck reader go before failing, so the test ends.
            let writer = open(cacheFile.path, O_WRONLY | O_NONBLOCK)
            close(writer)
            XCTFail("reading a FIFO waited for a writer")
        }
        XCTAssertEqual(cache.count, 0)
    }

    /// A save cut short by the end of the process left its temporary file behind (20 after 30 runs).
    func testTemporariesOfEndedProcessesAreRemovedAndALiveOnesKept() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let abandoned = folder.appendingPathComponent(".legs.tsv.roadtrip-tmp-\(ended.processIdentifier)-0a1b2c3d")
        let underWay = folder.appendingPathComponent(".legs.tsv.roadtrip-tmp-\(getpid())-0a1b2c3d")
        let foreign = folder.appendingPathComponent(".legs.tsv.other-\(ended.processIdentifier)")
        for url in [abandoned, underWay, foreign] { try Data("x".utf8).write(to: url) }
        XCTAssertEqual(LegCache(directory: folder).count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned.path), "an ended process's save is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: underWay.path), "a live process's save is left alone")
        XCTAssertTrue(FileManager.default.fileExists(atPath: foreign.path), "other names are not ours")
    }

    func testCloseSavesAndWritesNothingAfter() throws {
        let engine = CountingEngine()
        let cache = LegCache(directory: folder)
        _ = try legs(of: Array(stops.prefix(2)), engine, cache)
        cache.close()
        XCTAssertEqual(LegCache(directory: folder).count, 1, "close saves")
        _ = try legs(of: stops, engine, cache)
        cache.save()
        XCTAssertEqual(LegCache(directory: folder).count, 1, "nothing is written after close")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names, ["legs.tsv"], "and no temporary file is left")
    }

    func testDefaultDirectory() {
        XCTAssertEqual(LegCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]).path,
                       "/x/cache/roadtrip")
        XCTAssertEqual(LegCache.defaultDirectory(environment: ["HOME": "/home/a"]).path, "/home/a/.cache/roadtrip")
    }
}

/// A routing engine that counts what it is asked: straight lines, marked as OSRM's.
private final class CountingEngine: RoutingEngine, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var calls: Int { lock.withLock { count } }
    var source: LegSource { .osrm }
    var identity: String { "counting" }

    func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
        lock.withLock { count += 1 }
        let km = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
        let middle = coordinate(((from.latitude + to.latitude) / 2 * 1e6).rounded() / 1e6,
                                ((from.longitude + to.longitude) / 2 * 1e6).rounded() / 1e6)
        return RoutedLeg(distanceKm: km * 1.2, durationSeconds: km * 50, geometry: [from, middle, to], source: .osrm)
    }
}
