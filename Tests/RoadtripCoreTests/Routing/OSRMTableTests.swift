import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// OSRM's table service on a real `osrm-routed` (the Helsinki test graph, loopback): every cell is the
/// server's own `/route` answer for the pair, a large matrix is asked in blocks the server accepts, and a
/// stop without a road or a pair without a route is a cell without a leg that says why.
final class OSRMTableTests: HelsinkiOSRMTestCase {
    private let centre = [(60.1700, 24.9400), (60.1781, 24.9443), (60.1760, 24.9521), (60.1697, 24.9365),
                          (60.1655, 24.9391), (60.1739, 24.9521), (60.1676, 24.9417)].map { coordinate($0.0, $0.1) }

    /// Every cell against the leg `/route` gives for the same pair (asked one by one through `leg`).
    private func assertMatchesRoutes(_ table: LegMatrix, _ engine: OSRMEngine, file: StaticString = #filePath,
                                     line: UInt = #line) throws {
        let routes = try LegMatrix(table.stops, source: .osrm) { try engine.leg(from: $0, to: $1) }
        for from in table.stops.indices {
            for to in table.stops.indices {
                let cell = table[from, to], route = routes[from, to]
                XCTAssertEqual(cell == nil, route == nil, "\(from)→\(to): \(table.failure(from: from, to: to) ?? "")"
                    + " vs \(routes.failure(from: from, to: to) ?? "")", file: file, line: line)
                guard let cell, let route else { continue }
                // The table's figures are the route's, rounded by the server to 0.1 s and 0.1 m.
                XCTAssertEqual(cell.durationSeconds, route.durationSeconds, accuracy: 0.1, "\(from)→\(to)", file: file, line: line)
                XCTAssertEqual(cell.distanceKm, route.distanceKm, accuracy: 0.001, "\(from)→\(to)", file: file, line: line)
                XCTAssertEqual(cell.source, .osrm)
            }
        }
    }

    func testEveryCellIsTheRoutesLeg() throws {
        let engine = OSRMEngine(baseURL: try runningServer().baseURL)
        let table = try engine.table(centre)
        XCTAssertEqual(table.count, 7)
        XCTAssertEqual(table[3, 3], RoutedLeg(distanceKm: 0, durationSeconds: 0, source: .osrm), "staying put")
        XCTAssertGreaterThan(try XCTUnwrap(table[0, 1]).distanceKm, 0.3, "a real road leg across the centre")
        XCTAssertNotEqual(table[0, 1], table[1, 0], "one-way streets: the matrix is not symmetric")
        try assertMatchesRoutes(table, engine)
    }

    /// A server that takes at most 3 × 3 cells: one request for 7 stops is refused, blocks of 3 are not.
    func testALargeMatrixIsAskedInBlocksTheServerTakes() throws {
        let small = try LocalOSRMServer(graph: try RoutingTools.osrmGraph(for: RoutingTools.helsinkiExtract), maxTableSize: 3)
        defer { small.stop() }
        let whole = try OSRMEngine(baseURL: small.baseURL, tableLimit: 7).table(centre)
        XCTAssertEqual(whole.failure(from: 0, to: 1), "OSRM: HTTP 400 TooBig", "the server's own limit")
        let engine = OSRMEngine(baseURL: small.baseURL, tableLimit: 3)
        let blocks = try engine.table(centre)
        try assertMatchesRoutes(blocks, engine)
        XCTAssertEqual(blocks, try OSRMEngine(baseURL: try runningServer().baseURL).table(centre), "the same as one request")
    }

    func testAStopFarFromAnyRoadHasNoLegsAndThePairWithoutARouteSaysSo() throws {
        let engine = OSRMEngine(baseURL: try runningServer().baseURL)
        // The Gulf of Guinea, and a one-way street cut by the edge of the extract (as in OSRMEngineTests).
        let stops = [coordinate(60.1700, 24.9400), coordinate(0, 0), coordinate(60.1780, 24.9380), coordinate(60.1690, 24.9520)]
        let table = try engine.table(stops)
        for other in [0, 2, 3] {
            XCTAssertNil(table[1, other])
            XCTAssertEqual(table.failure(from: 1, to: other), "OSRM: no road near stop")
            XCTAssertEqual(table.failure(from: other, to: 1), "OSRM: no road near stop")
        }
        XCTAssertNil(table[2, 3])
        XCTAssertEqual(table.failure(from: 2, to: 3), "OSRM: no route")
        XCTAssertNotNil(table[0, 3])
        XCTAssertNil(table.failure(from: 0, to: 3))
    }

