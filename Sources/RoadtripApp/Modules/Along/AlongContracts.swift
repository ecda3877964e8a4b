import Foundation
import RoadtripCore

/// Presenter → interactor: the search off the loop, and the stop it leads to.
protocol AlongInteractorInput: AnyObject {
    func loadTrip() -> Trip?
    /// The POIs of `category` within `corridorKm` of day `index`'s road (0-based), off the loop (the regions' POIs
    /// may still be loading); `found` runs on the loop. Never called after `cancel`.
    func along(day index: Int, of trip: Trip, category: POICategory, corridorKm: Double,
               found: @escaping (Result<AlongDay, AlongFailure>) -> Void)
    func cancel()
    /// The POI as a stop after its leg's start: one change. Refused when that leg is no longer in the trip.
    func insert(_ stop: AlongStop) throws -> ChangeDescription
}

/// Why nothing can be listed at all.
struct AlongFailure: Error, Equatable {
    let message: String
}

protocol AlongViewInput: AnyObject {
    func show(_ model: AlongViewModel)
}

protocol AlongViewOutput: AnyObject {
    /// On screen: the search starts (once).
    func viewWillAppear()
    /// Enter: the POI at `row` becomes a stop.
    func didRequestInsert(row: Int)
    /// c / C: the next or previous category.
    func didRequestCategory(step: Int)
    /// + / -: a wider or narrower corridor.
    func didRequestCorridor(step: Int)
    /// Esc: close without a change.
    func didRequestCancel()
}

protocol AlongRouterInput: AnyObject {
    func close()
}

/// What the days view hears when the list closes: what was done or why not, for its message line.
public protocol AlongModuleOutput: AnyObject {
    func alongModule(didFinish message: StatusMessage)
}

/// What the list shows. Strings are final.
struct AlongViewModel: Equatable {
    /// "Along day 3: sleep within 5 km"
    let title: String
    /// "Looking along day 3…", "2 places, in order along the road:", "No sleep within 5 km of day 3's road."
    let heading: String
    /// "128 km · +3 min · viewpoint · Utsikten"
    let rows: [String]
}
