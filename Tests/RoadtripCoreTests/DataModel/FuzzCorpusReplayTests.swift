import Foundation
import XCTest
@testable import RoadtripCore

/// Replays the fuzzing corpus (scripts/fuzz/corpus: seeds, and every crash `make fuzz` ever found)
/// through the loader with the fuzzer's own check: throw `TripFileError` or return a document that
/// survives a save and a reload. A crash here fails the whole run, as it should.
final class FuzzCorpusReplayTests: XCTestCase {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/fuzz/corpus")

    func testEveryCorpusFileIsReadOrRefusedCleanly() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        XCTAssertGreaterThanOrEqual(files.count, 8, "the corpus is missing: \(Self.corpus.path)")
        var read = 0
        for file in files.sorted(by: { $0.path < $1.path }) {
            let data = try Data(contentsOf: file)
            let contents: TripFileContents
            do {
                contents = try TripFileReader.read(data)
            } catch is TripFileError {
                continue
            }
            read += 1
            guard case let .current(trips) = contents else { continue }
            let document = TripDocument(trips: trips)
            XCTAssertEqual(try TripDocument.decode(TripDocument.encode(document)), document, file.lastPathComponent)
        }
        XCTAssertGreaterThan(read, 0)
    }
}
