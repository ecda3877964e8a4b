import Foundation

/// The gazetteer, loading in the background from start-up.
public typealias PlaceIndexLoader = BackgroundLoad<PlaceIndex>

extension BackgroundLoad where Value == PlaceIndex {
    /// Starts loading `url`, or the bundled gazetteer when nil: mapped from its index in `cacheDirectory` (built there
    /// on first use), or built in memory without one (at `start()` when `startNow` is false).
    public convenience init(url: URL? = nil, cacheDirectory: URL? = nil, qos: DispatchQoS.QoSClass = .userInitiated,
                            startNow: Bool = true) {
        self.init(qos: qos, startNow: startNow) {
            if let url { return try PlaceIndex.load(from: url) }
            return try cacheDirectory.map(PlaceIndex.openBundled(cacheDirectory:)) ?? PlaceIndex.loadBundled()
        }
    }

    /// The index once loaded; nil while loading or if loading failed.
    public var index: PlaceIndex? { value }
}
