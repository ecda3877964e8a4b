import Foundation
import RoadtripCore

/// The trip list's use cases: the shared ones (`TripCatalog`) plus what only this screen needs.
final class TripListInteractor: TripListInteractorInput {
    private let repository: TripRepository
    private let catalog: TripCatalog
    private let routes: RouteService

    private let startNotices: [String]

    /// `notices`: said at start besides the repository's (problems in the settings file).
    init(repository: TripRepository, routes: RouteService, notices: [String] = []) {
        self.repository = repository
        self.routes = routes
        startNotices = notices
        catalog = TripCatalog(repository: repository)
    }

    public var access: StoreAccess { repository.access }
    public var isLoading: Bool { repository.isLoading }
    public var notices: [String] { repository.notices + startNotices }
    public var newerSchemaVersion: Int? { repository.newerSchemaVersion }

    public func loadTrips() -> [TripSummary] {
        routes.summaries(of: repository.trips)
    }

    public func findTrip(_ query: String) throws -> Trip.ID {
        try catalog.find(query)
    }

    public func plannedTrip(_ id: Trip.ID) -> (Trip, Itinerary)? {
        guard let trip = repository.trips.first(where: { $0.id == id }) else { return nil }
        return (trip, routes.itinerary(for: trip, request: false))
    }

    @discardableResult
    public func addTrip(named name: String) throws -> Trip.ID {
        try catalog.add(named: name)
    }

    public func importTrip(from url: URL) throws -> ImportedTrip {
        let imported = try TripImporter.read(contentsOf: url, name: nil)
        try catalog.add(imported.trip)
        return imported
    }

    public func renameTrip(_ id: Trip.ID, to name: String) throws {
        try catalog.rename(id, to: name)
    }

    public func deleteTrip(_ id: Trip.ID) throws {
        try catalog.delete(id)
    }

    public var hasUnsavedChanges: Bool { repository.hasUnsavedChanges }

    public func reload() throws {
        try repository.reload()
    }
}
