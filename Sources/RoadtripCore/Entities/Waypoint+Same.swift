import Foundation

extension UnsafeBufferPointer where Element == Waypoint {
    /// Whether the stop at `index` here is the one at `other[otherIndex]`: bit for bit first — an array copied
    /// before an edit shares its stops' strings, and comparing two stops by value copies both out first (a
    /// fifth of a reorder's time in a 500-stop trip, where each stop is compared with what it was) — else by value.
    @inlinable
    public func sameStop(_ index: Int, as other: UnsafeBufferPointer<Waypoint>, _ otherIndex: Int) -> Bool {
        memcmp(baseAddress! + index, other.baseAddress! + otherIndex, MemoryLayout<Waypoint>.size) == 0
            || self[index] == other[otherIndex]
    }
}
