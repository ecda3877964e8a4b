import Foundation
import RoadtripCore

/// A repository without a file, for presenter and interactor tests. Validates like the store and can be
/// told to fail its next saves.
final class InMemoryTripRepository: TripRepository {
    /// The state of a file that is not there: what a test says it is.
    final class FileState: TripFileState {
        var notices: [StoreNotice] = []
        var newerSchemaVersion: Int?
        let fileURL = URL(fileURLWithPath: "/nonexistent/trips.json")
    }

    private(set) var trips: [Trip]
    var access: StoreAccess = .readWrite
    /// A file's state to report (notices, a newer writer), when a test gives one.
    var file: TripFileState?
    var failSaves: StoreError?
    private(set) var saveCount = 0
    /// Every call of `save()`, failed ones included.
    private(set) var saveAttempts = 0
    /// Called at the start of each `save()` (to look at the screen the moment the app saves).
    var willSave: (() -> Void)?
    private(set) var hasUnsavedChanges = false

    init(trips: [Trip] = []) {
        self.trips = trips
    }

    func apply(_ change: (inout [Trip]) throws -> Void) throws {
        if case let .readOnly(reason) = access { throw StoreError.readOnly(reason: reason) }
        trips = try trips.applying(change)
        hasUnsavedChanges = true
    }

    func save() throws {
        saveAttempts += 1
        willSave?()
        if let failSaves { throw failSaves }
        saveCount += 1
        hasUnsavedChanges = false
    }

    func reload() throws {}
}
