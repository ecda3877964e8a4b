import Foundation
import RoadtripCore

/// Presenter → interactor: the trip and its itinerary.
protocol DayPlanInteractorInput: AnyObject {
    var tripID: Trip.ID { get }
    var access: StoreAccess { get }
    /// nil when the trip no longer exists.
    func loadTrip() -> Trip?
    func itinerary(for trip: Trip) -> Itinerary
    /// Real legs are on their way.
    var isRouting: Bool { get }
    /// Takes back the last change made on any screen; nil when there is none (every screen hears of it).
    func undo() throws -> ChangeDescription?
    /// Makes the last undone change again; nil when there is none.
    func redo() throws -> ChangeDescription?
    /// The range check (`FuelGaps.check`): each day's stretches longer than the range without a station, and the legs
    /// no region holds. Off the loop (the regions' POIs may still be loading); `found` on the loop, never when
    /// `range_km` is off.
    func fuelCheck(_ trip: Trip, _ itinerary: Itinerary, found: @escaping (FuelCheck) -> Void)
    /// The installed regions' chargers (a night by one charges); nil before the regions are read, or without them.
    var chargers: (any ChargerLookup)? { get }
}

/// Presenter → view.
protocol DayPlanViewInput: AnyObject {
    func show(_ model: DayPlanViewModel)
}

/// View → presenter.
protocol DayPlanViewOutput: AnyObject {
    func viewWillAppear()
    func didMoveSelection(to row: Int)
    /// Back to the stops, the cursor on the selected day's first stop (the first reached, or where it is spent).
    func didRequestBack()
    /// The towns where the selected day could end, to insert one as a stop of one night.
    func didRequestTowns()
    /// A night along every day over the limit, previewed.
    func didRequestPace()
    /// The regions' POIs along the selected day's road, to insert one as a stop.
    func didRequestAlong()
    /// Where an electric trip charges on every day, previewed.
    func didRequestCharge()
    func didRequestUndo()
    func didRequestRedo()
    /// Shows each day's cost, or hides it (remembered for the rest of the run).
    func didRequestCost()
    /// Whether a change may be made; when the data is read-only, false, and the message line says why.
    func mayEdit() -> Bool
}

/// Presenter → router.
protocol DayPlanRouterInput: CommonRouting {
    /// The towns where day `day` (0-based) could end, over the days; `output` hears how it ended, as below.
    func showTowns(of trip: Trip.ID, day: Int, output: PreviewModuleOutput)
    /// A night along every long day, previewed.
    func showPace(of trip: Trip.ID, output: PreviewModuleOutput)
    /// The POIs along day `day` (0-based).
    func showAlong(of trip: Trip.ID, day: Int, output: PreviewModuleOutput)
    /// The charge stops of the whole trip, previewed.
    func showCharge(of trip: Trip.ID, output: PreviewModuleOutput)
}

/// What the days view tells the trip screen that opened it.
public protocol DayPlanModuleOutput: AnyObject {
    /// The days were left on a day: back on the trip screen, the cursor is on `stop`, that day's first.
    func dayPlan(didChoose stop: Waypoint.ID)
}

/// What the days view shows. Strings are final; the view only lays them out.
public struct DayPlanViewModel: Equatable {
    /// One day of the plan.
    public struct DayRow: Equatable {
        /// "Sat 12 Jun" (the year as on the stops) or "Day 3".
        public let label: String
        /// "≈412 km · 4 h 35"; empty on a day without driving.
        public let driving: String
        /// When a driving day leaves and arrives, each on its stop's clock, with the arrival's clock change:
        /// "09:00–16:45", "09:00–15:45 −1 h"; empty on a day without driving.
        public let hours: String
        /// "Chicago → St. Louis via Springfield", "At Santa Fe", "End at Santa Monica".
        public let plan: String
        /// Driving beyond the daily limit; `plan` then says to add a stop.
        public let overLimit: Bool
        /// A stretch longer than `range_km` without a station; `plan` then says where it starts.
        public var fuelGap = false
        /// What the day costs: "€85", "€85 + tolls ?"; empty when nothing of it is known.
        public var cost = ""
    }

    public let header: TripHeader
    public let days: [DayRow]
    public let selectedDay: Int
    /// Whether the cost column is on (`$`).
    public let showsCost: Bool
    public let message: StatusMessage?
    /// Each day's sunset and the days that end in the dark, asked for the rows drawn (`TripDaylight`).
    let daylight: TripDaylight
}
