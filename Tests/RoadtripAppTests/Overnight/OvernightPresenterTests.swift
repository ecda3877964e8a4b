import Foundation
@testable import RoadtripApp
@testable import RoadtripCore  // an OvernightCandidate made by hand
import XCTest

/// Where to sleep's view logic, with a spy interactor: the search shown while it runs, Esc stops it, the towns'
/// rows, Enter inserts the selected town, nothing to offer closes with the reason, a pacing that changes nothing
/// says why without a preview.
final class OvernightPresenterTests: XCTestCase {
    private var interactor: SpyPreviewInteractor!
    private var router: SpyPreviewRouter!
    private var view: SpyPreviewView!
    private var output: SpyPreviewOutput!
    private var presenter: PreviewViewOutput!
    private let trip = Trip(name: "Highlands", waypoints: [
        Waypoint(name: "London", latitude: 51.5074, longitude: -0.1278),
        Waypoint(name: "Inverness", latitude: 57.4778, longitude: -4.2247),
    ])

    /// Opens the towns of day `day` (0-based), or the pacing without one.
    private func open(towns day: Int?) {
        interactor = SpyPreviewInteractor(trip: trip)
        router = SpyPreviewRouter()
        view = SpyPreviewView()
        output = SpyPreviewOutput()
        let (routes, settings) = (TestRoutes.estimate(), TestRoutes.settings())
        if let day {
            let presenter = PreviewPresenter(kind: OvernightKind(day: day, routes: routes, settings: settings, places: nil),
                                             interactor: interactor, router: router)
            (presenter.view, presenter.output) = (view, output)
            self.presenter = presenter
        } else {
            let presenter = PreviewPresenter(kind: PaceKind(routes: routes, settings: settings, places: nil),
                                             interactor: interactor, router: router)
            (presenter.view, presenter.output) = (view, output)
            self.presenter = presenter
        }
        presenter.viewWillAppear()
    }

    private func candidate(_ name: String, before: Double, after: Double, added: Double, offLine: Double? = nil)
        -> OvernightCandidate {
        OvernightCandidate(place: Place(id: 1, name: name, asciiName: name, admin1: "England", countryCode: "GB",
                                        countryName: "United Kingdom", latitude: 54.5, longitude: -1.9, population: 7_000,
                                        timezone: "Europe/London"),
                           day: 1, leg: 0, fromStop: trip.waypoints[0].id, toStop: trip.waypoints[1].id,
                           addedSeconds: added, beforeSeconds: before, afterSeconds: after, offKm: offLine ?? 2,
                           onStraightLine: offLine != nil)
    }

    func testTheTownsOfTheSelectedDayAndEnterInsertsTheChosenOne() {
        open(towns: 0)
        presenter.viewWillAppear()
        XCTAssertEqual(interactor.searches.count, 1, "one search")
        XCTAssertEqual(view.models.last, PreviewViewModel(title: "Where to sleep on day 1",
                                                          body: .searching("Looking for towns along day 1…")))
        let towns = [candidate("Barnard Castle", before: 21_360, after: 21_300, added: 900),
                     candidate("Reeth", before: 20_040, after: 21_780, added: 0)]
        interactor.answer(Result<DayOvernights, PreviewFailure>.success(
            DayOvernights(day: 1, drivingSeconds: 41_760, exceedsLimit: true, candidates: towns, isRestDay: false,
                          corridor: Self.road)))
        XCTAssertEqual(view.models.last?.body, .choices(
            heading: "Day 1 (11 h 36 of driving, over 8 h): towns where it could end, best first", rows: ["Barnard Castle · +15 min · 5 h 56 then 5 h 55",
                "Reeth · +0 min · 5 h 34 then 6 h 03"]))
        presenter.didRequestApply(row: 1)
        XCTAssertEqual(interactor.trip?.waypoints.map(\.name), ["London", "Reeth", "Inverness"])
        XCTAssertEqual(output.messages, [.info("Added a night at \"Reeth\", stop 2")])
        XCTAssertEqual(router.closed, 1)
    }

    func testNoTownAlongTheDaySaysSo() {
        open(towns: 0)
        interactor.answer(Result<DayOvernights, PreviewFailure>.success(
            DayOvernights(day: 1, drivingSeconds: 30_000, exceedsLimit: true, candidates: [], isRestDay: false,
                          corridor: Self.road)))
        XCTAssertEqual(output.messages, [.info("Day 1 (8 h 20 of driving, over 8 h): no town along day 1's road.")])
        XCTAssertEqual(router.closed, 1)
    }

    /// Without road data the heading says the towns were looked for near the straight line, each row how far off it
    /// the town lies; no town keeps the preview open with the command that gets the roads.
    func testOnTheStraightLineTheHeadingRowsAndEmptyAnswerSaySo() {
        let line = OvernightCorridor(roadKm: nil, straightLineKm: 166...166)
        open(towns: 0)
        interactor.answer(Result<DayOvernights, PreviewFailure>.success(
            DayOvernights(day: 1, drivingSeconds: 41_760, exceedsLimit: true,
                          candidates: [candidate("Barnard Castle", before: 21_360, after: 21_300, added: 900, offLine: 31.4)],
                          isRestDay: false, corridor: line)))
        XCTAssertEqual(view.models.last?.body, .choices(
            heading: "Day 1 (11 h 36 of driving, over 8 h) on the straight line (no road data): towns within 166 km of it "
                + "where it could end, best first",
            rows: ["Barnard Castle · +15 min · 5 h 56 then 5 h 55 · 31.4 km off the straight line"]))

        open(towns: 0)
        interactor.answer(Result<DayOvernights, PreviewFailure>.success(
            DayOvernights(day: 1, drivingSeconds: 41_760, exceedsLimit: true, candidates: [], isRestDay: false, corridor: line)))
        XCTAssertEqual(view.models.last?.body, .choices(
            heading: "Day 1 (11 h 36 of driving, over 8 h): no town within 166 km of the straight line — without road data "
                + "roadtrip cannot see the road. To see the roads: roadtrip region which Highlands", rows: []))
        XCTAssertEqual(router.closed, 0, "left open to be read")
        XCTAssertFalse(view.models.contains { "\($0)".contains("along") && "\($0)".contains("road") })
        presenter.didRequestCancel()
        XCTAssertEqual(output.messages, [.info("The trip is unchanged.")])
    }

    private static let road = OvernightCorridor(roadKm: 20, straightLineKm: nil)

    func testNoGazetteerSaysWhy() {
        open(towns: 0)
        interactor.answer(Result<DayOvernights, PreviewFailure>.failure(
            PreviewFailure(message: "Place search is off: no towns to suggest.")))
        XCTAssertEqual(output.messages, [.error("Place search is off: no towns to suggest.")])
    }

    func testEscWhileSearchingStopsItAndAfterwardsCloses() {
        open(towns: nil)
        XCTAssertEqual(view.models.last?.title, "Pace: Highlands")
        presenter.didRequestCancel()
        XCTAssertEqual(interactor.cancelled, 1)
        XCTAssertEqual(output.messages, [.info("Stopped: the trip is unchanged.")])
        XCTAssertEqual(interactor.trip, trip)
    }
}
