import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Issue 38's done-when in the app: the synthetic charging extract installed as a region (the real Routino on its
/// roads), an EV with a 60 kWh battery on the 1,200 km trip Alder – Birchby – Cedarholm – Dunmore, in a private tmux
/// at 100x30 then 40x12. The days view's `C` previews the charge stops, Enter inserts them as one change, the trip
/// screen's BATTERY column shows every arrival at or above the 10 % reserve with the charge stops marked, and `u`
/// takes them all out at once. Planning routes every charger tried: waits are 300 s, every one bounded.
final class ChargeAppEndToEndTests: TmuxTestCase {
    private var dataHome: URL { directory.appendingPathComponent("data") }

    override func prepare() throws {
        try ChargeRegion.install(into: dataHome.appendingPathComponent("roadtrip/regions"),
                                 scratch: directory.appendingPathComponent("extract"))
        let config = directory.appendingPathComponent("config/roadtrip")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
            vehicle = "ev"
            battery_kwh = 60
            consumption_per_100km = 18
            daily_limit_hours = 10
            """.write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let environment = ["XDG_DATA_HOME": dataHome.path, "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                           "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
        var commands = [["new", "EV"]]
        for (index, town) in ChargeExtract.towns.enumerated() {
            commands.append(["add-stop", "ev", "--name", town.name, "--lat", String(town.latitude), "--lon",
                             String(town.longitude), "--nights", index == 0 || index == 3 ? "0" : "1"])
        }
        for arguments in commands {
            let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataPath],
                                               environment: environment, timeout: 60)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
    }

    private func launch() throws {
        try pane.type(line: "XDG_DATA_HOME='\(dataHome.path)' XDG_STATE_HOME=\(directory.path)/state "
            + "XDG_CONFIG_HOME=\(directory.path)/config XDG_CACHE_HOME=\(directory.path)/cache "
            + "'\(BuiltProducts.url("roadtrip").path)' --data '\(dataPath)'")
    }

    /// The saved trip's charge stops, once `isDone` holds them (bounded: 10 s).
    private func savedCharges(where isDone: (Int) -> Bool) throws -> Int {
        let end = Date().addingTimeInterval(10)
        while true {
            let count = try XCTUnwrap(TripStore.open(at: URL(fileURLWithPath: dataPath)).trips.first).waypoints
                .filter { $0.charge != nil }.count
            if isDone(count) || Date() > end { return count }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Every arrival the BATTERY cells on screen show: "14 → 80 %" arrives at 14, "62 %" at 62.
    private func arrivals(_ lines: [String]) -> [Int] {
        lines.flatMap { line in
            line.matches(of: try! Regex(#"(\d+) (?:→ \d+ )?%"#)).compactMap { $0.output[1].substring.flatMap { Int($0) } }
        }
    }

    func testCPreviewsEnterInsertsTheBatteryColumnShowsThemAndUTakesThemOut() throws {
        try launch()
        try expect("EV")
        try pane.keys("Enter")
        try expect("4 stops")
        try expect("BATTERY")
        try pane.keys("v")
        try expect("Alder → Birchby")
        XCTAssertTrue(try pane.screen().last?.contains("C charge") == true, pane.dump)

        try pane.keys("C")
        try expect("Charge: EV")
        XCTAssertTrue(try pane.wait(timeout: 300) { $0.contains { $0.contains("[Enter] insert") } }, pane.dump)
        try expect("⚡")
        XCTAssertTrue(try pane.screen().contains { $0.contains("charge stops,") }, pane.dump)
        try pane.keys("Enter")
        try expect("Planned charging on \"EV\":")
        let charges = try savedCharges { $0 > 0 }
        XCTAssertGreaterThanOrEqual(charges, 3, "each 400 km day charges at least once")
        try expect("charge stop")  // the days say each day's
        XCTAssertFalse(try pane.screen().contains { $0.contains("runs out") }, pane.dump)

        try pane.keys("q")
        try expect("\(4 + charges) stops")
        try expect("BATTERY")
        // The legs to and from the chargers routed (the walk is made again as they come), not estimated.
        XCTAssertTrue(try pane.wait(timeout: 300) { $0.count > 1 && !$0[1].contains("≈") && !$0[1].contains("routing") },
                      pane.dump)
        let screen = try pane.screen()
        XCTAssertEqual(screen.filter { $0.contains("⚡") }.count, charges, "each charge stop marked: \(pane.dump)")
        let shown = arrivals(screen)
        XCTAssertGreaterThanOrEqual(shown.count, 4 + charges, pane.dump)
        XCTAssertTrue(shown.allSatisfy { $0 >= 10 }, "no arrival below the reserve: \(shown) \(pane.dump)")
        XCTAssertFalse(screen.contains { $0.contains("reserve") || $0.contains("runs out") }, pane.dump)

        try pane.keys("u")
        try expect("Undid: plan charging")
        XCTAssertEqual(try savedCharges { $0 == 0 }, 0, "every charge stop out at once")
        XCTAssertEqual(try savedStops(["Alder", "Birchby", "Cedarholm", "Dunmore"]), ["Alder", "Birchby", "Cedarholm", "Dunmore"])

        try pane.resize(columns: 40, rows: 12)
        try pane.keys("v")
        try pane.keys("C")
        XCTAssertTrue(try pane.wait(timeout: 300) { $0.contains { $0.contains("[Enter] insert") } }, "at 40x12: \(pane.dump)")
        try expect("⚡")
        try pane.keys("Enter")
        try expect("Planned charging")
        XCTAssertEqual(try savedCharges { $0 == charges }, charges, "the same plan at 40x12")
        try pane.keys("q")
        try expect("\(4 + charges) stops")
        XCTAssertEqual(try pane.screen().filter { $0.contains("⚡") }.count, charges, "marked at 40x12: \(pane.dump)")
        try pane.keys("u")
        try expect("Undid: plan charging")
        XCTAssertEqual(try savedCharges { $0 == 0 }, 0)
        try pane.keys("q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
