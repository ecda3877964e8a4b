import Foundation

/// Loads the gazetteer on a background queue so the first frame is not held up.
///
/// ```swift
/// let places = PlaceIndexLoader()              // starts at once
/// // in the picker, on each keystroke:
/// if let index = places.index { show(index.query(text)) } else { show("loading places…") }
/// // in a command-line tool:
/// let index = try places.wait()
/// ```
public final class PlaceIndexLoader: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<PlaceIndex, Error>?
    private var callbacks: [(Result<PlaceIndex, Error>) -> Void] = []

    /// Starts loading `url`, or the bundled gazetteer when nil.
    public init(url: URL? = nil, qos: DispatchQoS.QoSClass = .userInitiated) {
        DispatchQueue.global(qos: qos).async { [self] in
            let loaded = Result { try url.map(PlaceIndex.load(from:)) ?? PlaceIndex.loadBundled() }
            condition.lock()
            result = loaded
            let pending = callbacks
            callbacks = []
            condition.broadcast()
            condition.unlock()
            for callback in pending { callback(loaded) }
        }
    }

    /// The index once loaded; nil while loading or if loading failed.
    public var index: PlaceIndex? {
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

    /// Blocks until loading finished; returns the index or throws the load error.
    public func wait() throws -> PlaceIndex {
        condition.lock()
        while result == nil { condition.wait() }
        let loaded = result!
        condition.unlock()
        return try loaded.get()
    }

    /// Calls `body` once loading finished: at once if it already has, else on the loading thread.
    /// (A terminal app can use it to post a "places ready" event to its loop.)
    public func whenReady(_ body: @escaping (Result<PlaceIndex, Error>) -> Void) {
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
