import Foundation
import RoadtripCore
import XCTest

/// `roadtrip optimise` (issue 22): the preview, --dry-run, --yes, --json, --free-end and round trips.
/// Stops along the equator, scrambled: the best order is plainly west to east, whatever the engine's detour.
final class OptimiseCommandTests: CLITestCase {
    private let equator = [("A", 0.0), ("B", 1.0), ("C", 2.0), ("D", 3.0), ("E", 4.0), ("F", 5.0), ("G", 6.0)]

    /// A trip named "Line" with the stops of `equator` in `order` (indices into it), nights and notes on B.
    private func makeLine(_ order: [Int]) throws {
        try roadtrip("new", "Line")
        for index in order {
            let (name, longitude) = equator[index]
            try roadtrip("add-stop", "line", "--name", name, "--lat", "0", "--lon", "\(longitude)")
            if name == "B" {
                let position = "\(try names().count)"
                try roadtrip("set-stop", "line", position, "--nights", "2", "--notes", "Market day")
            }
        }
    }

    private func names() throws -> [String] {
        try TripStore.open(at: dataFile).trips.first { $0.name == "Line" }?.waypoints.map(\.name) ?? []
    }

    func testDryRunPrintsTheBestOrderAndChangesNothing() throws {
        try makeLine([0, 4, 2, 5, 1, 3, 6])
        let before = try Data(contentsOf: dataFile)
        let output = try roadtrip("optimise", "line", "--dry-run").stdout
        XCTAssertTrue(output.hasPrefix("Line: a new order saves "), output)
        XCTAssertTrue(output.contains("(proven best)"), output)
        let order = output.split(separator: "\n").drop { !$0.hasSuffix("NEW ORDER") }.dropFirst()
            .map { String($0.split(separator: " ").last ?? "") }
        XCTAssertEqual(order, ["A", "B", "C", "D", "E", "F", "G"], output)
        XCTAssertTrue(output.contains("  2    5  B\n"), "B was fifth: \(output)")
        XCTAssertEqual(try Data(contentsOf: dataFile), before, "a dry run writes nothing")
    }

    func testYesAppliesItAndNightsAndNotesTravelWithTheirStop() throws {
        try makeLine([0, 4, 2, 5, 1, 3, 6])
        let output = try roadtrip("optimise", "line", "--yes").stdout
        XCTAssertTrue(output.hasSuffix("Reordered the 7 stops of \"Line\" for the least driving\n"), output)
        XCTAssertEqual(try names(), ["A", "B", "C", "D", "E", "F", "G"])
        let b = try XCTUnwrap(TripStore.open(at: dataFile).trips[0].waypoints[1])
        XCTAssertEqual([b.name, "\(b.nights)", b.notes], ["B", "2", "Market day"])
        // Again: nothing better, said so, nothing written.
        let again = try roadtrip("optimise", "line", "--yes").stdout
        XCTAssertEqual(again, "Line: the stops are already in the best order (proven).\n")
    }

    func testWithoutATerminalItAsksForYesAndKeepsTheOrder() throws {
        try makeLine([0, 2, 1, 3])
        let failure = try roadtrip("optimise", "line", expect: 1)
        XCTAssertTrue(failure.stderr.contains("Apply the new order? Not applied: no terminal to confirm on; add --yes"),
                      failure.stderr)
        XCTAssertEqual(try names(), ["A", "C", "B", "D"])
    }

    func testJSONGivesTheTotalsAndTheOrder() throws {
        try makeLine([0, 3, 1, 2, 4])
        let data = Data(try roadtrip("optimise", "line", "--json").stdout.utf8)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(json["better"] as? Bool, true)
        XCTAssertEqual(json["optimal"] as? Bool, true)
        XCTAssertEqual(json["applied"] as? Bool, false, "--json alone applies nothing")
        let order = try XCTUnwrap(json["order"] as? [[String: Any]])
        XCTAssertEqual(order.map { $0["name"] as? String }, ["A", "B", "C", "D", "E"])
        XCTAssertEqual(order.map { $0["was"] as? Int }, [1, 3, 4, 2, 5])
        let before = try XCTUnwrap(json["before"] as? [String: Any]), after = try XCTUnwrap(json["after"] as? [String: Any])
        XCTAssertLessThan(try XCTUnwrap(after["drivingSeconds"] as? Double), try XCTUnwrap(before["drivingSeconds"] as? Double))
        XCTAssertEqual(after["days"] as? Int, 3, "B's two nights")
        XCTAssertEqual(try names(), ["A", "D", "B", "C", "E"])
        _ = try roadtrip("optimise", "line", "--json", "--yes")
        XCTAssertEqual(try names(), ["A", "B", "C", "D", "E"])
    }

