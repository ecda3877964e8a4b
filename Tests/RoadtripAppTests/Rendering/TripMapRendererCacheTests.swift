import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import TerminalUI
import XCTest

/// The map's kept layers: a cursor move draws none again, and whatever the renderer keeps, a frame is the one a
/// renderer made from nothing would draw.
final class TripMapRendererCacheTests: XCTestCase {
    /// The trip screen's map renderer (a private property of the view: read by reflection, not widened for tests).
    private func tripScreenMap(_ app: AppDriver) throws -> TripMapRenderer {
        let view = try XCTUnwrap(app.app.stack.top as? TripDetailView)
        return try XCTUnwrap(Mirror(reflecting: view).children.first { $0.label == "mapView" }?.value as? TripMapRenderer)
    }

    /// On the trip screen, keys that only move the cursor redraw the highlight, not the outlines and the route; a
    /// reorder draws them again.
    func testACursorMoveDoesNotRebuildTheMapsLayers() throws {
        let loader = BaseMapLoader()
        _ = try loader.wait()
        let app = AppDriver(repository: InMemoryTripRepository(trips: [RenderingFixtures.route66]), rows: 40, columns: 120,
                            baseMap: loader)
        app.press(.enter)
        let map = try tripScreenMap(app)
        let built = map.layerBuilds
        XCTAssertGreaterThan(built, 0, app.dump)
        app.press(.character("j"), .character("j"), .down, .character("k"), .character("G"), .character("g"), .pageDown)
        XCTAssertEqual(map.layerBuilds, built, "a cursor move rebuilt the map's layers")
        XCTAssertTrue(app.screen.joined().contains("GSHHG"), app.dump)
        app.press(.character("g"), .character("J"))
        XCTAssertTrue(app.screen.contains { $0.contains("2  Chicago") }, app.dump)
        XCTAssertEqual(map.layerBuilds, built + 1, "a reorder changes the route: the layers are drawn again")
    }

    /// Over random edits, selections, sizes and views, a renderer that keeps its layers draws exactly (every cell's
    /// text and attributes) what a new renderer draws for the same content.
    func testKeptLayersDrawWhatFreshOnesDraw() throws {
        let loader = BaseMapLoader(), places = PlaceIndexLoader()
        _ = try loader.wait()
        _ = try places.wait()
        var generator = SeededGenerator(seed: 23)
        let kept = TripMapRenderer()
        var stops = (0..<40).map { index in
            Waypoint(name: "Stop \(index)", latitude: Double.random(in: 30...48, using: &generator),
                     longitude: Double.random(in: -120 ... -75, using: &generator))
        }
        let id = Trip(name: "Random").id
        var stopsRevision = 0, legsRevision = 0
        var size = (rows: 30, columns: 80)
        var projection: MapProjection?
        var selected: Int? = 0
        for step in 0..<60 {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                selected = Bool.random(using: &generator) ? Int.random(in: 0..<stops.count, using: &generator) : nil
            case 1:
                // A reorder, as J does: the stops change and both revisions move on.
                let from = Int.random(in: 0..<stops.count - 1, using: &generator)
                stops.swapAt(from, from + 1)
                stopsRevision += 1
                legsRevision += 1
            case 2:
                legsRevision += 1
            case 3:
                size = [(30, 80), (12, 40), (59, 200), (24, 100)].randomElement(using: &generator)!
                projection = nil
            case 4:
                let fitted = projection ?? TripMapModel.projection(stops: stops, itinerary: nil, columns: size.columns,
                                                                  rows: size.rows - 1)
                projection = Bool.random(using: &generator)
                    ? fitted.zoomed(by: [0.5, 2, 4].randomElement(using: &generator)!)
                    : fitted.panned(dx: Double.random(in: -200...200, using: &generator),
                                    dy: Double.random(in: -100...100, using: &generator))
            default:
                projection = nil
            }
            let content = TripMapContent(tripID: id, stops: stops, itinerary: nil, unit: .km, stopsRevision: stopsRevision,
                                         legsRevision: legsRevision, baseMap: { loader.map }, towns: { places.index?.towns })
            let frames = [kept, TripMapRenderer()].map { renderer in
                let terminal = MemoryTerminal(rows: size.rows, columns: size.columns)
                let (model, canvas) = renderer.model(content, columns: size.columns, rows: size.rows - 1,
                                                     selected: selected, projection: projection)
                TripMapRenderer.draw(model, canvas: canvas, on: terminal, in: Rect(size: terminal.size))
                return (0..<size.rows).flatMap { row in (0..<size.columns).map { terminal.cell(row: row, column: $0) } }
            }
            XCTAssertTrue(frames[0].contains { $0.text != " " }, "step \(step): an empty map proves nothing")
            let differing = frames[0].indices.filter { frames[0][$0] != frames[1][$0] }
            XCTAssertEqual(differing.count, 0, "step \(step): the kept layers differ from fresh ones, first at row "
                           + "\(differing.first.map { $0 / size.columns } ?? -1), column \(differing.first.map { $0 % size.columns } ?? -1)")
        }
    }
}
