import Foundation
import RoadtripCore

/// Use cases of the trip list: list, find, create, rename, delete. Saves after every change.
public final class TripListInteractor: TripListInteractorInput {
    private let repository: TripRepository

    public init(repository: TripRepository) {
        self.repository = repository
    }

    public var access: StoreAccess { repository.access }
    public var isLoading: Bool { repository.isLoading }
    public var notices: [String] { repository.notices }
    public var newerSchemaVersion: Int? { repository.newerSchemaVersion }

    public func loadTrips() -> [TripSummary] {
        repository.trips.map(TripSummary.init)
    }

    /// A trip by id, by exact name, or by a unique case-insensitive name prefix.
    public func findTrip(_ query: String) throws -> Trip.ID {
        let trips = repository.trips
        if let id = UUID(uuidString: query), trips.contains(where: { $0.id == id }) { return id }
        let folded = query.trimmingCharacters(in: .whitespaces).lowercased()
        guard !folded.isEmpty else { throw TripLookupError.notFound(query) }
        let exact = trips.filter { $0.name.lowercased() == folded }
        if exact.count == 1 { return exact[0].id }
        let prefixed = exact.isEmpty ? trips.filter { $0.name.lowercased().hasPrefix(folded) } : exact
        switch prefixed.count {
        case 0: throw TripLookupError.notFound(query)
        case 1: return prefixed[0].id
        default: throw TripLookupError.ambiguous(query, candidates: prefixed.map(\.name))
        }
    }

    /// Creates a trip at the top of the list.
    @discardableResult
    public func addTrip(named name: String) throws -> Trip.ID {
        let trip = Trip(name: name)
        try repository.update { $0.insert(trip, at: 0) }
        return trip.id
    }

    public func renameTrip(_ id: Trip.ID, to name: String) throws {
        try repository.update { trips in
            guard let index = trips.firstIndex(where: { $0.id == id }) else { return }
            trips[index].name = name
            trips[index].updatedAt = .wholeSecondNow
        }
    }

    public func deleteTrip(_ id: Trip.ID) throws {
        try repository.update { try $0.removeTrip(withID: id) }
    }

    public var hasUnsavedChanges: Bool { repository.hasUnsavedChanges }

    public func reload() throws {
        try repository.reload()
    }
}
