import Foundation
import RoadtripCore
import XCTest

/// A trip's vehicle and roads in the real binary (issue 37), in a private tmux at 100x30 then 40x12, on the estimate
/// with a fuel price and a consumption in the settings: `V` lists the trip's vehicle and roads, `f` avoids ferries
/// (the title line says so, the file holds it), `u` takes it back; the days' `$` shows each day's fuel, and the
/// summary the total. Every wait is bounded.
final class TripVehicleEndToEndTests: TmuxTestCase {
    override func prepare() throws {
        let config = directory.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
            router = "estimate"
            consumption_per_100km = 8
            fuel_price = 2
            currency = "EUR"
            """.write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                           "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
        for arguments in [["new", "Fjords"], ["add-stop", "fjords", "--name", "Oslo", "--lat", "59.91", "--lon", "10.75", "--nights", "1"],
                          ["add-stop", "fjords", "--name", "Bergen", "--lat", "60.39", "--lon", "5.32", "--nights", "1"],
                          ["add-stop", "fjords", "--name", "Trondheim", "--lat", "63.43", "--lon", "10.4", "--nights", "1"]] {
            let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataPath],
                                               environment: environment, timeout: 60)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
    }

    private func savedAvoid() throws -> [Avoid]? {
        try TripStore.open(at: URL(fileURLWithPath: dataPath)).trips[0].avoid
    }

    /// Whether the saved trip comes to avoid `avoid` within 5 s (the app saves just after the frame).
    private func saved(_ avoid: [Avoid]?) throws -> Bool {
        let end = Date().addingTimeInterval(5)
        while try savedAvoid() != avoid {
            if Date() > end { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    func testVAvoidsFerriesTheTitleLineSaysItAndUndoTakesItBack() throws {
        try launchApp()
        try expect("Fjords")
        try pane.keys("Enter")
        try expect("3 stops")
        try pane.keys("V")
        try expect("Vehicle and roads")
        try expect("Vehicle: car, the settings'")
        try expect("From the settings: 8 l/100 km")
        try expect("[f] ferries: taken")
        try pane.keys("f")
        try expect("Avoiding ferries on \"Fjords\"")
        XCTAssertTrue(try pane.wait { $0.first?.hasSuffix(" no ferries") == true }, pane.dump)
        XCTAssertTrue(try saved([.ferries]), "saved: \(pane.dump)")

        try pane.resize(columns: 40, rows: 12)
        XCTAssertTrue(try pane.wait { $0.first == " Fjords                      no ferries" }, "at 40x12: \(pane.dump)")
        try pane.keys("V")
        try expect("[f] ferries: avoided")
        try expect("[Esc] back")
        try pane.keys("Escape")
        // Apart: Esc and a key sent at once read as Alt and the key.
        XCTAssertTrue(try pane.wait { !$0.contains { $0.contains("[Esc] back") } }, pane.dump)
        try pane.keys("u")
        try expect("Undid: avoid ferries on \"Fjords\"")
        XCTAssertTrue(try pane.wait { $0.first == " Fjords" }, "the note goes: \(pane.dump)")
        XCTAssertTrue(try saved(nil), "the settings' roads again: \(pane.dump)")
        try pane.resize(columns: 100, rows: 30)
        try pane.keys("q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }

    /// 8 l/100 km at €2: Oslo–Bergen ≈399.6 km is 31.97 l, €63.93; Bergen–Trondheim ≈558.8 km 44.7 l, €89.41; no
    /// lodging set.
    func testDollarShowsEachDaysFuelAndStaysOn() throws {
        try launchApp()
        try expect("Fjords")
        try pane.keys("Enter")
        try expect("3 stops · ≈958 km · ≈11 h 59 driving · 3 nights · 4 days · ≈ €153")
        try pane.keys("v")
        try expect("Bergen → Trondheim")
        XCTAssertFalse(try pane.screen().joined().contains("COST"), "off at first: \(pane.dump)")
        try pane.keys("$")
        try expect(" Day 2     ≈400 km · 5 h  09:00–14:45  €63.93  Oslo → Bergen")
        try expect(" Day 3  ≈559 km · 6 h 59  09:00–16:44  €89.41  Bergen → Trondheim")
        try pane.resize(columns: 40, rows: 12)
        try expect(" Day 3  €89.41  Bergen → Trondheim")
        try expect(" 3 stops · ≈958 km · 3 nights · ≈ €153")
        try pane.keys("v")
        try expect("#  STOP")
        try pane.keys("v")
        try expect(" Day 2  €63.93  Oslo → Bergen")
        try pane.resize(columns: 100, rows: 30)
        try pane.keys("q", "q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
