import Foundation
import XCTest

/// Chicago → Santa Monica made with the command line, dated with `s` in the real binary, in a private tmux: the trip
/// screen shows each arrival on its stop's clock with the day's zone change, the zones and the stop reached after
/// dark; the days view each day's hours, the night's sunset and the day that ends in the dark; at 100x30 and 40x12.
/// Legs are the estimates (no router set up), so every time is fixed. Every wait is bounded.
final class TripClockEndToEndTests: TmuxTestCase {
    private func roadtrip(_ arguments: [String]) throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataPath], timeout: 10)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testLocalTimesZoneChangesSunsetsAndTheDarkFrom100x30To40x12() throws {
        try roadtrip(["new", "West"])
        // Where the gazetteer puts them (typed as coordinates: a debug build's gazetteer is slow to load).
        let stops: [(String, String, String, Int)] = [
            ("Chicago", "41.85", "-87.65", 0), ("Springfield", "39.8017", "-89.6437", 0), ("St. Louis", "38.6273", "-90.1979", 1),
            ("Tulsa", "36.154", "-95.9928", 1), ("Amarillo", "35.222", "-101.8313", 1),
            ("Albuquerque", "35.0845", "-106.6511", 1), ("Flagstaff", "35.1981", "-111.6513", 1),
            ("Barstow", "34.8986", "-117.0228", 0), ("Santa Monica", "34.0195", "-118.4914", 2),
        ]
        for (name, lat, lon, nights) in stops {
            try roadtrip(["add-stop", "West", "--name", name, "--lat", lat, "--lon", lon, "--nights", "\(nights)"])
        }
        try launchApp()
        try expect("West")
        try pane.keys("Enter")
        try expect("9 stops")
        try pane.keys("s")
        try expect("Start date")
        try pane.keys("C-u")
        try pane.keys("2027-06-12", literal: true)
        try pane.keys("Enter")
        // Chicago 09:00 CDT; Albuquerque an hour behind Amarillo (MDT), Flagstaff behind Albuquerque (Arizona keeps
        // MST), Santa Monica on Flagstaff's clock (PDT), reached after its civil dusk (about 20:36).
        try expect(" 6  Albuquerque   ≈570 km · 7 h 07   1 night  Tue 15 Jun 15:52 −1 h  UTC−6")
        let screen = try pane.screen()
        XCTAssertTrue(screen.contains(" 7  Flagstaff     ≈591 km · 7 h 23   1 night  Wed 16 Jun 16:08 −1 h  UTC−7"),
                      pane.dump)
        XCTAssertTrue(screen.contains(" 9  Santa Monica  ≈216 km · 2 h 42  2 nights  Thu 17 Jun 21:10       UTC−7  ☾"),
                      pane.dump)
        XCTAssertTrue(screen[1].hasSuffix("12 Jun – 19 Jun 2027 · leaves Sat 12 Jun 09:00 UTC−5"), pane.dump)
        try pane.keys("G")
        try expect(" Thu 17 Jun · arrive 21:10 UTC−7 · 1 rest · 2 nights")
        try expect(" ☾ drives into the dark, arrives 33 min after dusk (20:37 UTC−7): leave earlier or split the day")
        try pane.keys("?")
        try expect("Help: West")
        try pane.keys("End")  // the marks come after the keys, past the first page
        try expect("reached after civil dusk")
        try pane.keys("Escape")

        try pane.keys("v")
        try expect(" Thu 17 Jun  ≈853 km · 10 h 40  09:00–21:10       ☾  20:08   Flagstaff → Santa Monica via Barstow …")
        XCTAssertTrue(try pane.screen().contains(
            " Tue 15 Jun   ≈570 km · 7 h 07  09:00–15:52 −1 h     20:22   Amarillo → Albuquerque"), pane.dump)

        // 40x12: the days keep their mark and their night's sunset; the stops their arrival times and mark.
        try pane.resize(columns: 40, rows: 12)
        try expect(" Thu 17 Jun  ☾  20:08   Flagstaff → Sa…")
        XCTAssertTrue(try pane.screen().contains(" Wed 16 Jun     19:43   Albuquerque → …"), pane.dump)
        // Back on Thu 17 Jun's first stop, Barstow; Santa Monica scrolls into view under it.
        try pane.keys("q")
        try expect(" 8  Barstow       Thu 17 Jun 17:43")
        try pane.keys("j")
        try expect(" 9  Santa Monica  Thu 17 Jun 21:10   ☾")
        XCTAssertTrue(try pane.screen().contains { $0.hasPrefix(" 6  Albuquerque   Tue 15 Jun 15:52 ") }, pane.dump)
    }
}
