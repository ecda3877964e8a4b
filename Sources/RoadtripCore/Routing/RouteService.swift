import Foundation

/// Gives every screen and command a trip's itinerary at once, from the legs known now (`KnownLegs`: the
/// chosen engine's answers, remembered and kept in the leg cache), else the estimate. Legs still unknown are
/// asked of the engine on a background queue, one request at a time, for the most urgent requester first
/// (`RouteRequester`); each answer is handed to `deliver` (the app's loop), which publishes `.routesArrived` so
/// the screens read the itinerary again. A matrix between many stops (`table`) comes the same way.
///
/// A failed leg falls back to the estimate with the reason as its note. An engine that is down (no server,
/// a time-out) is not asked again for `retryAfter` seconds, so a dead server costs one wait, not one per leg.
/// A requester asking again, for another trip or the same trip after an edit, replaces what it had waiting:
/// requests for legs that no longer matter are never sent.
public final class RouteService: @unchecked Sendable {
    /// The engine for the current settings; nil when the settings ask for the estimate.
    public typealias EngineFactory = (Settings) -> RoutingEngine?

    /// Internal for the search's matrix (`RouteService+Search`).
    let settings: () -> Settings
    private let makeEngine: EngineFactory
    private let deliver: (@escaping () -> Void) -> Void
    private let feed: ChangeFeed?
    private let retryAfter: TimeInterval
    /// Marks the estimated legs that cross open sea (nil: none is).
    private let water: WaterCrossing?
    private let queue = DispatchQueue(label: "roadtrip.routing")
    /// Guards everything below; broadcast when the work runs out (`waitUntilIdle`).
    private let state = NSCondition()
    private var engine: RoutingEngine?
    private let known: KnownLegs
    private var waiting = RouteWaiting()
    /// The leg being asked for now: not queued again while its answer is on the way.
    private var inFlight: LegKey?
    private var working = false
    /// Trips whose news is posted to the loop but not yet published: answers that arrive meanwhile join them,
    /// so a burst of answers redraws a screen once, not once per leg.
    private var unpublished: Set<Trip.ID> = []
    /// The last itinerary of each trip shown lately, lending its clock to the next (`Itinerary.init(reusing:)`):
    /// a key that moves a stop works out the arrivals it changed, not all of them.
    private var recent: [Trip.ID: Itinerary] = [:]
    private static let recentLimit = 8

    /// `deliver` runs a closure on the main thread (the app's `post`); without a feed (the command line)
    /// nothing is published and `wait` gives the answers.
    public init(settings: @escaping () -> Settings, makeEngine: @escaping EngineFactory, cache: LegLookup?,
                feed: ChangeFeed?, retryAfter: TimeInterval = 30, water: WaterCrossing? = .shared,
                deliver: @escaping (@escaping () -> Void) -> Void) {
        self.settings = settings
        self.water = water
        self.makeEngine = makeEngine
        known = KnownLegs(cache: cache)
        self.feed = feed
        self.retryAfter = retryAfter
        self.deliver = deliver
    }

    /// The itinerary from what is known now. With a `requester`, the unknown legs are asked for in its name,
    /// replacing what it asked for before.
    public func itinerary(for trip: Trip, requester: RouteRequester? = nil) -> Itinerary {
        let settings = settings()
        let estimate = EstimateEngine(settings, water: waterNow)
        let stops = trip.waypoints
        guard stops.count > 1 else { return Itinerary(trip: trip, legs: [], settings: settings) }
        state.lock()
        let engine = currentEngine(for: settings)
        var legs: [Itinerary.Leg] = []
        legs.reserveCapacity(stops.count - 1)
        var missing: [RouteWaiting.Leg] = []
        for index in 0..<(stops.count - 1) {
            let from = stops[index].coordinate, to = stops[index + 1].coordinate
            guard let identity = engine?.identity(from: from, to: to) else {
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
                if key != inFlight { missing.append(.init(key: key, from: from, to: to, trip: trip.id)) }
            }
        }
        // What this requester needs now replaces what it had waiting: an edit cancels its stale requests.
        if let requester, engine != nil { waiting.replaceLegs(of: requester, with: missing) }
        let start = startIfIdle()
        let previous = recent[trip.id]
        state.unlock()
        if start { queue.async { [weak self] in self?.work() } }
        let itinerary = Itinerary(trip: trip, legs: legs, settings: settings, reusing: previous)
        state.lock()
        if recent.count >= Self.recentLimit, recent[trip.id] == nil { recent.removeAll() }
        recent[trip.id] = itinerary
        state.unlock()
        return itinerary
    }

