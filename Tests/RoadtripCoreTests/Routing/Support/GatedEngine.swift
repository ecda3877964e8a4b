import Foundation
@testable import RoadtripCore

/// An engine that answers like the estimate but as "osrm", after the test opens the gate; or fails.
final class GatedEngine: RoutingEngine, @unchecked Sendable {
    let source = LegSource.osrm
    let identity = "gated"
    private let lock = NSLock()
    private var requests: [(Coordinate, Coordinate)] = []
    private let gate = DispatchSemaphore(value: 0)
    var failure: RoutingFailure?
    /// An answer no road could give, instead of the estimate's.
    var absurd: (km: Double, seconds: Double)?

    var asked: [(Coordinate, Coordinate)] { lock.lock(); defer { lock.unlock() }; return requests }

    func open(_ count: Int = 1) { for _ in 0..<count { gate.signal() } }

    func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
        lock.lock()
        requests.append((from, to))
        lock.unlock()
        gate.wait()
        if let failure { throw failure }
        if let absurd { return RoutedLeg(distanceKm: absurd.km, durationSeconds: absurd.seconds, source: .osrm) }
        var leg = EstimateEngine(detour: 1.1, speedKmh: 100).leg(from: from, to: to)
        leg.source = .osrm
        return leg
    }
}
