import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The corridor query on roads whose geometry can be checked by hand, and on the fjord test region routed by Routino.
final class AlongFinderTests: XCTestCase {
    private var settings = Settings()

    /// Two legs along the equator, 0° → 1° → 2°, the router's road straight along it, each reported as 100 km and
    /// 1 h (so the km along are the legs' distances, not the arc's 111 km).
    private func equatorTrip() -> (Trip, Itinerary) {
        let stops = [0.0, 1, 2].map { Waypoint(name: "E\(Int($0))", latitude: 0, longitude: $0) }
        let trip = Trip(name: "Equator", waypoints: stops)
        let legs = (0..<2).map { leg in
            let road = (0...100).map { Coordinate(checked: 0, Double(leg) + Double($0) / 100) }
            return Itinerary.Leg(from: leg, RoutedLeg(distanceKm: 100, durationSeconds: 3600, geometry: road, source: .osrm))
        }
        return (trip, Itinerary(trip: trip, legs: legs, settings: settings))
    }

    private func poi(_ id: Int, _ latitude: Double, _ longitude: Double, _ category: POICategory = .sleep) -> RegionFeature {
        RegionFeature(osmID: "n\(id)", latitude: latitude, longitude: longitude, kind: "hotel", category: category,
                      name: "P\(id)")
    }

    func testTheCorridorHoldsWhatIsNearTheRoadInOrderWithItsDetour() throws {
        let (trip, itinerary) = equatorTrip()
        let index = POIIndex(features: [
            poi(1, -0.03, 1.5),            // 3.34 km south of the road, half-way along the second leg
            poi(2, 0.02, 0.5),             // 2.22 km north, half-way along the first
            poi(3, 0.1, 0.3),              // 11.1 km off: outside 5 km, inside 12
            poi(4, 0, 0.2, .fuel),         // on the road, another category
            poi(2, 0.02, 0.5),             // the same OSM object from an overlapping region: once
        ])
        let finder = AlongFinder(index: index, settings: settings)
        let found = finder.along(day: 1, trip: trip, itinerary: itinerary, categories: [.sleep])
        XCTAssertEqual(found.stops.map(\.feature.osmID), ["n2", "n1"])
        XCTAssertEqual(found.distanceKm, 200)
        let first = found.stops[0], second = found.stops[1]
        XCTAssertEqual(first.kmAlong, 50, accuracy: 0.1)
        XCTAssertEqual(first.secondsAlong, 1800, accuracy: 2)
        XCTAssertEqual(first.offKm, 2.224, accuracy: 0.01)
        XCTAssertFalse(first.onStraightLine)
        XCTAssertEqual(found.basis, .road)
        XCTAssertEqual(first.leg, 0)
        XCTAssertEqual(second.kmAlong, 150, accuracy: 0.1)
        XCTAssertEqual(second.leg, 1)
        XCTAssertEqual(second.fromStop, trip.waypoints[1].id)
        // There and back, 1.3 × the straight line each way, at 80 km/h.
        XCTAssertEqual(first.detourKm, 2 * 2.224 * 1.3, accuracy: 0.03)
        XCTAssertEqual(first.detourSeconds, first.detourKm / 80 * 3600, accuracy: 1e-9)
        // The second leg alone: its km count from its own start.
        let leg = finder.along(leg: 1, trip: trip, itinerary: itinerary, categories: [.sleep])
        XCTAssertEqual(leg.stops.map(\.feature.osmID), ["n1"])
        XCTAssertEqual(leg.stops.first?.kmAlong ?? 0, 50, accuracy: 0.1)
        XCTAssertEqual(leg.stops.first?.secondsAlong ?? 0, 1800, accuracy: 2)
        XCTAssertEqual(leg.distanceKm, 100)
        let wide = finder.along(day: 1, trip: trip, itinerary: itinerary, categories: [.sleep, .fuel], corridorKm: 12)
        XCTAssertEqual(wide.stops.map(\.feature.osmID), ["n4", "n3", "n2", "n1"])
    }

    /// Without the router's road the corridor is the arc, the straight line (and says so), and the km along are the
    /// estimate's.
    func testAnEstimatedLegUsesTheArcAndItsDistance() throws {
        let trip = Trip(name: "Arc", waypoints: [Waypoint(name: "A", latitude: 0, longitude: 0),
                                                 Waypoint(name: "B", latitude: 0, longitude: 2)])
        let estimate = EstimateEngine(settings)
        let leg = estimate.leg(from: trip.waypoints[0].coordinate, to: trip.waypoints[1].coordinate)
        let itinerary = Itinerary(trip: trip, legs: [Itinerary.Leg(from: 0, leg)], settings: settings)
        let found = AlongFinder(index: POIIndex(features: [poi(1, 0.01, 0.5)]), settings: settings)
            .along(day: 1, trip: trip, itinerary: itinerary, categories: [.sleep])
        XCTAssertEqual(found.stops.count, 1)
        XCTAssertEqual(found.stops[0].kmAlong, leg.distanceKm / 4, accuracy: 0.5)
        XCTAssertTrue(found.stops[0].onStraightLine)
        XCTAssertEqual(found.stops[0].offKm, 1.11, accuracy: 0.01)
        XCTAssertEqual(found.basis, .straightLine)
        XCTAssertEqual(found.basis.lineText, "the straight line (no road data)")
    }

