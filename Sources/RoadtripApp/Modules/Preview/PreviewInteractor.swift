import Foundation
import RoadtripCore

/// A preview's use cases: its search off the loop (`OffLoopWork`), after the late data it reads is in so its
/// figures are the screen's and the command line's; the change through `TripEditor`, against the stops the search
/// was given.
final class PreviewInteractor: PreviewInteractorInput {
    private let editor: TripEditor
    private let late: LateData
    /// The search under way, stopped on `cancel` and when the modal goes.
    private let work: OffLoopWork
    /// The stops the last search was given.
    private var foundFor: [Waypoint]?

    init(tripID: Trip.ID, repository: TripRepository, late: LateData, post: @escaping (@escaping () -> Void) -> Void) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.late = late
        work = OffLoopWork(post: post)
    }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func search<Found>(_ trip: Trip, _ search: @escaping (_ isCancelled: @escaping () -> Bool) -> Result<Found, PreviewFailure>,
                       found: @escaping (Result<Found, PreviewFailure>) -> Void) {
        foundFor = trip.waypoints
        let late = late
        work.start({ isCancelled in
            late.ready(for: [.shorelines, .regions])
            return search(isCancelled)
        }, done: found)
    }

    func cancel() {
        work.cancel()
    }

    func apply(_ change: (_ editor: TripEditor, _ foundFor: [Waypoint]) throws -> ChangeDescription?) throws -> ChangeDescription? {
        guard let foundFor else { return nil }
        return try change(editor, foundFor)
    }
}
