import Foundation
import RoadtripTestSupport
import XCTest

/// The fjord region installed (built here from the test extract) and a trip across its ferry, then on to Ålesund
/// and over Storfjorden to Hareid outside it (no road round within reach), in the real binary in a private tmux: at 100x30 the LEG column shows the ferry with
/// its region and the estimate over water, the days view the ferry; at 40x12, where the LEG column is left out,
/// the message line names the selected stop's marked leg. Every wait is bounded.
final class RoutingMarksEndToEndTests: TmuxTestCase {
    private var dataHome: URL { directory.appendingPathComponent("data") }

    override func prepare() throws {
        try TestRegion.install("fjord", from: try FjordExtract.write(into: directory), outline: TestRegion.fjordOutline,
                               into: dataHome.appendingPathComponent("roadtrip/regions"))
        try roadtrip(["new", "Fjord"])
        for (name, lat, lon) in [("Vestvik", "63.0", "5.0"), ("Austvik", "63.0", "5.2"), ("Ålesund", "62.4723", "6.1549"),
                                 ("Hareid", "62.3700", "6.0300")] {
            try roadtrip(["add-stop", "Fjord", "--name", name, "--lat", lat, "--lon", lon])
        }
    }

    private func roadtrip(_ arguments: [String]) throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataPath], timeout: 10)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testFerryAndWaterMarksAt100x30And40x12() throws {
        // As `launchApp`, with the region's data folder.
        try pane.type(line: "XDG_DATA_HOME=\(dataHome.path) XDG_STATE_HOME=\(directory.path)/state "
            + "XDG_CONFIG_HOME=\(directory.path)/config XDG_CACHE_HOME=\(directory.path)/cache "
            + "'\(BuiltProducts.url("roadtrip").path)' --data '\(dataPath)'")
        try expect("Fjord")
        try pane.keys("Enter")
        // Routino answers the ferry's leg in the background; the rest are estimates at once.
        try expect(" 2  Austvik          10.1 km · 39 min ⛴ Routino fjord")
        // Undated: Norway on standard time, the sea off it on UTC. The water marks come once the shorelines are
        // read, after the first frame: Austvik lies off the real coast, so its leg to Ålesund crosses water too.
        try expect(" 4  Hareid   ≈20.6 km · 25 min ≈ crosses ≈7 km of sea  Day 1 14:06 +1 h  UTC+1")
        try pane.keys("v")
        try expect("≈159 km · 4 h 06 ⛴")

        try pane.resize(columns: 40, rows: 12)
        try pane.keys("v")
        try expect(" 4  Hareid   Day 1 14:06 +1 h")
        try pane.keys("G")
        try expect(" Leg 3–4: ≈20.6 km · 25 min ≈ crosses")
        try pane.keys("Up", "Up")
        try expect(" Leg 1–2: 10.1 km · 39 min ferry")
        try pane.keys("q", "q")
    }
}
