import Foundation

/// Gives every screen and command a trip's itinerary at once, from the legs known now: the chosen engine's
/// answers (remembered, and kept in the leg cache), else the estimate. Legs still unknown are asked of the
/// engine on a background queue, one request at a time, in trip order; each answer is handed to `deliver`
/// (the app's loop), which publishes `.routesArrived` so the screens read the itinerary again.
///
/// A failed leg falls back to the estimate with the reason as its note. An engine that is down (no server,
/// a time-out) is not asked again for `retryAfter` seconds, so a dead server costs one wait, not one per leg.
/// Asking for another trip, or the same trip after an edit, replaces what is waiting: requests for legs
/// that no longer matter are never sent.
public final class RouteService: @unchecked Sendable {
    /// The engine for the current settings; nil when the settings ask for the estimate.
    public typealias EngineFactory = (Settings) -> RoutingEngine?

    private let settings: () -> Settings
    private let makeEngine: EngineFactory
    private let cache: LegLookup?
    private let deliver: (@escaping () -> Void) -> Void
    private let feed: ChangeFeed?
    private let retryAfter: TimeInterval
    private let queue = DispatchQueue(label: "roadtrip.routing")
    private let lock = NSLock()
    // Guarded by `lock`:
    private var engine: (identity: String, engine: RoutingEngine)?
    private var answers: [LegKey: RoutedLeg] = [:]
    private var failures: [LegKey: String] = [:]
    private var downUntil: (until: Date, reason: String)?
    private var waiting: [(key: LegKey, from: Coordinate, to: Coordinate, trip: Trip.ID)] = []
    /// The leg being asked for now: not queued again while its answer is on the way.
    private var inFlight: LegKey?
    private var working = false
    /// Trips whose news is posted to the loop but not yet published: answers that arrive meanwhile join them,
    /// so a burst of answers redraws a screen once, not once per leg.
    private var unpublished: Set<Trip.ID> = []

    /// `deliver` runs a closure on the main thread (the app's `post`); without a feed (the command line)
    /// nothing is published and `wait` gives the answers.
    public init(settings: @escaping () -> Settings, makeEngine: @escaping EngineFactory, cache: LegLookup?,
                feed: ChangeFeed?, retryAfter: TimeInterval = 30,
                deliver: @escaping (@escaping () -> Void) -> Void) {
        self.settings = settings
        self.makeEngine = makeEngine
        self.cache = cache
        self.feed = feed
        self.retryAfter = retryAfter
        self.deliver = deliver
    }

    /// The itinerary from what is known now; unknown legs are requested (unless `request` is false).
    public func itinerary(for trip: Trip, request: Bool = true) -> Itinerary {
        let settings = settings()
        let estimate = EstimateEngine(settings)
        let stops = trip.waypoints
        guard stops.count > 1 else { return Itinerary(trip: trip, legs: [], settings: settings) }
        lock.lock()
        let current = currentEngine(for: settings)
        var legs: [Itinerary.Leg] = []
        legs.reserveCapacity(stops.count - 1)
        var missing: [(key: LegKey, from: Coordinate, to: Coordinate, trip: Trip.ID)] = []
        for index in 0..<(stops.count - 1) {
            let from = stops[index].coordinate, to = stops[index + 1].coordinate
            guard let (identity, _) = current else {
                legs.append(.init(from: index, estimate.leg(from: from, to: to)))
                continue
            }
            let key = LegKey(identity: identity, from: from, to: to)
            if let known = answers[key] ?? cache?.leg(identity, from: from, to: to) {
                answers[key] = known
                legs.append(.init(from: index, known))
            } else {
                let note = failures[key] ?? downUntil.flatMap { $0.until > Date() ? $0.reason : nil }
                legs.append(.init(from: index, estimate.leg(from: from, to: to), note: note))
                if note == nil, key != inFlight { missing.append((key, from, to, trip.id)) }
            }
        }
        if request, current != nil {
            // What this trip needs now replaces what was waiting: an edit cancels stale requests.
            waiting = missing
        }
        let start = request && !missing.isEmpty && !working
        if start { working = true }
        lock.unlock()
        if start { queue.async { [weak self] in self?.work() } }
        return Itinerary(trip: trip, legs: legs, settings: settings)
    }

    /// The trip's distance from the legs known now (no requests, no days): for lists of many trips.
    public func distance(of trip: Trip) -> (km: Double, estimated: Bool) {
        let stops = trip.waypoints
        guard stops.count > 1 else { return (0, false) }
        let settings = settings()
        let estimate = EstimateEngine(settings)
        lock.lock()
        defer { lock.unlock() }
        let identity = currentEngine(for: settings)?.0
        var km = 0.0
        var estimated = false
        for index in 0..<(stops.count - 1) {
            let from = stops[index].coordinate, to = stops[index + 1].coordinate
            if let identity, let known = answers[LegKey(identity: identity, from: from, to: to)]
                ?? cache?.leg(identity, from: from, to: to) {
                km += known.distanceKm
            } else {
                km += estimate.leg(from: from, to: to).distanceKm
                estimated = true
            }
        }
        return (km, estimated)
    }

