import Foundation

/// The distance and driving time from each of `stops` to every other: what an order of stops is weighed
/// with. A cell holds a leg's figures (no road shape), or no leg and the reason. Every figure passes the leg
/// door (`RoutedLeg.checked`) on its way in, so a cell is never 1e300 or NaN.
public struct LegMatrix: Equatable, Sendable {
    public let stops: [Coordinate]
    /// The engine the figures come from.
    public let source: LegSource
    /// Row-major, `from * count + to`; nil until answered, or when there is no leg.
    private var figures: [Figures?]
    private var reasons: [Int: String] = [:]

    private struct Figures: Equatable, Sendable {
        let distanceKm: Double
        let durationSeconds: Double
    }

    /// Nothing known yet but the diagonal (staying put is no leg to drive).
    public init(stops: [Coordinate], source: LegSource) {
        self.stops = stops
        self.source = source
        figures = Array(repeating: nil, count: stops.count * stops.count)
        for index in stops.indices { figures[index * stops.count + index] = Figures(distanceKm: 0, durationSeconds: 0) }
    }

    /// One `leg` call per pair. A pair the engine finds no road for is a cell with its reason; an engine that
    /// is down or timed out ends the whole matrix (waiting n² time-outs helps nobody).
    public init(_ stops: [Coordinate], source: LegSource, leg: (Coordinate, Coordinate) throws -> RoutedLeg) rethrows {
        self.init(stops: stops, source: source)
        for from in stops.indices {
            for to in stops.indices where from != to {
                do {
                    set(try leg(stops[from], stops[to]), from: from, to: to)
                } catch let failure as RoutingFailure {
                    switch failure {
                    case .unavailable, .timedOut: throw failure
                    case .noRoute, .badAnswer: fail(from: from, to: to, failure.description)
                    }
                } catch {
                    fail(from: from, to: to, "\(source.engineName): \(error)")
                }
            }
        }
    }

    public var count: Int { stops.count }

    /// The leg from stop `from` to stop `to` (figures only), or nil where there is none (see `failure`).
    public subscript(from: Int, to: Int) -> RoutedLeg? {
        figures[from * count + to].map {
            RoutedLeg(distanceKm: $0.distanceKm, durationSeconds: $0.durationSeconds, source: source)
        }
    }

    /// Why there is no leg from `from` to `to`; nil when there is one.
    public func failure(from: Int, to: Int) -> String? {
        let index = from * count + to
        guard figures[index] == nil else { return nil }
        return reasons[index] ?? "\(source.engineName): not answered"
    }

    /// The cells with neither a leg nor a reason yet, row by row.
    var openCells: [(from: Int, to: Int)] {
        stops.indices.flatMap { from in stops.indices.filter { isOpen(from: from, to: $0) }.map { (from, $0) } }
    }

    /// Whether the cell has neither a leg nor a reason yet.
    func isOpen(from: Int, to: Int) -> Bool {
        let index = from * count + to
        return figures[index] == nil && reasons[index] == nil
    }

    /// Takes the leg's figures when they can be a road between the two stops, else its failure.
    mutating func set(_ leg: RoutedLeg, from: Int, to: Int) {
        do {
            let leg = try leg.checked(from: stops[from], to: stops[to])
            figures[from * count + to] = Figures(distanceKm: leg.distanceKm, durationSeconds: leg.durationSeconds)
            reasons[from * count + to] = nil
        } catch {
            fail(from: from, to: to, "\(error)")
        }
    }

    mutating func fail(from: Int, to: Int, _ reason: String) {
        figures[from * count + to] = nil
        reasons[from * count + to] = reason
    }

    /// Every open cell of this matrix from `other` (the same stops).
    mutating func fillOpenCells(from other: LegMatrix) {
        guard other.count == count else { return failOpenCells("\(source.engineName): a matrix of another size") }
        for from in stops.indices {
            for to in stops.indices where isOpen(from: from, to: to) {
                if let leg = other[from, to] {
                    set(leg, from: from, to: to)
                } else if let reason = other.failure(from: from, to: to) {
                    fail(from: from, to: to, reason)
                }
            }
        }
    }

    /// Every open cell fails with `reason` (the engine is down).
    mutating func failOpenCells(_ reason: String) {
        for from in stops.indices {
            for to in stops.indices where isOpen(from: from, to: to) { fail(from: from, to: to, reason) }
        }
    }
}
