import Foundation

/// Which version of a trip a value holds. Every trip made, read or changed takes a number no value had before, so two
/// values with one revision are copies of one version: a list of 100,000 trips tells the ones a change left alone
/// by their revisions, without comparing them (`ChangedRange`). Not saved. Revisions are equal whatever their
/// numbers, and read alike, so that a trip's `==` and a field-by-field comparison see what it holds, not when it was
/// made.
public struct TripRevision: Equatable, Sendable, CustomStringConvertible {
    private let number: Int

    public static func == (lhs: TripRevision, rhs: TripRevision) -> Bool { true }

    public var description: String { "a revision" }

    /// Whether the two are one version (one value, copied).
    func isSame(as other: TripRevision) -> Bool { number == other.number }

    static func next() -> TripRevision { TripRevision(number: counter.next()) }

    /// Trips are made on several threads (a large file is read on another).
    private static let counter = Counter()

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var last = 0

        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            last += 1
            return last
        }
    }
}
