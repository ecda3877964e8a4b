import Foundation

extension RouteService {
    /// The itinerary from what is known now, stamped with the late data it stands on (`Itinerary.basis`). With a
    /// `requester`, the unknown legs are asked for in its name, replacing what it asked for before.
    public func itinerary(for trip: Trip, requester: RouteRequester? = nil) -> Itinerary {
        let settings = settings().applying(trip)
        let basis = late.current
        let stops = trip.waypoints
        guard stops.count > 1 else {
            var alone = Itinerary(trip: trip, legs: [], settings: settings)
            alone.basis = basis
            return alone
        }
        state.lock()
        let engine = currentEngine(for: settings)
        let previous = recent[trip.id]
        var estimated: String?
        let (legs, missing) = withEstimate(settings, for: trip.id) { estimate in
            var legs: [Itinerary.Leg] = []
            legs.reserveCapacity(stops.count - 1)
            var missing: [RouteWaiting.Leg] = []
            // Unwrapped once: copying the optional engine out for each leg cost a 500-stop trip 0.14 M instructions.
            guard let engine else {
                estimated = Self.estimateKind(estimate)
                let earlier = previous.flatMap { recentEstimates[trip.id] == estimated && $0.basis == basis ? $0 : nil }
                let (oldStops, oldLegs) = (earlier?.clockMemo.stops ?? [], earlier?.legs ?? [])
                for index in 0..<(stops.count - 1) {
                    let from = stops[index].coordinate, to = stops[index + 1].coordinate
                    if index < oldLegs.count, index + 1 < oldStops.count, oldStops[index].coordinate == from,
                       oldStops[index + 1].coordinate == to {
                        legs.append(oldLegs[index])
                    } else {
                        legs.append(.init(from: index, estimate.leg(from: from, to: to)))
                    }
                }
                return (legs, missing)
            }
            for index in 0..<(stops.count - 1) {
                let from = stops[index].coordinate, to = stops[index + 1].coordinate
                guard let identity = engine.identity(from: from, to: to) else {
                    legs.append(.init(from: index, estimate.leg(from: from, to: to)))
                    continue
                }
                let key = LegKey(identity: identity, from: from, to: to)
                switch known.lookup(key, from: from, to: to) {
                case let .leg(leg):
                    legs.append(.init(from: index, leg))
                case let .failed(reason):
                    legs.append(.init(from: index, estimate.leg(from: from, to: to), note: reason))
                case .unknown:
                    legs.append(.init(from: index, estimate.leg(from: from, to: to)))
                    if key != inFlight {
                        missing.append(.init(key: key, from: from, to: to, trip: trip.id, engine: engine))
                    }
                }
            }
            return (legs, missing)
        }
        // What this requester needs now replaces what it had waiting: an edit cancels its stale requests.
        if let requester, engine != nil { waiting.replaceLegs(of: requester, with: missing) }
        let start = startIfIdle()
        state.unlock()
        if start { queue.async { [weak self] in self?.work() } }
        var itinerary = Itinerary(trip: trip, legs: legs, settings: settings, reusing: previous)
        itinerary.basis = basis
        state.lock()
        if recent.count >= Self.recentLimit, recent[trip.id] == nil { (recent, recentEstimates) = ([:], [:]) }
        recent[trip.id] = itinerary
        recentEstimates[trip.id] = estimated
        state.unlock()
        return itinerary
    }

    /// What an estimate's legs are a function of besides their two ends: its figures and water check (its identity),
    /// and whether that check is the loop's, which leaves a pair not measured yet over land for now (`WaterOnLoop`).
    private static func estimateKind(_ estimate: EstimateEngine) -> String {
        estimate.identity + (estimate.water is WaterOnLoop ? " on loop" : "")
    }

    /// The itinerary once the engine has answered (or failed) every leg, asked in `requester`'s name: blocks, so
    /// it is for the command line and for work off the loop, which wait for the shorelines too. nil when
    /// `isCancelled` says so first (asked between answers). Each leg ends at the engine's time-out, and an
    /// engine that is down fails the rest at once.
    public func routedItinerary(for trip: Trip, requester: RouteRequester,
                                isCancelled: () -> Bool = { false }) -> Itinerary? {
        late.ready(for: [.shorelines])
        while true {
            _ = itinerary(for: trip, requester: requester)
            // Read again once every leg is in: the answers that came since the request are in it then.
            if !hasUnknownLegs(trip) { return itinerary(for: trip) }
            if isCancelled() { return nil }
            state.lock()
            // Woken by each answer (`ask`); the time-out only bounds a wait for one that came in between.
            _ = state.wait(until: Date().addingTimeInterval(0.25))
            state.unlock()
        }
    }

    /// Blocks until nothing is waiting (the command line's `show`, which has no loop to update), or until
    /// `timeout`; returns whether it is idle. Each request ends at the engine's own time-out, and an engine
    /// that failed as down stops the rest, so without a timeout this still ends.
    @discardableResult
    public func waitUntilIdle(timeout: TimeInterval = .infinity) -> Bool {
        let deadline = Date().addingTimeInterval(min(timeout, 1e9))
        state.lock()
        defer { state.unlock() }
        while working {
            guard state.wait(until: deadline) else { return !working }
        }
        return true
    }

    /// Whether a leg of the trip is neither answered nor failed yet.
    private func hasUnknownLegs(_ trip: Trip) -> Bool {
        state.lock()
        defer { state.unlock() }
        guard let engine = currentEngine(for: settings().applying(trip)) else { return false }
        return zip(trip.waypoints, trip.waypoints.dropFirst()).contains { from, to in
            guard let identity = engine.identity(from: from.coordinate, to: to.coordinate) else { return false }
            return known.lookup(LegKey(identity: identity, from: from.coordinate, to: to.coordinate),
                                from: from.coordinate, to: to.coordinate) == .unknown
        }
    }
}
