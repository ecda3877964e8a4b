import Foundation
import RoadtripCore

/// The trip list's use cases: the shared ones (`TripCatalog`) plus what only this screen needs.
final class TripListInteractor: TripListInteractorInput {
    private let repository: TripRepository
    private let catalog: TripCatalog
    private let routes: RouteService
    /// The rows' figures from the last reading: a change to one trip works out one again.
    private let summaries = TripSummaries()
    /// The trips as `loadChanges` last read them: the next reading tells what changed since (unchanged trips share
    /// their storage, so comparing 100,000 of them is cheap).
    private var read: [Trip]?
    /// The app's undo history; nil where there is none (a test's repository).
    private let history: ChangeHistory?

    private let startNotices: [String]

    /// `notices`: said at start besides the repository's (problems in the settings file).
    public var workingFolder: String { FileManager.default.currentDirectoryPath }

    init(repository: TripRepository, routes: RouteService, notices: [String] = [], history: ChangeHistory? = nil) {
        self.repository = repository
        self.history = history
        self.routes = routes
        startNotices = notices
        catalog = TripCatalog(repository: repository)
    }

    public var access: StoreAccess { repository.access }
    public var isLoading: Bool { repository.isLoading }
    public var notices: [String] { (repository.file?.notices ?? []).map(\.description) + startNotices }
    public var newerSchemaVersion: Int? { repository.file?.newerSchemaVersion }

    public func loadChanges() -> TripListChange {
        let trips = repository.trips
        // Late data for every trip: the summaries that still hold are kept (see `RouteService.rebase`).
        let stale = routes.isCurrent(summaries) ? [] : routes.rebase(summaries)
        guard let earlier = read, let stale else {
            read = trips
            return .all(routes.summaries(of: trips, keeping: summaries))
        }
        read = trips
        let changed = ChangedRange(from: earlier, to: trips)
        // Often the last reference to the trips as they were before a change.
        FreeOffTheLoop.free(earlier)
        let replaced = changed.map { ($0, routes.summaries(of: Array(trips[$0.inNew]), keeping: summaries)) }
        guard !stale.isEmpty else { return replaced.map { .replaced($0.0, $0.1) } ?? .none }
        let fresh = routes.summaries(of: trips.filter { stale.contains($0.id) }, keeping: summaries)
        return .refreshed(fresh, after: replaced)
    }

    public func loadTrips(_ ids: Set<Trip.ID>) -> [TripSummary] {
        routes.refresh(repository.trips.filter { ids.contains($0.id) }, keeping: summaries)
    }

    public func plannedTrip(_ id: Trip.ID) -> (Trip, Itinerary)? {
        // By index: `first(where:)` would copy out each trip it passes.
        let trips = repository.trips
        guard let index = trips.indices.first(where: { trips[$0].id == id }) else { return nil }
        let trip = trips[index]
        return (trip, routes.itinerary(for: trip))
    }

    @discardableResult
    public func addTrip(named name: String) throws -> (id: Trip.ID, change: ChangeDescription) {
        try catalog.add(named: name)
    }

    public func importTrip(from url: URL) throws -> (imported: ImportedTrip, change: ChangeDescription) {
        let imported = try TripImporter.read(contentsOf: url, name: nil)
        return (imported, try catalog.add(imported.trip))
    }

    @discardableResult
    public func renameTrip(_ id: Trip.ID, to name: String) throws -> ChangeDescription {
        try catalog.rename(id, to: name)
    }

    @discardableResult
    public func duplicateTrip(_ id: Trip.ID, named name: String) throws -> (id: Trip.ID, change: ChangeDescription) {
        try catalog.duplicate(id, named: name)
    }

    public func deleteTrip(_ id: Trip.ID) throws -> ChangeDescription {
        try catalog.delete(id)
    }

    public func undo() throws -> ChangeDescription? {
        try history?.undo()
    }

    public func redo() throws -> ChangeDescription? {
        try history?.redo()
    }

    public var hasUnsavedChanges: Bool { repository.hasUnsavedChanges }

    @discardableResult
    public func reload() throws -> Bool {
        let hadHistory = history.map { !$0.isEmpty } ?? false
        try repository.reload()
        return hadHistory
    }
}
