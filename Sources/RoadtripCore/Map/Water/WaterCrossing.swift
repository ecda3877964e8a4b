import Foundation

/// How much of an estimated leg's straight line lies over open sea: what the estimate cannot know (a ferry,
/// the road round a firth). The line is sampled about every 500 m (at most 400 points) and each sample is
/// looked up in the base map's shorelines (`CoastlineIndex`). Lakes are not water here: the base map's
/// lake layer mixes lakes with islands in them and ponds, and roads cross or skirt most of them.
///
/// A leg counts as crossing water when at least `markedShare` of its line and `markedKm` lie over the sea, so
/// that a coastal leg whose line grazes a bay is not marked; and only when one of its stops is on land (a port's
/// stop may lie just off the coarse outline, Ullapool's does). Answers are kept per pair of stops (the estimate
/// is asked on every change), up to `cacheLimit` pairs. Thread-safe; the base map is read on first use.
public final class WaterCrossing: WaterCheck, @unchecked Sendable {
    public static let markedShare = 0.1
    public static let markedKm = 5.0
    /// A way round over land at most this much longer than the straight line is no crossing (`LandDetour`): lines off
    /// a coast measure 1.07–1.17 (Santa Monica → San Diego, Genoa → Barcelona), crossings 1.3 and more (Tromsø → Alta
    /// round its fjords 1.3, Ullapool → Portree 1.8, Bergen → Stavanger 2.25) or have no way round (an island).
    public static let aroundFactor = 1.25
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
    private var shares: [LegKey: Double] = [:]

    public init(map: @escaping () -> BaseMap?) {
        load = map
    }

    /// Whether the shorelines are read: until then the first `markedShare` reads them (about 0.2 s, release).
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

    /// The share (0…1) of the straight line from `from` to `to` over the sea, or 0 when it is not enough to
    /// mark the leg.
    public func markedShare(from: Coordinate, to: Coordinate) -> Double {
        let key = LegKey(identity: "", from: from, to: to)
        lock.lock()
        defer { lock.unlock() }
        if let known = shares[key] { return known }
        if index == nil { index = load().map(CoastlineIndex.init) }
        guard let coast = index ?? nil else { return 0 }
        let share = Self.share(from: from, to: to, coast: coast)
        if shares.count >= Self.cacheLimit { shares.removeAll(keepingCapacity: true) }
        shares[key] = share
        return share
    }

    private static func share(from: Coordinate, to: Coordinate, coast: CoastlineIndex) -> Double {
        let km = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
        // A leg neither of whose stops is on land is at sea (or a made-up point): nothing for a road to judge.
        guard km >= markedKm, coast.isLand(latitude: from.latitude, longitude: from.longitude)
                || coast.isLand(latitude: to.latitude, longitude: to.longitude) else { return 0 }
        let samples = min(max(Int(km / 0.5), 10), 400)
        var dLon = to.longitude - from.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        var wet = 0
        // Interior points only: a port's stop lies on the shore, often a little off the coarse outline.
        for step in 1...samples {
            let t = Double(step) / Double(samples + 1)
            var longitude = from.longitude + t * dLon
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            if !coast.isLand(latitude: from.latitude + t * (to.latitude - from.latitude), longitude: longitude) {
                wet += 1
            }
        }
        let share = Double(wet) / Double(samples)
        guard share >= markedShare && share * km >= markedKm else { return 0 }
        // A line off a coast's bays and capes (Barcelona → Valencia) has a way round over land close to it, which
        // the estimate's own detour covers: only a crossing with none near it is marked.
        if let around = LandDetour.ratio(from: from, to: to, coast: coast), around <= aroundFactor { return 0 }
        return share
    }
}
