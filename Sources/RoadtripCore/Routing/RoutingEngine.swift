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
}

extension RoutingEngine {
    public func identity(from: Coordinate, to: Coordinate) -> String? { identity }

    /// One `leg` per pair, for an engine without a matrix service (Routino).
    public func table(_ stops: [Coordinate]) throws -> LegMatrix {
        try LegMatrix(stops, source: source) { try leg(from: $0, to: $1) }
    }
}
