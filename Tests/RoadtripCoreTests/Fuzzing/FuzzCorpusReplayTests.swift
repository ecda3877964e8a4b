import Foundation
import XCTest
@testable import RoadtripCore

/// Replays each fuzz target's corpus (scripts/fuzz/corpus/<target>: seeds, and every input that `make fuzz`
/// found crashing or failing a check) through that target's own checks (Fuzzing/Checks). A crash here
/// fails the whole run, as it should.
final class FuzzCorpusReplayTests: XCTestCase {
    private static let corpora = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/fuzz/corpus")

    func testLoaderCorpus() throws {
        try replay("loader", atLeast: 8, LoaderFuzzCheck.check)
    }

    func testCoordinatesCorpus() throws {
        try replay("coordinates", atLeast: 20, CoordinateFuzzCheck.check)
    }

    func testImportCorpus() throws {
        try replay("import", atLeast: 15, ImportFuzzCheck.check)
    }

    func testLegCacheCorpus() throws {
        try replay("legcache", atLeast: 5, LegCacheFuzzCheck.check)
    }

    func testOSRMAnswerCorpus() throws {
        try replay("osrm", atLeast: 6, OSRMAnswerFuzzCheck.check)
    }

    func testSettingsCorpus() throws {
        try replay("settings", atLeast: 5, SettingsFuzzCheck.check)
    }

    func testManifestCorpus() throws {
        try replay("manifest", atLeast: 7, RegionManifestFuzzCheck.check)
    }

    func testWritersCorpus() throws {
        try replay("writers", atLeast: 6, WritersFuzzCheck.check)
    }

    func testPlacesCorpus() throws {
        try replay("places", atLeast: 20, PlaceQueryFuzzCheck(index: BundledPlaces.index()).check)
    }

    private func replay(_ target: String, atLeast seeds: Int, _ check: (Data) throws -> Void) throws {
        let folder = Self.corpora.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        XCTAssertGreaterThanOrEqual(files.count, seeds, "the corpus is missing: \(folder.path)")
        for file in files.sorted(by: { $0.path < $1.path }) {
            XCTAssertNoThrow(try check(Data(contentsOf: file)), file.lastPathComponent)
        }
    }
}
