import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The optimise preview's use cases: the search runs off the calling thread and comes back through `post`; a
/// cancelled search never answers; applying is one change that one undo takes back, nights and notes travelling
/// with their stops.
final class OptimiseInteractorTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var history: ChangeHistory!
    /// Where the work posted to "the loop" ran, and whether off the main thread, as the app's search must.
    private var postedOnMain: [Bool] = []

    private func interactor(_ trip: Trip, post: ((@escaping () -> Void) -> Void)? = nil) -> OptimiseInteractor {
        repository = InMemoryTripRepository(trips: [trip])
        history = ChangeHistory(repository, feed: ChangeFeed())
        return OptimiseInteractor(tripID: trip.id, repository: history, routes: TestRoutes.estimate(), post: post ?? { work in
            let onMain = Thread.isMainThread
            DispatchQueue.main.async {
                self.postedOnMain.append(onMain)
                work()
            }
        })
    }

    func testTheSearchRunsOffTheLoopAndComesBackThroughPost() throws {
        let trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        let interactor = interactor(trip)
        let found = expectation(description: "found")
        var preview: OrderPreview?
        interactor.search(trip) {
            XCTAssertTrue(Thread.isMainThread, "on the loop")
            preview = $0
            found.fulfill()
        }
        wait(for: [found], timeout: 10)
        XCTAssertEqual(postedOnMain, [false], "the search posted from its own thread")
        let order = try XCTUnwrap(preview).order
        XCTAssertEqual(order.map { trip.waypoints[$0].name }, ["A", "B", "C", "D", "E", "F", "G"])
        XCTAssertTrue(try XCTUnwrap(preview).better)
    }

    func testACancelledSearchNeverAnswers() {
        // 300 stops: a search long enough to be stopped.
        var generator = SeededGenerator(seed: 7)
        let trip = Trip(name: "Big", waypoints: (0..<300).map {
            Waypoint(name: "S\($0)", latitude: .random(in: 60...66, using: &generator),
                     longitude: .random(in: 21...29, using: &generator))
        })
        var posted: [() -> Void] = []
        let lock = NSLock()
        let interactor = interactor(trip) { work in lock.lock(); posted.append(work); lock.unlock() }
        var answers = 0
        let started = Date()
        interactor.search(trip) { _ in answers += 1 }
        interactor.cancel()
        // The search ends soon after (the solver stops at its next round) and posts; the answer is dropped.
        while Date().timeIntervalSince(started) < 20 {
            lock.lock(); let count = posted.count; lock.unlock()
            if count > 0 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        lock.lock(); let works = posted; lock.unlock()
        XCTAssertEqual(works.count, 1, "the search ended")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "stopped, not run to its end")
        works.forEach { $0() }
        XCTAssertEqual(answers, 0)
    }

    /// An edit saved while the search ran (a pin, a move, from this app or another process) is never overwritten:
    /// the order was worked out for the stops as they were, so applying it is refused and the edit stays.
    func testAnEditSavedDuringTheSearchIsKeptAndTheOrderRefused() throws {
        let trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        let interactor = interactor(trip, post: { $0() })
        let preview = try OptimiseTestTrips.preview(trip, routes: TestRoutes.estimate())
        XCTAssertTrue(preview.better)
        for edit in ["pin", "move"] {
            try repository.update { trips in
                if edit == "pin" { trips[0].waypoints[3].pinned = true } else { trips[0].waypoints.swapAt(1, 2) }
            }
            let edited = try XCTUnwrap(repository.trips.first)
            XCTAssertThrowsError(try interactor.apply(preview), edit) {
                XCTAssertEqual($0 as? TripEditError, .tripChanged)
            }
            XCTAssertEqual(repository.trips.first, edited, "the \(edit) is kept")
            try repository.update { $0[0] = trip }
        }
        // The same stops, as they were: applied.
        XCTAssertNoThrow(try interactor.apply(preview))
    }

    func testApplyingIsOneChangeThatOneUndoTakesBack() throws {
        let trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        let interactor = interactor(trip, post: { $0() })
        let preview = try OptimiseTestTrips.preview(trip, routes: TestRoutes.estimate())
        let change = try interactor.apply(preview)
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
