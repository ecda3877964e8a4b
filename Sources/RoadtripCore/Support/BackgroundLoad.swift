import Foundation

/// Loads something large (the gazetteer, the base map) on a background queue so the first frame is not
/// held up; readers ask for it when they need it.
///
/// ```swift
/// let places = PlaceIndexLoader()              // starts at once
/// if let index = places.value { show(index.query(text)) } else { show("loading places…") }
/// let index = try places.wait()                // a command-line tool
/// ```
public final class BackgroundLoad<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Value, Error>?
    private var callbacks: [(Result<Value, Error>) -> Void] = []
    private let schedule: (@escaping @Sendable () -> Void) -> Void
    private let load: @Sendable () throws -> Value
    private var started = false

    /// Starts `load` on a queue of the given quality of service, at once unless `startNow` is false: then at
    /// `start()` (a load the first frame does not need waits for it, and leaves it a core) or at `wait()`.
    public convenience init(qos: DispatchQoS.QoSClass = .userInitiated, startNow: Bool = true,
                            _ load: @escaping @Sendable () throws -> Value) {
        self.init(startNow: startNow, schedule: { DispatchQueue.global(qos: qos).async(execute: $0) }, load)
    }

    /// `schedule` runs the load somewhere else (a test runs it when it chooses, so it sees when the load is asked for).
    init(startNow: Bool, schedule: @escaping (@escaping @Sendable () -> Void) -> Void,
         _ load: @escaping @Sendable () throws -> Value) {
        self.schedule = schedule
        self.load = load
        if startNow { start() }
    }

    /// Starts loading if it has not started.
    public func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return }
        started = true
        schedule { [self] in
            let loaded = Result { try load() }
            condition.lock()
            result = loaded
            let pending = callbacks
            callbacks = []
            condition.broadcast()
            condition.unlock()
            for callback in pending { callback(loaded) }
        }
    }

    /// The value once loaded; nil while loading or if loading failed.
    public var value: Value? {
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

    /// Blocks until loading finished; returns the value or throws the load error.
    public func wait() throws -> Value {
        start()
        condition.lock()
        while result == nil { condition.wait() }
        let loaded = result!
        condition.unlock()
        return try loaded.get()
    }

    /// Calls `body` once loading finished: at once if it already has, else on the loading thread
    /// (the app posts a "ready" event to its loop from there).
    public func whenReady(_ body: @escaping (Result<Value, Error>) -> Void) {
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

extension BackgroundLoad {
    /// Makes this load `input` of `late`: started when `late` starts it, in once loaded (or failed).
    public func register(as input: LateInput, in late: LateData) {
        // Weak: the door keeps the load until it starts, and must not keep itself.
        late.register(input) { [self, weak late] in
            start()
            whenReady { _ in late?.arrived(input) }
        }
    }
}