    func testTheLastStopStaysUnlessFreeEndAndARoundTripAlwaysEndsWhereItStarted() throws {
        try makeLine([0, 3, 1, 2])  // A D B C: C stays last, so A B D C beats A D B C
        _ = try roadtrip("optimise", "line", "--yes")
        XCTAssertEqual(try names(), ["A", "B", "D", "C"])
        _ = try roadtrip("optimise", "line", "--yes", "--free-end")
        XCTAssertEqual(try names(), ["A", "B", "C", "D"])

        try roadtrip("rm", "line", "--yes")
        try makeLine([0, 2, 1, 3, 0])  // a loop from A
        let output = try roadtrip("optimise", "line", "--free-end", "--dry-run").stdout
        XCTAssertTrue(output.contains("A round trip: the last stop is the first place, so it stays last."), output)
    }

    /// `set-stop --pin` (issue 22): `show` marks the stop, `show --json` carries it, `optimise` keeps it where it
    /// is and says so; `--no-pin` frees it, and with other changes the pin is part of one edit.
    func testAPinnedStopStaysWhereItIs() throws {
        try makeLine([0, 4, 2, 5, 1, 3, 6])  // A E C F B D G: unpinned, E goes fifth
        XCTAssertEqual(try roadtrip("set-stop", "line", "2", "--pin").stdout, "Pinned \"E\" at 2\n")
        let show = try roadtrip("show", "line").stdout
        XCTAssertEqual(show.split(separator: "\n").filter { $0.contains("· pinned") }.map { String($0.prefix(1)) }, ["2"], show)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try roadtrip("show", "line", "--json").stdout.utf8))
            as? [String: Any])
        let stops = try XCTUnwrap((json["trip"] as? [String: Any])?["waypoints"] as? [[String: Any]])
        XCTAssertEqual(stops.map { $0["pinned"] as? Bool }, [nil, true, nil, nil, nil, nil, nil], "only where true")

        let preview = try roadtrip("optimise", "line", "--dry-run").stdout
        XCTAssertTrue(preview.contains("  2       E  (pinned)\n"), preview)
        XCTAssertTrue(preview.hasSuffix("\n1 stop is pinned and kept in place.\n"), preview)
        let data = Data(try roadtrip("optimise", "line", "--json").stdout.utf8)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["pinned"] as? Int, 1)
        _ = try roadtrip("optimise", "line", "--yes")
        XCTAssertEqual(try names()[1], "E")
        XCTAssertNotEqual(try names(), ["A", "E", "C", "F", "B", "D", "G"], "the others moved")

        XCTAssertEqual(try roadtrip("set-stop", "line", "2", "--no-pin").stdout, "Unpinned \"E\" at 2\n")
        _ = try roadtrip("optimise", "line", "--yes")
        XCTAssertEqual(try names(), ["A", "B", "C", "D", "E", "F", "G"], "freed, it moves")
        XCTAssertTrue(try roadtrip("set-stop", "line", "3", "--pin", "--nights", "1").stdout.hasPrefix("Edited stop 3 \"C\""))
        let c = try XCTUnwrap(TripStore.open(at: dataFile).trips[0].waypoints[2])
        XCTAssertEqual([c.pinned ? "pinned" : "", "\(c.nights)"], ["pinned", "1"])
    }

    func testTooFewStopsIsAClearError() throws {
        try makeLine([0, 1])
        XCTAssertEqual(try roadtrip("optimise", "line", expect: 1).stderr,
                       "roadtrip: \"Line\" has 2 stops: nothing to reorder between its first and last\n")
    }
}
