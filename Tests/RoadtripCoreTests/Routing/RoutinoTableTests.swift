import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// A matrix through the real Routino (a database of the Helsinki extract), as the order search asks for it: each
/// pair one `routino-router` run, never asked again in the same run or the next (the leg cache), the same answers
/// as one run after another, and a cancel that kills the runs under way and starts no more. The runs are counted
/// by a wrapper that notes its process id and then becomes `routino-router`.
final class RoutinoTableTests: XCTestCase {
    private static var folder: URL?
    private static var setUpError: Error?
    private var scratch: URL!

    override class func setUp() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-routino-table-\(UUID().uuidString)")
        self.folder = folder
        do {
            try RoutinoDatabase.build(from: RoutingTools.helsinkiExtract, into: folder.appendingPathComponent("routino"),
                                      progress: .hidden, executable: try RoutingTools.routino("planetsplitter"))
        } catch {
            setUpError = error
        }
    }

    override class func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-routino-runs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private let stops = [
        coordinate(60.1700, 24.9400), coordinate(60.1781, 24.9443), coordinate(60.1655, 24.9391),
        coordinate(60.1760, 24.9521), coordinate(60.1739, 24.9521),
    ]

    private func database() throws -> URL {
        if let error = Self.setUpError { throw error }
        return try XCTUnwrap(Self.folder).appendingPathComponent("routino")
    }

    /// `routino-router` behind a script that first writes its process id to `started` (after `pause` seconds of
    /// shell, when given: time to cancel it).
    private func countedRouter(pause: Int? = nil) throws -> String {
        let script = scratch.appendingPathComponent("routino-router")
        try """
            #!/bin/sh
            echo $$ >> '\(started.path)'
            \(pause.map { "sleep \($0)" } ?? "")
            exec '\(try RoutingTools.routino("routino-router"))' "$@"

            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    private var started: URL { scratch.appendingPathComponent("started") }

    private var startedRuns: [pid_t] {
        ((try? String(contentsOf: started, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    private func service(_ engine: RoutinoEngine) -> RouteService {
        RouteService(settings: { Settings() }, makeEngine: { _ in engine },
                     cache: LegCache(directory: scratch.appendingPathComponent("cache")))
    }

    private func table(_ stops: [Coordinate], _ service: RouteService) throws -> LegMatrix {
        let answers = RouteServiceTests.Answers()
        service.table(stops, requester: .commandLine, completion: answers.completion)
        return try XCTUnwrap(answers.next() ?? nil)
    }

    func testEachPairIsAskedOnceAndTheAnswersAreTheSerialOnes() throws {
        let database = try database()
        let engine = RoutinoEngine(databaseDirectory: database, executable: try countedRouter())
        let first = service(engine)
        let four = Array(stops.prefix(4))
        let matrix = try table(four, first)
        XCTAssertEqual(startedRuns.count, 12, "one run per pair")
        let plain = RoutinoEngine(databaseDirectory: database, executable: try RoutingTools.routino("routino-router"))
        XCTAssertEqual(matrix, try LegMatrix(four, source: .routino) { try plain.leg(from: $0, to: $1) },
                       "the same figures as one run after another")

        let five = try table(stops, first)
        XCTAssertEqual(startedRuns.count, 12 + 8, "only the new stop's pairs")
        XCTAssertEqual(five[1, 2], matrix[1, 2])
        let trip = Trip(name: "H", waypoints: stops.map { Waypoint(name: "S", latitude: $0.latitude, longitude: $0.longitude) })
        let legs = first.itinerary(for: trip).legs
        XCTAssertEqual(legs.map(\.source), Array(repeating: .routino, count: 4), "kept as legs")
        XCTAssertTrue(legs.allSatisfy { $0.geometry.count > 2 }, "with their roads")
        XCTAssertTrue(first.waitUntilIdle(timeout: 5))
        XCTAssertEqual(startedRuns.count, 20, "the trip's legs were the matrix's")
        XCTAssertEqual(first.progress, RoutingProgress(done: 20, left: 0))
        first.close()

        let next = service(engine)
        XCTAssertEqual(try table(stops, next), five, "the next run reads them from the leg cache")
        XCTAssertEqual(startedRuns.count, 20)
    }

    func testACancelKillsTheRunsUnderWayAndStartsNoMore() throws {
        // Runs that would take 30 s, and a time-out past the wait below: only the cancel can end them in time.
        let engine = RoutinoEngine(databaseDirectory: try database(), executable: try countedRouter(pause: 30), timeout: 60)
        let routes = service(engine)
        let workers = ParallelLegs.workers
        let found = routes.searchMatrix(stops, requester: .commandLine, isCancelled: { self.startedRuns.count >= workers })
        XCTAssertNil(found, "cancelled")
        XCTAssertTrue(routes.waitUntilIdle(timeout: 10), "the matrix ended without waiting for its runs")
        let runs = startedRuns
        XCTAssertEqual(runs.count, workers, "none started after the cancel")
        for pid in runs {
            XCTAssertEqual(kill(pid, 0), -1, "run \(pid) is gone")
            XCTAssertEqual(errno, ESRCH)
        }
        XCTAssertEqual(routes.progress.left, 0)
    }
}
