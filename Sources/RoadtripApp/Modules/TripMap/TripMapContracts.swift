import Foundation
import RoadtripCore

/// Presenter → interactor: what the full-screen map needs of its trip.
public protocol TripMapInteractorInput: AnyObject {
    var tripID: Trip.ID { get }
    var access: StoreAccess { get }
    /// nil when the trip no longer exists (deleted elsewhere, or the file was reloaded).
    func loadTrip() -> Trip?
    /// The legs as the route service knows them now (asking the router for the rest).
    func itinerary(for trip: Trip) -> Itinerary
    /// Whether a router is still answering.
    var isRouting: Bool { get }
    func updateStop(_ waypoint: Waypoint) throws -> ChangeDescription
    /// The regions' POIs of `category` along every day of `trip`, off the loop (they may still be loading); `found`
    /// on the loop, with none when no region is installed.
    func poisAlong(_ trip: Trip, _ itinerary: Itinerary, category: POICategory, found: @escaping ([AlongStop]) -> Void)
}

/// Presenter → view.
public protocol TripMapViewInput: AnyObject {
    func show(_ model: TripMapViewModel)
}

/// View → presenter.
public protocol TripMapViewOutput: AnyObject {
    func viewWillAppear()
    /// The map's size in cells, on the first frame and whenever it changes.
    func didLayout(columns: Int, rows: Int)
    /// Moves the view a step (a quarter of it) east (`dx` 1), west, south (`dy` 1) or north.
    func didRequestPan(dx: Int, dy: Int)
    func didRequestZoom(in: Bool)
    /// Back to the whole trip in view.
    func didRequestFit()
    /// Selects the next (`offset` 1) or previous stop, keeping it in view.
    func didRequestStop(offset: Int)
    /// A click on the map's cell (`row`, `column`), counted from its top left: selects the nearest stop.
    func didClick(row: Int, column: Int)
    /// Opens the selected stop's form.
    func didRequestEditStop()
    /// The next category of POIs drawn along the route, after the last none.
    func didRequestPOICategory()
    /// Whether a change may be made; when the data is read-only, false, and the message line says why.
    func mayEdit() -> Bool
    func didRequestBack()
}

/// Presenter → router.
public protocol TripMapRouterInput: CommonRouting {
    /// Opens the stop form on `waypoint`; the result comes back through `output`.
    func showWaypointForm(editing waypoint: Waypoint, near previous: Waypoint?, output: WaypointModuleOutput)
}

/// What the full-screen map shows.
public struct TripMapViewModel {
    public let title: String
    public let content: TripMapContent
    /// The view the map shows; nil until the view has said its size.
    public let projection: MapProjection?
    public let selectedIndex: Int?
    /// "3/12 St. Louis · Missouri, US", or why there is nothing to select.
    public let selection: String
    /// "×2 · 1 cell ≈ 25 km": the zoom against the whole trip's view, and what a cell spans.
    public let scale: String
    public let message: StatusMessage?
    /// The POIs along the route in view (`MapPOIs.cells`: none when zoomed out), and what they are: "S sleep".
    public let pois: [(row: Int, column: Int, glyph: Character)]
    public let poiLegend: String
}
