@testable import RoadtripApp
@testable import RoadtripCore
import XCTest

final class TripMapCameraTests: XCTestCase {
    private let fit = MapProjection(fitting: [Coordinate(checked: 41.85, -87.65), Coordinate(checked: 34.02, -118.49)],
                                    width: 200, height: 120)

    func testZoomStopsAtTheWholeWorldAndAtTheDeepestScale() {
        var camera = TripMapCamera(fit: fit)
        for _ in 0..<30 { camera.zoom(by: 0.5) }
        XCTAssertEqual(camera.projection.scale, 200, "the world spans the grid's width")
        for _ in 0..<60 { camera.zoom(by: 2) }
        XCTAssertEqual(camera.projection.scale, TripMapCamera.maximumScale)
        camera.fitTrip()
        XCTAssertEqual(camera.projection, fit)
        XCTAssertEqual(camera.zoom, 1)
    }

    /// A fitted view fits again on a new size; a view the user moved keeps its centre and scale.
    func testLayoutRefitsOnlyAFittedView() {
        var camera = TripMapCamera(fit: fit)
        let larger = MapProjection(fitting: [Coordinate(checked: 41.85, -87.65), Coordinate(checked: 34.02, -118.49)],
                                   width: 300, height: 160)
        camera.layout(fit: larger)
        XCTAssertEqual(camera.projection, larger)
        camera.pan(dx: 1, dy: 0)
        let moved = camera.projection
        camera.layout(fit: fit)
        XCTAssertEqual(camera.projection.scale, moved.scale)
        XCTAssertEqual(camera.projection.centerX, moved.centerX)
        XCTAssertEqual(camera.projection.width, 200)
    }

    func testAStopOutOfViewIsCentredAndOneInViewIsLeft() {
        var camera = TripMapCamera(fit: fit)
        let chicago = Coordinate(checked: 41.85, -87.65)
        camera.keepInView(chicago)
        XCTAssertEqual(camera.projection, fit, "a fitted trip's stops are all in view")
        camera.zoom(by: 8)
        camera.keepInView(chicago)
        let p = camera.projection.project(chicago)
        XCTAssertEqual(p.x, 100, accuracy: 1e-6)
        XCTAssertEqual(p.y, 60, accuracy: 1e-6)
    }
}
