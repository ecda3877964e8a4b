import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The optimiser on real roads (issue 22): a real `osrm-routed` on the Helsinki test graph, on loopback, through
/// the route service as `roadtrip optimise` uses it. The matrix the search weighs is the legs a trip drives, and
/// the order it finds drives no longer than OSRM's own `/trip` service's on the same stops.
final class TripOptimisationOSRMReferenceTests: HelsinkiOSRMTestCase {
    /// A fresh route service on the server, with no cache: what the command line makes for each question.
    private func service() throws -> RouteService {
        var settings = Settings()
        settings.router = .osrm
        settings.osrmURL = try runningServer().baseURL.absoluteString
        return RouteService(settings: { settings }, makeEngine: RoutingEngines.make, cache: nil, water: TestWater.shared)
    }

    /// The service's table for `stops`, waited for (bounded).
    private func table(_ stops: [Coordinate]) throws -> LegMatrix {
        let service = try service()
        defer { service.close() }
        let answer = Answer()
        service.table(stops, requester: RouteRequester("solver", priority: .background)) { answer.give($0) }
        return try XCTUnwrap(answer.wait(), "the table did not come within 30 s")
    }

    private final class Answer: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private var matrix: LegMatrix?

        func give(_ matrix: LegMatrix?) {
            self.matrix = matrix
            ready.signal()
        }

        func wait() -> LegMatrix? {
            ready.wait(timeout: .now() + 30) == .success ? matrix : nil
        }
    }

    /// A trip of `stops` in the order given, and its driving time as `/route` gives each leg.
    private func routed(_ stops: [Coordinate]) throws -> (trip: Trip, drivingSeconds: Double) {
        let trip = Trip(name: "Helsinki", waypoints: stops.enumerated().map {
            Waypoint(name: "S\($0.offset + 1)", latitude: $0.element.latitude, longitude: $0.element.longitude)
        })
        let service = try service()
        defer { service.close() }
        _ = service.itinerary(for: trip, requester: .commandLine)
        XCTAssertTrue(service.waitUntilIdle(timeout: 30))
        let itinerary = service.itinerary(for: trip)
        XCTAssertTrue(itinerary.legs.allSatisfy { $0.source == .osrm }, "every leg routed: \(itinerary.notes)")
        return (trip, itinerary.drivingSeconds)
    }

    /// Every cell of the table (one `/table` request) is the leg `/route` gives the pair, within 1 s or 0.5 %.
    func testTheTableIsTheLegsARouteDrives() throws {
        let stops = Array(TourReference.helsinki.prefix(8))
        let matrix = try table(stops)
        XCTAssertEqual(matrix.source, .osrm)
        let engine = OSRMEngine(baseURL: try runningServer().baseURL)
        var worst = 0.0
        for from in stops.indices {
            for to in stops.indices where from != to {
                let cell = try XCTUnwrap(matrix[from, to], "\(from)→\(to): \(matrix.failure(from: from, to: to) ?? "")")
                let route = try engine.leg(from: stops[from], to: stops[to])
                let difference = abs(cell.durationSeconds - route.durationSeconds)
                XCTAssertLessThanOrEqual(difference, max(1, route.durationSeconds * 0.005),
                                         "\(from)→\(to): table \(cell.durationSeconds) s, route \(route.durationSeconds) s")
                XCTAssertGreaterThan(route.durationSeconds, 0)
                worst = max(worst, difference)
            }
        }
        print(String(format: "OSRM /table vs /route, 8 stops: worst difference %.2f s", worst))
    }

    /// Scrambled trips of 10 and of all 14 stops (the first and last stay): the order found drives no longer than
    /// OSRM's `/trip` order, by the legs `/route` gives, and is the better or equal one by the table too.
    func testTheOrderFoundDrivesNoLongerThanOSRMsTrip() throws {
        let server = try runningServer()
        var generator = SeededGenerator(seed: 10)
        for count in [10, 14] {
            let stops = Array(TourReference.helsinki.shuffled(using: &generator).prefix(count))
            let (trip, before) = try routed(stops)
            let matrix = try table(stops)
            let optimised = TripOptimisation.solve(trip, matrix: matrix)
            XCTAssertTrue(optimised.isOptimal, "\(count - 2) free stops: proven")
            XCTAssertFalse(optimised.usesMissingLegs)
            let ours = try routed(optimised.order.map { stops[$0] }).drivingSeconds
            let osrm = try TourReference.osrmTrip(stops, server: server.baseURL)
            let theirs = try routed(osrm.order.map { stops[$0] }).drivingSeconds
            print(String(format: "Helsinki, %d scrambled stops: %.1f s as drawn, %.1f s optimised, OSRM /trip %.1f s "
                         + "(its own figure %.1f s)", count, before, ours, theirs, osrm.durationSeconds))
            XCTAssertLessThan(ours, before * 0.8, "\(count) stops: the scramble is far from the best")
            XCTAssertLessThanOrEqual(ours, theirs + 0.5, "\(count) stops: ours \(optimised.order), OSRM's \(osrm.order)")
            XCTAssertLessThanOrEqual(ours, osrm.durationSeconds + 1, "\(count) stops, against /trip's own total")
            let problem = TourProblem(count: count) { matrix[$0, $1]?.durationSeconds }
            XCTAssertLessThanOrEqual(problem.total(optimised.order), problem.total(osrm.order) + 1e-6)
        }
    }
}