    func testNoServerThrowsLikeALeg() throws {
        let port = try LocalOSRMServer.freePort()
        XCTAssertThrowsError(try OSRMEngine(baseURL: URL(string: "http://127.0.0.1:\(port)")!).table(centre)) {
            XCTAssertEqual($0 as? RoutingFailure, .unavailable("OSRM: no server at http://127.0.0.1:\(port)"))
        }
    }

    /// The server's numbers pass the leg door: what no road can be is a cell without a leg and with the reason.
    func testImpossibleFiguresAreCellsWithoutLegs() throws {
        let stops = [coordinate(60.17, 24.94), coordinate(60.18, 24.95), coordinate(41.9, 12.5)]
        let body = """
            {"code":"Ok","durations":[[0,1e300,3600],[120,0,null],[-5,60,0]],
             "distances":[[0,1500,2500000],[1e20,0,1000],[1000,1000,0]],
             "sources":[{"distance":1},{"distance":2},{"distance":1}],
             "destinations":[{"distance":1},{"distance":2},{"distance":1}]}
            """
        var matrix = LegMatrix(stops: stops, source: .osrm)
        try OSRMEngine.tableAnswer(Data(body.utf8), status: 200, rows: 0..<3, columns: 0..<3, into: &matrix)
        XCTAssertEqual(matrix.failure(from: 0, to: 1), "OSRM: impossible answer (over a week of driving)")
        XCTAssertEqual(matrix.failure(from: 0, to: 2), "OSRM: impossible answer (faster than 300 km/h)")
        XCTAssertEqual(matrix.failure(from: 1, to: 0), "OSRM: impossible answer (1e+17 km of road for 1 km as the crow flies)")
        XCTAssertEqual(matrix.failure(from: 1, to: 2), "OSRM: no route")
        XCTAssertEqual(matrix.failure(from: 2, to: 0), "OSRM: impossible answer (not a number)")
        XCTAssertEqual(matrix.failure(from: 2, to: 1), "OSRM: impossible answer (faster than 300 km/h)")
        for (from, to) in [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)] { XCTAssertNil(matrix[from, to]) }
        // A block of the wrong shape is refused whole, before any cell is set.
        var untouched = LegMatrix(stops: stops, source: .osrm)
        XCTAssertThrowsError(try OSRMEngine.tableAnswer(Data(#"{"code":"Ok","durations":[[0]],"distances":[[0]]}"#.utf8),
                                                        status: 200, rows: 0..<3, columns: 0..<3, into: &untouched)) {
            XCTAssertEqual($0 as? RoutingFailure, .badAnswer("OSRM: unreadable answer"))
        }
        XCTAssertEqual(untouched, LegMatrix(stops: stops, source: .osrm))
    }

    func testTheRequestAsksForDurationsAndDistancesOfTheBlock() {
        let engine = OSRMEngine(baseURL: URL(string: "http://127.0.0.1:5000/")!)
        let stops = [coordinate(60.17, 24.94), coordinate(60.18, 24.95), coordinate(60.19, 24.96)]
        XCTAssertEqual(engine.tableURL(stops, rows: 0..<3, columns: 0..<3)?.absoluteString,
                       "http://127.0.0.1:5000/table/v1/driving/24.940000,60.170000;24.950000,60.180000;24.960000,60.190000"
                       + "?annotations=duration,distance")
        XCTAssertEqual(engine.tableURL(stops, rows: 0..<2, columns: 2..<3)?.absoluteString,
                       "http://127.0.0.1:5000/table/v1/driving/24.940000,60.170000;24.950000,60.180000;24.960000,60.190000"
                       + "?annotations=duration,distance&sources=0;1&destinations=2")
    }
}
