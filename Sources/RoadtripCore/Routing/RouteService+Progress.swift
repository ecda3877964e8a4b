import Foundation

/// How far the engine is with what it was asked: a command's progress line (`Routing 87 of 210 legs…`).
public struct RoutingProgress: Equatable, Sendable {
    /// Legs answered or failed since the route service began, a matrix's cells among them.
    public let done: Int
    /// Legs waiting or being asked now.
    public let left: Int

    public init(done: Int, left: Int) {
        self.done = done
        self.left = left
    }
}

extension RouteService {
    public var progress: RoutingProgress {
        state.withLock { RoutingProgress(done: waiting.answered, left: waiting.left + (inFlight == nil ? 0 : 1)) }
    }
}
