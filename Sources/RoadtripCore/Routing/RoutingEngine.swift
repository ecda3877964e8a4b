import Foundation

/// A routing engine: the road distance, driving time and shape between two points, and the figures between
/// every two of many points. Implementations block (HTTP, a child process) and are called off the main thread.
public protocol RoutingEngine: Sendable {
    var source: LegSource { get }
    /// Names the engine and its data (URL or database, profile) for the leg cache: two engines with the
    /// same identity give the same answers.
    var identity: String { get }
    /// The identity the leg from `from` to `to` is asked and cached under; nil when this engine leaves that leg
    /// to the estimate (router `auto` outside every region, without OSRM). Most engines answer every leg alike.
    func identity(from: Coordinate, to: Coordinate) -> String?
    func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg
    /// The distance and driving time from each stop to every other (no shapes). A pair without a road is a
    /// cell without a leg, with its reason; throws only when the engine cannot answer at all (`unavailable`,
    /// `timedOut`).
    func table(_ stops: [Coordinate]) throws -> LegMatrix
    /// `matrix` with its open cells answered (the others are known already), as `table` does; `work` hears of
    /// each leg asked on its own and may cancel (then `CancellationError` is thrown).
    func table(filling matrix: LegMatrix, _ work: TableWork) throws -> LegMatrix
}

extension RoutingEngine {
    public func identity(from: Coordinate, to: Coordinate) -> String? { identity }

    public func table(_ stops: [Coordinate]) throws -> LegMatrix {
        try table(filling: LegMatrix(stops: stops, source: source), .quiet)
    }

    /// One `leg` per open cell, several at once, for an engine without a matrix service (Routino).
    public func table(filling matrix: LegMatrix, _ work: TableWork) throws -> LegMatrix {
        try ParallelLegs.fill(matrix, work) { try leg(from: $0, to: $1) }
    }
}

/// What the one asking for a matrix hears while it is filled, and how it stops it.
public struct TableWork: Sendable {
    /// Each leg asked on its own, as it comes (from any thread): whole (with its road, for the route service to
    /// keep), or why there is none.
    public var answered: @Sendable (_ from: Int, _ to: Int, Result<RoutedLeg, RoutingFailure>) -> Void
    /// Asked before each leg and while one runs (its child is killed): true ends the matrix.
    public var isCancelled: @Sendable () -> Bool

    public init(answered: @escaping @Sendable (Int, Int, Result<RoutedLeg, RoutingFailure>) -> Void,
                isCancelled: @escaping @Sendable () -> Bool) {
        self.answered = answered
        self.isCancelled = isCancelled
    }

    /// Nobody listening, never cancelled.
    public static let quiet = TableWork(answered: { _, _, _ in }, isCancelled: { false })
}
