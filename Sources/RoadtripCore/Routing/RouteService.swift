import Foundation

/// Gives every screen and command a trip's itinerary at once, from the legs known now (`KnownLegs`: the
/// chosen engine's answers, remembered and kept in the leg cache), else the estimate. Legs still unknown are
/// asked of the engine on a background queue, one request at a time, for the most urgent requester first
/// (`RouteRequester`); each answer is an arrival of `.routes` at the late-data door (`LateData`), which tells
/// the screens. A matrix between many stops (`table`) comes the same way.
///
/// A failed leg falls back to the estimate with the reason as its note. An engine that is down (no server,
/// a time-out) is not asked again for `retryAfter` seconds, so a dead server costs one wait, not one per leg.
/// A requester asking again, for another trip or the same trip after an edit, replaces what it had waiting:
/// requests for legs that no longer matter are never sent.
///
/// Its jobs, one file each: the itinerary (`+Itinerary`), figures for lists (`+Lists`), matrices (`+Table`),
/// the background worker (`+Worker`), the search's matrix (`+Search`).
public final class RouteService: @unchecked Sendable {
    /// The engine for the current settings; nil when the settings ask for the estimate.
    public typealias EngineFactory = (Settings) -> RoutingEngine?

    let settings: () -> Settings
    private let makeEngine: EngineFactory
    /// Where answers are announced, and whether the shorelines may be read now.
    let late: LateData
    let retryAfter: TimeInterval
    /// Marks the estimated legs that cross open sea (nil: none is), once the shorelines are in.
    private let water: WaterCrossing?
    let queue = DispatchQueue(label: "roadtrip.routing")
    /// Guards everything below; broadcast at each answer and when the work runs out (`waitUntilIdle`).
    let state = NSCondition()
    /// The engine of each route profile asked for so far (nil: the estimate); trips with a vehicle of their own
    /// have theirs.
    private var engines: [RouteProfile: RoutingEngine?] = [:]
    let known: KnownLegs
    var waiting = RouteWaiting()
    /// The leg being asked for now: not queued again while its answer is on the way.
    var inFlight: LegKey?
    var working = false
    /// The last itinerary of each trip shown lately, lending its clock to the next (`Itinerary.init(reusing:)`):
    /// a key that moves a stop works out the arrivals it changed, not all of them.
    var recent: [Trip.ID: Itinerary] = [:]
    /// How each of them was estimated when no engine was chosen (`estimateKind`); nil otherwise. With the same late
    /// data (`Itinerary.basis`) and the same kind, a leg whose two ends did not move is the one it had: a reorder in
    /// a 500-stop trip estimates the three legs it changed, not 499.
    var recentEstimates: [Trip.ID: String] = [:]
    static let recentLimit = 8

    /// `late`: the run's late-data door (the command line's waits, the app's tells its loop). `water`: the water
    /// check the estimate uses once the shorelines are in (registered with `late` by the caller).
    public init(settings: @escaping () -> Settings, makeEngine: @escaping EngineFactory, cache: LegLookup?,
                late: LateData = LateData(), water: WaterCrossing? = nil, retryAfter: TimeInterval = 30) {
        self.settings = settings
        self.water = water
        self.makeEngine = makeEngine
        known = KnownLegs(cache: cache)
        self.late = late
        self.retryAfter = retryAfter
    }

    /// Runs `body` with the estimate for `settings`, marking water (`WaterCrossing`). The command line and work off
    /// the loop search each leg's water as they go. The app's loop (the main thread) never waits: before the answers
    /// kept across runs are read it marks nothing, then what was measured (`WaterOnLoop`); the legs it missed are
    /// measured on the water queue, the shorelines out (`unsettled`) until it is done, and an answer that changes a
    /// leg arrives (`.shorelines` for `trip`, whose legs they are) to draw it again.
    func withEstimate<T>(_ settings: Settings, for trip: Trip.ID, _ body: (EstimateEngine) -> T) -> T {
        guard let water else { return body(EstimateEngine(settings)) }
        // The command line reads what it needs as it goes: the kept answers, and the shorelines for a search.
        if late.waits { return body(EstimateEngine(settings, water: water)) }
        // In the app, once the kept answers are read they are used, even while more legs are measured (the shorelines
        // are out then, for whoever waits for every mark).
        guard water.isReady else { return body(EstimateEngine(settings)) }
        guard Thread.isMainThread else { return body(EstimateEngine(settings, water: water)) }
        let onLoop = WaterOnLoop(water)
        let result = body(EstimateEngine(settings, water: onLoop))
        if !onLoop.misses.isEmpty {
            late.unsettled(.shorelines)   // before the queue can answer, which settles it
            water.measure(onLoop.misses) { [weak late] changed, idle in
                // Over land everywhere, the legs stand as drawn: no news, no frame.
                if changed {
                    late?.arrived(.shorelines, routedTrips: [trip], settled: idle)
                } else if idle {
                    late?.settled(.shorelines)
                }
            }
        }
        return result
    }

    /// Whether the water answers read so far mark a leg of `trip` as crossing water (never searches).
    func crossesKnownWater(_ trip: Trip) -> Bool {
        guard let water else { return false }
        let stops = trip.waypoints
        return stops.indices.dropFirst().contains { index in
            let answer = water.known(from: stops[index - 1].coordinate, to: stops[index].coordinate)
            return answer != nil && answer != .overLand
        }
    }

    /// Whether legs are waiting or being asked for (for a "routing…" hint and for the command line).
    public var isWorking: Bool {
        state.withLock { working }
    }

    /// The process is about to end: keeps the legs learned (waiting for a save under way) and writes nothing
    /// after, so that `exit` never cuts a save short. Answers still on the way are dropped.
    public func close() {
        known.cache?.close()
        water?.close()
    }

    /// The settings or the installed regions changed: a new engine may answer, and what the old one could not do
    /// may work now.
    public func enginesMayHaveChanged() {
        state.lock()
        engines = [:]
        known.forgetFailures()
        let dropped = waiting.removeAll()
        state.unlock()
        for table in dropped { table.completion(nil) }
    }

    /// The engine for `settings` (a trip's, with its profile), made once per profile (under the lock).
    func currentEngine(for settings: Settings) -> RoutingEngine? {
        let profile = settings.routeProfile
        if let engine = engines[profile] { return engine }
        let engine = makeEngine(settings)
        engines[profile] = .some(engine)
        return engine
    }
}
