import Foundation
import RoadtripCore
import RoadtripTestSupport

/// The matrix a solver needs (issue 19's routing matrix, issue 22's costs): 50 seeded stops across central
/// Helsinki on the local `osrm-routed`, as one `/table` request and as 2,450 `/route` requests, one per pair.
/// - `route.osrm.table50.table`: the 50 × 50 table (median of 10 runs);
/// - `route.osrm.table50.pairs`: the same matrix pair by pair (median of 3 runs);
/// - `route.osrm.table50.maxdiff`: the largest difference between the two, over the cells both have (random
///   points in the small extract often lie on roads cut by its edge: those pairs have no route either way);
/// - `optimise.osrm14`: issue 22's order of 14 scrambled Helsinki stops (`TourReference.helsinki`), the `/table`
///   request and the solve, median of 10 runs, with the order's driving time; `ref.osrm_trip`: OSRM's own `/trip`
///   request on the same stops (source=first, destination=last, roundtrip=false), median of 10, with its time.
func runRoutingTableBenchmarks(_ server: LocalOSRMServer) throws {
    var random = SeededGenerator(seed: 50)
    let stops = (0..<50).map { _ in
        try! Coordinate(latitude: .random(in: 60.163...60.180, using: &random),
                        longitude: .random(in: 24.930...24.955, using: &random))
    }
    let engine = OSRMEngine(baseURL: server.baseURL)
    func milliseconds(_ runs: Int, _ body: () throws -> LegMatrix) rethrows -> (median: Double, matrix: LegMatrix) {
        var samples: [Double] = []
        var last: LegMatrix?
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            last = try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return (UIBench.percentile(samples.sorted(), 0.5), last!)
    }
    let table = try milliseconds(10) { try engine.table(stops) }
    let pairs = try milliseconds(3) { try LegMatrix(stops, source: .osrm) { try engine.leg(from: $0, to: $1) } }
    var seconds = 0.0, metres = 0.0, cells = 0, disagreeing = 0
    for from in stops.indices {
        for to in stops.indices where from != to {
            guard let one = table.matrix[from, to], let other = pairs.matrix[from, to] else {
                if (table.matrix[from, to] == nil) != (pairs.matrix[from, to] == nil) { disagreeing += 1 }
                continue
            }
            seconds = max(seconds, abs(one.durationSeconds - other.durationSeconds))
            metres = max(metres, abs(one.distanceKm - other.distanceKm) * 1000)
            cells += 1
        }
    }
    print("route.osrm.table50.table \(String(format: "%.1f", table.median)) ms")
    print("route.osrm.table50.pairs \(String(format: "%.1f", pairs.median)) ms")
    print("route.osrm.table50.maxdiff \(String(format: "%.2f", seconds)) s \(String(format: "%.2f", metres)) m "
          + "over the \(cells) cells both have; \(disagreeing) have a leg in one only")
    try runOSRMTripReference(server)
}

private func runOSRMTripReference(_ server: LocalOSRMServer) throws {
    var random = SeededGenerator(seed: 14)
    let stops = TourReference.helsinki.shuffled(using: &random)
    let trip = Trip(name: "Helsinki", waypoints: stops.enumerated().map {
        Waypoint(name: "S\($0.offset + 1)", latitude: $0.element.latitude, longitude: $0.element.longitude)
    })
    let engine = OSRMEngine(baseURL: server.baseURL)
    var ours: [Double] = [], cost = 0.0
    for _ in 0..<10 {
        let start = DispatchTime.now().uptimeNanoseconds
        let matrix = try engine.table(stops)
        let order = TripOptimisation.solve(trip, matrix: matrix).order
        ours.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        cost = zip(order, order.dropFirst()).reduce(0) { $0 + (matrix[$1.0, $1.1]?.durationSeconds ?? .nan) }
    }
    let theirs = try (0..<10).map { _ in try TourReference.osrmTrip(stops, server: server.baseURL) }
    print(String(format: "optimise.osrm14 %.1f ms (%.1f s of driving)", UIBench.percentile(ours.sorted(), 0.5), cost))
    print(String(format: "ref.osrm_trip %.1f ms (%.1f s of driving)",
                 UIBench.percentile(theirs.map(\.milliseconds).sorted(), 0.5), theirs[0].durationSeconds))
}
