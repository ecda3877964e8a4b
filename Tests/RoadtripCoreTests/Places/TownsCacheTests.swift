import XCTest
@testable import RoadtripCore

final class TownsCacheTests: XCTestCase {
    /// A map panned and zoomed about (across the antimeridian too) gets from the cache exactly the towns a scan of
    /// each view finds, with far fewer scans than views.
    func testACachedViewHasTheTownsOfAScan() throws {
        let places = try BundledPlaces.index().towns
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
                XCTAssertEqual(cache.towns(in: box, limit: limit, from: places),
                               places.towns(in: box, limit: limit), "\(box) limit \(limit)")
                views += 1
            }
        }
        XCTAssertLessThan(cache.scans, views / 2)
    }

    /// The towns of a box are its most populous places, largest first, equal ones in file order, whether they come
    /// from the large towns (a wide view) or from a scan of every place (a narrow one, or a box with few towns).
    func testTownsAreTheLargestPlacesInTheBox() throws {
        let places = try BundledPlaces.index().towns
        let file = places.file
        let boxes = [GeoBox(west: -125, south: 24, east: -66, north: 50), GeoBox(west: 5, south: 45, east: 11, north: 48),
                     GeoBox(west: 170, south: 50, east: 200, north: 70), GeoBox(west: -60, south: -60, east: -20, north: -50),
                     GeoBox(west: 139.6, south: 35.6, east: 139.8, north: 35.7), GeoBox(west: -180, south: -90, east: 180, north: 90)]
        for box in boxes {
            let inside = TownBox(box)
            let expected = (0..<file.count).filter { places.isPlace($0, in: inside) }
                .sorted { file.population[$0] != file.population[$1] ? file.population[$0] > file.population[$1] : $0 < $1 }
            for limit in [1, 12, 80, 700] {
                XCTAssertEqual(places.townIndices(in: inside, limit: limit), Array(expected.prefix(limit)), "\(box) \(limit)")
            }
        }
        XCTAssertTrue(places.largeTowns.allSatisfy { file.population[Int($0)] >= TownRanking.largeTown })
        XCTAssertEqual(places.largeTowns.count, file.population.filter { $0 >= TownRanking.largeTown }.count)
    }

    func testNoTownsForAnEmptyAskOrAnInvalidBox() throws {
        let places = try BundledPlaces.index().towns
        var cache = TownsCache()
        XCTAssertEqual(cache.towns(in: GeoBox(west: 0, south: 0, east: 10, north: 10), limit: 0, from: places).count, 0)
        XCTAssertEqual(cache.towns(in: GeoBox(west: 10, south: 0, east: 0, north: 10), limit: 5, from: places).count, 0)
        XCTAssertEqual(cache.towns(in: GeoBox(west: -180, south: -90, east: 180, north: 90), limit: 5, from: places),
                       places.towns(in: GeoBox(west: -180, south: -90, east: 180, north: 90), limit: 5))
    }
}
