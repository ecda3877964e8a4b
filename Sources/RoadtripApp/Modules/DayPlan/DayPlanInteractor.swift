import Foundation
import RoadtripCore

/// The days view's use cases: the trip and its legs, and undo and redo of the changes made there (a night added,
/// a trip paced) or anywhere.
final class DayPlanInteractor: TripViewingInteractor, DayPlanInteractorInput {
    /// The app's undo history; nil where there is none (a test's repository).
    private let history: ChangeHistory?

    init(tripID: Trip.ID, repository: TripRepository, routes: RouteService, history: ChangeHistory? = nil) {
        self.history = history
        super.init(tripID: tripID, repository: repository, routes: routes, requester: .dayPlan)
    }

    func undo() throws -> ChangeDescription? {
        try history?.undo()
    }

    func redo() throws -> ChangeDescription? {
        try history?.redo()
    }
}
