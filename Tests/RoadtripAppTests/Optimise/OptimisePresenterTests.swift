import Foundation
@testable import RoadtripApp
import RoadtripCore
import XCTest

/// The optimise preview's view logic: the search shown while it runs, the preview's figures and order, Enter
/// applies, Esc keeps or stops, nothing to gain closes with a sentence, a trip changed meanwhile is not reordered.
final class OptimisePresenterTests: XCTestCase {
    private var interactor: SpyPreviewInteractor!
    private var router: SpyPreviewRouter!
    private var view: SpyPreviewView!
    private var output: SpyPreviewOutput!
    private var presenter: PreviewPresenter<OptimiseKind>!
    private let routes = TestRoutes.estimate()

    private func open(_ trip: Trip) {
        interactor = SpyPreviewInteractor(trip: trip)
        router = SpyPreviewRouter()
        view = SpyPreviewView()
        output = SpyPreviewOutput()
        presenter = PreviewPresenter(kind: OptimiseKind(routes: routes, settings: TestRoutes.settings()),
                                     interactor: interactor, router: router)
        presenter.view = view
        presenter.output = output
        presenter.viewWillAppear()
    }

    private var shown: OrderPreviewModel? {
        guard case let .order(preview)? = view.models.last?.body else { return nil }
        return preview
    }

    /// The trip's stops as they are now, by name.
    private var names: [String]? { interactor.trip?.waypoints.map(\.name) }

    private func found(_ trip: Trip) throws {
        interactor.answer(.success(try OptimiseTestTrips.preview(trip, routes: routes)))
    }

