import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// A region's roads come from what osmium keeps of the extract (`RegionBuilder.roadFilters`), not the whole file:
/// planetsplitter must build the very same database from it, or a leg would change. And the disk a build took is
/// stated: what it needed at once, what it wrote, what the region takes.
final class RegionRoadsFilterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("region-roads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try FjordExtract.osmium()
        _ = try RoutingTools.routino("planetsplitter")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Helsinki holds what the filter must not lose: turn restrictions, cycle and foot route relations, barriers
    /// on roads, ferries.
    func testTheRoadsKeptBuildTheSameDatabaseByteForByteAsTheWholeExtract() throws {
        let result = try RegionBuilder(progress: .hidden).build(from: RoutingTools.helsinkiExtract, name: "helsinki",
                                                                in: folder.appendingPathComponent("regions"))
        let whole = folder.appendingPathComponent("whole")
        try RoutinoDatabase.build(from: RoutingTools.helsinkiExtract, into: whole, progress: .hidden)
        for file in RoutinoDatabase.files {
            let kept = try Data(contentsOf: result.region.routinoDirectory.appendingPathComponent(file))
            XCTAssertEqual(kept, try Data(contentsOf: whole.appendingPathComponent(file)), file)
            XCTAssertGreaterThan(kept.count, 0, file)
        }
    }

    func testTheDiskItTookAddsUp() throws {
        let result = try RegionBuilder(progress: .hidden).build(from: RoutingTools.helsinkiExtract, name: "helsinki",
                                                                in: folder.appendingPathComponent("regions"))
        let disk = result.disk
        XCTAssertEqual(disk.region, BuildDiskUse.size(of: result.region.folder))
        XCTAssertGreaterThan(disk.region, result.routinoBytes)
        XCTAssertGreaterThanOrEqual(disk.peak, disk.region)
        // osmium's selection of the roads (160 kB) came and went besides the region.
        XCTAssertGreaterThan(disk.written, disk.region + 100_000)
        XCTAssertGreaterThanOrEqual(disk.written, disk.peak)
    }
}
