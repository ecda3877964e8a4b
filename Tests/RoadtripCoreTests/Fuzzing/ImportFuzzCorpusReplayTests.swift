import Foundation
import XCTest

/// Replays the import fuzz target's corpus (scripts/fuzz/corpus-import: seeds, and every input the fuzzer
/// found crashing or failing the check) through the target's own check.
final class ImportFuzzCorpusReplayTests: XCTestCase {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/fuzz/corpus-import")

    func testEveryCorpusFileIsImportedOrRefusedCleanly() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        XCTAssertGreaterThanOrEqual(files.count, 15, "the corpus is missing: \(Self.corpus.path)")
        for file in files.sorted(by: { $0.path < $1.path }) {
            XCTAssertNoThrow(try ImportFuzzCheck.check(Data(contentsOf: file)), file.lastPathComponent)
        }
    }
}
