import Foundation
import RoadtripCore

/// The repository the screens' interactors use: a change is made in memory at once and written right after
/// the frame that shows it (`saveIfChanged`, run by the event loop), so a key's frame never waits for the disk.
/// A save with its fsyncs takes milliseconds on a small file and a second on a 72 MB one: a file larger than
/// `backgroundAbove` is saved on another thread (`SaveInFlight`), one save at a time, the changes made meanwhile
/// in the next, so the key after a change does not wait either. Every other use (quitting, a signal, a reload,
/// a save asked for) first waits for the save under way.
/// The command line saves inside each command instead (the store's own `update`).
final class SaveAfterFrame: TripRepository {
    private let base: TripRepository
    /// The store, when large files are saved off the loop.
    private let store: TripStore?
    private let backgroundAbove: Int
    /// Runs work on the loop's thread (`Application.post`): a finished save is taken back there.
    private let post: (@escaping () -> Void) -> Void
    /// A change was made since the last save (or attempt): a failed save is tried again with the next change,
    /// not after every frame, so a full disk does not bring an error with every cursor move.
    private var changed = false
    private var writing: SaveInFlight?
    /// Told why a save made off the loop failed (the change stays in memory).
    var failedInBackground: (Error) -> Void = { _ in }

    /// `backgroundAbove`: the size in bytes above which a `TripStore`'s file is saved off the loop (nil: never);
    /// `post` runs work on the loop's thread.
    init(_ base: TripRepository, backgroundAbove: Int?, post: @escaping (@escaping () -> Void) -> Void) {
        self.base = base
        self.store = backgroundAbove == nil ? nil : base as? TripStore
        self.backgroundAbove = backgroundAbove ?? .max
        self.post = post
    }

    var trips: [Trip] { base.trips }
    var access: StoreAccess { base.access }
    var hasUnsavedChanges: Bool { base.hasUnsavedChanges }
    var isLoading: Bool { base.isLoading }
    var file: TripFileState? { base.file }
    /// Whether a save is being written on another thread.
    var isWriting: Bool { writing != nil }

    func finishLoading() throws {
        try base.finishLoading()
    }

    func whenLoaded(_ done: @escaping @Sendable () -> Void) {
        base.whenLoaded(done)
    }

    /// Applies the change; the save follows the frame. Only a refused change throws (read-only, invalid).
    func apply(_ change: (inout [Trip]) throws -> Void) throws {
        try base.apply(change)
        changed = true
    }

    /// A change made to the store directly (a merge): saved after the frame, as the others.
    func markChanged() {
        changed = true
    }

    /// The same as `apply`: here every change is saved after its frame.
    func update(_ change: (inout [Trip]) throws -> Void) throws {
        try apply(change)
    }

    /// Saves now, once the save under way is written; nothing to write when that one held every change.
    func save() throws {
        _ = finishWriting()
        changed = false
        guard base.hasUnsavedChanges else { return }
        try base.save()
    }

    func reload() throws {
        _ = finishWriting()
        changed = false
        try base.reload()
    }

    /// Saves the changes made since the last frame, or starts writing them on another thread; returns why that
    /// failed (the change stays in memory). While a save is under way the changes wait for the next.
    func saveIfChanged() -> Error? {
        guard changed, writing == nil else { return nil }
        do {
            if let store, let size = store.savedSize, size > backgroundAbove {
                changed = false
                let job = try store.beginSave()
                writing = SaveInFlight(job) { [post] in post { [weak self] in self?.collect() } }
            } else {
                try save()
            }
            return nil
        } catch {
            return error
        }
    }

    /// Waits for the save under way, if any, and takes its outcome into the store. Returns why it failed.
    @discardableResult
    func finishWriting() -> Error? {
        guard let store, let writing else { return nil }
        self.writing = nil
        do {
            try store.endSave(writing.wait())
            return nil
        } catch {
            return error
        }
    }

    /// A save finished on another thread: the loop takes it back (and draws, and saves what changed meanwhile).
    private func collect() {
        if let error = finishWriting() { failedInBackground(error) }
    }
}

/// A save being written on another thread.
private final class SaveInFlight: @unchecked Sendable {  // `outcome` is written before `done` is left, read after
    private let done = DispatchGroup()
    private var outcome: SaveJob.Outcome?

    /// Starts `job`; `finished` runs on that thread once the outcome can be read without waiting.
    init(_ job: SaveJob, finished: @escaping @Sendable () -> Void) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            outcome = job.run()
            done.leave()
            finished()
        }
    }

    func wait() -> SaveJob.Outcome {
        done.wait()
        guard let outcome else { preconditionFailure("a finished save has an outcome") }
        return outcome
    }
}
