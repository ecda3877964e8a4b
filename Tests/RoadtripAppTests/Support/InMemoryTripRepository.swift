import Foundation
import RoadtripCore

/// A repository without a file, for presenter and interactor tests. Validates like the store and can be
/// told to fail its next saves.
final class InMemoryTripRepository: TripRepository {
    private(set) var trips: [Trip]
    var access: StoreAccess = .readWrite
    var notices: [String] = []
    var failSaves: StoreError?
    private(set) var saveCount = 0
    private(set) var hasUnsavedChanges = false

    init(trips: [Trip] = []) {
        self.trips = trips
    }

    func update(_ change: (inout [Trip]) throws -> Void) throws {
        if case let .readOnly(reason) = access { throw StoreError.readOnly(reason: reason) }
        trips = try trips.applying(change)
        hasUnsavedChanges = true
        try save()
    }

    func save() throws {
        if let failSaves { throw failSaves }
        saveCount += 1
        hasUnsavedChanges = false
    }

    func reload() throws {}
}
