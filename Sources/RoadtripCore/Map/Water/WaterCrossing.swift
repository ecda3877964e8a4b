import Foundation

/// What the sea does to an estimated leg: the road round it, or a crossing. The straight line is sampled about every
/// 500 m (at most 400 points) against the base map's shorelines (`CoastlineIndex`); a line with a stretch over the sea
/// wider than a sound (a fjord's few kilometres included: Flåm → Geiranger) has its way searched on a grid of land and
/// sea around it (`WaterGrid`, `LandWay`). Lakes are not water here: the base map's lake layer mixes lakes with
/// islands in them and ponds, and roads cross or skirt most of them.
///
/// A leg under `minimumKm`, or neither of whose stops is within `portKm` of land (a port's stop may lie just off the
/// coarse outline), is left to the plain estimate. Answers are kept per pair of stops (the estimate is asked on every
/// change), and across runs in the cache folder when one is given (`WaterCache`). Thread-safe; the base map is read
/// on first use. The app's loop never searches (`known`): what it misses is measured on a queue of its own (`measure`).
public final class WaterCrossing: WaterCheck, @unchecked Sendable {
    public static let minimumKm = 5.0
    static let portKm = 1.5
    /// The search box is the line's widened by half its length on every side: on the test legs (`WaterLeg`) the whole
    /// length changed no answer and cost twice the time.
    static let marginShare = 0.5
    /// Enough for every leg of a 10,000-trip file (190,000 pairs, about 6 MB on disk): the trip list measures them
    /// all, and a limit below them emptied the answers every time.
    static let cacheLimit = 250_000
    /// Names the search in the cache file: a change to what it answers must change it.
    static let searchVersion = "search 1"

    /// The bundled base map's; without one (a broken install) no leg is marked. `cacheDirectory`: where answers are
    /// kept across runs (the leg cache's folder); nil keeps them for this run only.
    public static func bundled(cacheDirectory: URL? = nil) -> WaterCrossing {
        WaterCrossing(map: { try? BaseMap.bundled() }, cacheDirectory: cacheDirectory) {
            // The shipped file's bytes name its shorelines: 2 MB digested in about a millisecond.
            let bytes = BaseMap.bundledDataURL.flatMap { try? Data(contentsOf: $0, options: .alwaysMapped) } ?? Data()
            return String(bytes.withUnsafeBytes { ContentDigest.xxh64($0, seed: 0) }, radix: 16)
        }
    }

    private let load: () -> BaseMap?
    private let cacheDirectory: URL?
    private let mapIdentity: () -> String
    private let lock = NSLock()
    private var index: CoastlineIndex??
    /// Read on first use (`kept`).
    private var answers: WaterCache?
    /// Measures what the loop missed, one batch after another.
    private let measuring = DispatchQueue(label: "roadtrip.water", qos: .utility)
    /// Pairs queued to be measured: not queued twice.
    private var queued: Set<WaterCache.Key> = []
    /// Serialises saves, so an older snapshot never lands after a newer one.
    private let saveLock = NSLock()
    private var closed = false

    public init(map: @escaping () -> BaseMap?, cacheDirectory: URL? = nil, mapIdentity: @escaping () -> String = { "" }) {
        load = map
        self.cacheDirectory = cacheDirectory
        self.mapIdentity = mapIdentity
    }

    /// Whether the answers kept across runs are read: until then the loop marks nothing (`known` knows nothing).
    public var isReady: Bool {
        lock.withLock { answers != nil }
    }

    /// Reads the answers kept across runs off the caller's thread, then calls `done` there. The shorelines themselves
    /// (about 0.2 s, release) are read by the first search, wherever it runs: never on the loop, never when every leg
    /// asked about is known.
    public func prepare(then done: @escaping @Sendable () -> Void = {}) {
        DispatchQueue.global(qos: .utility).async { [self] in
            _ = kept()
            done()
        }
    }

    /// Makes the shorelines an input of `late`: read when it starts them, in once read.
    public func register(in late: LateData) {
        late.register(.shorelines) { [self, weak late] in prepare { [weak late] in late?.arrived(.shorelines) } }
    }

    /// Searches when the pair is not known: blocks (the command line, work off the loop).
    public func answer(from: Coordinate, to: Coordinate) -> WaterAnswer {
        let (a, b, key) = Self.ordered(from, to)
        let answers = kept()
        if let known = lock.withLock({ answers[key] }) { return known }
        guard let coast = coast() else { return .overLand }
        // Searched outside the lock: the loop's `known` never waits for a search.
        let answer = Self.answer(from: a, to: b, coast: coast)
        lock.withLock { answers.store(answer, for: key) }
        return answer
    }

    /// The answer when the pair was measured before, else nil: never searches, never reads the shorelines.
    public func known(from: Coordinate, to: Coordinate) -> WaterAnswer? {
        let key = Self.ordered(from, to).key
        return lock.withLock { answers?[key] }
    }

