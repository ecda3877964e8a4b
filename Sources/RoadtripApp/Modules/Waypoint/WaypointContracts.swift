import RoadtripCore

/// Presenter → interactor: turning a draft into a valid stop.
public protocol WaypointInteractorInput: AnyObject {
    /// The stop the draft describes (keeping the id, place and region of `original`), or the reasons, per field,
    /// why it is not valid yet.
    func makeWaypoint(from draft: WaypointDraft, original: Waypoint?) -> Result<Waypoint, WaypointFormErrors>
    /// When one field holds a whole "lat, lon" pair (pasted), the two values; nil otherwise.
    func splitCoordinatePair(_ text: String) -> (latitude: String, longitude: String)?
    /// Places matching what was typed in the name field, best first (near the previous stop on ties).
    func searchPlaces(_ text: String, limit: Int) -> PlaceSearch
    /// What the search had to leave out (a damaged region), to say once.
    var placeNotices: [String] { get }
}

/// The answer of a place search: the gazetteer may still be loading, or missing.
public enum PlaceSearch: Equatable {
    case loading
    case unavailable(String)
    case results([PlaceMatch])
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
    /// Tab/Shift-Tab, ↑/↓ (in the notes from their first or last row), Enter in a one-line field.
    func didMoveFocus(by offset: Int)
    /// ↓/↑ while place suggestions are shown under the name: moves through them (nil = back in the field).
    func didMoveSuggestion(by offset: Int)
    /// Enter on a suggestion: fills the form from that place.
    func didPickSuggestion()
    func didRequestSave()
    func didRequestCancel()
    func didRequestHelp()
    /// The gazetteer finished loading: a search shown as "loading places…" can be answered now.
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

    /// A place offered under the name field while typing.
    public struct Suggestion: Equatable {
        public let name: String
        /// "Illinois, United States · 2,720,546 people"; "closest match · …" on the closest match.
        public let detail: String
        /// The first suggestion, when it does not bear the name typed ("flåm" → Flamatt): Enter would take a place
        /// named otherwise (`PlaceMatch.isNamedAsTyped`).
        public let isClosestMatch: Bool

        /// What the row and the hint under the list say of a closest match.
        public static let closestMatchMark = "closest match"
    }

    public let title: String
    public let fields: [Field]
    public let focused: WaypointField
    public let suggestions: [Suggestion]
    /// The highlighted suggestion; nil while typing in the field.
    public let selectedSuggestion: Int?
    /// "loading places…", "no known place matches", or nil.
    public let searchStatus: String?
    public let message: StatusMessage?
}
