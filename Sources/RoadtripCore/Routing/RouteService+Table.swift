import Foundation

extension RouteService {
    /// The distance and driving time from each of `stops` to every other, for `requester`: the known legs
    /// (the itinerary's lookup) and the rest from the engine in the requester's turn, in as few requests as
    /// the engine allows (OSRM's table), or leg by leg on every core (Routino), each such leg kept whole with its
    /// road (a table's OSRM cells are not kept as legs: they have no road to draw). `cancel` stops the asking: the
    /// legs under way are killed, those answered kept.
    ///
    /// `completion` runs once: at once when nothing needs asking (the estimate setting, every leg known, the
    /// engine down), else on the routing queue; with nil when the requester asked for another matrix, or the
    /// settings changed, before this one was asked.
    public func table(_ stops: [Coordinate], of trip: Trip? = nil, requester: RouteRequester,
                      cancel: TableCancel = TableCancel(), completion: @escaping @Sendable (LegMatrix?) -> Void) {
        let settings = trip.map(settings().applying) ?? settings()
        state.lock()
        guard let engine = currentEngine(for: settings) else {
            state.unlock()
            completion(EstimateEngine(settings).table(stops))
            return
        }
        var matrix = LegMatrix(stops: stops, source: engine.source)
        let open = fillKnownCells(&matrix, engine: engine, estimate: EstimateEngine(settings))
        guard open else {
            state.unlock()
            completion(matrix)
            return
        }
        let replaced = waiting.replaceTable(of: requester, with: .init(matrix: matrix, cancel: cancel, completion: completion,
                                                                               engine: engine, settings: settings))
        let start = startIfIdle()
        state.unlock()
        replaced?.completion(nil)
        if start { queue.async { [weak self] in self?.work() } }
    }

    /// Whether more than `limit` pairs of `stops` are neither known nor failed (counting stops at the first past it).
    func hasMoreUnknownPairs(_ stops: [Coordinate], _ settings: Settings, than limit: Int) -> Bool {
        state.lock()
        defer { state.unlock() }
        guard let engine = currentEngine(for: settings) else { return false }
        var unknown = 0
        for from in stops.indices {
            for to in stops.indices where from != to {
                guard let identity = engine.identity(from: stops[from], to: stops[to]),
                      known.lookup(LegKey(identity: identity, from: stops[from], to: stops[to]), from: stops[from], to: stops[to])
                        == .unknown else { continue }
                unknown += 1
                if unknown > limit { return true }
            }
        }
        return false
    }

    /// Fills the open cells of `matrix` from the known legs (under the lock); returns whether any is still open.
    /// A leg the engine leaves to the estimate (router auto outside the regions) is the plain estimate, not checked
    /// for water: the matrix of a big trip has n² legs.
    func fillKnownCells(_ matrix: inout LegMatrix, engine: RoutingEngine, estimate: EstimateEngine) -> Bool {
        let stops = matrix.stops
        var open = false
        for (from, to) in matrix.openCells {
            guard let identity = engine.identity(from: stops[from], to: stops[to]) else {
                matrix.set(estimate.leg(from: stops[from], to: stops[to]), from: from, to: to)
                continue
            }
            switch known.lookup(LegKey(identity: identity, from: stops[from], to: stops[to]), from: stops[from], to: stops[to]) {
            case let .leg(leg): matrix.set(leg, from: from, to: to)
            case let .failed(reason): matrix.fail(from: from, to: to, reason)
            case .unknown: open = true
            }
        }
        return open
    }
}
