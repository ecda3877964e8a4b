import Foundation
@testable import RoadtripCore
import XCTest

/// Which legs lie across two installed regions (each stop in one, none holding both): once per pair of
/// regions, only for estimated legs and the `auto` router, with the command that merges them.
final class RegionSpanTests: XCTestCase {
    private let regions = InstalledRegions(directory: URL(fileURLWithPath: "/r"), regions: [
        region("west", RegionOutline(west: 10, south: 59, east: 10.5, north: 61), sources: ["/maps/west.osm.pbf"]),
        region("east", RegionOutline(west: 10.5, south: 59, east: 11, north: 61), sources: ["/maps/east 1.osm.pbf", "/maps/e2.osm.pbf"]),
        region("north", RegionOutline(west: 10, south: 61, east: 11, north: 62), sources: ["/maps/north.osm.pbf"]),
        region("all", RegionOutline(west: 0, south: 70, east: 20, north: 80), sources: ["/maps/all.osm.pbf"]),
    ], problems: [:])

    private static func region(_ name: String, _ outline: RegionOutline, sources: [String]) -> InstalledRegion {
        InstalledRegion(folder: URL(fileURLWithPath: "/r/\(name)"), manifest: RegionManifest(
            name: name, sources: sources.map { .init(path: $0, bytes: 1, checksum: nil) }, built: "2026-11-27T07:00:00Z",
            outline: outline, places: 0, pois: 0))
    }

    /// Stops at these (latitude, longitude); each leg an estimate unless its index is in `routed`.
    private func spans(_ stops: [(Double, Double)], routed: Set<Int> = [], router: Settings.RouterKind = .auto) -> [RegionSpan] {
        let trip = Trip(name: "t", waypoints: stops.enumerated().map { Waypoint(name: "s\($0.offset)", latitude: $0.element.0, longitude: $0.element.1) })
        let legs = (0..<(stops.count - 1)).map {
            Itinerary.Leg(from: $0, RoutedLeg(distanceKm: 10, durationSeconds: 600, source: routed.contains($0) ? .routino : .estimate))
        }
        return RegionSpan.find(trip, Itinerary(trip: trip, legs: legs, settings: Settings()), in: regions, router: router)
    }

    func testLegsAcrossTwoRegionsAreNamedOncePerPairWithTheMergeCommand() {
        // west → east → west → north → the sea: legs 1–2 and 2–3 across west and east, 3–4 across west and north,
        // 4–5 out of every region.
        let found = spans([(60, 10.2), (60, 10.8), (60, 10.3), (61.5, 10.5), (50, 0)])
        XCTAssertEqual(found.map(\.legs), [[0, 1], [2]])
        XCTAssertEqual(found.map(\.note), [
            "legs 1–2, 2–3 lie across the regions west and east, which are not merged: no roads there. "
                + "Merge them: roadtrip region add --to west '/maps/east 1.osm.pbf' /maps/e2.osm.pbf",
            "leg 3–4 lies across the regions west and north, which are not merged: no roads there. "
                + "Merge them: roadtrip region add --to west /maps/north.osm.pbf",
        ])
        XCTAssertEqual(found.first?.summary, "legs 1–2, 2–3 across regions west and east")
    }

    func testRoutedLegsLegsInOneRegionAndOtherRoutersSayNothing() {
        XCTAssertEqual(spans([(60, 10.2), (60, 10.8)], routed: [0]), [], "routed all the same (OSRM)")
        XCTAssertEqual(spans([(60, 10.2), (60, 10.4)]), [], "both stops in west: an estimate for another reason")
        XCTAssertEqual(spans([(60, 10.2), (60, 10.8)], router: .estimate), [])
        XCTAssertEqual(spans([(60, 10.2), (60, 10.8)], router: .osrm), [])
        XCTAssertEqual(spans([(60, 10.2)]), [])
    }
}
