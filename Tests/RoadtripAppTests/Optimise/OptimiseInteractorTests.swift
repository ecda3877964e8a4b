import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The preview's use cases with the optimise kind: the search runs off the calling thread and comes back through
/// `post`; a cancelled search never answers and the solver stops at its next round; applying is one change that
/// one undo takes back, nights and notes travelling with their stops.
final class OptimiseInteractorTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var history: ChangeHistory!
    private let kind = OptimiseKind(routes: TestRoutes.estimate(), settings: TestRoutes.settings())
    /// Where the work posted to "the loop" ran, and whether off the main thread, as the app's search must.
    private var postedOnMain: [Bool] = []

    private func interactor(_ trip: Trip, post: ((@escaping () -> Void) -> Void)? = nil) -> PreviewInteractor {
        repository = InMemoryTripRepository(trips: [trip])
        history = ChangeHistory(repository, feed: ChangeFeed())
        return PreviewInteractor(tripID: trip.id, repository: history, late: LateData(), post: post ?? { work in
            let onMain = Thread.isMainThread
            DispatchQueue.main.async {
                self.postedOnMain.append(onMain)
                work()
            }
        })
    }

    private func apply(_ preview: OrderPreview, with interactor: PreviewInteractor) throws -> ChangeDescription? {
        try interactor.apply { try self.kind.apply(preview, row: 0, editor: $0, foundFor: $1) }
    }

    func testTheSearchRunsOffTheLoopAndComesBackThroughPost() throws {
        let trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        let interactor = interactor(trip)
        let found = expectation(description: "found")
        var preview: OrderPreview?
        interactor.search(trip, kind.search(trip)) {
            XCTAssertTrue(Thread.isMainThread, "on the loop")
            preview = try? $0.get()
            found.fulfill()
        }
        wait(for: [found], timeout: 10)
        XCTAssertEqual(postedOnMain, [false], "the search posted from its own thread")
        let order = try XCTUnwrap(preview).order
        XCTAssertEqual(order.map { trip.waypoints[$0].name }, ["A", "B", "C", "D", "E", "F", "G"])
        XCTAssertTrue(try XCTUnwrap(preview).better)
    }

    /// A search cancelled while it runs ends and posts, and its answer is dropped.
    func testACancelledSearchNeverAnswers() {
        let trip = OptimiseTestTrips.line([0, 2, 1, 3])
        let posted = expectation(description: "posted")
        var works: [() -> Void] = []
        let interactor = interactor(trip) { work in works.append(work); posted.fulfill() }
        let running = DispatchSemaphore(value: 0), cancelled = DispatchSemaphore(value: 0)
        var answers = 0
        interactor.search(trip, { (isCancelled: @escaping () -> Bool) -> Result<Bool, PreviewFailure> in
            running.signal()
            cancelled.wait()
            return .success(isCancelled())
        }, found: { _ in answers += 1 })
        running.wait()
        interactor.cancel()
        cancelled.signal()
        wait(for: [posted], timeout: 10)
        works.forEach { $0() }
        XCTAssertEqual(answers, 0)
    }

    /// The solver stops at the first round after it is told to: no work past the cancellation, however fast the
    /// machine.
    func testTheSolverStopsAtItsNextRound() {
        // 300 stops: a search of many rounds.
        var generator = SeededGenerator(seed: 7)
        let trip = Trip(name: "Big", waypoints: (0..<300).map {
            Waypoint(name: "S\($0)", latitude: .random(in: 60...66, using: &generator),
                     longitude: .random(in: 21...29, using: &generator))
        })
        var asked = 0
        let search = kind.search(trip)
        let answer = search {
            asked += 1
            return asked > 5
        }
        XCTAssertNil(try? answer.get(), "stopped: no preview")
        // The round told to stop, then the preview's own last look: nothing more is worked out or asked.
        XCTAssertLessThanOrEqual(asked, 7)
    }

    /// An edit saved while the search ran (a pin, a move, from this app or another process) is never overwritten:
    /// the order was worked out for the stops as they were, so applying it is refused and the edit stays.
    func testAnEditSavedDuringTheSearchIsKeptAndTheOrderRefused() throws {
        let trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        let interactor = interactor(trip, post: { $0() })
        interactor.search(trip, { _ in Result<Bool, PreviewFailure>.success(true) }, found: { _ in })  // the stops to check
        let preview = try OptimiseTestTrips.preview(trip, routes: TestRoutes.estimate())
        XCTAssertTrue(preview.better)
        for edit in ["pin", "move"] {
            try repository.update { trips in
                if edit == "pin" { trips[0].waypoints[3].pinned = true } else { trips[0].waypoints.swapAt(1, 2) }
            }
            let edited = try XCTUnwrap(repository.trips.first)
            XCTAssertThrowsError(try apply(preview, with: interactor), edit) {
                XCTAssertNotNil($0 as? PreviewFailure)
            }
            XCTAssertEqual(repository.trips.first, edited, "the \(edit) is kept")
            try repository.update { $0[0] = trip }
        }
        // The same stops, as they were: applied.
        XCTAssertNoThrow(try apply(preview, with: interactor))
    }

    func testApplyingIsOneChangeThatOneUndoTakesBack() throws {
        let trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        let interactor = interactor(trip, post: { $0() })
        interactor.search(trip, { _ in Result<Bool, PreviewFailure>.success(true) }, found: { _ in })  // the stops to check
        let preview = try OptimiseTestTrips.preview(trip, routes: TestRoutes.estimate())
        let change = try XCTUnwrap(try apply(preview, with: interactor))
        XCTAssertEqual(change.done, "Reordered the 7 stops of \"Line\" for the least driving")
        let stops = try XCTUnwrap(repository.trips.first).waypoints
        XCTAssertEqual(stops.map(\.name), ["A", "B", "C", "D", "E", "F", "G"])
        XCTAssertEqual(stops[1].nights, 2)
        XCTAssertEqual(stops[1].notes, "Market day")
        XCTAssertNotNil(try history.undo())
        XCTAssertEqual(repository.trips.first?.waypoints.map(\.name), ["A", "E", "C", "F", "B", "D", "G"])
        XCTAssertEqual(repository.trips.first?.waypoints.map(\.id), trip.waypoints.map(\.id))
    }
}
