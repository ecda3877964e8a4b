import Foundation
import RoadtripCore

/// The optimise preview's use cases: `TripOrderSearch` on a queue of its own (it waits for the router and runs
/// the solver), its answer posted to the loop; applying through the shared edits (`TripEditor.reorder`).
final class OptimiseInteractor: OptimiseInteractorInput {
    private let editor: TripEditor
    private let routes: RouteService
    private let post: (@escaping () -> Void) -> Void
    /// The search under way, told to stop on `cancel` and when the modal goes.
    private var running: Cancellation?

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService,
         post: @escaping (@escaping () -> Void) -> Void) {
        editor = TripEditor(tripID: tripID, repository: repository)
        self.routes = routes
        self.post = post
    }

    deinit {
        running?.cancel()
    }

    func loadTrip() -> Trip? {
        editor.trip
    }

    func search(_ trip: Trip, found: @escaping (OrderPreview?) -> Void) {
        running?.cancel()
        let cancellation = Cancellation()
        running = cancellation
        let (routes, post) = (routes, post)
        DispatchQueue.global(qos: .userInitiated).async {
            let preview = TripOrderSearch.preview(of: trip, routes: routes, requester: .optimise,
                                                  isCancelled: { cancellation.isCancelled })
            post {
                // Esc came first: the modal is gone, and nothing of this search may reach the screen.
                if !cancellation.isCancelled { found(preview) }
            }
        }
    }

    func cancel() {
        running?.cancel()
        running = nil
    }

    func apply(_ preview: OrderPreview) throws -> ChangeDescription {
        try editor.reorder(preview.order)
    }
}

/// A flag set on the loop and read by the search's thread.
private final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}
