import Foundation
@testable import RoadtripApp
@testable import RoadtripCore  // an AlongStop made by hand
import XCTest

/// The places along a day, as a preview: c and + search anew with their category and corridor (the title says
/// which), a corridor at its end searches nothing, Esc closes without a change; without road data the heading says
/// the places lie near the straight line, and an empty list offers no Enter.
final class AlongPreviewTests: XCTestCase {
    private let trip = Trip(name: "Coast", waypoints: [Waypoint(name: "Vestvik", latitude: 60, longitude: 5),
                                                        Waypoint(name: "Sørby", latitude: 62, longitude: 6)])

    func testCategoryAndCorridorSearchAnewAndTheTitleSaysWhich() {
        let interactor = SpyPreviewInteractor(trip: trip)
        let (router, view, output) = (SpyPreviewRouter(), SpyPreviewView(), SpyPreviewOutput())
        let kind = AlongKind(day: 0, routes: TestRoutes.estimate(), settings: TestRoutes.settings(),
                             regions: RegionLoader(directory: FileManager.default.temporaryDirectory, startNow: false))
        let presenter = PreviewPresenter(kind: kind, interactor: interactor, router: router)
        (presenter.view, presenter.output) = (view, output)
        presenter.viewWillAppear()
        XCTAssertEqual(view.models.last, PreviewViewModel(title: "Along day 1: sleep within 5.0 km",
                                                          body: .searching("Looking along day 1…")))
        presenter.didRequestRefine(.category(step: 1))
        XCTAssertEqual(view.models.last?.title, "Along day 1: fuel within 5.0 km")
        presenter.didRequestRefine(.category(step: -2))
        XCTAssertEqual(view.models.last?.title, "Along day 1: ferry within 5.0 km", "round the categories")
        presenter.didRequestRefine(.corridor(step: -1))
        XCTAssertEqual(view.models.last?.title, "Along day 1: ferry within 2.0 km")
        XCTAssertEqual(interactor.searches.count, 4)
        presenter.didRequestRefine(.corridor(step: -1))
        XCTAssertEqual(interactor.searches.count, 4, "the narrowest corridor: nothing to search")
        presenter.didRequestCancel()
        XCTAssertEqual(output.messages, [.info("The trip is unchanged.")])
        XCTAssertEqual(router.closed, 1)
    }

    func testWithoutRoadDataTheHeadingSaysTheStraightLine() {
        let interactor = SpyPreviewInteractor(trip: trip)
        let (router, view) = (SpyPreviewRouter(), SpyPreviewView())
        let kind = AlongKind(day: 0, routes: TestRoutes.estimate(), settings: TestRoutes.settings(),
                             regions: RegionLoader(directory: FileManager.default.temporaryDirectory, startNow: false))
        let presenter = PreviewPresenter(kind: kind, interactor: interactor, router: router)
        presenter.view = view
        presenter.viewWillAppear()
        let hotel = RegionFeature(osmID: "n1", latitude: 61, longitude: 5.51, kind: "hotel", category: .sleep, name: "Midtre")
        let stop = AlongStop(feature: hotel, leg: 0, fromStop: trip.waypoints[0].id, toStop: trip.waypoints[1].id,
                             kmAlong: 120, secondsAlong: 5400, offKm: 0.4, onStraightLine: true, detourKm: 1,
                             detourSeconds: 45)
        interactor.answer(Result<AlongDay, PreviewFailure>.success(AlongDay(
            day: 1, categories: [.sleep], corridorKm: 5, basis: .straightLine, distanceKm: 300, stops: [stop])))
        XCTAssertEqual(view.models.last?.body, .choices(
            heading: "1 place in order along the straight line (no road data), © OpenStreetMap contributors, ODbL:",
            rows: ["120 km · +1 min · hotel · Midtre"]))
        presenter.didRequestRefine(.category(step: 0))
        interactor.answer(Result<AlongDay, PreviewFailure>.success(AlongDay(
            day: 1, categories: [.sleep], corridorKm: 5, basis: .straightLine, distanceKm: 300, stops: [])), search: 1)
        let empty = PreviewViewModel.Body.choices(heading: "No sleep within 5.0 km of the straight line (no road data).",
                                                  rows: [])
        XCTAssertEqual(view.models.last?.body, empty)
        XCTAssertEqual(PreviewView.Stage(empty), .nothing)
        let keys = PreviewView.keys(AlongKind.keys, at: .nothing).help.map(\.keys)
        XCTAssertFalse(keys.contains { $0.contains("Enter") }, "\(keys)")
        XCTAssertTrue(keys.contains { $0.contains("Esc") }, "\(keys)")
    }
}
