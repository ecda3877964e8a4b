import Foundation
import RoadtripTestSupport
import XCTest

/// `show` with a region installed under `$XDG_DATA_HOME/roadtrip/regions` and no router set: `auto` is the
/// default, the fjord's ferry shows as ⛴ with its time, a leg out of the region is estimated, and a leg over
/// open sea with no way round says so with its sea gap; `show --json` carries the region, the ferry and the note.
final class RoutingAutoCLITests: CLITestCase {
    private var home: URL { directory.appendingPathComponent("home") }

    @discardableResult
    private func run(_ arguments: String...) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataFile.path],
                                           environment: ["XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                                                         "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                                         "XDG_DATA_HOME": home.appendingPathComponent("data").path])
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result
    }

    func testAutoIsTheDefaultOnceARegionIsInstalledAndEachLegSaysItsSource() throws {
        let regions = home.appendingPathComponent("data/roadtrip/regions")
        try TestRegion.install("fjord", from: try FjordExtract.write(into: directory), outline: TestRegion.fjordOutline,
                               into: regions)
        XCTAssertTrue(try run("config", "get", "router").stdout.hasPrefix("auto"))
        try run("new", "Fjord")
        for (name, latitude, longitude) in [("Vestvik", "63.0", "5.0"), ("Austvik", "63.0", "5.2"),
                                            ("Ålesund", "62.4723", "6.1549"), ("Hareid", "62.3700", "6.0300")] {
            try run("add-stop", "fjord", "--name", name, "--lat", latitude, "--lon", longitude)
        }
        let shown = try run("show", "fjord").stdout
        XCTAssertTrue(shown.contains("10.1 km · 39 min ⛴ Routino fjord"), shown)
        XCTAssertTrue(shown.contains("≈ crosses ≈7 km of sea"), "Ålesund → Hareid, over Storfjorden:\n\(shown)")
        XCTAssertTrue(shown.contains("⛴ 36 min"), "the day's plan names its ferry time:\n\(shown)")

        let json = try JSONSerialization.jsonObject(with: Data(try run("show", "fjord", "--json").stdout.utf8))
        let legs = try XCTUnwrap((json as? [String: Any])?["legs"] as? [[String: Any]])
        XCTAssertEqual(legs[0]["source"] as? String, "routino")
        XCTAssertEqual(legs[0]["region"] as? String, "fjord")
        XCTAssertEqual(legs[0]["ferryKm"] as? Double ?? 0, 6.062, accuracy: 0.01)
        XCTAssertEqual(legs[0]["ferrySeconds"] as? Int ?? 0, 2182, accuracy: 30)
        XCTAssertNil(legs[0]["note"])
        XCTAssertEqual(legs[1]["source"] as? String, "estimate")
        XCTAssertNil(legs[1]["region"])
        XCTAssertEqual(legs[2]["note"] as? String, "crosses ≈7 km of sea")
        XCTAssertNil(legs[2]["ferryKm"])

        let estimated = try run("show", "fjord", "--router", "estimate", "--json").stdout
        XCTAssertFalse(estimated.contains("\"region\""), estimated)
    }
}
