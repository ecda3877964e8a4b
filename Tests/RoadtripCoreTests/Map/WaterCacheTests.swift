import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The water check's answers kept across runs: measured once, never searched again; another map's or a damaged file
/// is ignored, and the cache stays within its bound.
final class WaterCacheTests: XCTestCase {
    private var folder: URL!
    private let helsinki = Coordinate(checked: 60.1699, 24.9384), tallinn = Coordinate(checked: 59.4370, 24.7536)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("water-cache-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func crossing(map: BaseMap?, identity: String = "map 1") -> WaterCrossing {
        WaterCrossing(map: { map }, cacheDirectory: folder, mapIdentity: { identity })
    }

    /// A later run without any shorelines still knows the crossing it measured: it was read from the file, not searched.
    func testAnAnswerMeasuredOnceIsKnownInTheNextRun() throws {
        let first = crossing(map: try BaseMap.bundled())
        let measured = first.answer(from: tallinn, to: helsinki)
        guard case .crossing = measured else { return XCTFail("Helsinki → Tallinn crosses the gulf: \(measured)") }
        first.close()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("water.bin").path))

        let next = crossing(map: nil)
        XCTAssertEqual(next.answer(from: helsinki, to: tallinn), measured, "both ways share the answer")
        XCTAssertEqual(next.known(from: tallinn, to: helsinki), measured)
        XCTAssertEqual(crossing(map: nil, identity: "map 2").answer(from: helsinki, to: tallinn), .overLand,
                       "another map's answers are not read")
    }

    /// A damaged or foreign file is no error: nothing is read from it, and the next save replaces it.
    func testADamagedFileIsIgnoredAndReplaced() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("water.bin")
        for bytes in [Data("roadtrip water cache 1 search 1 map 1\n".utf8) + Data(repeating: 0xFF, count: 99),
                      Data("not ours at all".utf8), Data()] {
            try bytes.write(to: file)
            let water = crossing(map: nil)
            XCTAssertEqual(water.answer(from: helsinki, to: tallinn), .overLand)
        }
        let water = crossing(map: try BaseMap.bundled())
        _ = water.answer(from: helsinki, to: tallinn)
        water.close()
        guard case .crossing = crossing(map: nil).answer(from: helsinki, to: tallinn) else {
            return XCTFail("the save replaced the damaged file")
        }
    }

    /// Past its bound the least recently used go first, down to nine tenths; what was used lately stays.
    func testTheCacheKeepsTheRecentlyUsedWithinItsBound() {
        let cache = WaterCache(directory: nil, identity: "", capacity: 10)
        let keys = (0..<10).map { WaterCache.Key(from: Coordinate(checked: Double($0), 0), to: Coordinate(checked: 0, 1)) }
        for (i, key) in keys.enumerated() { cache.store(.wayRound(landKm: Double(i)), for: key) }
        XCTAssertEqual(cache[keys[0]], .wayRound(landKm: 0))   // used again: the newest now
        cache.store(.overLand, for: WaterCache.Key(from: Coordinate(checked: 50, 0), to: Coordinate(checked: 0, 1)))
        XCTAssertEqual(cache.count, 9)
        XCTAssertEqual(cache[keys[0]], .wayRound(landKm: 0))
        XCTAssertNil(cache[keys[1]])
        XCTAssertNil(cache[keys[2]])
        XCTAssertEqual(cache[keys[3]], .wayRound(landKm: 3))
    }
}
