import Foundation

extension RouteService {
    /// Whether the caller must start the background loop (under the lock).
    func startIfIdle() -> Bool {
        guard !waiting.isEmpty, !working else { return false }
        working = true
        late.unsettled(.routes)
        return true
    }

    /// The background loop: one request at a time until nothing waits.
    func work() {
        var lastTrip: Trip.ID?
        while true {
            state.lock()
            guard let next = waiting.next() else {
                working = false
                state.broadcast()
                state.unlock()
                // Once more when done, so that a screen showing "routing…" learns that it is over; unless a request
                // came meanwhile and the work goes on.
                late.arrived(.routes, routedTrips: lastTrip.map { [$0] } ?? [])
                if isWorking { late.unsettled(.routes) }
                known.cache?.save()
                return
            }
            switch next {
            case let .leg(leg):
                let engine = leg.engine
                // Asked by another requester meanwhile, or the engine is down: nothing to ask.
                guard known.lookup(leg.key, from: leg.from, to: leg.to) == .unknown else {
                    state.unlock()
                    continue
                }
                inFlight = leg.key
                state.unlock()
                ask(engine, leg)
                lastTrip = leg.trip
            case var .table(table):
                let engine = table.engine
                if let reason = known.downReason {
                    table.matrix.failOpenCells(reason)
                } else if fillKnownCells(&table.matrix, engine: engine, estimate: EstimateEngine(table.settings)) {
                    // Legs learned since it was asked (a screen's) are not asked again.
                    waiting.answering = table.matrix.openCells.count
                    state.unlock()
                    let answer = Result { try engine.table(filling: table.matrix, tableWork(engine, table)) }
                    state.lock()
                    // What an engine answers in one request (OSRM) is counted done when it comes.
                    waiting.answered += waiting.answering
                    waiting.answering = 0
                    switch answer {
                    case let .success(answered): table.matrix.fillOpenCells(from: answered)
                    case .failure(is CancellationError):
                        state.unlock()
                        table.completion(nil)
                        continue
                    case let .failure(error):
                        let failure = error as? RoutingFailure ?? .badAnswer("\(engine.source.engineName): \(error)")
                        known.record(failure, nil, retryAfter: retryAfter)
                        table.matrix.failOpenCells(failure.description)
                    }
                }
                state.unlock()
                table.completion(table.matrix)
            }
        }
    }

    /// What the engine tells while it fills `table`: each leg it asks on its own is kept (whole, with its road) or
    /// its failure recorded, as a leg of a trip would be, so that no pair is asked twice in this run or the next.
    private func tableWork(_ engine: RoutingEngine, _ table: RouteWaiting.Table) -> TableWork {
        let stops = table.matrix.stops, cancel = table.cancel
        return TableWork(answered: { [weak self] from, to, outcome in
            guard let self else { return }
            state.lock()
            defer { state.unlock() }
            waiting.answering -= 1
            waiting.answered += 1
            guard let identity = engine.identity(from: stops[from], to: stops[to]) else { return }
            let key = LegKey(identity: identity, from: stops[from], to: stops[to])
            do {
                known.remember(try outcome.get().checked(from: stops[from], to: stops[to]), key, from: stops[from], to: stops[to])
            } catch {
                known.record(error as? RoutingFailure ?? .badAnswer("\(error)"), key, retryAfter: retryAfter)
            }
        }, isCancelled: { cancel.isCancelled })
    }

    /// Asks the engine for one leg, keeps what it says (or why not) and announces it.
    private func ask(_ engine: RoutingEngine, _ leg: RouteWaiting.Leg) {
        let outcome: Result<RoutedLeg, RoutingFailure>
        do {
            outcome = .success(try engine.leg(from: leg.from, to: leg.to).checked(from: leg.from, to: leg.to))
        } catch let failure as RoutingFailure {
            outcome = .failure(failure)
        } catch {
            outcome = .failure(.badAnswer("\(error)"))
        }
        state.lock()
        inFlight = nil
        waiting.answered += 1
        switch outcome {
        case let .success(answer): known.remember(answer, leg.key, from: leg.from, to: leg.to)
        case let .failure(failure): known.record(failure, leg.key, retryAfter: retryAfter)
        }
        state.broadcast()  // for `routedItinerary`
        state.unlock()
        late.arrived(.routes, routedTrips: [leg.trip], settled: false)
    }
}
