import Foundation

/// Whether changes can be saved.
public enum StoreAccess: Equatable, Sendable {
    case readWrite
    /// Changes are refused; the reason says why in words a user understands.
    case readOnly(reason: String)
}

/// The seam between interactors and persistence. `TripStore` is the file-backed implementation;
/// tests may use an in-memory one. Only interactors hold a repository.
public protocol TripRepository: AnyObject {
    /// Trips in the order the user sees them (newest first).
    var trips: [Trip] { get }
    var access: StoreAccess { get }
    /// Things the user must be told about the data file (opened read-only, recovered from a crash...).
    var notices: [String] { get }
    /// Whether memory holds a change the file does not (its save failed).
    var hasUnsavedChanges: Bool { get }
    /// The schema version of a file written by a newer roadtrip (read-only, its trips perhaps unreadable here).
    var newerSchemaVersion: Int? { get }
    /// The file the trips live in, when there is one (an export must never replace it).
    var fileURL: URL? { get }

    /// Applies `change` to the trips in memory, validated first, and marks them unsaved: `save()` writes them.
    func apply(_ change: (inout [Trip]) throws -> Void) throws
    /// Applies `change` and saves at once (the default). If saving fails the change stays in memory (so the
    /// user can retry with `save()`) and the error is thrown.
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
    /// A repository without a file has no newer file.
    public var newerSchemaVersion: Int? { nil }
    public var fileURL: URL? { nil }
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
    public func applying(_ change: (inout [Trip]) throws -> Void) throws -> [Trip] {
        var after = self
        do {
            try change(&after)
            let validated = try after.enumerated().map { index, trip in
                if index < count && self[index] == trip { return trip }
                let valid = try trip.validated()
                if let duplicate = DuplicateID.among(stopsOf: valid) { throw StoreError.duplicateID(duplicate) }
                return valid
            }
            // Ids can only repeat when a trip was added or one moved to another place in the list.
            let idsMoved = after.count > count || zip(self, after).contains { $0.id != $1.id }
            if idsMoved, let duplicate = DuplicateID.among(validated) { throw StoreError.duplicateID(duplicate) }
            return validated
        } catch let error as ValidationError {
            throw StoreError.invalid(error)
        }
    }
}
