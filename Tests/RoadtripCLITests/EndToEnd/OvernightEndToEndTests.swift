import Foundation
import RoadtripCore
import XCTest

/// Where to sleep in the real binary, in a private tmux at 80x24: a trip made with the command line whose days
/// drive 11 h 36 and 10 h 53 (estimated legs: towns near the straight line, and it says so), `v`, `s` on the first
/// day, a town picked, the day splits; `P` paces the rest, `u` undoes each. The gazetteer loads in the background
/// (a debug build takes seconds): waits are 60 s.
final class OvernightEndToEndTests: TmuxTestCase {
    override var paneSize: (columns: Int, rows: Int) { (80, 24) }

    private func roadtrip(_ arguments: [String]) throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataPath], timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testSPicksATownTheDaySplitsPPacesTheRestAndUUndoesEach() throws {
        try roadtrip(["new", "Highlands"])
        try roadtrip(["add-stop", "Highlands", "--name", "London", "--lat", "51.5074", "--lon", "-0.1278"])
        try roadtrip(["add-stop", "Highlands", "--name", "Inverness", "--lat", "57.4778", "--lon", "-4.2247", "--nights", "1"])
        try roadtrip(["add-stop", "Highlands", "--name", "Cardiff", "--lat", "51.4816", "--lon", "-3.1791"])
        try launchApp()
        try expect("Highlands")
        try pane.keys("Enter")
        try expect("3 stops")
        try pane.keys("v")
        try expect("London → Inverness · over 8 h")
        XCTAssertTrue(try pane.screen().last?.contains("v stops  s sleep  P pace") == true, pane.dump)

        try pane.keys("s")
        XCTAssertTrue(try pane.wait(timeout: 60) { $0.contains { $0.contains("on the straight line (no road data):") } },
                      pane.dump)
        let rows = try pane.screen().filter { $0.contains(" then ") && $0.contains(" · +") }
        XCTAssertGreaterThan(rows.count, 1, pane.dump)
        let town = try XCTUnwrap(rows[0].split(separator: "│", omittingEmptySubsequences: false).dropFirst().first.map {
            String($0.prefix { $0 != "·" }).trimmingCharacters(in: .whitespaces)
        })
        try pane.keys("Enter")
        try expect("Added a night at \"\(town)\", stop 2")
        try expect("London → \(town)")
        try expect("\(town) → Inverness")
        XCTAssertEqual(try savedStops(["London", town, "Inverness", "Cardiff"]), ["London", town, "Inverness", "Cardiff"])

        try pane.keys("P")
        XCTAssertTrue(try pane.wait(timeout: 60) { $0.contains { $0.contains("[Enter] add these nights") } }, pane.dump)
        try expect("NEW NIGHTS")
        try pane.keys("Enter")
        try expect("Paced \"Highlands\" with 1 night on the road")
        XCTAssertEqual(try savedStops { $0.count == 5 }.count, 5)
        XCTAssertFalse(try pane.screen().contains { $0.contains("over 8 h") }, pane.dump)

        try pane.keys("u")
        try expect("Undid: pace")
        XCTAssertEqual(try savedStops(["London", town, "Inverness", "Cardiff"]), ["London", town, "Inverness", "Cardiff"])
        try pane.keys("u")
        try expect("Undid: add")
        XCTAssertEqual(try savedStops(["London", "Inverness", "Cardiff"]), ["London", "Inverness", "Cardiff"])
        try pane.resize(columns: 40, rows: 12)
        try pane.keys("s")
        XCTAssertTrue(try pane.wait(timeout: 60) { $0.contains { $0.contains("[Enter]") } }, "at 40x12: \(pane.dump)")
        try pane.keys("Escape")
        try expect("The trip is unchanged.")
        try pane.keys("q", "q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