    func testItSearchesOnceAndSaysSoWhileItRuns() {
        open(OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6]))
        presenter.viewWillAppear()  // uncovered again (help closed): not a second search
        XCTAssertEqual(interactor.searches.count, 1)
        XCTAssertEqual(view.models.last, PreviewViewModel(title: "Optimise: Line",
                                                          body: .searching("Optimising the order of 7 stops…")))
        XCTAssertEqual(router.closed, 0)
    }

    func testThePreviewShowsTheSavingTheTotalsTheirChangeAndTheStopsThatMoved() throws {
        let trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        open(trip)
        let found = try OptimiseTestTrips.preview(trip, routes: routes)
        interactor.answer(.success(found))
        let preview = try XCTUnwrap(shown)
        let saved = found.before.drivingSeconds - found.after.drivingSeconds
        XCTAssertGreaterThan(saved, 3600)
        XCTAssertEqual(preview.headline, "A new order saves \(TripText.duration(saved)) of driving (proven best).")
        XCTAssertEqual(preview.totalsHeader, ["", "DISTANCE", "DRIVING", "DAYS", "OVER 8 H"])
        XCTAssertEqual(preview.totals.map { $0[0] }, ["before", "after", "change"])
        XCTAssertEqual(preview.totals[0][2], TripText.duration(found.before.drivingSeconds))
        XCTAssertEqual(preview.totals[1][2], TripText.duration(found.after.drivingSeconds))
        XCTAssertEqual(preview.totals[2][2], "−" + TripText.duration(saved))
        XCTAssertTrue(preview.totals[2][1].hasPrefix("−"), "a shorter road: \(preview.totals[2])")
        // The nights do not change, but a shorter road overruns fewer days past midnight (`Itinerary.Day.isOnTheRoad`).
        let days = found.after.dayCount - found.before.dayCount
        XCTAssertLessThan(days, 0, "\(preview.totals[2])")
        XCTAssertEqual(preview.totals[2][3], "−\(-days)", "\(preview.totals[2])")
        XCTAssertEqual(preview.stops.map(\.name), ["A", "B", "C", "D", "E", "F", "G"])
        // B was fifth, E second; A, C and G stay where they were.
        XCTAssertEqual(preview.stops.map(\.was), ["", "5", "", "6", "2", "4", ""])
        XCTAssertEqual(preview.stops.map(\.moved), [false, true, false, true, true, true, false])
        XCTAssertEqual(preview.notes, [])
        XCTAssertEqual(router.closed, 0)
        XCTAssertTrue(output.messages.isEmpty)
    }

    func testEnterAppliesTheOrderAndTellsTheTripScreen() throws {
        let trip = OptimiseTestTrips.line([0, 2, 1, 3])
        open(trip)
        presenter.didRequestApply(row: 0)  // nothing to apply while searching
        XCTAssertEqual(names, ["A", "C", "B", "D"])
        try found(trip)
        presenter.didRequestApply(row: 0)
        XCTAssertEqual(names, ["A", "B", "C", "D"])
        XCTAssertEqual(output.messages, [.info("Reordered the 4 stops of \"Line\" for the least driving")])
        XCTAssertEqual(router.closed, 1)
    }

    func testEscKeepsTheOldOrder() throws {
        let trip = OptimiseTestTrips.line([0, 2, 1, 3])
        open(trip)
        try found(trip)
        presenter.didRequestCancel()
        XCTAssertEqual(names, ["A", "C", "B", "D"])
        XCTAssertEqual(interactor.cancelled, 0, "nothing left to stop")
        XCTAssertEqual(output.messages, [.info("The order is unchanged.")])
        XCTAssertEqual(router.closed, 1)
    }

    func testEscWhileSearchingStopsTheSearch() {
        open(OptimiseTestTrips.line([0, 2, 1, 3]))
        presenter.didRequestCancel()
        XCTAssertEqual(interactor.cancelled, 1)
        XCTAssertEqual(output.messages, [.info("Optimising cancelled: the order is unchanged.")])
        XCTAssertEqual(router.closed, 1)
    }

    func testNothingToGainSaysSoWithoutAPreview() throws {
        let trip = OptimiseTestTrips.line([0, 1, 2, 3, 4])
        open(trip)
        try found(trip)
        XCTAssertNil(shown)
        XCTAssertEqual(output.messages, [.info("The stops are already in the best order (proven).")])
        XCTAssertEqual(router.closed, 1)
    }

    func testARoundTripSaysItsLastStopStays() throws {
        let trip = OptimiseTestTrips.line([0, 2, 1, 3, 0])
        open(trip)
        try found(trip)
        XCTAssertEqual(shown?.notes, ["A round trip: the last stop is the first place, so it stays last."])
        XCTAssertEqual(shown?.stops.last?.name, "A")
        XCTAssertEqual(shown?.stops.last?.was, "", "the loop's end did not move")
    }

    func testAPinnedStopKeepsItsPlaceAndIsSaidToBePinned() throws {
        var trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        trip.waypoints[2].pinned = true  // C, third, where the best order has it anyway
        trip.waypoints[3].pinned = true  // F, fourth: D's place in the best order
        open(trip)
        try found(trip)
        let preview = try XCTUnwrap(shown)
        XCTAssertEqual(preview.stops[2].name, "C  (pinned)")
        XCTAssertEqual(preview.stops[3].name, "F  (pinned)")
        XCTAssertEqual(preview.stops[2].was, "")
        XCTAssertEqual(preview.stops[3].was, "", "pinned: never moved")
        XCTAssertEqual(preview.notes, ["2 stops are pinned and kept in place."])
    }

    func testATripChangedUnderThePreviewIsNotReordered() throws {
        let trip = OptimiseTestTrips.line([0, 2, 1, 3])
        open(trip)
        try found(trip)
        try interactor.repository.update { $0[0].waypoints.removeLast() }
        presenter.didRequestApply(row: 0)
        XCTAssertEqual(names, ["A", "C", "B"])
        XCTAssertEqual(output.messages, [.error("The trip changed since the search: press o again.")])
    }

    func testASearchThatCouldNotFinishSaysSo() {
        open(OptimiseTestTrips.line([0, 2, 1, 3]))
        interactor.answer(Result<OrderPreview, PreviewFailure>.failure(PreviewFailure(message: "The search could not finish: the order is unchanged.")))
        XCTAssertEqual(output.messages, [.error("The search could not finish: the order is unchanged.")])
        XCTAssertEqual(router.closed, 1)
    }
}
