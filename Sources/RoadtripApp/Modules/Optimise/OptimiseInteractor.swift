import Foundation
import RoadtripCore

/// The optimise preview's use cases: `TripOrderSearch` off the loop (it waits for the router and runs the solver),
/// its answer posted to the loop; applying through the shared edits (`TripEditor.reorder`).
final class OptimiseInteractor: OptimiseInteractorInput {
    private let editor: TripEditor
    private let routes: RouteService
    /// The search under way, stopped on `cancel` and when the modal goes.
    private let work: OffLoopWork

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService,
         post: @escaping (@escaping () -> Void) -> Void) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.routes = routes
        work = OffLoopWork(post: post)
    }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func search(_ trip: Trip, found: @escaping (OrderPreview?) -> Void) {
        let routes = routes
        work.start({ isCancelled in
            TripOrderSearch.preview(of: trip, routes: routes, requester: .optimise, isCancelled: isCancelled)
        }, done: found)
    }

    func cancel() {
        work.cancel()
    }

    func apply(_ preview: OrderPreview) throws -> ChangeDescription {
        try editor.reorder(preview.order, of: preview.trip.waypoints)
    }
}
