import Foundation
import RoadtripTestSupport
import XCTest

/// `roadtrip map`: whole-output goldens on the demo trips and a trip across the antimeridian, in braille and
/// ASCII. `ROADTRIP_UPDATE_GOLDENS=1` rewrites the files in Goldens/ from the current output (and fails: see `Golden`).
final class MapCommandTests: CLITestCase {
    private static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let demo = checkout.appendingPathComponent("Resources/demo/trips.json")
    private static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    private func assertGolden(_ output: String, _ name: String) throws {
        try Golden.check(output, against: Self.goldens.appendingPathComponent(name))
    }

    /// The demo file copied, so the run never touches the shipped one.
    private func demoData() throws -> URL {
        let copy = directory.appendingPathComponent("demo.json")
        try FileManager.default.copyItem(at: Self.demo, to: copy)
        return copy
    }

    func testRoute66Golden() throws {
        let output = try roadtrip("map", "route 66", data: try demoData()).stdout
        try assertGolden(output, "map-route66-80x24.txt")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 24)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 })
        XCTAssertTrue(output.contains("1 Chicago · 2 Springfield · 3 St. Louis"))
        // Towns from the gazetteer (Denver is no stop), credited.
        XCTAssertTrue(output.contains("Denver"))
        XCTAssertTrue(output.hasSuffix("© GSHHG (LGPL-3.0) · GeoNames (CC BY 4.0)\n"))
    }

    func testAlpsLoopInASCIIGolden() throws {
        let output = try roadtrip("map", "alps", "--width", "60", "--height", "20", "--ascii", data: try demoData()).stdout
        try assertGolden(output, "map-alps-60x20-ascii.txt")
        XCTAssertTrue(output.unicodeScalars.filter { (0x2800...0x28FF).contains($0.value) }.isEmpty)
        XCTAssertTrue(output.hasSuffix("(c) GSHHG (LGPL-3.0) · GeoNames (CC BY 4.0)\n"))
    }

    /// A damaged gazetteer costs the towns only: the map is printed, without GeoNames' credit, and stderr says why.
    func testADamagedGazetteerLeavesOutTheTownsAndSaysWhy() throws {
        let resources = directory.appendingPathComponent("resources")
        try FileManager.default.createDirectory(at: resources.appendingPathComponent("places"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.checkout.appendingPathComponent("Resources/map"),
                                         to: resources.appendingPathComponent("map"))
        let gazetteer = try Data(contentsOf: Self.checkout.appendingPathComponent("Resources/places/gazetteer.bin"))
        try gazetteer.prefix(100_000).write(to: resources.appendingPathComponent("places/gazetteer.bin"))
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["map", "route 66", "--data", try demoData().path],
                                           environment: ["ROADTRIP_RESOURCES": resources.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("the compressed data is damaged") && result.stderr.contains(". The map shows no towns."),
                      result.stderr)
        XCTAssertTrue(result.stdout.contains("1 Chicago · 2 Springfield") && result.stdout.hasSuffix("© GSHHG (LGPL-3.0)\n"),
                      result.stdout)
        XCTAssertFalse(result.stdout.contains("Denver"), result.stdout)
    }

    func testANonUTF8LocaleGetsASCII() throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["map", "alps", "--data", try demoData().path],
                                           environment: ["LANG": "C", "LC_ALL": "C"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Zürich") && result.stdout.contains("(c) GSHHG"))
        XCTAssertTrue(result.stdout.unicodeScalars.filter { (0x2800...0x28FF).contains($0.value) }.isEmpty)
    }

    /// Kamchatka to Alaska: one piece, west to east across ±180°, in miles.
    func testAntimeridianTripGolden() throws {
        try roadtrip("new", "Bering")
        for (name, lat, lon) in [("Petropavlovsk", "53.0167", "158.65"), ("Anadyr", "64.7337", "177.5089"),
                                 ("Nome", "64.5011", "-165.4064"), ("Anchorage", "61.2181", "-149.9003")] {
            try roadtrip("add-stop", "bering", "--name", name, "--lat", lat, "--lon", lon)
        }
        let output = try roadtrip("map", "bering", "--width", "72", "--height", "18", "--units", "mi").stdout
        try assertGolden(output, "map-bering-72x18.txt")
        let rows = output.split(separator: "\n").map(String.init)
        let column = { (marker: String) in rows.compactMap { row in row.range(of: marker).map { row.distance(from: row.startIndex, to: $0.lowerBound) } }.first }
        let one = try XCTUnwrap(column("1 Petropavlovsk") ?? column("Petropavlovsk 1"))
        let four = try XCTUnwrap(column("4 Anchorage") ?? column("Anchorage 4"))
        XCTAssertLessThan(one, four, "Kamchatka drawn west of Alaska")
        XCTAssertTrue(output.contains(" mi"))
    }

    func testUnknownTripAndBadSize() throws {
        try roadtrip("new", "Weekend")
        XCTAssertFalse(try roadtrip("map", "nothing", expect: 1).stderr.isEmpty)
        XCTAssertTrue(try roadtrip("map", "weekend", "--width", "5", expect: 1).stderr.contains("--width"))
    }
}
