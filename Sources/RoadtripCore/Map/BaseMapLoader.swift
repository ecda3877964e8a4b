import Foundation

/// Loads the base map on a background queue so the first frame is not held up (as
/// `PlaceIndexLoader` does for the gazetteer): `map` is nil until it is ready.
public final class BaseMapLoader: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<BaseMap, Error>?
    private var callbacks: [(Result<BaseMap, Error>) -> Void] = []

    /// Starts loading `url`, or the bundled base map when nil.
    public init(url: URL? = nil, qos: DispatchQoS.QoSClass = .userInitiated) {
        DispatchQueue.global(qos: qos).async { [self] in
            let loaded = Result { try url.map(BaseMap.load(from:)) ?? BaseMap.loadBundled() }
            condition.lock()
            result = loaded
            let pending = callbacks
            callbacks = []
            condition.broadcast()
            condition.unlock()
            for callback in pending { callback(loaded) }
        }
    }

    /// The base map once loaded; nil while loading or if loading failed.
    public var map: BaseMap? {
        condition.lock()
        defer { condition.unlock() }
        return try? result?.get()
    }

    /// The load error, if loading failed.
    public var error: Error? {
        condition.lock()
        defer { condition.unlock() }
        if case .failure(let error)? = result { return error }
        return nil
    }

    /// Blocks until loading finished; returns the map or throws the load error.
    public func wait() throws -> BaseMap {
        condition.lock()
        while result == nil { condition.wait() }
        let loaded = result!
        condition.unlock()
        return try loaded.get()
    }

    /// Calls `body` once loading finished: at once if it already has, else on the loading thread.
    public func whenReady(_ body: @escaping (Result<BaseMap, Error>) -> Void) {
        condition.lock()
        if let result {
            condition.unlock()
            body(result)
        } else {
            callbacks.append(body)
            condition.unlock()
        }
    }
}