    /// Whether legs are waiting or being asked for (for a "routing…" hint and for the command line).
    public var isWorking: Bool {
        lock.lock()
        defer { lock.unlock() }
        return working
    }

    /// Blocks until nothing is waiting (the command line's `show`, which has no loop to update), or until
    /// `timeout`; returns whether it is idle. Each request ends at the engine's own time-out, and an engine
    /// that failed as down stops the rest, so without a timeout this still ends.
    @discardableResult
    public func waitUntilIdle(timeout: TimeInterval = .infinity) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while isWorking {
            guard Date() < deadline else { return false }
            usleep(1_000)
        }
        return true
    }

    /// The process is about to end: keeps the legs learned (waiting for a save under way) and writes nothing
    /// after, so that `exit` never cuts a save short. Answers still on the way are dropped.
    public func close() {
        cache?.close()
    }

    /// The settings changed: a new engine may answer, and what the old one could not do may work now.
    public func settingsDidChange() {
        lock.lock()
        engine = nil
        failures = [:]
        downUntil = nil
        waiting = []
        lock.unlock()
    }

    private func currentEngine(for settings: Settings) -> (String, RoutingEngine)? {
        if let engine { return (engine.identity, engine.engine) }
        guard let made = makeEngine(settings) else { return nil }
        engine = (made.identity, made)
        return (made.identity, made)
    }

    /// The background loop: one request at a time until nothing waits.
    private func work() {
        var lastTrip: Trip.ID?
        while true {
            lock.lock()
            guard !waiting.isEmpty, let engine = engine?.engine, downUntil.map({ $0.until <= Date() }) ?? true else {
                waiting = []
                working = false
                // Once more when done, so that a screen showing "routing…" learns that it is over.
                let post = feed != nil && lastTrip != nil && unpublished.isEmpty
                if let lastTrip { unpublished.insert(lastTrip) }
                lock.unlock()
                if post, let feed { deliver { [weak self] in self?.publishArrivals(to: feed) } }
                cache?.save()
                return
            }
            let next = waiting.removeFirst()
            inFlight = next.key
            lock.unlock()
            let outcome: Result<RoutedLeg, RoutingFailure>
            do {
                let leg = try engine.leg(from: next.from, to: next.to)
                if let reason = leg.implausibility(from: next.from, to: next.to) {
                    throw RoutingFailure.badAnswer("\(engine.source.engineName): impossible answer (\(reason))")
                }
                outcome = .success(leg)
            } catch let failure as RoutingFailure {
                outcome = .failure(failure)
            } catch {
                outcome = .failure(.badAnswer("\(error)"))
            }
            lock.lock()
            inFlight = nil
            switch outcome {
            case let .success(leg):
                answers[next.key] = leg
                cache?.store(leg, identity: next.key.identity, from: next.from, to: next.to)
            case let .failure(failure):
                switch failure {
                case .unavailable, .timedOut:
                    downUntil = (Date().addingTimeInterval(retryAfter), failure.description)
                case .noRoute, .badAnswer:
                    failures[next.key] = failure.description
                }
            }
            let post = feed != nil && unpublished.isEmpty
            unpublished.insert(next.trip)
            lastTrip = next.trip
            lock.unlock()
            if post, let feed { deliver { [weak self] in self?.publishArrivals(to: feed) } }
        }
    }

    /// On the loop: one `.routesArrived` per trip that got answers since the last time.
    private func publishArrivals(to feed: ChangeFeed) {
        lock.lock()
        let trips = unpublished
        unpublished = []
        lock.unlock()
        for trip in trips { feed.publish(.routesArrived(trip)) }
    }
}

/// A leg as the cache knows it: the engine, and both ends rounded to about a metre (1e-5°).
struct LegKey: Hashable, Sendable {
    let identity: String
    let from: (Int32, Int32)
    let to: (Int32, Int32)

    init(identity: String, from: Coordinate, to: Coordinate) {
        self.identity = identity
        self.from = (Self.round(from.latitude), Self.round(from.longitude))
        self.to = (Self.round(to.latitude), Self.round(to.longitude))
    }

    private static func round(_ degrees: Double) -> Int32 { Int32((degrees * 100_000).rounded()) }

    static func == (a: LegKey, b: LegKey) -> Bool {
        a.identity == b.identity && a.from == b.from && a.to == b.to
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(from.0)
        hasher.combine(from.1)
        hasher.combine(to.0)
        hasher.combine(to.1)
    }
}
