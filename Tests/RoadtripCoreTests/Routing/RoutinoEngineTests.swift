import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// Debian's routino (installed by `make test-deps`): a database built from the Helsinki extract with
/// `roadtrip routing-data`'s own builder, and the engine's legs checked against `routino-router` run here.
final class RoutinoEngineTests: XCTestCase {
    private static var folder: URL?
    private static var setUpError: Error?

    override class func setUp() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-routino-\(UUID().uuidString)")
        self.folder = folder
        do {
            _ = try RoutingTools.routino("planetsplitter")
            try RoutinoDatabase.build(from: RoutingTools.helsinkiExtract, into: folder.appendingPathComponent("routino"),
                                      progress: .hidden)
        } catch {
            setUpError = error
        }
    }

    override class func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The database, or the reason it is missing as this test's failure (never a skip).
    private func database() throws -> URL {
        if let error = Self.setUpError { throw error }
        _ = try RoutingTools.routino("routino-router")
        return try XCTUnwrap(Self.folder).appendingPathComponent("routino")
    }

    /// Routino has no matrix service: its table is one leg per pair, and a stop without a road says so.
    func testTheTableIsOneLegPerPair() throws {
        let engine = RoutinoEngine(databaseDirectory: try database())
        let stops = [coordinate(60.1700, 24.9400), coordinate(60.1781, 24.9443), coordinate(0, 0)]
        let table = try engine.table(stops)
        XCTAssertEqual(table[0, 1]?.distanceKm, try engine.leg(from: stops[0], to: stops[1]).distanceKm)
        XCTAssertEqual(table[1, 0]?.durationSeconds, try engine.leg(from: stops[1], to: stops[0]).durationSeconds)
        XCTAssertEqual(table[1, 0]?.source, .routino)
        XCTAssertNil(table[0, 2])
        XCTAssertEqual(table.failure(from: 2, to: 1), "Routino: no road near stop")
    }

    func testLegsMatchRoutinoRunDirectly() throws {
        let database = try database()
        let engine = RoutinoEngine(databaseDirectory: database)
        let pairs = [
            (coordinate(60.1700, 24.9400), coordinate(60.1781, 24.9443)),
            (coordinate(60.1655, 24.9391), coordinate(60.1760, 24.9521)),
            (coordinate(60.1739, 24.9521), coordinate(60.1697, 24.9365)),
        ]
        for (from, to) in pairs {
            let leg = try engine.leg(from: from, to: to)
            let text = String(decoding: try RoutingTools.run(try RoutingTools.routino("routino-router"), [
                "--dir=\(database.path)", "--profile=motorcar", "--quickest",
                "--lat1=\(from.latitude)", "--lon1=\(from.longitude)", "--lat2=\(to.latitude)", "--lon2=\(to.longitude)",
                "--output-text-all", "--output-stdout",
            ], timeout: 30), as: UTF8.self)
            let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
                .map { $0.split(whereSeparator: { $0 == "\t" || $0 == " " }) }
            let first = try XCTUnwrap(rows.first), last = try XCTUnwrap(rows.last)
            XCTAssertEqual(leg.source, .routino)
            XCTAssertEqual(leg.distanceKm, try XCTUnwrap(Double(last[6])), accuracy: 1e-9)
            XCTAssertEqual(leg.durationSeconds, try XCTUnwrap(Double(last[7])) * 60, accuracy: 1e-9)
            XCTAssertGreaterThan(leg.distanceKm, 0.3, "a real road leg across the centre")
            XCTAssertEqual(leg.geometry.count, rows.count)
            XCTAssertEqual(leg.geometry.first?.latitude ?? 0, try XCTUnwrap(Double(first[0])), accuracy: 1e-9)
            XCTAssertEqual(leg.geometry.first?.longitude ?? 0, try XCTUnwrap(Double(first[1])), accuracy: 1e-9)
            XCTAssertEqual(leg.geometry.last?.latitude ?? 0, try XCTUnwrap(Double(last[0])), accuracy: 1e-9)
            XCTAssertEqual(leg.geometry.last?.longitude ?? 0, try XCTUnwrap(Double(last[1])), accuracy: 1e-9)
        }
    }

    func testStopFarFromAnyRoad() throws {
        let engine = RoutinoEngine(databaseDirectory: try database())
        XCTAssertThrowsError(try engine.leg(from: coordinate(0, 0), to: coordinate(60.1700, 24.9400))) {
            XCTAssertEqual($0 as? RoutingFailure, .noRoute("Routino: no road near stop"))
        }
    }

    func testPointsNoRoadConnects() throws {
        let engine = RoutinoEngine(databaseDirectory: try database())
        XCTAssertThrowsError(try engine.leg(from: coordinate(60.1780, 24.9380), to: coordinate(60.1690, 24.9520))) {
            XCTAssertEqual($0 as? RoutingFailure, .noRoute("Routino: no route"))
        }
    }

    func testMissingDatabaseSaysHowToBuildOne() throws {
        let empty = try XCTUnwrap(Self.folder).appendingPathComponent("empty")
        XCTAssertThrowsError(try RoutinoEngine(databaseDirectory: empty).leg(from: coordinate(60.17, 24.94),
                                                                             to: coordinate(60.175, 24.95))) {
            XCTAssertEqual($0 as? RoutingFailure, .unavailable(
                "Routino: no database in \(empty.path) (build one: roadtrip routing-data FILE.osm.pbf)"))
        }
    }

    func testProgramNotInstalled() throws {
        let engine = RoutinoEngine(databaseDirectory: try database(), executable: "roadtrip-no-routino-router")
        XCTAssertThrowsError(try engine.leg(from: coordinate(60.17, 24.94), to: coordinate(60.175, 24.95))) {
            XCTAssertEqual($0 as? RoutingFailure, .unavailable("Routino: roadtrip-no-routino-router is not installed"))
        }
    }

    func testTimeOutKillsTheRouter() throws {
        let database = try database()
        let scratch = try XCTUnwrap(Self.folder).appendingPathComponent("slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let pidFile = scratch.appendingPathComponent("pid"), script = scratch.appendingPathComponent("routino-router")
        try "#!/bin/sh\necho $$ > '\(pidFile.path)'\nexec sleep 60\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let engine = RoutinoEngine(databaseDirectory: database, executable: script.path, timeout: 0.5)
        XCTAssertThrowsError(try engine.leg(from: coordinate(60.17, 24.94), to: coordinate(60.175, 24.95))) {
            XCTAssertEqual($0 as? RoutingFailure, .timedOut("Routino: timed out after 0.5 s"))
        }
        let pid = try XCTUnwrap(pid_t(try String(contentsOf: pidFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, 0), -1, "the engine is gone")
        XCTAssertEqual(errno, ESRCH)
    }

    func testUnreadableAnswerAndOtherFailures() throws {
        XCTAssertThrowsError(try RoutinoEngine.parse(Data("# only comments\n".utf8))) {
            XCTAssertEqual($0 as? RoutingFailure, .badAnswer("Routino: empty answer"))
        }
        for unreadable in [" 60.1\t24.9\t-1\tWaypt#1\tx\n", " 60.1x\t24.9\t-1\tWaypt#1\t0\t0\t0\t0\n",
                           " 60.1\t24.9\t-1\tWaypt#1\t0\t0\tnan\t0\n", " 95\t24.9\t-1\tWaypt#1\t0\t0\t0\t0\n",
                           " 60.\(String(repeating: "1", count: 70))\t24.9\t-1\tWaypt#1\t0\t0\t0\t0\n"] {
            XCTAssertThrowsError(try RoutinoEngine.parse(Data(unreadable.utf8)), unreadable) {
                XCTAssertEqual($0 as? RoutingFailure, .badAnswer("Routino: unreadable answer"))
            }
        }
        let leg = try RoutinoEngine.parse(Data("""
            #Latitude\tLongitude
             60.170003\t  24.940115\t      -1 \tWaypt#1\t0.000\t 0.00\t 0.00\t  0.0\t\t\t
             60.175001\t  24.950180\t      -2 \tWaypt#2\t0.079\t 0.12\t 1.77\t  2.9\t 88\t 178\tUnioninkatu

            """.utf8))
        XCTAssertEqual(leg, RoutedLeg(distanceKm: 1.77, durationSeconds: 2.9 * 60,
                                      geometry: [coordinate(60.170003, 24.940115), coordinate(60.175001, 24.950180)],
                                      source: .routino))
        let crlf = " 60.170003\t24.940115\t-1\tWaypt#1\t0.000\t0.00\t0.00\t0.0\r\n"
            + " 60.175001\t24.950180\t-2\tWaypt#2\t0.079\t0.12\t1.77\t2.9\r\n"
        XCTAssertEqual(try RoutinoEngine.parse(Data(crlf.utf8)), leg, "Windows line ends read alike")
    }

    func testIdentityNamesDatabaseAndProfile() {
        XCTAssertEqual(RoutinoEngine(databaseDirectory: URL(fileURLWithPath: "/data/routino")).identity,
                       "routino /data/routino motorcar")
    }
}
