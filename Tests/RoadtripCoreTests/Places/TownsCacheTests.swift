import XCTest
@testable import RoadtripCore

final class TownsCacheTests: XCTestCase {
    /// A map panned and zoomed about (across the antimeridian too) gets from the cache exactly the towns a scan of
    /// each view finds, with far fewer scans than views.
    func testACachedViewHasTheTownsOfAScan() throws {
        let places = try BundledPlaces.index()
        let starts = [(-95.0, 38.0, 40.0), (8.0, 47.0, 12.0), (178.0, -17.0, 6.0), (-150.0, 61.0, 30.0)]
        var views = 0
        var cache = TownsCache()
        for (longitude, latitude, span) in starts {
            var box = GeoBox(west: longitude - span / 2, south: latitude - span / 4, east: longitude + span / 2,
                             north: latitude + span / 4)
            for step in 0..<12 {
                let width = box.east - box.west, height = box.north - box.south
                switch step % 6 {
                case 0, 1: box = box.shifted(by: width / 4)
                case 2: box = GeoBox(west: box.west, south: box.south - height / 4, east: box.east, north: box.north - height / 4)
                case 3: box = GeoBox(west: box.west + width / 4, south: box.south + height / 4,
                                     east: box.east - width / 4, north: box.north - height / 4)  // zoomed in
                case 4: box = box.shifted(by: -width / 4)
                default: box = GeoBox(west: box.west - width / 2, south: box.south - height / 2,
                                      east: box.east + width / 2, north: box.north + height / 2)  // zoomed out
                }
                let limit = step % 5 == 4 ? 40 : 80
                XCTAssertEqual(cache.towns(in: box, limit: limit, from: places).map(\.id),
                               places.towns(in: box, limit: limit).map(\.id), "\(box) limit \(limit)")
                views += 1
            }
        }
        XCTAssertLessThan(cache.scans, views / 2)
    }

    func testNoTownsForAnEmptyAskOrAnInvalidBox() throws {
        let places = try BundledPlaces.index()
        var cache = TownsCache()
        XCTAssertEqual(cache.towns(in: GeoBox(west: 0, south: 0, east: 10, north: 10), limit: 0, from: places).count, 0)
        XCTAssertEqual(cache.towns(in: GeoBox(west: 10, south: 0, east: 0, north: 10), limit: 5, from: places).count, 0)
        XCTAssertEqual(cache.towns(in: GeoBox(west: -180, south: -90, east: 180, north: 90), limit: 5, from: places).map(\.id),
                       places.towns(in: GeoBox(west: -180, south: -90, east: 180, north: 90), limit: 5).map(\.id))
    }
}
