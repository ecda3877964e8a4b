import Foundation
import RoadtripCore

/// Presenter → interactor: the trip list's use cases.
public protocol TripListInteractorInput: AnyObject {
    var access: StoreAccess { get }
    /// Where a typed file path starts (the import dialog's): the process's working folder.
    var workingFolder: String { get }
    /// Whether only the first trips of a large file are there yet (the rest is being read).
    var isLoading: Bool { get }
    var notices: [String] { get }
    /// The schema version of a file written by a newer roadtrip (read-only); nil for any other.
    var newerSchemaVersion: Int? { get }
    /// The trips changed since the last call, with their distances as the route service knows them now: every
    /// trip the first time, and when late data changed every figure.
    func loadChanges() -> TripListChange
    /// The summaries of `ids` only (routes arrived for them).
    func loadTrips(_ ids: Set<Trip.ID>) -> [TripSummary]
    /// One trip with its legs as known now (without asking a router: scrolling past a trip is not planning it).
    func plannedTrip(_ id: Trip.ID) -> (Trip, Itinerary)?
    func addTrip(named name: String) throws -> (id: Trip.ID, change: ChangeDescription)
    func renameTrip(_ id: Trip.ID, to name: String) throws -> ChangeDescription
    func deleteTrip(_ id: Trip.ID) throws -> ChangeDescription
    /// A copy of the trip (stops, notes and dates, under new ids) named `name`, first in the list.
    func duplicateTrip(_ id: Trip.ID, named name: String) throws -> (id: Trip.ID, change: ChangeDescription)
    /// Takes back the last change made on any screen; nil when there is none. Every screen then hears of it
    /// (`DataChange.historyStepped`).
    func undo() throws -> ChangeDescription?
    /// Makes the last undone change again; nil when there is none.
    func redo() throws -> ChangeDescription?
    /// Reads a GPX, KML, KMZ or GeoJSON file and adds the trip it describes ("Name (2)" when a trip has its name);
    /// a bad file changes nothing.
    func importTrip(from url: URL) throws -> (imported: ImportedTrip, change: ChangeDescription)
    /// Whether memory holds a change the file does not have (its save failed).
    var hasUnsavedChanges: Bool { get }
    /// Reads the file again, dropping unsaved changes; takes the lock if its holder has quit. Returns whether
    /// that dropped the undo history.
    func reload() throws -> Bool
}

/// How the list changed since the interactor last read it.
public enum TripListChange {
    /// Every trip, in order.
    case all([TripSummary])
    /// From `range.position`, `range.oldCount` trips became these (`range.newCount` of them).
    case replaced(ChangedRange, [TripSummary])
    /// Late data changed the summaries of these trips alone (the others stand), after a `replaced` when trips
    /// changed too.
    case refreshed([TripSummary], after: (ChangedRange, [TripSummary])?)
    case none
}

/// Presenter → view.
public protocol TripListViewInput: AnyObject {
    func show(_ model: TripListViewModel)
}

/// View → presenter: what the user asked for, in words of the screen.
public protocol TripListViewOutput: AnyObject {
    func viewWillAppear()
    func didMoveSelection(to row: Int)
    func didRequestOpen()
    func didRequestAdd()
    func didRequestRename()
    func didRequestDelete()
    /// Asks for the copy's name ("Route 66 (copy)" offered), then duplicates the selected trip.
    func didRequestDuplicate()
    func didStartFilter()
    func didChangeFilter(_ text: String)
    /// Enter keeps the filter applied; Esc (`keep == false`) clears it.
    func didEndFilter(keep: Bool)
    func didRequestBack()
    func didRequestReload()
    func didRequestUndo()
    func didRequestRedo()
    func didRequestSettings()
    /// Asks for a file's path and makes a new trip from it.
    func didRequestImport()
    /// Whether a change may be made; when the data is read-only, false, and the message line says why.
    func mayEdit() -> Bool
}

/// Presenter → router.
public protocol TripListRouterInput: CommonRouting {
    /// Opens a trip; `message` shows on its first frame.
    func showDetail(for id: Trip.ID, saying message: String?)
    func showSettings()
}

/// What the trip list screen shows. Strings are final; the view only lays them out.
public struct TripListViewModel {
    public struct Row: Equatable {
        public let id: Trip.ID
        public let name: String
        /// The start of the id, where another trip has the same name (else empty): what `roadtrip show` takes.
        public let shortID: String
        /// "12–19 Jun 2027", "no date".
        public let dates: String
        public let stops: String
        public let distance: String
        public let route: String

        /// What the columns show, in their order. Inlined, so that a drawn row's cells stay on the stack.
        @inline(__always) var cells: [String] { [name, shortID, dates, stops, distance, route] }
        static let columns = 6
    }

    public struct Filter: Equatable {
        public let text: String
        public let isEditing: Bool
    }

    public let title: String
    public let subtitle: String
    public let rows: [Row]
    /// Each column's widest cell over every trip, filtered or not (`TripListRows.widest`): the columns keep still
    /// while a filter is typed.
    public let widest: [Int]
    public let selectedIndex: Int?
    public let filter: Filter?
    /// Shown instead of the list when there are no rows.
    public let emptyText: String?
    public let message: StatusMessage?
    /// The selected trip's map, drawn beside the list on a wide screen.
    public let map: TripMapContent?
}
