import Foundation
@testable import RoadtripApp
import RoadtripCore
import XCTest

/// The places along a day, as a preview: c and + search anew with their category and corridor (the title says
/// which), a corridor at its end searches nothing, Esc closes without a change.
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
}
