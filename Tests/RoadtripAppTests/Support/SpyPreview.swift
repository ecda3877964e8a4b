import Foundation
@testable import RoadtripApp
import RoadtripCore

/// A preview's interactor for its presenter's tests: searches are kept for the test to answer, changes go through
/// a real `TripEditor` over a trip in memory.
final class SpyPreviewInteractor: PreviewInteractorInput {
    let repository: InMemoryTripRepository
    private let tripID: Trip.ID
    /// Each search's answer, waiting for the test (type-erased: each kind finds its own).
    private(set) var searches: [Any] = []
    private(set) var cancelled = 0
    private var foundFor: [Waypoint]?

    init(trip: Trip) {
        repository = InMemoryTripRepository(trips: [trip])
        tripID = trip.id
    }

    var trip: Trip? { repository.trips.first }

    func loadTrip() -> Trip? { trip }

    func search<Found>(_ trip: Trip, _: @escaping (@escaping () -> Bool) -> Result<Found, PreviewFailure>,
                       found: @escaping (Result<Found, PreviewFailure>) -> Void) {
        foundFor = trip.waypoints
        searches.append(found)
    }

    /// Answers search `index` as the loop would.
    func answer<Found>(_ answer: Result<Found, PreviewFailure>, search index: Int = 0) {
        (searches[index] as! (Result<Found, PreviewFailure>) -> Void)(answer)
    }

    func cancel() { cancelled += 1 }

    func apply(_ change: (TripEditor, [Waypoint]) throws -> ChangeDescription?) throws -> ChangeDescription? {
        guard let foundFor else { return nil }
        return try change(TripEditor(tripID: tripID, repository: repository), foundFor)
    }
}

final class SpyPreviewRouter: PreviewRouterInput {
    var closed = 0
    func close() { closed += 1 }
}

final class SpyPreviewView: PreviewViewInput {
    var models: [PreviewViewModel] = []
    func show(_ model: PreviewViewModel) { models.append(model) }
}

final class SpyPreviewOutput: PreviewModuleOutput {
    var messages: [StatusMessage] = []
    func previewModule(didFinish message: StatusMessage) { messages.append(message) }
}
