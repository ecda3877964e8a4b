import Foundation

/// Whether changes can be saved.
public enum StoreAccess: Equatable, Sendable {
    case readWrite
    /// Changes are refused; the reason says why in words a user understands.
    case readOnly(reason: String)
}

/// The seam between interactors and persistence: the trips and their changes. `TripStore` is the file-backed
/// implementation; tests may use an in-memory one. Only interactors hold a repository. What the file's state is
/// (notices, a newer writer, where it is) is apart, in `file`.
///
/// The save policy is the repository's: `update` saves at once in `TripStore` (the command line) and in the
/// default implementation; the app's `SaveAfterFrame` saves after the frame that shows the change, so a key never
/// waits for the disk. Either way a failed save keeps the change in memory (`hasUnsavedChanges`) and says why:
/// thrown by `update` here, published as `.saveFailed` after the frame there.
public protocol TripRepository: AnyObject {
    /// Trips in the order the user sees them (newest first).
    var trips: [Trip] { get }
    var access: StoreAccess { get }
    /// Whether memory holds a change the file does not (its save failed).
    var hasUnsavedChanges: Bool { get }
    /// The file the trips live in; nil for trips kept in memory only.
    var file: TripFileState? { get }

    /// Applies `change` to the trips in memory, validated first, and marks them unsaved: `save()` writes them.
    func apply(_ change: (inout [Trip]) throws -> Void) throws
    /// Applies `change` and saves it by the repository's policy (see above; at once by default). If saving fails
    /// the change stays in memory (so the user can retry with `save()`).
    func update(_ change: (inout [Trip]) throws -> Void) throws
    /// `update` for a change that says what it did: `describe` runs once the change is made (it may read the
    /// trips as they are then) and its answer is returned. A repository that keeps an undo history
    /// (`ChangeHistory`) names the step with it.
    @discardableResult
    func update(_ change: (inout [Trip]) throws -> Void, describe: () -> ChangeDescription) throws -> ChangeDescription
    /// Retries saving what is in memory.
    func save() throws
    /// Drops what is in memory and reads the file again (after an external change).
    func reload() throws

    /// Whether `trips` holds only the first trips while the rest of a large file is read.
    var isLoading: Bool { get }
    /// Makes `trips` whole, waiting for the rest of the file if needed (`apply` and `save` do it first).
    /// Throws when the rest cannot be read; the repository is then read-only.
    func finishLoading() throws
    /// Calls `done`, on any thread, once `finishLoading` will not wait.
    func whenLoaded(_ done: @escaping @Sendable () -> Void)
}

extension TripRepository {
    /// A repository that reads everything at once is never loading.
    public var isLoading: Bool { false }
    public var file: TripFileState? { nil }
    public func finishLoading() throws {}
    public func whenLoaded(_ done: @escaping @Sendable () -> Void) { done() }

    public func update(_ change: (inout [Trip]) throws -> Void) throws {
        try apply(change)
        try save()
    }

    @discardableResult
    public func update(_ change: (inout [Trip]) throws -> Void,
                       describe: () -> ChangeDescription) throws -> ChangeDescription {
        try update(change)
        return describe()
    }
}

extension Array where Element == Trip {
    /// `self` with `change` applied, every trip that changed validated (the others were valid already).
    /// What every repository's `update` does before it keeps the result; a broken rule throws
    /// `StoreError.invalid`, two trips (or two stops of a trip) with one id `StoreError.duplicateID`.
    /// Only the trips between the ends the change left alone are looked at (`ChangedRange`: unchanged trips share
    /// their storage, so telling them apart is cheap), so one new trip in 100,000 checks one trip.
    public func applying(_ change: (inout [Trip]) throws -> Void) throws -> [Trip] {
        var after = self
        do {
            try change(&after)
            guard let changed = ChangedRange(from: self, to: after) else { return after }
            // Each trip as it was, when it is still here: its stops were valid, and their ids one each.
            let old = self[changed.position..<(changed.position + changed.oldCount)]
            let was = Dictionary(old.lazy.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for index in changed.inNew {
                let trip = after[index], before = was[trip.id]
                if before == trip { continue }
                let valid = try trip.validated(knowing: before)
                if !valid.hasTheStopIDs(of: before), let duplicate = DuplicateID.among(stopsOf: valid) {
                    throw StoreError.duplicateID(duplicate)
                }
                after[index] = valid
            }
            // The trips outside the range keep their ids, one each and none of the old range's: an id repeats only
            // within the range, or where one new to the range is also outside it.
            let ids = after[changed.inNew].map(\.id)
            let arrived = Set(ids.lazy.filter { was[$0] == nil })
            let repeats = Set(ids).count < ids.count || (!arrived.isEmpty
                && (after[..<changed.position].contains { arrived.contains($0.id) }
                    || after[changed.inNew.upperBound...].contains { arrived.contains($0.id) }))
            if repeats, let duplicate = DuplicateID.among(after) { throw StoreError.duplicateID(duplicate) }
            return after
        } catch let error as ValidationError {
            throw StoreError.invalid(error)
        }
    }
}

extension Trip {
    /// Whether the stops' ids are those of `other` (a valid trip, whose ids are one each), perhaps in another
    /// order: a stop moved, edited or pinned brings no repeated id. Compares the places where the stops differ.
    func hasTheStopIDs(of other: Trip?) -> Bool {
        guard let other, other.waypoints.count == waypoints.count else { return false }
        var now = Set<UUID>(), was = Set<UUID>(), moved = 0
        // Read where the stops lie: zipping the arrays copied each pair out.
        waypoints.withUnsafeBufferPointer { stops in
            other.waypoints.withUnsafeBufferPointer { olds in
                for index in stops.indices where stops[index].id != olds[index].id {
                    now.insert(stops[index].id)
                    was.insert(olds[index].id)
                    moved += 1
                }
            }
        }
        return now.count == moved && now == was
    }
}
