import Foundation

/// Where two versions of a list differ: from `position`, `oldCount` elements of the old one became `newCount`
/// of the new one, the elements before and after being the same in both.
public struct ChangedRange: Equatable, Sendable {
    public let position: Int
    public let oldCount: Int
    public let newCount: Int

    /// nil when the two are equal. Elements that share their storage (unchanged trips) compare cheaply.
    public init?<Element: Equatable>(from old: [Element], to new: [Element]) {
        self.init(oldCount: old.count, newCount: new.count) { old[$0] == new[$1] }
    }

    /// Between two lists of trips. A trip a change left alone has the revision it had (`TripRevision`), compared
    /// where it lies: copying 100,000 trips out to compare them would cost half a million reference counts.
    public init?(from old: [Trip], to new: [Trip]) {
        let changed = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                ChangedRange(oldCount: old.count, newCount: new.count) {
                    old[$0].revision.isSame(as: new[$1].revision) || old[$0] == new[$1]
                }
            }
        }
        guard let changed else { return nil }
        self = changed
    }

    /// `same(i, j)`: whether the old list's `i`th element and the new list's `j`th are the same.
    private init?(oldCount: Int, newCount: Int, same: (Int, Int) -> Bool) {
        let shorter = Swift.min(oldCount, newCount)
        var prefix = 0
        while prefix < shorter, same(prefix, prefix) { prefix += 1 }
        if prefix == oldCount, prefix == newCount { return nil }
        var suffix = 0
        while suffix < shorter - prefix, same(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
        position = prefix
        self.oldCount = oldCount - prefix - suffix
        self.newCount = newCount - prefix - suffix
    }

    /// The changed elements' indices in the new list.
    public var inNew: Range<Int> { position..<(position + newCount) }
}
