import Foundation

/// Where answered legs are kept between runs (`LegCache` on disk). Thread-safe.
public protocol LegLookup: AnyObject, Sendable {
    func leg(_ identity: String, from: Coordinate, to: Coordinate) -> RoutedLeg?
    func store(_ leg: RoutedLeg, identity: String, from: Coordinate, to: Coordinate)
    /// Writes what changed since the last save.
    func save()
    /// Saves once more and never again: the process is ending (see `LegCache.close`).
    func close()
}
