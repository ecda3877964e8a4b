import Foundation

/// The gazetteer, loading in the background from start-up.
public typealias PlaceIndexLoader = BackgroundLoad<PlaceIndex>

extension BackgroundLoad where Value == PlaceIndex {
    /// Starts loading `url`, or the bundled gazetteer when nil (at `start()` when `startNow` is false).
    public convenience init(url: URL? = nil, qos: DispatchQoS.QoSClass = .userInitiated, startNow: Bool = true) {
        self.init(qos: qos, startNow: startNow) { try url.map(PlaceIndex.load(from:)) ?? PlaceIndex.loadBundled() }
    }

    /// The index once loaded; nil while loading or if loading failed.
    public var index: PlaceIndex? { value }
}
