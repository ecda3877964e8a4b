import RoadtripCore

/// Presenter → interactor: turning a draft into a valid stop.
public protocol WaypointInteractorInput: AnyObject {
    /// The stop the draft describes (keeping the id, place and region of `original`), or the reasons, per field,
    /// why it is not valid yet.
    func makeWaypoint(from draft: WaypointDraft, original: Waypoint?) -> Result<Waypoint, WaypointFormErrors>
    /// When one field holds a whole "lat, lon" pair (pasted), the two values; nil otherwise.
    func splitCoordinatePair(_ text: String) -> (latitude: String, longitude: String)?
}

/// The errors of a draft, as a value that can travel in a `Result`.
public struct WaypointFormErrors: Error, Equatable {
    public let byField: WaypointErrors
}

/// Presenter → view.
public protocol WaypointViewInput: AnyObject {
    func show(_ model: WaypointViewModel)
}

/// View → presenter.
public protocol WaypointViewOutput: AnyObject {
    func viewWillAppear()
    func didEdit(_ field: WaypointField, text: String)
    /// Tab/Shift-Tab/↑/↓ (or Enter on a field that is not the last).
    func didMoveFocus(by offset: Int)
    func didRequestSave()
    func didRequestCancel()
    func didRequestHelp()
}

/// Presenter → router.
public protocol WaypointRouterInput: CommonRouting {}

/// What the stop form shows.
public struct WaypointViewModel: Equatable {
    public struct Field: Equatable {
        public let field: WaypointField
        public let label: String
        public let text: String
        public let hint: String
        public let error: String?
    }

    public let title: String
    public let fields: [Field]
    public let focused: WaypointField
    public let message: StatusMessage?
}
