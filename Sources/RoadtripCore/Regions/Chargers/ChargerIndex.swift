import Foundation

/// The installed regions' charging stations (`ChargerFile`), by OpenStreetMap id (a station in two overlapping
/// regions is there once) and by latitude: a band a couple of kilometres tall across a continent holds a few hundred
/// stations, so the nearest is found by binary search and a short scan, with nothing to wrap at the antimeridian.
/// Immutable once built: thread-safe. The charge planner reads it as its `ChargerLookup`.
public struct ChargerIndex: ChargerLookup {
    /// Each OpenStreetMap id once, the first read kept, in latitude order.
    public let chargers: [Charger]
    private let latitudes: [Double]
    private let byID: [String: Int]
    /// One line per region whose file was damaged (its chargers before the damage are used).
    public let damaged: [String]

    /// The search radius `nearest` takes, km: it is for "a charger by the night's stop", not a route search.
    public static let maxNearKm = 25.0

    public init(chargers: [Charger], damaged: [String] = []) {
        var seen = Set<String>()
        let kept = chargers.filter { $0.latitude.isFinite && $0.longitude.isFinite && seen.insert($0.osmID).inserted }
            .sorted { $0.latitude < $1.latitude }
        self.chargers = kept
        latitudes = kept.map(\.latitude)
        byID = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($0.element.osmID, $0.offset) })
        self.damaged = damaged
    }

    public var isEmpty: Bool { chargers.isEmpty }

    public func charger(osmID: String) -> Charger? {
        byID[osmID].map { chargers[$0] }
    }

    /// The nearest station the public may use within `withinKm` (at most `maxNearKm`) of the point that `accepts`
    /// takes (the car's sockets); nil when none.
    public func nearest(latitude: Double, longitude: Double, withinKm: Double,
                        accepting accepts: (Charger) -> Bool = { _ in true }) -> Charger? {
        guard latitude.isFinite, longitude.isFinite, withinKm.isFinite, withinKm >= 0 else { return nil }
        let radius = min(withinKm, Self.maxNearKm)
        let band = radius / (GreatCircle.meanRadiusKm * .pi / 180) + 1e-9
        var best: (km: Double, index: Int)?
        var index = firstIndex(notBelow: latitude - band)
        while index < latitudes.count, latitudes[index] <= latitude + band {
            let charger = chargers[index]
            let km = GreatCircle.distanceKm(lat1: latitude, lon1: longitude, lat2: charger.latitude, lon2: charger.longitude)
            if !charger.isPrivate, km <= radius, accepts(charger), km < best?.km ?? .infinity { best = (km, index) }
            index += 1
        }
        return best.map { chargers[$0.index] }
    }

    private func firstIndex(notBelow latitude: Double) -> Int {
        var low = 0, high = latitudes.count
        while low < high {
            let middle = (low + high) / 2
            if latitudes[middle] < latitude { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