    /// Measures `pairs` on the water queue (kept on disk at `close`), then calls `done` there: whether any of them is other
    /// than `.overLand` (what the caller drew for them meanwhile), and whether the queue is idle now. A pair already
    /// queued is not searched twice: the queue runs in order, so its answer is in by this batch's end.
    public func measure(_ pairs: [(from: Coordinate, to: Coordinate)],
                        then done: @escaping @Sendable (_ changed: Bool, _ idle: Bool) -> Void) {
        let fresh = lock.withLock {
            pairs.filter { queued.insert(Self.ordered($0.from, $0.to).key).inserted }
        }
        measuring.async { [self] in
            for pair in fresh { _ = answer(from: pair.from, to: pair.to) }
            let idle = lock.withLock {
                for pair in fresh { queued.remove(Self.ordered(pair.from, pair.to).key) }
                return queued.isEmpty
            }
            done(pairs.contains { (known(from: $0.from, to: $0.to) ?? .overLand) != .overLand }, idle)
        }
    }

    /// Writes the answers learned since the last save (to the cache folder, if any).
    public func save() {
        saveLock.withLock {
            guard !closed, let (data, url) = lock.withLock({ () -> (Data, URL)? in
                guard let data = answers?.snapshot(), let url = answers?.url else { return nil }
                return (data, url)
            }) else { return }
            WaterCache.write(data, to: url)
        }
    }

    /// Saves once more and writes nothing after: the process is about to end.
    public func close() {
        save()
        saveLock.withLock { closed = true }
    }

    /// A leg and its return share one answer, searched from the same end: the grid's way is the same both ways.
    private static func ordered(_ from: Coordinate, _ to: Coordinate) -> (Coordinate, Coordinate, key: WaterCache.Key) {
        let (a, b) = (from.latitude, from.longitude) <= (to.latitude, to.longitude) ? (from, to) : (to, from)
        return (a, b, WaterCache.Key(from: a, to: b))
    }

    /// The answers kept across runs, read on the first call (outside the lock).
    private func kept() -> WaterCache {
        if let answers = lock.withLock({ answers }) { return answers }
        let read = WaterCache(directory: cacheDirectory, identity: "\(Self.searchVersion) \(mapIdentity())",
                              capacity: Self.cacheLimit)
        return lock.withLock {
            if answers == nil { answers = read }
            return answers ?? read
        }
    }

    /// The shorelines, read on the first call (outside the lock).
    private func coast() -> CoastlineIndex? {
        if let index = lock.withLock({ index }) { return index }
        let read = load().map(CoastlineIndex.init)
        return lock.withLock {
            if index == nil { index = read }
            return index ?? nil
        }
    }

    static func answer(from: Coordinate, to: Coordinate, coast: CoastlineIndex) -> WaterAnswer {
        let km = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
        // A leg neither of whose stops is on land is at sea (or a made-up point): nothing for a road to judge.
        guard km >= minimumKm, nearLand(from, coast) || nearLand(to, coast),
              longestSeaKm(from: from, to: to, km: km, coast: coast) > WaterGrid.soundKm,
              let grid = WaterGrid(from: from, to: to, coast: coast, marginShare: marginShare),
              let way = LandWay.way(from: from, to: to, grid: grid) else { return .overLand }
        return way.seaKm > 0 ? .crossing(landKm: way.landKm, seaKm: way.seaKm) : .wayRound(landKm: way.landKm)
    }

    /// Whether land lies within `portKm` of the point: a port's stop may lie just off the coarse outline (Ullapool's,
    /// Tromsø's and Honningsvåg's do).
    private static func nearLand(_ point: Coordinate, _ coast: CoastlineIndex) -> Bool {
        let dLat = portKm / 110.57, dLon = portKm / max(111.32 * cos(point.latitude * .pi / 180), 1)
        return [(0.0, 0.0), (1, 0), (-1, 0), (0, 1), (0, -1)].contains { dy, dx in
            let longitude = point.longitude + dx * dLon
            return coast.isLand(latitude: min(max(point.latitude + dy * dLat, -90), 90),
                                longitude: longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude)
        }
    }

    /// The longest stretch of the line's inside over the sea, from its samples (its ends are left out: a port's stop lies
    /// on the shore). One no wider than a sound is crossed where the line crosses it: the way is the line, no search.
    private static func longestSeaKm(from: Coordinate, to: Coordinate, km: Double, coast: CoastlineIndex) -> Double {
        let samples = min(max(Int(km / 0.5), 10), 400)
        var dLon = to.longitude - from.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        var (run, longest) = (0, 0)
        for step in 1...samples {
            let t = Double(step) / Double(samples + 1)
            var longitude = from.longitude + t * dLon
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            run = coast.isLand(latitude: from.latitude + t * (to.latitude - from.latitude), longitude: longitude) ? 0 : run + 1
            longest = max(longest, run)
        }
        return Double(longest) * km / Double(samples + 1)
    }
}