    /// The itinerary once the engine has answered (or failed) every leg, asked in `requester`'s name: blocks, so
    /// it is for the command line and for work off the loop. nil when `isCancelled` says so first (asked between
    /// answers). Each leg ends at the engine's time-out, and an engine that is down fails the rest at once.
    public func routedItinerary(for trip: Trip, requester: RouteRequester,
                                isCancelled: () -> Bool = { false }) -> Itinerary? {
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

    /// Whether a leg of the trip is neither answered nor failed yet.
    private func hasUnknownLegs(_ trip: Trip) -> Bool {
        state.lock()
        defer { state.unlock() }
        guard let engine = currentEngine(for: settings()) else { return false }
        return zip(trip.waypoints, trip.waypoints.dropFirst()).contains { from, to in
            guard let identity = engine.identity(from: from.coordinate, to: to.coordinate) else { return false }
            return known.lookup(LegKey(identity: identity, from: from.coordinate, to: to.coordinate),
                                from: from.coordinate, to: to.coordinate) == .unknown
        }
    }

    /// The trip's distance from the legs known now (no requests, no days): for lists of many trips. With it, the
    /// longest stretch driven between two nights (driving and visits, seconds): what says whether a day could
    /// overrun past midnight (`endDate(of:longestDay:)`).
    public func distance(of trip: Trip) -> (km: Double, estimated: Bool, longestDay: Double) {
        let stops = trip.waypoints
        guard stops.count > 1 else { return (0, false, 0) }
        let settings = settings()
        let estimate = EstimateEngine(settings, water: waterNow)
        state.lock()
        defer { state.unlock() }
        let engine = currentEngine(for: settings)
        var km = 0.0, day = 0.0, longest = 0.0
        var estimated = false
        for index in 0..<(stops.count - 1) {
            let from = stops[index].coordinate, to = stops[index + 1].coordinate
            let leg: RoutedLeg
            if let identity = engine?.identity(from: from, to: to), case let .leg(known) = known.lookup(LegKey(identity: identity, from: from, to: to),
                                                                from: from, to: to) {
                leg = known
            } else {
                leg = estimate.leg(from: from, to: to)
                estimated = true
            }
            km += leg.distanceKm
            if index == 0 || stops[index].nights > 0 { day = 0 } else { day += Double(stops[index].stayMinutes) * 60 }
            day += max(0, leg.durationSeconds)
            longest = max(longest, day)
        }
        return (km, estimated, longest)
    }

    /// The last day of a dated trip, as its itinerary has it: the nights after the start unless a day could
    /// reach past midnight (leaving at the departure time and driving `longestDay` with its rests, with six
    /// hours of clock change to spare), when the itinerary is worked out to say.
    public func endDate(of trip: Trip, longestDay: Double) -> CalendarDate? {
        guard let start = trip.startDate, !trip.waypoints.isEmpty else { return trip.startDate }
        let settings = settings()
        let every = settings.breakAfterHours * 3600, rest = Double(settings.breakMinutes) * 60
        let rests = every > 0 ? (longestDay / every).rounded(.up) * rest : 0
        if Double(settings.departureMinutes) * 60 + longestDay + rests < 18 * 3600 {
            return start.adding(days: trip.totalNights)
        }
        return itinerary(for: trip).endDate
    }

    /// The distance and driving time from each of `stops` to every other, for `requester`: the known legs
    /// (the itinerary's lookup) and the rest from the engine in the requester's turn, in as few requests as
    /// the engine allows (OSRM's table). Cells are not kept as legs: they have no road to draw.
    ///
    /// `completion` runs once: at once when nothing needs asking (the estimate setting, every leg known, the
    /// engine down), else on the routing queue; with nil when the requester asked for another matrix, or the
    /// settings changed, before this one was asked.
    public func table(_ stops: [Coordinate], requester: RouteRequester,
                      completion: @escaping @Sendable (LegMatrix?) -> Void) {
        let settings = settings()
        state.lock()
        guard let engine = currentEngine(for: settings) else {
            state.unlock()
            completion(EstimateEngine(settings).table(stops))
            return
        }
        var matrix = LegMatrix(stops: stops, source: engine.source)
        var open = false
        let estimate = EstimateEngine(settings)
        for from in stops.indices {
            for to in stops.indices where from != to {
                // A leg the engine leaves to the estimate (router auto outside the regions); plain, not checked for
                // water: the matrix of a big trip has n² legs.
                guard let identity = engine.identity(from: stops[from], to: stops[to]) else {
                    matrix.set(estimate.leg(from: stops[from], to: stops[to]), from: from, to: to)
                    continue
                }
                switch known.lookup(LegKey(identity: identity, from: stops[from], to: stops[to]),
                                    from: stops[from], to: stops[to]) {
                case let .leg(leg): matrix.set(leg, from: from, to: to)
                case let .failed(reason): matrix.fail(from: from, to: to, reason)
                case .unknown: open = true
                }
            }
        }
        guard open else {
            state.unlock()
            completion(matrix)
            return
        }
        let replaced = waiting.replaceTable(of: requester, with: .init(matrix: matrix, completion: completion))
        let start = startIfIdle()
        state.unlock()
        replaced?.completion(nil)
        if start { queue.async { [weak self] in self?.work() } }
    }

    /// Whether legs are waiting or being asked for (for a "routing…" hint and for the command line).
    public var isWorking: Bool {
        state.lock()
        defer { state.unlock() }
        return working
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

    /// The process is about to end: keeps the legs learned (waiting for a save under way) and writes nothing
    /// after, so that `exit` never cuts a save short. Answers still on the way are dropped.
    public func close() {
        known.cache?.close()
    }

    /// The settings changed: a new engine may answer, and what the old one could not do may work now.
    public func settingsDidChange() {
        state.lock()
        engine = nil
        known.forgetFailures()
        let dropped = waiting.removeAll()
        state.unlock()
        for table in dropped { table.completion(nil) }
    }

    private func currentEngine(for settings: Settings) -> RoutingEngine? {
        if let engine { return engine }
        engine = makeEngine(settings)
        return engine
    }

    /// Whether the caller must start the background loop (under the lock).
    private func startIfIdle() -> Bool {
        guard !waiting.isEmpty, !working else { return false }
        working = true
        return true
    }

    /// The background loop: one request at a time until nothing waits.
    private func work() {
        var lastTrip: Trip.ID?
        while true {
            state.lock()
            guard let engine, let next = waiting.next() else {
                working = false
                state.broadcast()
                // Once more when done, so that a screen showing "routing…" learns that it is over.
                let post = feed != nil && lastTrip != nil && unpublished.isEmpty
                if let lastTrip { unpublished.insert(lastTrip) }
                state.unlock()
                if post, let feed { deliver { [weak self] in self?.publishArrivals(to: feed) } }
                known.cache?.save()
                return
            }
            switch next {
            case let .leg(leg):
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
                if let reason = known.downReason {
                    table.matrix.failOpenCells(reason)
                } else {
                    state.unlock()
                    let answer = Result { try engine.table(table.matrix.stops) }
                    state.lock()
                    switch answer {
                    case let .success(answered): table.matrix.fillOpenCells(from: answered)
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

    /// Asks the engine for one leg and keeps what it says (or why not).
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
        switch outcome {
        case let .success(answer): known.remember(answer, leg.key, from: leg.from, to: leg.to)
        case let .failure(failure): known.record(failure, leg.key, retryAfter: retryAfter)
        }
        state.broadcast()  // for `routedItinerary`
        let post = feed != nil && unpublished.isEmpty
        unpublished.insert(leg.trip)
        state.unlock()
        if post, let feed { deliver { [weak self] in self?.publishArrivals(to: feed) } }
    }

    /// The water check the estimate may use now: the app's loop (a feed, the main thread) does not wait for the
    /// shorelines — its first frame would take their 0.2 s — and gets their marks once they are read
    /// (`shorelinesRead`). Work off the loop (an optimise search, a suggestion) reads them first, so that its
    /// figures are the ones the screen shows once they are read, and the command line's.
    private var waterNow: WaterCrossing? {
        guard let water, feed != nil, !water.isReady else { return water }
        guard !Thread.isMainThread else { return nil }
        water.readNow()
        return water
    }

    /// On the loop, once the estimate's shorelines are read: every trip shown lately has new legs (their marks).
    public func shorelinesRead() {
        guard let feed else { return }
        state.lock()
        let trips = Array(recent.keys)
        state.unlock()
        for trip in trips { feed.publish(.routesArrived(trip)) }
    }

    /// On the loop: one `.routesArrived` per trip that got answers since the last time.
    private func publishArrivals(to feed: ChangeFeed) {
        state.lock()
        let trips = unpublished
        unpublished = []
        state.unlock()
        for trip in trips { feed.publish(.routesArrived(trip)) }
    }
}
