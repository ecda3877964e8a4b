import Foundation
import RoadtripCore

/// Presenter → interactor: the use cases of one trip.
public protocol TripDetailInteractorInput: AnyObject {
    var tripID: Trip.ID { get }
    /// Where a typed file path starts (the export dialog's): the process's working folder.
    var workingFolder: String { get }
    var access: StoreAccess { get }
    /// nil when the trip no longer exists (deleted elsewhere, or the file was reloaded).
    func loadTrip() -> Trip?
    /// Inserts at `index` (clamped to the valid range); appends when nil.
    /// Each change returns what it did (for the message line).
    func addStop(_ waypoint: Waypoint, at index: Int?) throws -> ChangeDescription
    func updateStop(_ waypoint: Waypoint) throws -> ChangeDescription
    func deleteStop(_ id: Waypoint.ID) throws -> ChangeDescription
    func moveStop(from: Int, to: Int) throws -> ChangeDescription
    func rename(to name: String) throws -> ChangeDescription
    func setNotes(_ notes: String) throws -> ChangeDescription
    func setStartDate(_ date: CalendarDate?) throws -> ChangeDescription
    /// The stops in the opposite order (the way home).
    func reverse() throws -> ChangeDescription
    /// Pins the stop where it is (`optimise` keeps it there), or unpins it.
    func setPinned(_ pinned: Bool, stop id: Waypoint.ID) throws -> ChangeDescription
    /// Gives a clash from a merge the other machine's value (`Trip.conflicts[index]`), one undo step.
    func takeBack(conflict index: Int) throws -> ChangeDescription
    /// Keeps the values as they are and clears the trip's clashes, one undo step.
    func keepValues() throws -> ChangeDescription
    /// The trip's own kind of vehicle; nil: the settings'. One undo step.
    func setVehicle(_ kind: VehicleKind?) throws -> ChangeDescription
    /// Keeps the trip off `avoid`, or lets it take it; the trip's roads start from the settings' `avoid` when it has
    /// none. One undo step.
    func setAvoiding(_ avoid: Avoid, _ avoiding: Bool, over settings: [Avoid]) throws -> ChangeDescription
    /// The settings' vehicle and roads again: the trip's own go. One undo step.
    func useSettingsVehicle() throws -> ChangeDescription
    /// Takes back the last change made on any screen; nil when there is none. Every screen then hears of it
    /// (`DataChange.historyStepped`).
    func undo() throws -> ChangeDescription?
    /// Makes the last undone change again; nil when there is none.
    func redo() throws -> ChangeDescription?
    /// Writes the trip as `format` to `url` (replaced atomically), with its `cost` where the format has room;
    /// never over the trips file.
    /// Without `replacing`, a file that is there is `TripExport.Failure.exists`.
    func export(_ trip: Trip, _ itinerary: Itinerary, as format: ExportFormat, unit: DistanceUnit, cost: TripCost?,
                battery: TripBattery?, to url: URL, replacing: Bool) throws
}

/// Presenter → view.
public protocol TripDetailViewInput: AnyObject {
    func show(_ model: TripDetailViewModel)
}

/// View → presenter.
public protocol TripDetailViewOutput: AnyObject {
    func viewWillAppear()
    func didMoveSelection(to row: Int)
    func didRequestAddStop()
    func didRequestEditStop()
    func didRequestDeleteStop()
    /// Moves the selected stop by `offset` places (J = +1, K = -1); the selection follows it.
    func didRequestMoveStop(by offset: Int)
    func didRequestRename()
    func didRequestNotes()
    func didRequestStartDate()
    func didRequestReverse()
    /// Pins the selected stop at its position, or unpins it.
    func didRequestTogglePin()
    /// Lists the clashes a merge left (changed on both machines) to take the other value back, or keep them all.
    func didRequestConflicts()
    /// The trip's vehicle and roads to avoid, to change them for this trip.
    func didRequestVehicle()
    /// Searches the order of the stops that drives least and previews it (Enter applies, Esc keeps the old one).
    func didRequestOptimise()
    func didRequestUndo()
    func didRequestRedo()
    /// Asks for a format and a file, then writes the trip there.
    func didRequestExport()
    /// Shows the trip's directions link (Google Maps first) and copies it to the clipboard.
    func didRequestShareLink()
    /// Opens the day-by-day plan on the day the selected stop is reached.
    func didRequestDays()
    /// Opens the full-screen map.
    func didRequestMap()
    func didRequestBack()
    /// Whether a change may be made; when the data is read-only, false, and the message line says why.
    func mayEdit() -> Bool
}

