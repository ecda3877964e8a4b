import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Along the road in the real binary, in a private tmux at 100x30 then 40x12: the fjord test extract installed as a
/// region (Routino on its database), the day from Vestvik to Sørby marked with its fuel gap; `a` lists the sleeping
/// places along it, `c` changes the category, `+` widens the corridor, Enter adds the hotel as a stop, `u` undoes it.
final class AlongEndToEndTests: TmuxTestCase {
    private var dataHome: URL { directory.appendingPathComponent("data") }

    override func prepare() throws {
        let region = try FjordRegion.install(into: dataHome.appendingPathComponent("roadtrip/regions"), routino: true)
        let config = directory.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
            router = "routino"
            routino_dir = "\(region.appendingPathComponent("routino").path)"
            range_km = 200
            """.write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let environment = ["XDG_DATA_HOME": dataHome.path, "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
        for arguments in [["new", "Fjord"], ["add-stop", "fjord", "--name", "Vestvik", "--lat", "63", "--lon", "5"],
                          ["add-stop", "fjord", "--name", "Sørby", "--lat", "60.7", "--lon", "5"]] {
            let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataPath],
                                               environment: environment, timeout: 60)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
    }

    func testAListsAlongTheDayWidensInsertsAndUndoes() throws {
        try pane.type(line: "XDG_DATA_HOME='\(dataHome.path)' XDG_STATE_HOME=\(directory.path)/state "
            + "XDG_CONFIG_HOME=\(directory.path)/config XDG_CACHE_HOME=\(directory.path)/cache "
            + "'\(BuiltProducts.url("roadtrip").path)' --data '\(dataPath)'")
        try expect("Fjord")
        try pane.keys("Enter")
        try expect("2 stops")
        try pane.keys("v")
        try expect("Vestvik → Sørby · 256 km without fuel from km 0")
        XCTAssertTrue(try pane.screen().last?.contains("a along") == true, pane.dump)

        try pane.keys("a")
        try expect("Along day 1: sleep within 5.0 km")
        try expect("167 km · +0 min · hotel · Midtre Hotell")
        XCTAssertFalse(try pane.screen().contains { $0.contains("Austvik Camping") }, "across the fjord: \(pane.dump)")
        try pane.keys("c")
        try expect("Along day 1: fuel within 5.0 km")
        try expect("256 km · +0 min · fuel · Sørby Drivstoff")
        try pane.keys("C", "+")
        try expect("Along day 1: sleep within 10.0 km")
        try pane.keys("Enter")
        try expect("Added stop 2 \"Midtre Hotell\"")
        try expect("Vestvik → Sørby via Midtre Hotell")
        XCTAssertEqual(try savedStops(["Vestvik", "Midtre Hotell", "Sørby"]), ["Vestvik", "Midtre Hotell", "Sørby"])
        try pane.keys("u")
        try expect("Undid: add stop 2 \"Midtre Hotell\"")
        XCTAssertEqual(try savedStops(["Vestvik", "Sørby"]), ["Vestvik", "Sørby"])

        try pane.resize(columns: 40, rows: 12)
        try pane.keys("a")
        try expect("[Enter] add stop  [c] [+] [Esc]")
        XCTAssertTrue(try pane.screen().contains { $0.contains("167 km · +0 min · hotel · Midtre Ho") }, pane.dump)
        try pane.keys("Escape")
        try expect("The trip is unchanged.")
        try pane.keys("q", "q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