    /// The fjord region, its day from Vestvik to Sørby routed by Routino: the viewpoint then the hotel, and the fuel
    /// gap of the 256 km road, which an electric car's charger in Midtre closes.
    func testTheFjordDayListsItsPOIsAndItsFuelGap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("along-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let region = try FjordRegion.install(into: folder, routino: true)
        let engine = RoutinoEngine(databaseDirectory: region.appendingPathComponent("routino"),
                                   executable: try RoutingTools.routino("routino-router"))
        let trip = Trip(name: "Fjord", waypoints: [FjordExtract.vestvik, FjordExtract.sorby].map {
            Waypoint(name: $0.name, latitude: $0.latitude, longitude: $0.longitude)
        })
        let leg = try engine.leg(from: FjordExtract.vestvik.coordinate, to: FjordExtract.sorby.coordinate)
        XCTAssertGreaterThanOrEqual(leg.geometry.count, 2, "Routino's road (its turning points: this one is straight)")
        XCTAssertEqual(leg.distanceKm, FjordExtract.southRoadKm, accuracy: 1)
        let itinerary = Itinerary(trip: trip, legs: [Itinerary.Leg(from: 0, leg)], settings: settings)
        let index = POIIndex.load(InstalledRegions.scan(folder))
        XCTAssertEqual(index.features.count, FjordRegion.pois.count)
        let finder = AlongFinder(index: index, settings: settings)
        let found = finder.along(day: 1, trip: trip, itinerary: itinerary, categories: [.sleep, .see])
        XCTAssertEqual(found.stops.map(\.name), ["Utsikten", "Midtre Hotell"], "the campsite is across the fjord")
        let viewpointKm = GreatCircle.distanceKm(lat1: 63, lon1: 5, lat2: FjordExtract.viewpoint.latitude, lon2: 5)
        XCTAssertEqual(found.stops[0].kmAlong, viewpointKm, accuracy: 1.5)

        settings.rangeKm = 200
        let gaps = FuelGaps.gaps(day: 1, trip: trip, itinerary: itinerary, finder: finder, settings: settings)
        XCTAssertEqual(gaps.count, 1)
        XCTAssertEqual(gaps.first?.startKm ?? -1, 0, accuracy: 0.5)
        XCTAssertEqual(gaps.first?.lengthKm ?? 0, FjordExtract.southRoadKm, accuracy: 1.5)
        XCTAssertEqual(gaps.first?.startName, "Vestvik Bensin")
        XCTAssertEqual(gaps.first?.text(.km), "256 km without fuel from km 0 (Vestvik Bensin, near Vestvik)")
        settings.vehicle = .ev
        XCTAssertEqual(FuelGaps.gaps(day: 1, trip: trip, itinerary: itinerary, finder: finder, settings: settings), [],
                       "Midtre's charger splits the road into 167 and 89 km")
        settings.rangeKm = 150
        let ev = FuelGaps.gaps(day: 1, trip: trip, itinerary: itinerary, finder: finder, settings: settings)
        XCTAssertEqual(ev.map(\.startName), ["Vestvik"], "from the day's start to the charger")
        XCTAssertEqual(ev.first?.endKm ?? 0, GreatCircle.distanceKm(lat1: 63, lon1: 5, lat2: 61.501, lon2: 5), accuracy: 1.5)
        settings.rangeKm = 0
        XCTAssertEqual(FuelGaps.gaps(day: 1, trip: trip, itinerary: itinerary, finder: finder, settings: settings), [])
    }

    func testTheStretchesLongerThanTheRange() {
        XCTAssertEqual(FuelGaps.stretches(stations: [400, 10, 250], lengthKm: 500, rangeKm: 200).map { [$0.start, $0.end] },
                       [[10, 250]])
        XCTAssertEqual(FuelGaps.stretches(stations: [], lengthKm: 300, rangeKm: 200).map { [$0.start, $0.end] }, [[0, 300]])
        XCTAssertEqual(FuelGaps.stretches(stations: [150], lengthKm: 300, rangeKm: 200).count, 0)
        XCTAssertEqual(FuelGaps.stretches(stations: [-5, 350], lengthKm: 300, rangeKm: 200).map { [$0.start, $0.end] },
                       [[0, 300]], "stations off the ends do not count")
        XCTAssertEqual(FuelGaps.stretches(stations: [], lengthKm: 300, rangeKm: 0).count, 0, "off")
    }

    /// The map draws a POI in the cell its position projects to, and none once a cell spans more than 2 km.
    func testTheMapDrawsPOIsOnlyZoomedIn() throws {
        let (trip, itinerary) = equatorTrip()
        let stops = AlongFinder(index: POIIndex(features: [poi(1, 0.01, 0.5), poi(2, 0, 1.5, .fuel)]), settings: settings)
            .along(day: 1, trip: trip, itinerary: itinerary, categories: [.sleep, .fuel]).stops
        let whole = MapProjection(fitting: trip.waypoints.map(\.coordinate), width: 200, height: 80)
        XCTAssertGreaterThan(MapPOIs.kmPerCell(whole), MapPOIs.maxKmPerCell)
        XCTAssertTrue(MapPOIs.cells(stops, projection: whole, columns: 100, rows: 20).isEmpty, "zoomed out")
        let near = MapProjection(fitting: [Coordinate(checked: -0.05, 0.45), Coordinate(checked: 0.05, 0.55)], width: 200, height: 80)
        XCTAssertLessThanOrEqual(MapPOIs.kmPerCell(near), MapPOIs.maxKmPerCell)
        let cells = MapPOIs.cells(stops, projection: near, columns: 100, rows: 20)
        XCTAssertEqual(cells.map(\.glyph), ["S"], "the fuel station is off the view")
        let point = near.project(longitude: 0.5, latitude: 0.01)
        XCTAssertEqual(cells.first?.column, Int(point.x) / 2)
        XCTAssertEqual(cells.first?.row, Int(point.y) / 4)
    }
}
