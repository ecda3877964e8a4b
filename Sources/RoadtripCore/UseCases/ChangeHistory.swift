import Foundation

/// Every change made to the trips since the app started, to undo and redo. It wraps the repository the
/// screens use, so each change is recorded as it is made (named by its `ChangeDescription`), and an undo or
/// a redo is a change like any other: made through the wrapped repository, validated and saved the same way.
/// Reading the file again clears it. In memory only, at most `limit` steps (the oldest go first).
public final class ChangeHistory: TripRepository {
    public static let defaultLimit = 1_000
    /// The name of a change made without a description.
    static let unnamedChange = ChangeDescription("change", "Changed", "the trips")

    private let base: TripRepository
    private let limit: Int
    /// Told of each undo and redo, for every screen to show the trips as they are now.
    private let feed: ChangeFeed?
    /// Oldest first; the next to undo is the last.
    private var undoSteps: [HistoryStep] = []
    /// The next to redo is the last; emptied by any new change.
    private var redoSteps: [HistoryStep] = []

    public init(_ base: TripRepository, feed: ChangeFeed? = nil, limit: Int = ChangeHistory.defaultLimit) {
        self.base = base
        self.feed = feed
        self.limit = limit
    }

    public var isEmpty: Bool { undoSteps.isEmpty && redoSteps.isEmpty }

    /// Takes back the last change. Returns what it took back, nil when there was nothing to undo.
    @discardableResult
    public func undo() throws -> ChangeDescription? {
        try checkWritable()
        guard let step = undoSteps.last else { return nil }
        try changing({ try base.update(step.undo) }) {
            redoSteps.append(undoSteps.removeLast())
            feed?.publish(.historyStepped("Undid: \(step.description.label)"))
        }
        return step.description
    }

    /// Makes the last undone change again. Returns it, nil when there was nothing to redo.
    @discardableResult
    public func redo() throws -> ChangeDescription? {
        try checkWritable()
        guard let step = redoSteps.last else { return nil }
        try changing({ try base.update(step.redo) }) {
            undoSteps.append(redoSteps.removeLast())
            feed?.publish(.historyStepped("Redid: \(step.description.label)"))
        }
        return step.description
    }

    /// Undo and redo are edits: refused like the others where nothing can be saved, even with nothing to undo.
    private func checkWritable() throws {
        if case let .readOnly(reason) = access { throw StoreError.readOnly(reason: reason) }
    }

    /// Forgets every step.
    public func clear() {
        undoSteps = []
        redoSteps = []
    }

    // MARK: TripRepository

    public var trips: [Trip] { base.trips }
    public var access: StoreAccess { base.access }
    public var hasUnsavedChanges: Bool { base.hasUnsavedChanges }
    public var file: TripFileState? { base.file }
    public var isLoading: Bool { base.isLoading }

    public func finishLoading() throws {
        try base.finishLoading()
    }

    public func whenLoaded(_ done: @escaping @Sendable () -> Void) {
        base.whenLoaded(done)
    }

    public func apply(_ change: (inout [Trip]) throws -> Void) throws {
        try record({ Self.unnamedChange }) { try base.apply(change) }
    }

    public func update(_ change: (inout [Trip]) throws -> Void) throws {
        try record({ Self.unnamedChange }) { try base.update(change) }
    }

    @discardableResult
    public func update(_ change: (inout [Trip]) throws -> Void,
                       describe: () -> ChangeDescription) throws -> ChangeDescription {
        try record(describe) { try base.update(change) }
    }

    public func save() throws {
        try base.save()
    }

    /// Reads the file again, and every screen follows; the steps described trips that may no longer be there.
    public func reload() throws {
        defer { clear() }
        try base.reload()
        feed?.publish(.tripsReloaded)
    }

    /// Records a change made to the trips by other means than an edit (`make`: the store's merge of another
    /// machine's version) as one step, and tells every screen (`historyStepped` with `said`). Undoing it is an edit.
    public func record(_ describe: () -> ChangeDescription, saying said: (ChangeDescription) -> String,
                       madeBy make: () throws -> Void) throws {
        let before = base.trips
        let description = try record(describe, make)
        if HistoryStep(from: before, to: base.trips) != nil { feed?.publish(.historyStepped(said(description))) }
    }

    // MARK: Recording

    /// Makes a change through the wrapped repository and records it as one step named by `describe`.
    @discardableResult
    private func record(_ describe: () -> ChangeDescription, _ make: () throws -> Void) throws -> ChangeDescription {
        // The whole list, as the change will see it (a large file may still be arriving).
        try base.finishLoading()
        let before = base.trips
        var description: ChangeDescription?
        try changing(make) {
            description = describe()
            guard var step = HistoryStep(from: before, to: base.trips) else { return }
            step.description = description!
            undoSteps.append(step)
            if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
            redoSteps = []
        }
        return description!
    }

    /// Runs `make`, then `made` once the trips changed: also when `make` threw after changing them in memory
    /// (a save that failed keeps the change, to be saved later), since the change then stands.
    private func changing(_ make: () throws -> Void, made: () -> Void) throws {
        let before = base.trips
        do {
            try make()
        } catch {
            if HistoryStep(from: before, to: base.trips) != nil { made() }
            throw error
        }
        made()
    }
}
