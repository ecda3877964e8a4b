import Foundation
import RoadtripCore

/// What the days view asks for: the towns where one day could end, or a night along every long day.
enum OvernightRequest: Equatable {
    /// Day `index` (0-based, as the days view's rows).
    case towns(day: Int)
    case pace
}

/// Presenter → interactor: the search off the loop, and the change it leads to.
protocol OvernightInteractorInput: AnyObject {
    func loadTrip() -> Trip?
    /// The towns along day `index` of `trip` (0-based), best first, off the loop; `found` runs on the loop with them
    /// or with why there are none to look at (no gazetteer). Never called after `cancel`.
    func towns(day index: Int, of trip: Trip, found: @escaping (Result<DayOvernights, OvernightFailure>) -> Void)
    /// `trip` paced off the loop (each itinerary routed as the engine allows); `found` on the loop.
    func pace(_ trip: Trip, found: @escaping (Result<PacePreview, OvernightFailure>) -> Void)
    func cancel()
    /// The town as a stop of one night: one change.
    func insert(_ candidate: OvernightCandidate) throws -> ChangeDescription
    /// Every night of the pacing: one change.
    func apply(_ pacing: TripPacing) throws -> ChangeDescription
}

/// Why no town can be offered at all.
struct OvernightFailure: Error, Equatable {
    let message: String
}

protocol OvernightViewInput: AnyObject {
    func show(_ model: OvernightViewModel)
}

protocol OvernightViewOutput: AnyObject {
    /// On screen: the search starts (once).
    func viewWillAppear()
    /// Enter: insert the town at `row`, or apply the pacing.
    func didRequestApply(row: Int)
    /// Esc: stop the search, or close without a change.
    func didRequestCancel()
}

protocol OvernightRouterInput: AnyObject {
    func close()
}

/// What the days view hears when the modal closes: what was done or why not, for its message line.
public protocol OvernightModuleOutput: AnyObject {
    func overnightModule(didFinish message: StatusMessage)
}

/// What the modal shows. Strings are final.
struct OvernightViewModel: Equatable {
    enum State: Equatable {
        /// "Looking for towns along day 3…"
        case working(String)
        /// One row per town, best first: "Aviemore · +4 min · 3 h 55 then 4 h 10".
        case towns(heading: String, rows: [String])
        /// The pacing's preview, line by line (`PacePreview`).
        case pacing([String])
    }

    /// "Where to sleep on day 3", "Pace: Route 66"
    let title: String
    let state: State
}
