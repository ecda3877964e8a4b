import Foundation
import RoadtripCore

/// Presenter → interactor: the search for the best order, off the loop, and applying it.
protocol OptimiseInteractorInput: AnyObject {
    /// The trip as it is now; nil when it is gone.
    func loadTrip() -> Trip?
    /// Searches the best order for `trip` off the loop (the router's matrix, the solver, the routes of the new
    /// order); `found` runs on the loop with the preview, or with nil when the search could not finish. Never
    /// called after `cancel`.
    func search(_ trip: Trip, found: @escaping (OrderPreview?) -> Void)
    /// Stops the search: the solver stops at its next round, waits for the router end.
    func cancel()
    /// Puts the stops in the preview's order: one change, one undo step.
    func apply(_ preview: OrderPreview) throws -> ChangeDescription
}

/// Presenter → view.
protocol OptimiseViewInput: AnyObject {
    func show(_ model: OptimiseViewModel)
}

/// View → presenter.
protocol OptimiseViewOutput: AnyObject {
    /// The modal is on screen: the search starts (once).
    func viewWillAppear()
    /// Enter: apply the new order (on the preview only).
    func didRequestApply()
    /// Esc: cancel the search, or keep the old order.
    func didRequestCancel()
}

/// Presenter → router.
protocol OptimiseRouterInput: AnyObject {
    /// Closes the modal.
    func close()
}

/// What the preview tells the trip screen that opened it.
public protocol OptimiseModuleOutput: AnyObject {
    /// The preview closed: applied, kept, cancelled or nothing to gain; `message` says which, on the trip screen.
    func optimiseModule(didFinish message: StatusMessage)
}

/// What the modal shows: the search under way, or the preview of the new order. Strings are final.
struct OptimiseViewModel: Equatable {
    struct Preview: Equatable {
        /// "A new order saves 5 h 10 of driving (proven best)."
        let headline: String
        /// The totals' columns: "", "DISTANCE", "DRIVING", "DAYS", "OVER 8 H".
        let totalsHeader: [String]
        /// "before", "after" and "change" rows, cells in the header's order.
        let totals: [[String]]
        /// The stops in the new order.
        let stops: [Stop]
        /// What the figures rest on: estimates searched, a round trip, legs without a road.
        let notes: [String]
    }

    struct Stop: Equatable {
        /// "3"
        let number: String
        /// The position it had ("7"), empty when it did not move.
        let was: String
        /// "Tulsa", "Tulsa  (pinned)" for a stop pinned in its place.
        let name: String
        var moved: Bool { !was.isEmpty }
    }

    enum State: Equatable {
        /// "Optimising the order of 12 stops…"
        case searching(String)
        case preview(Preview)
    }

    /// "Optimise: Route 66"
    let title: String
    let state: State
}