/// Presenter → router.
public protocol TripDetailRouterInput: CommonRouting {
    /// Opens the stop form; the result comes back through `output`.
    func showWaypointForm(editing waypoint: Waypoint?, after previous: Waypoint?, before next: Waypoint?,
                          output: WaypointModuleOutput)
    /// Opens the trip's map on the whole screen, `selected` selected; `output` hears of stops selected there.
    func showMap(of trip: Trip.ID, selected: Waypoint.ID?, output: TripMapModuleOutput)
    /// Opens the day-by-day plan on `day` (0-based).
    func showDays(of trip: Trip.ID, day: Int, output: DayPlanModuleOutput)
    /// Searches the trip's best order and previews it over the stops; `output` hears how it ended.
    func showOptimise(of trip: Trip.ID, output: PreviewModuleOutput)
}

/// What the trip screen shows.
public struct TripDetailViewModel {
    /// A class, so that the rows a key leaves as they were are shared from one frame to the next rather than
    /// copied (and released) string by string: 500 rows a key on a long trip.
    public final class Row: Equatable {
        public let id: Waypoint.ID
        public let number: String
        public let name: String
        /// "Illinois, US" when known.
        public let place: String
        /// The leg from the previous stop ("≈412 km · 4 h 35"); empty for the first.
        public let leg: String
        public let nights: String
        /// When the stop is reached, on its own clock: its date ("Sun 13 Jun", with the year only when the trip
        /// crosses one) or "Day N" without a start date, and the time ("Sun 13 Jun 14:35"); the first stop's day alone.
        public let arrival: String
        /// The clock change of its day ("−1 h"), shown after the arrival where it fits; else empty.
        public let shift: String
        /// Its zone at the arrival ("UTC−6") when the trip crosses zones; else empty.
        public let zone: String
        public let hasNotes: Bool
        /// `optimise` keeps the stop at its position.
        public let pinned: Bool
        /// The leg is an estimate because the router failed for it (the message line says why).
        public let legFellBack: Bool

        init(id: Waypoint.ID, number: String, name: String, place: String, leg: String, nights: String, arrival: String,
             shift: String, zone: String, hasNotes: Bool, pinned: Bool, legFellBack: Bool) {
            (self.id, self.number, self.name, self.place, self.leg, self.nights) = (id, number, name, place, leg, nights)
            (self.arrival, self.shift, self.zone) = (arrival, shift, zone)
            (self.hasNotes, self.pinned, self.legFellBack) = (hasNotes, pinned, legFellBack)
        }

        /// The same row with another arrival: a stop whose clock moved when a stop before it did.
        func arriving(_ arrival: String, shift: String, zone: String) -> Row {
            Row(id: id, number: number, name: name, place: place, leg: leg, nights: nights, arrival: arrival,
                shift: shift, zone: zone, hasNotes: hasNotes, pinned: pinned, legFellBack: legFellBack)
        }

        /// Whether the two read the same but for the arrival (its clock change and zone with it).
        func sameButArrival(_ other: Row) -> Bool {
            self === other || (id == other.id && number == other.number && name == other.name && place == other.place
                && leg == other.leg && nights == other.nights && hasNotes == other.hasNotes && pinned == other.pinned
                && legFellBack == other.legFellBack)
        }

        public static func == (a: Row, b: Row) -> Bool {
            a === b || (a.sameButArrival(b) && a.arrival == b.arrival && a.shift == b.shift && a.zone == b.zone)
        }
    }

    /// The selected stop in full, under the stops when the screen is tall enough (see `TripDetailView`).
    public struct StopPreview: Equatable {
        /// "5 Santa Monica"
        public let title: String
        /// "California, US · 34.0195, -118.4914"
        public let place: String
        /// "Sun 13 Jun · arrive 14:35 UTC−6 (−1 h) · 1 rest · visit 1h30 · leave 16:05", "Tue 15 Jun · arrive
        /// 18:10 · 2 nights", "Sat 12 Jun · 1 night · leave Sun 13 Jun 09:00"
        public let stay: String
        /// How the leg reaching it ends in the dark, with what to do ("arrives 1 h 10 after dark (dusk 20:58):
        /// leave earlier or split the day"); nil when it arrives in daylight (or the trip has no date).
        public let dark: String?
        /// The stop's notes, whole (the view wraps them and shows what fits); empty when it has none.
        public let notes: String
    }

    /// The name, "read-only", the summary line and the notes' first line.
    public let header: TripHeader
    public var title: String { header.title }
    /// The whole summary line.
    public var summary: String { header.summary }
    public var notesPreview: String? { header.notesPreview }
    public let rows: [Row]
    public let selectedIndex: Int?
    /// The selected stop, when there is one.
    public let preview: StopPreview?
    public let emptyText: String?
    public let message: StatusMessage?
    /// What the map beside the stops draws (shown when the screen is wide enough).
    public let map: TripMapContent?
    /// Which stops are reached after dark, asked for the rows drawn (`TripDaylight`).
    let daylight: TripDaylight
    /// An electric trip's battery at each stop (the BATTERY column); nil hides it.
    var battery: ScreenBattery?
}
