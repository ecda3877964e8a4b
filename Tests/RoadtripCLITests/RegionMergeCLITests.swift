import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Regions built from several extracts, end to end with Debian's osmium and routino: two neighbouring extracts
/// (`BorderExtracts`) built as one region (or one added to the other with `--to`) route the leg across their
/// border along the border road; built as two regions, that leg is an estimate and says how to merge them.
final class RegionMergeCLITests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }
    private var regions: URL { home.appendingPathComponent("data/roadtrip/regions") }
    private var extracts: (west: URL, east: URL)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        _ = try RoutingTools.routino("planetsplitter")
        extracts = try BorderExtracts.write(into: directory.appendingPathComponent("extracts"))
    }

    @discardableResult
    private func run(_ arguments: String..., expect status: Int32 = 0, file: StaticString = #filePath,
                     line: UInt = #line) throws -> CommandResult {
        try run(arguments, expect: status, file: file, line: line)
    }

    @discardableResult
    private func run(_ arguments: [String], expect status: Int32 = 0, file: StaticString = #filePath,
                     line: UInt = #line) throws -> CommandResult {
        try roadtrip(arguments + (arguments.first == "region" ? [] : ["--data", dataFile.path]), home: home, timeout: 120,
                     expect: status, file: file, line: line)
    }

    private func borderTrip() throws {
        try run("new", "Border")
        for stop in [BorderExtracts.westby, BorderExtracts.eastby] {
            try run("add-stop", "border", "--name", stop.name, "--lat", "\(stop.latitude)", "--lon", "\(stop.longitude)")
        }
    }

    private func leg() throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(try run("show", "border", "--json").stdout.utf8))
        return try XCTUnwrap(((json as? [String: Any])?["legs"] as? [[String: Any]])?.first)
    }

    func testOneRegionFromBothExtractsRoutesAlongTheBorderRoad() throws {
        let built = try run("region", "add", extracts.west.path, extracts.east.path, "--name", "both").stdout
        let lines = built.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Building the region both in \(regions.path)/both from west.osm.pbf, east.osm.pbf...")
        XCTAssertEqual(lines.filter { $0.range(of: #"^\[\d/\d\] "#, options: .regularExpression) != nil }, [
            "[1/8] Reading the extracts' checksums",
            "[2/8] Merging the 2 extracts (osmium merge)",
            "[3/8] Keeping the roads, places and points of interest (osmium tags-filter)",
            "[4/8] Selecting places and points of interest (osmium tags-filter)",
            "[5/8] Exporting them with their positions (osmium export)",
            "[6/8] Reading places and points of interest",
            "[7/8] Finding the outlines",
            "[8/8] Building the roads (planetsplitter)",
        ])
        XCTAssertTrue(lines.contains("      places: 2, points of interest: 0"), built)
        XCTAssertTrue(lines.contains("      from west.osm.pbf: polygon file west.poly; east.osm.pbf: polygon file east.poly"), built)
        let manifest = try XCTUnwrap(InstalledRegions.scan(regions).regions.first?.manifest)
        XCTAssertEqual(manifest.format, 3)
        XCTAssertEqual(manifest.sources.map(\.path), [extracts.west.path, extracts.east.path])
        XCTAssertEqual(manifest.sources.map(\.bytes), try [extracts.west, extracts.east].map(fileSize))
        XCTAssertEqual(manifest.sources.map(\.checksum), try [extracts.west, extracts.east].map { try SourceChecksum.of($0) })
        XCTAssertEqual(manifest.outline.rings.count, 2, "the union of the two polygon files")
        let list = try run("region", "list").stdout
        XCTAssertTrue(list.split(separator: "\n").last?.hasSuffix("west.osm.pbf, east.osm.pbf") == true, list)

        try borderTrip()
        let leg = try leg()
        XCTAssertEqual(leg["source"] as? String, "routino")
        XCTAssertEqual(leg["region"] as? String, "both")
        XCTAssertEqual(leg["distanceKm"] as? Double ?? 0, BorderExtracts.roadKm, accuracy: 0.5, "along the border road")
    }

    /// Built apart, the border leg is an estimate and the trip says so once, with the command that merges the two;
    /// run, that command makes the leg a road.
    func testTwoRegionsLeaveTheBorderLegAnEstimateUntilTheHintMergesThem() throws {
        try run("region", "add", extracts.west.path, "--name", "west")
        try run("region", "add", extracts.east.path, "--name", "east")
        try borderTrip()
        XCTAssertEqual(try leg()["source"] as? String, "estimate")
        let command = "roadtrip region add --to west \(extracts.east.path)"
        let note = "leg 1–2 lies across the regions west and east, which are not merged: no roads there. Merge them: \(command)"
        let json = try JSONSerialization.jsonObject(with: Data(try run("show", "border", "--json").stdout.utf8))
        XCTAssertEqual((json as? [String: Any])?["notes"] as? [String], [note])
        let shown = try run("show", "border").stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(shown[2], "≈ " + note, "under the summary")
        XCTAssertEqual(shown.filter { $0.contains("across the regions") }.count, 1, "once per trip")

        try run(command.split(separator: " ").dropFirst().map(String.init))
        XCTAssertEqual(try leg()["source"] as? String, "routino")
        let after = try JSONSerialization.jsonObject(with: Data(try run("show", "border", "--json").stdout.utf8))
        XCTAssertEqual((after as? [String: Any])?["notes"] as? [String], [])
    }

    func testToAddsAnExtractToARegionAndRoutesAcrossTheBorder() throws {
        try run("region", "add", extracts.west.path, "--name", "west")
        let added = try run("region", "add", extracts.east.path, "--to", "west").stdout
        XCTAssertTrue(added.hasPrefix("Building the region west in \(regions.path)/west from west.osm.pbf, east.osm.pbf..."), added)
        XCTAssertEqual(InstalledRegions.scan(regions).regions.map(\.name), ["west"])
        XCTAssertEqual(InstalledRegions.scan(regions).regions.first?.manifest.sources.map(\.path),
                       [extracts.west.path, extracts.east.path])
        try borderTrip()
        let leg = try leg()
        XCTAssertEqual(leg["source"] as? String, "routino")
        XCTAssertEqual(leg["distanceKm"] as? Double ?? 0, BorderExtracts.roadKm, accuracy: 0.5)
    }

    func testMergingWithoutANameOrIntoNoRegionFailsClearly() throws {
        let unnamed = try run("region", "add", extracts.west.path, extracts.east.path, expect: 1)
        XCTAssertEqual(unnamed.stderr, "roadtrip: several extracts make one region: name it with --name NAME "
                       + "(or add them to one with --to NAME)\n")
        let missing = try run("region", "add", extracts.east.path, "--to", "nowhere", expect: 1)
        XCTAssertEqual(missing.stderr, "roadtrip: no region named nowhere in \(regions.path) (see roadtrip region list); "
                       + "to make one: roadtrip region add FILE… --name nowhere\n")
        let both = try run("region", "add", extracts.east.path, "--to", "a", "--name", "b", expect: 1)
        XCTAssertTrue(both.stderr.contains("give --name or --to, not both"), both.stderr)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [], [], "nothing built")
    }

    /// A remembered source whose bytes changed (same size) or that is gone stops `--to` before it builds; the
    /// region stays as it was. Named again, the changed file is taken as it is now.
    func testAChangedOrMissingSourceFailsClearlyAndKeepsTheRegion() throws {
        try run("region", "add", extracts.west.path, "--name", "west")
        let manifest = regions.appendingPathComponent("west/region.json")
        let old = try Data(contentsOf: manifest)
        // One byte of the last block, the size unchanged: only the checksum tells.
        var bytes = try Data(contentsOf: extracts.west)
        bytes[bytes.count - 8] ^= 0x01
        try bytes.write(to: extracts.west)
        let changed = try run("region", "add", extracts.east.path, "--to", "west", expect: 1)
        XCTAssertEqual(changed.stderr, "roadtrip: \(extracts.west.path) changed since the region west was built from it "
                       + "(its checksum differs): name it on the command line to build from it as it is now\n")
        XCTAssertEqual(try Data(contentsOf: manifest), old)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), ["west"], "no build left behind")

        try FileManager.default.removeItem(at: extracts.west)
        let gone = try run("region", "add", extracts.east.path, "--to", "west", expect: 1)
        XCTAssertEqual(gone.stderr, "roadtrip: the region west was built from \(extracts.west.path), which is gone: put it "
                       + "back, or build the region anew from the files you have (roadtrip region add FILE… --name west)\n")
        XCTAssertEqual(try Data(contentsOf: manifest), old)
    }

    private func fileSize(_ url: URL) throws -> Int64 {
        try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value)
    }
}
