import Foundation

/// What the sea does to an estimated leg: the road round it, or a crossing. The straight line is sampled about every
/// 500 m (at most 400 points) against the base map's shorelines (`CoastlineIndex`); a line with a stretch over the sea
/// wider than a sound (a fjord's few kilometres included: Flåm → Geiranger) has its way searched on a grid of land and
/// sea around it (`WaterGrid`, `LandWay`). Lakes are not water here: the base map's lake layer mixes lakes with
/// islands in them and ponds, and roads cross or skirt most of them.
///
/// A leg under `minimumKm`, or neither of whose stops is within `portKm` of land (a port's stop may lie just off the
/// coarse outline), is left to the plain estimate. Answers are kept per pair of stops (the estimate is asked on every
/// change), up to `cacheLimit` pairs. Thread-safe; the base map is read on first use.
public final class WaterCrossing: WaterCheck, @unchecked Sendable {
    public static let minimumKm = 5.0
    static let portKm = 1.5
    /// The search box is the line's widened by half its length on every side: on the test legs (`WaterLeg`) the whole
    /// length changed no answer and cost twice the time.
    static let marginShare = 0.5
    /// Enough for every leg of a 10,000-trip file (190,000 pairs, about 20 MB): the trip list measures them all
    /// on each return to it, and a limit below them emptied the answers every time (a second on each return).
    static let cacheLimit = 250_000

    /// The bundled base map's; without one (a broken install) no leg is marked.
    public static func bundled() -> WaterCrossing {
        WaterCrossing { try? BaseMap.bundled() }
    }

    private let load: () -> BaseMap?
    private let lock = NSLock()
    private var index: CoastlineIndex??
    private var answers: [LegKey: WaterAnswer] = [:]

    public init(map: @escaping () -> BaseMap?) {
        load = map
    }

    /// Whether the shorelines are read: until then the first `answer` reads them (about 0.2 s, release).
    public var isReady: Bool {
        lock.withLock { index != nil }
    }

    /// Reads the shorelines off the caller's thread, then calls `done` there. The lock is not held while they are
    /// read: a reader that checks first (`LateData.isIn(.shorelines)`) goes on without marks, not waiting.
    public func prepare(then done: @escaping @Sendable () -> Void = {}) {
        DispatchQueue.global(qos: .utility).async { [self] in
            let read = load().map(CoastlineIndex.init)
            lock.withLock { if index == nil { index = read } }
            done()
        }
    }

    /// Makes the shorelines an input of `late`: read when it starts them, in once read.
    public func register(in late: LateData) {
        late.register(.shorelines) { [self, weak late] in prepare { late?.arrived(.shorelines) } }
    }

    public func answer(from: Coordinate, to: Coordinate) -> WaterAnswer {
        // A leg and its return share one answer, searched from the same end: the grid's way is the same both ways.
        let (a, b) = (from.latitude, from.longitude) <= (to.latitude, to.longitude) ? (from, to) : (to, from)
        let key = LegKey(identity: "", from: a, to: b)
        lock.lock()
        defer { lock.unlock() }
        if let known = answers[key] { return known }
        if index == nil { index = load().map(CoastlineIndex.init) }
        guard let coast = index ?? nil else { return .overLand }
        let answer = Self.answer(from: a, to: b, coast: coast)
        if answers.count >= Self.cacheLimit { answers.removeAll(keepingCapacity: true) }
        answers[key] = answer
        return answer
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
