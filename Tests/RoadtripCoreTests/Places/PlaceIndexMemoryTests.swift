import XCTest
@testable import RoadtripCore

/// The compact layout that keeps the loaded index small (issue 10: `places.rss` under 60 MB): each
/// saving checked on a small input, where its effect is exact.
final class PlaceIndexMemoryTests: XCTestCase {
    func testAKeyEntryTakesTenBytesAndKeepsEveryField() {
        XCTAssertEqual(MemoryLayout<KeyIndex.Entry>.stride, 10)
        let top = KeyIndex.Entry.limit - 1
        let entry = KeyIndex.Entry(start: top, length: 255, place: top, info: 0xFF, quantizedScore: 65_535)
        XCTAssertEqual([entry.start, Int(entry.length), entry.place, entry.source], [top, 255, top, 0x7F])
        XCTAssertTrue(entry.isLaterWord)
        XCTAssertEqual(entry.quantizedScore, 65_535)
        let moved = entry.with(start: 7, quantizedScore: 4096)
        XCTAssertEqual([moved.start, Int(moved.length), moved.place, moved.source], [7, 255, top, 0x7F])
        XCTAssertEqual(moved.placeScore, 1)
    }

    func testAKeyThatStartsTheNextSharesItsBytes() {
        var builder = KeyIndexBuilder()
        for (place, name) in ["Springfield", "Springfield", "Springfield Gardens", "Gardena"].enumerated() {
            Array(name.utf8).withUnsafeBufferPointer { builder.add(place: place, source: 0, ascii: $0) }
        }
        let index = builder.build(placeScores: [1, 1, 1, 1])
        // Sorted: gardena, gardens, springfield (twice), springfield gardens. "gardena" and "gardens"
        // differ; both "springfield" keys lie inside "springfield gardens".
        let keys = index.entries.map { String(decoding: index.keys[$0.start..<$0.start + Int($0.length)], as: UTF8.self) }
        XCTAssertEqual(keys, ["gardena", "gardens", "springfield", "springfield", "springfield gardens"])
        XCTAssertEqual(index.keys.count, "gardena".count + "gardens".count + "springfield gardens".count)
        XCTAssertEqual(Set(index.entries[2...4].map(\.start)).count, 1)
        XCTAssertEqual(index.entries.map(\.placeScore), [1, 1, 1, 1, 1])
    }

    func testSiblingJumpsMatchBruteForceIncludingLongOnes() {
        // Long runs (jumps over more than 255 entries) go to the side table; short ones fit in a byte.
        let lcp: [UInt8] = [0] + Array(repeating: 3, count: 300) + [1, 2, 2, 5, 1, 0] + Array(repeating: 4, count: 256) + [2]
        let jumps = SiblingJumps(lcp: lcp)
        jumps.withReader { next in
            for i in lcp.indices {
                let expected = (i + 1..<lcp.count).first { lcp[$0] <= lcp[i] } ?? lcp.count
                XCTAssertEqual(next[i], expected, "entry \(i)")
            }
        }
    }

    func testAPlaceRecordKeepsNoEmptyTrailingFields() throws {
        let text = """
        # roadtrip gazetteer 2
        C\tFR\tFrance\tfra
        A\tFR\t11\tÎle-de-France\t
        Z\tEurope/Paris
        2988507\tParis\t\t\t\t0\t48.85341\t2.3488\t2138551\t0\tc\t
        2990969\tNîmes\tNimes\t\t\t0\t43.8367\t4.3601\t148236\t0\t\t
        3024635\tChâlons\tChalons\t\t\t0\t48.95\t4.3667\t45225\t0\t\tMarne

        """
        let file = try GazetteerFile(bytes: Array(text.utf8)) { _, _, _ in }
        XCTAssertEqual(String(decoding: file.names, as: UTF8.self), "ParisNîmes\tNimesChâlons\tChalons\t\t\tMarne")
        XCTAssertEqual(file.place(at: 0).asciiName, "Paris")
        XCTAssertTrue(file.place(at: 0).isCapital)
        XCTAssertEqual(file.place(at: 1).asciiName, "Nimes")
        XCTAssertNil(file.place(at: 1).admin2)
        XCTAssertFalse(file.place(at: 1).isCapital)
        XCTAssertEqual(file.place(at: 2).admin2, "Marne")
        XCTAssertEqual(file.place(at: 2).alternateNames, [])
    }
}
