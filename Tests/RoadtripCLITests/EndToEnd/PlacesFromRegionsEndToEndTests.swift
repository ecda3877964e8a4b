import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// A region's village as a stop in the real binary, in a private tmux: the fjord extract's tables (by osmium) under
/// the app's own `$XDG_DATA_HOME`; in the stop form "Eastbay" offers Austvik with what it is, Enter and Ctrl-S make
/// it the stop, with Norway's region and zone; at 40x12 a kind word lists the fuel stations. Every wait is bounded.
final class PlacesFromRegionsEndToEndTests: TmuxTestCase {
    override func prepare() throws {
        try RegionFromOsmium.install(try FjordExtract.write(into: directory.appendingPathComponent("osm")), name: "fjord",
                                     in: directory.appendingPathComponent("share/roadtrip/regions"))
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["new", "Fjord", "--data", dataPath])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func launch() throws {
        try pane.type(line: "XDG_DATA_HOME=\(directory.path)/share XDG_STATE_HOME=\(directory.path)/state "
            + "XDG_CONFIG_HOME=\(directory.path)/config XDG_CACHE_HOME=\(directory.path)/cache "
            + "'\(BuiltProducts.url("roadtrip").path)' --data '\(dataPath)'")
    }

    func testARegionVillageBecomesAStopAndAKindWordListsFuelAtATinySize() throws {
        try launch()
        try expect("Fjord")
        try pane.keys("Enter")
        try expect("No stops yet")
        try pane.keys("a")
        try expect("New stop")
        try pane.keys("Eastbay", literal: true)
        // The gazetteer loads in the background (slow in a debug build on a busy machine): a generous bound.
        XCTAssertTrue(try pane.wait(timeout: 60) { rows in
            rows.contains { $0.contains("Austvik") && $0.contains("hamlet · Møre og Romsdal, Norway · 45 people") }
        }, pane.dump)
        try pane.keys("Enter")
        try expect("Austvik, Møre og Romsdal, NO · 63.0005, 5.201")
        try pane.keys("C-s")
        try expect("1 stop")
        // The app saves just after the frame that shows the stop.
        XCTAssertEqual(try savedStops(["Austvik"]), ["Austvik"])
        let saved = try String(contentsOfFile: dataPath, encoding: .utf8)
        XCTAssertTrue(saved.contains("\"timeZone\" : \"Europe/Oslo\""), saved)
        XCTAssertTrue(saved.contains("\"countryCode\" : \"NO\""), saved)
        XCTAssertTrue(saved.range(of: "\"placeId\" : -[0-9]+,", options: .regularExpression) != nil, saved)

        try pane.resize(columns: 40, rows: 12)
        try pane.keys("a")
        try expect("New stop")
        try pane.keys("fuel near Southtown", literal: true)
        XCTAssertTrue(try pane.wait { rows in
            rows.contains { $0.contains("Sørby Drivst…  fuel near…") }
                && rows.contains { $0.contains("Vestvik Bens…  fuel near…") }
        }, "both stations, nearest Sørby first, at 40x12: \(pane.dump)")
        try pane.keys("Escape", "Escape")
        try expect("Discard the changes")
        try pane.keys("y")
        try expect("1 stop")
        try pane.keys("q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
