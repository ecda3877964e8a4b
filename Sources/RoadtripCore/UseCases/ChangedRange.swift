import Foundation

/// Where two versions of a list differ: from `position`, `oldCount` elements of the old one became `newCount`
/// of the new one, the elements before and after being the same in both.
public struct ChangedRange: Equatable, Sendable {
    public let position: Int
    public let oldCount: Int
    public let newCount: Int

    /// nil when the two are equal. Elements that share their storage (unchanged trips) compare cheaply.
    public init?<Element: Equatable>(from old: [Element], to new: [Element]) {
        let shorter = Swift.min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        if prefix == old.count, prefix == new.count { return nil }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        position = prefix
        oldCount = old.count - prefix - suffix
        newCount = new.count - prefix - suffix
    }

    /// The changed elements' indices in the new list.
    public var inNew: Range<Int> { position..<(position + newCount) }
}
