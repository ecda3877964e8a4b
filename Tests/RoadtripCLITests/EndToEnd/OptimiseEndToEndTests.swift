import Foundation
import RoadtripCore
import XCTest

/// `o` on the trip screen of the real binary, in a private tmux: twelve scrambled Finnish towns (estimated legs, so
/// the figures are fixed), the preview at 80x24 and 200x60 with the saving it shows, Enter applies it and `u`
/// undoes it, Esc keeps the order; a 300-stop search is stopped with Esc. Every wait is bounded.
final class OptimiseEndToEndTests: TmuxTestCase {
    override var paneSize: (columns: Int, rows: Int) { (80, 24) }

    private static let towns: [(String, String, String)] = [
        ("Helsinki", "60.17", "24.94"), ("Tampere", "61.50", "23.76"), ("Porvoo", "60.39", "25.66"), ("Oulu", "65.01", "25.47"),
        ("Turku", "60.45", "22.27"), ("Kuopio", "62.89", "27.68"), ("Lahti", "60.98", "25.66"), ("Jyväskylä", "62.24", "25.75"),
        ("Vaasa", "63.10", "21.62"), ("Kotka", "60.47", "26.95"), ("Pori", "61.48", "21.80"), ("Rovaniemi", "66.50", "25.73"),
    ]

    private func roadtrip(_ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataPath], timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// The trip made with the command line, the app on its trip screen.
    private func openScrambled() throws {
        _ = try roadtrip(["new", "Suomi"])
        for (name, lat, lon) in Self.towns {
            _ = try roadtrip(["add-stop", "Suomi", "--name", name, "--lat", lat, "--lon", lon])
        }
        _ = try roadtrip(["set-stop", "Suomi", "4", "--nights", "1"])  // Oulu
        try launchApp()
        try expect("Suomi")
        try pane.keys("Enter")
        try expect("12 stops")
    }

    func testThePreviewAt80x24And200x60EnterAppliesItUUndoesItEscKeepsIt() throws {
        try openScrambled()
        let scrambled = Self.towns.map(\.0)
        // The command line's preview of the same search: the saving the screen must show.
        let printed = try roadtrip(["optimise", "Suomi", "--dry-run"])
        let saving = try XCTUnwrap(printed.split(separator: "\n").first.flatMap { line in
            line.range(of: "saves ").map { String(line[$0.upperBound...].prefix { $0 != "(" }) }
        }).trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(saving.hasSuffix("of driving"), printed)

        try pane.keys("o")
        try expect("A new order saves \(saving) (proven best).")
        var screen = try pane.screen()
        XCTAssertTrue(screen.contains { $0.contains("OVER 8 H") && $0.contains("DAYS") }, pane.dump)
        XCTAssertTrue(screen.contains { $0.contains("[Enter] apply  [Esc] keep") }, pane.dump)
        XCTAssertTrue(screen.last?.contains("Enter apply  Esc keep") == true, pane.dump)
        // All twelve in the box, each with a whole name; the moved ones with where they were.
        for name in scrambled {
            XCTAssertTrue(screen.contains { $0.contains("│") && $0.contains(" \(name) ") }, "\(name): \(pane.dump)")
        }
        XCTAssertTrue(screen.contains { $0.contains("│  1       Helsinki") }, "the first stays: \(pane.dump)")
        XCTAssertTrue(screen.contains { $0.contains("│ 12       Rovaniemi") }, "the last stays: \(pane.dump)")
        XCTAssertFalse(screen.joined().contains("…"), "nothing cut: \(pane.dump)")

        try pane.resize(columns: 200, rows: 60)
        // The whole frame, not one caught half drawn: the headline, the change row and the last stop.
        XCTAssertTrue(try pane.wait { screen in
            screen.count == 60 && screen.contains { $0.contains("A new order saves \(saving)") }
                && screen.contains { $0.contains("│ change ") && $0.contains("−") }
                && screen.contains { $0.contains("│ 12       Rovaniemi") }
        }, pane.dump)
        screen = try pane.screen()
        XCTAssertFalse(screen.contains { $0.contains(" of 12 ↑↓") }, "no scrolling where all fit: \(pane.dump)")
        try pane.resize(columns: 80, rows: 24)

        try pane.keys("Enter")
        try expect("Reordered the 12 stops of \"Suomi\" for the least driving")
        let applied = try savedStops { $0 != scrambled }
        XCTAssertEqual(applied.first, "Helsinki")
        XCTAssertEqual(applied.last, "Rovaniemi")
        XCTAssertNotEqual(applied, scrambled)
        XCTAssertEqual(Set(applied), Set(scrambled))
        XCTAssertTrue(try roadtrip(["optimise", "Suomi", "--dry-run"]).contains("already in the best order"))

        try pane.keys("u")
        try expect("Undid: reorder the 12 stops")
        XCTAssertEqual(try savedStops(scrambled), scrambled, "one undo step")

        try pane.keys("o")
        try expect("A new order saves \(saving)")
        try pane.keys("Escape")
        try expect("The order is unchanged.")
        XCTAssertEqual(try savedStops { _ in true }, scrambled)
        try pane.keys("q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }

    func testABigSearchShowsThatItRunsKeepsAnsweringAndEscStopsIt() throws {
        // 300 stops written straight to the file (300 commands would take longer than the search).
        var generator = SplitMix64(seed: 11)
        let trip = Trip(name: "Big", waypoints: (0..<300).map {
            Waypoint(name: "S\($0)", latitude: .random(in: 60...66, using: &generator),
                     longitude: .random(in: 21...29, using: &generator))
        })
        do {  // the store lets go of the file's lock at the end of the block, before the app takes it
            let store = try TripStore.open(at: URL(fileURLWithPath: dataPath))
            try store.apply { $0.append(trip) }
            try store.save()
        }
        try launchApp()
        try expect("Big")
        try pane.keys("Enter")
        try expect("300 stops")
        try pane.keys("o")
        try expect("Optimising the order of 300 stops…")
        try expect("[Esc] stop")
        XCTAssertTrue(try pane.screen().last?.contains("Esc stop") == true, pane.dump)
        // The loop answers while the search runs: help is not the modal's, but a resize is redrawn at once.
        try pane.resize(columns: 100, rows: 30)
        XCTAssertTrue(try pane.wait(timeout: 2) { $0.count == 30 && $0.contains { $0.contains("Optimising the order") } },
                      pane.dump)
        try pane.keys("Escape")
        try expect("Optimising cancelled: the order is unchanged.")
        XCTAssertEqual(try savedStops { _ in true }, trip.waypoints.map(\.name))
        try pane.keys("q", "q")
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
