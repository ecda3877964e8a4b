import Foundation

/// The base map, loading in the background.
public typealias BaseMapLoader = BackgroundLoad<BaseMap>

extension BackgroundLoad where Value == BaseMap {
    /// Starts loading `url`, or the bundled base map when nil (at `start()` when `startNow` is false).
    public convenience init(url: URL? = nil, qos: DispatchQoS.QoSClass = .userInitiated, startNow: Bool = true) {
        self.init(qos: qos, startNow: startNow) { try url.map(BaseMap.load(from:)) ?? BaseMap.bundled() }
    }

    /// The base map once loaded; nil while loading or if loading failed.
    public var map: BaseMap? { value }
}
