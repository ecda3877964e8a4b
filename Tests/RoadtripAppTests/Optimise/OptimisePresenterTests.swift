import Foundation
@testable import RoadtripApp
import RoadtripCore
import XCTest

/// The optimise preview's view logic: the search shown while it runs, the preview's figures and order, Enter
/// applies, Esc keeps or stops, nothing to gain closes with a sentence, a trip changed meanwhile is not reordered.
final class OptimisePresenterTests: XCTestCase {
    private var interactor: SpyOptimiseInteractor!
    private var router: SpyOptimiseRouter!
    private var view: SpyOptimiseView!
    private var output: SpyOptimiseOutput!
    private var presenter: OptimisePresenter!
    private let routes = TestRoutes.estimate()

    private func open(_ trip: Trip) {
        interactor = SpyOptimiseInteractor(trip: trip)
        router = SpyOptimiseRouter()
        view = SpyOptimiseView()
        output = SpyOptimiseOutput()
        presenter = OptimisePresenter(interactor: interactor, router: router, settings: TestRoutes.settings())
        presenter.view = view
        presenter.output = output
        presenter.viewWillAppear()
    }

    private var shown: OptimiseViewModel.Preview? {
        guard case let .preview(preview)? = view.models.last?.state else { return nil }
        return preview
    }

    func testItSearchesOnceAndSaysSoWhileItRuns() {
        open(OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6]))
        presenter.viewWillAppear()  // uncovered again (help closed): not a second search
        XCTAssertEqual(interactor.searches.count, 1)
        XCTAssertEqual(view.models.last, OptimiseViewModel(title: "Optimise: Line",
                                                           state: .searching("Optimising the order of 7 stops…")))
        XCTAssertEqual(router.closed, 0)
    }

    func testThePreviewShowsTheSavingTheTotalsTheirChangeAndTheStopsThatMoved() throws {
        let trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        open(trip)
        let found = try OptimiseTestTrips.preview(trip, routes: routes)
        interactor.searches[0](found)
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
        presenter.didRequestApply()  // nothing to apply while searching
        XCTAssertTrue(interactor.applied.isEmpty)
        interactor.searches[0](try OptimiseTestTrips.preview(trip, routes: routes))
        presenter.didRequestApply()
        XCTAssertEqual(interactor.applied, [[0, 2, 1, 3]])
        XCTAssertEqual(output.messages, [.info("Reordered the 4 stops of \"Line\" for the least driving")])
        XCTAssertEqual(router.closed, 1)
    }

    func testEscKeepsTheOldOrder() throws {
        let trip = OptimiseTestTrips.line([0, 2, 1, 3])
        open(trip)
        interactor.searches[0](try OptimiseTestTrips.preview(trip, routes: routes))
        presenter.didRequestCancel()
        XCTAssertTrue(interactor.applied.isEmpty)
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
        interactor.searches[0](try OptimiseTestTrips.preview(trip, routes: routes))
        XCTAssertNil(shown)
        XCTAssertEqual(output.messages, [.info("The stops are already in the best order (proven).")])
        XCTAssertEqual(router.closed, 1)
    }

    func testARoundTripSaysItsLastStopStays() throws {
        let trip = OptimiseTestTrips.line([0, 2, 1, 3, 0])
        open(trip)
        interactor.searches[0](try OptimiseTestTrips.preview(trip, routes: routes))
        XCTAssertEqual(shown?.notes, ["A round trip: the last stop is the first place, so it stays last."])
        XCTAssertEqual(shown?.stops.last?.name, "A")
        XCTAssertEqual(shown?.stops.last?.was, "", "the loop's end did not move")
    }

    func testAPinnedStopKeepsItsPlaceAndIsSaidToBePinned() throws {
        var trip = OptimiseTestTrips.line([0, 4, 2, 5, 1, 3, 6])
        trip.waypoints[2].pinned = true  // C, third, where the best order has it anyway
        trip.waypoints[3].pinned = true  // F, fourth: D's place in the best order
        open(trip)
        interactor.searches[0](try OptimiseTestTrips.preview(trip, routes: routes))
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
        interactor.searches[0](try OptimiseTestTrips.preview(trip, routes: routes))
        interactor.trip?.waypoints.removeLast()
        presenter.didRequestApply()
        XCTAssertTrue(interactor.applied.isEmpty)
        XCTAssertEqual(output.messages, [.error("The trip changed since the search: press o again.")])
    }

    func testASearchThatCouldNotFinishSaysSo() {
        open(OptimiseTestTrips.line([0, 2, 1, 3]))
        interactor.searches[0](nil)
        XCTAssertEqual(output.messages, [.error("The search could not finish: the order is unchanged.")])
        XCTAssertEqual(router.closed, 1)
    }
}

private final class SpyOptimiseInteractor: OptimiseInteractorInput {
    var trip: Trip?
    var searches: [(OrderPreview?) -> Void] = []
    var cancelled = 0
    var applied: [[Int]] = []

    init(trip: Trip) {
        self.trip = trip
    }

    func loadTrip() -> Trip? { trip }
    func search(_ trip: Trip, found: @escaping (OrderPreview?) -> Void) { searches.append(found) }
    func cancel() { cancelled += 1 }
    func apply(_ preview: OrderPreview) throws -> ChangeDescription {
        applied.append(preview.order)
        return .reorder(preview.trip.name, stops: preview.order.count)
    }
}

private final class SpyOptimiseRouter: OptimiseRouterInput {
    var closed = 0
    func close() { closed += 1 }
}

private final class SpyOptimiseView: OptimiseViewInput {
    var models: [OptimiseViewModel] = []
    func show(_ model: OptimiseViewModel) { models.append(model) }
}

private final class SpyOptimiseOutput: OptimiseModuleOutput {
    var messages: [StatusMessage] = []
    func optimiseModule(didFinish message: StatusMessage) { messages.append(message) }
}
