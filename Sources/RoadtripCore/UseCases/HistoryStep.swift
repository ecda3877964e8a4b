import Foundation

/// One change to the trips, kept as the trips it replaced: from `position`, the list held `before` and then
/// held `after`. Only the trips that changed are kept, so a rename in a list of 10,000 trips keeps two trips.
struct HistoryStep {
    var description = ChangeHistory.unnamedChange
    let position: Int
    let before: [Trip]
    let after: [Trip]

    /// The step from `old` to `new`; nil when they are the same.
    init?(from old: [Trip], to new: [Trip]) {
        guard let changed = ChangedRange(from: old, to: new) else { return nil }
        position = changed.position
        before = Array(old[position..<(position + changed.oldCount)])
        after = Array(new[changed.inNew])
    }

    /// Puts back what the change replaced.
    func undo(_ trips: inout [Trip]) throws {
        try replace(after, with: before, in: &trips)
    }

    /// Makes the change again.
    func redo(_ trips: inout [Trip]) throws {
        try replace(before, with: after, in: &trips)
    }

    private func replace(_ expected: [Trip], with replacement: [Trip], in trips: inout [Trip]) throws {
        // Every change goes through the history and a reload clears it, so this holds; checked all the same,
        // since putting trips back over others would lose those.
        guard position + expected.count <= trips.count,
              trips[position..<(position + expected.count)].elementsEqual(expected) else {
            throw ChangeHistoryError.outOfStep
        }
        trips.replaceSubrange(position..<(position + expected.count), with: replacement)
    }
}

public enum ChangeHistoryError: Error, Equatable, CustomStringConvertible {
    /// The trips are not as the step left them.
    case outOfStep

    public var description: String {
        "the trips changed in a way the undo history does not know; nothing was undone"
    }
}
