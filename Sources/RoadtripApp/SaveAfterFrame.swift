import Foundation
import RoadtripCore

/// The repository the screens' interactors use: a change is made in memory at once and written right after
/// the frame that shows it (`saveIfChanged`, run by the event loop), so a key's frame never waits for the disk.
/// A save with its fsyncs takes milliseconds on a small file and a quarter of a second on a 60 MB one.
/// The command line saves inside each command instead (the store's own `update`).
final class SaveAfterFrame: TripRepository {
    private let base: TripRepository
    /// A change was made since the last save (or attempt): a failed save is tried again with the next change,
    /// not after every frame, so a full disk does not bring an error with every cursor move.
    private var changed = false

    init(_ base: TripRepository) {
        self.base = base
    }

    var trips: [Trip] { base.trips }
    var access: StoreAccess { base.access }
    var hasUnsavedChanges: Bool { base.hasUnsavedChanges }
    var isLoading: Bool { base.isLoading }
    var file: TripFileState? { base.file }

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

    /// The same as `apply`: here every change is saved after its frame.
    func update(_ change: (inout [Trip]) throws -> Void) throws {
        try apply(change)
    }

    func save() throws {
        changed = false
        try base.save()
    }

    func reload() throws {
        changed = false
        try base.reload()
    }

    /// Saves the changes made since the last frame; returns why that failed (the change stays in memory).
    func saveIfChanged() -> Error? {
        guard changed else { return nil }
        do {
            try save()
            return nil
        } catch {
            return error
        }
    }
}
