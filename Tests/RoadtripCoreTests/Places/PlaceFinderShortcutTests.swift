import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The search's shortcuts with a region installed must give exactly the list the straightforward search gives:
/// leaving the regions unsearched when none of their hits could enter the gazetteer's full list
/// (`PlaceFinder.exhaustive`), the bound that decides it, and the grids skipping places by latitude.
final class PlaceFinderShortcutTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("finder-shortcuts-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testSkippingRegionsGivesTheExhaustiveListOnSeededQueries() throws {
        var random = SplitMix64(seed: 24)
        let (places, pois) = Self.region(&random)
        try RegionFromOsmium.install(places: places, pois: pois, name: "generated", in: folder)
        let regions = RegionPlaceIndex.load(InstalledRegions.scan(folder))
        let gazetteer = try BundledPlaces.index()
        let fast = PlaceFinder(places: gazetteer, regions: regions, zone: { _, _ in "Europe/Oslo" })
        var full = fast
        full.exhaustive = true

        let kinds = ["fuel", "camp", "hotel", "viewpoint", "museum", "rest area", "waterfall"]
        var compared = 0, withRegionHits = 0
        for round in 0..<600 {
            let name = round % 3 == 0 ? gazetteer.file.place(at: Int.random(in: 0..<5_000, using: &random)).asciiName
                : places[Int.random(in: 0..<places.count, using: &random)].name
            let text: String
            switch round % 6 {
            case 0: text = kinds[round % kinds.count] + " near " + name
            case 1: text = String(name.prefix(1))
            case 2: text = String(name.prefix(Int.random(in: 2...4, using: &random)))
            default: text = name.lowercased()
            }
            let near: (latitude: Double, longitude: Double)? = switch Int.random(in: 0..<4, using: &random) {
            case 0: nil
            case 1: (48.86, 2.35)   // Paris, far from the region
            default: (places[round % places.count].latitude, places[round % places.count].longitude)
            }
            let next: (latitude: Double, longitude: Double)? = near != nil && round % 5 == 0 ? (59.91, 10.75) : nil
            let limit = [1, 5, 10, 10][round % 4]
            let shortcut = fast.query(text, limit: limit, near: near, next: next, useCache: false)
            let expected = full.query(text, limit: limit, near: near, next: next, useCache: false)
            XCTAssertEqual(shortcut, expected, "\"\(text)\" limit \(limit) near \(String(describing: near))")
            if expected.contains(where: { $0.regional != nil }) { withRegionHits += 1 }
            compared += 1

            let query = PlaceQuery(text)
            let key = query.commaName ?? query.key
            guard !key.isEmpty else { continue }
            let bound = regions.bestPossibleScore(key, near: near, next: next)
            for hit in regions.nameHits(text, limit: limit, near: near, next: next) {
                XCTAssertLessThanOrEqual(hit.score, bound, "\"\(text)\": a hit above the bound")
            }
        }
        XCTAssertGreaterThan(withRegionHits, compared / 4, "many lists show region places")
        XCTAssertLessThan(withRegionHits, compared, "some lists are the gazetteer's alone")
    }

    func testTheGridsNearestAgreeWithReadingEveryPlace() {
        var random = SplitMix64(seed: 7)
        let points = (0..<4_000).map { i -> (Float, Float) in
            // Clusters (a region's villages) and a scatter over the globe, the Arctic included.
            i % 4 == 0 ? (Float.random(in: -80...85, using: &random), Float.random(in: -180..<180, using: &random))
                : (Float.random(in: 60...62, using: &random), Float.random(in: 5...9, using: &random))
        }
        let grid = NearestPlaceGrid(latitude: Column(points.map(\.0)), longitude: Column(points.map(\.1)))
        func byDistance(_ lat: Double, _ lon: Double) -> [(place: Int, km: Double)] {
            points.enumerated().map { ($0.offset, GreatCircle.distanceKm(lat1: lat, lon1: lon, lat2: Double($0.element.0),
                                                                         lon2: Double($0.element.1))) }
                .sorted { $0.km != $1.km ? $0.km < $1.km : $0.place < $1.place }
        }
        for round in 0..<300 {
            let lat = round % 3 == 0 ? Double.random(in: -89...89, using: &random) : Double.random(in: 59.5...62.5, using: &random)
            let lon = round % 3 == 0 ? Double.random(in: -180..<180, using: &random) : Double.random(in: 4...10, using: &random)
            let all = byDistance(lat, lon)
            XCTAssertEqual(grid.nearest(latitude: lat, longitude: lon)?.place, all[0].place)
            let km = [5.0, 30, 100][round % 3]
            XCTAssertEqual(grid.nearest(latitude: lat, longitude: lon, withinKm: km)?.place,
                           all[0].km <= km ? all[0].place : nil)
            let even = grid.nearest(10, latitude: lat, longitude: lon) { $0 % 2 == 0 }
            XCTAssertEqual(even.map(\.place), all.filter { $0.place % 2 == 0 }.prefix(10).map(\.place), "\(lat), \(lon)")
        }
    }

    /// Places named from syllables in Norway's box, some with a population; POIs of every category near them.
    private static func region(_ random: inout SplitMix64) -> (places: [RegionFeature], pois: [RegionFeature]) {
        let starts = ["Vest", "Aust", "Nord", "Sør", "Kval", "Stor", "Sand", "Ås", "Lund", "San", "Paris", "Ber"]
        let ends = ["vik", "nes", "by", "dal", "stad", "heim", "fjord", "øy", " Diego", "lin"]
        let kinds = ["hamlet", "village", "town", "isolated_dwelling"]
        let places = (0..<2_000).map { i in
            RegionFeature(osmID: "n\(1_000 + i)", latitude: Double.random(in: 58...71, using: &random),
                          longitude: Double.random(in: 4.5...30.5, using: &random), kind: kinds[i % kinds.count],
                          population: i % 7 == 0 ? Int.random(in: 0..<200_000, using: &random) : 0,
                          name: starts.randomElement(using: &random)! + ends.randomElement(using: &random)!,
                          englishName: i % 5 == 0 ? "Eastbay" : "")
        }
        let tags = POICategory.tags
        let pois = (0..<3_000).map { i in
            let near = places[Int.random(in: 0..<places.count, using: &random)]
            let tag = tags[i % tags.count]
            return RegionFeature(osmID: "n\(100_000 + i)", latitude: near.latitude + Double.random(in: -0.05...0.05, using: &random),
                                 longitude: near.longitude + Double.random(in: -0.1...0.1, using: &random), kind: tag.value,
                                 category: tag.category, name: i % 10 == 0 ? "" : near.name + " " + tag.value)
        }
        return (places, pois)
    }
}
