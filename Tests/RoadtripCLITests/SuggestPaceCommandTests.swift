import Foundation
import RoadtripCore
import XCTest

/// `roadtrip suggest` and `roadtrip pace` (issue 22's "where to sleep") on the built binary and the real gazetteer.
final class SuggestPaceCommandTests: CLITestCase {
    /// Chicago, Oklahoma City (a night) and Santa Monica: two days of 18 and 31 hours by the estimate.
    private func makeRoute66() throws {
        try roadtrip("new", "Route 66")
        try roadtrip("add-stop", "route 66", "--name", "Chicago", "--lat", "41.88", "--lon", "-87.63")
        try roadtrip("add-stop", "route 66", "--name", "Oklahoma City", "--lat", "35.47", "--lon", "-97.52", "--nights", "1")
        try roadtrip("add-stop", "route 66", "--name", "Santa Monica", "--lat", "34.02", "--lon", "-118.49")
    }

    private func json(_ arguments: String..., environment: [String: String] = [:]) throws -> Any {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataFile.path],
                                           environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Settings with a daily limit of `hours`, for `CommandRunner`'s environment.
    private func limit(_ hours: Int) throws -> [String: String] {
        let config = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("roadtrip"), withIntermediateDirectories: true)
        try "daily_limit_hours = \(hours)\n".write(to: config.appendingPathComponent("roadtrip/config.toml"),
                                                  atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": config.path]
    }

    func testSuggestListsTownsForEachLongDayAndTheirSplitsAddUp() throws {
        try makeRoute66()
        let towns = try XCTUnwrap(json("suggest", "route 66", "--json") as? [[String: Any]])
        let shown = try XCTUnwrap(json("show", "route 66", "--json") as? [String: Any])
        let days = try XCTUnwrap(shown["days"] as? [[String: Any]])
        // Both drives are over 8 h; the first overruns past midnight, so the second leaves on day 3.
        let long = days.filter { $0["overDailyLimit"] as? Bool == true }.compactMap { $0["day"] as? Int }
        XCTAssertEqual(long, [1, 3])
        XCTAssertEqual(days.compactMap { $0["onTheRoad"] as? Bool }, [true, true], "days 2 and 4 are on the road")
        XCTAssertEqual(Set(towns.compactMap { $0["day"] as? Int }), Set(long), "both drives are over 8 h")
        for town in towns {
            let name = try XCTUnwrap(town["name"] as? String)
            let day = try XCTUnwrap(town["day"] as? Int)
            let added = try XCTUnwrap(town["addedSeconds"] as? Double)
            let split = try XCTUnwrap(town["splitSeconds"] as? [Double])
            let driving = try XCTUnwrap(days[day - 1]["drivingSeconds"] as? Double)
            XCTAssertEqual(split.count, 2)
            XCTAssertEqual(split[0] + split[1], driving + added, accuracy: 1, name)
            XCTAssertLessThanOrEqual(split[0], 8 * 3600, "\(name) ends the day within the limit")
            XCTAssertNotNil(town["latitude"] as? Double)
            XCTAssertNotNil(town["longitude"] as? Double)
            XCTAssertLessThanOrEqual(try XCTUnwrap(town["offRoadKm"] as? Double), 20)
        }
        let text = try roadtrip("suggest", "route 66").stdout
        let driving = try days.map { TripText.duration(try XCTUnwrap($0["drivingSeconds"] as? Double)) }
        XCTAssertTrue(text.hasPrefix("Route 66: 2 days over the 8 h limit.\n\nDay 1 (\(driving[0]) of driving, over 8 h): "
                                     + "towns where it could end, best first\n     ADDS  BEFORE    AFTER  PEOPLE  TOWN\n"), text)
        XCTAssertTrue(text.contains("\n\nDay 3 (\(driving[2]) of driving, over 8 h): towns where it could end"), text)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasSuffix(", US") }.count, towns.count, "a row per town")
    }

    func testSuggestForADayWithinTheLimitAndADayThroughTheDesert() throws {
        try roadtrip("new", "Sahara")
        try roadtrip("add-stop", "sahara", "--name", "Tamanrasset", "--lat", "22.785", "--lon", "5.52")
        try roadtrip("add-stop", "sahara", "--name", "Bordj Badji Mokhtar", "--lat", "21.33", "--lon", "0.95")
        XCTAssertEqual(try roadtrip("suggest", "sahara").stdout, "Sahara: 1 day over the 8 h limit.\n\n"
                       + "Day 1 (8 h 05 of driving, over 8 h): no town along day 1's road.\n")
        XCTAssertEqual((try json("suggest", "sahara", "--json") as? [Any])?.count, 0)
        XCTAssertEqual((try json("suggest", "sahara", "--json", environment: limit(9)) as? [Any])?.count, 0, "no day over 9 h")
        try makeRoute66()
        let within = try XCTUnwrap(json("suggest", "route 66", "--day", "1", "--json", environment: limit(20)) as? [[String: Any]])
        XCTAssertEqual(within.count, 8, "a day within a 20 h limit on request")
        XCTAssertEqual(Set(within.compactMap { $0["day"] as? Int }), [1])
        let failure = try roadtrip("suggest", "route 66", "--day", "5", expect: 1)
        XCTAssertEqual(failure.stderr, "roadtrip: \"Route 66\" has 4 days: --day must be between 1 and 4\n")
    }

    func testPaceAtSixHoursPreviewsAsksAndApplies() throws {
        try makeRoute66()
        let six = try limit(6)
        let before = try Data(contentsOf: dataFile)
        let run = { (arguments: [String]) in
            try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", self.dataFile.path], environment: six)
        }
        let preview = try run(["pace", "route 66", "--dry-run"])
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertTrue(preview.stdout.contains("nights on the road bring every day within 6 h.\n"), preview.stdout)
        XCTAssertTrue(preview.stdout.contains("\nNEW NIGHTS\n  DAY  DRIVING  STOP  TOWN\n"), preview.stdout)
        XCTAssertEqual(try Data(contentsOf: dataFile), before, "a dry run writes nothing")
        let refused = try run(["pace", "route 66"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("Add these nights? Not applied: no terminal to confirm on; add --yes"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: dataFile), before)

        let applied = try run(["pace", "route 66", "--yes"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertTrue(applied.stdout.hasSuffix(" nights on the road\n"), applied.stdout)
        XCTAssertTrue(applied.stdout.contains("\nPaced \"Route 66\" with "), applied.stdout)
        let shown = try XCTUnwrap(json("show", "route 66", "--json", environment: six) as? [String: Any])
        let days = try XCTUnwrap(shown["days"] as? [[String: Any]])
        XCTAssertGreaterThan(days.count, 8)
        for day in days { XCTAssertEqual(day["overDailyLimit"] as? Bool, false, "\(day)") }
        let stops = try TripStore.open(at: dataFile).trips[0].waypoints
        XCTAssertEqual(stops.filter { ["Chicago", "Oklahoma City", "Santa Monica"].contains($0.name) }.map(\.name),
                       ["Chicago", "Oklahoma City", "Santa Monica"])
        XCTAssertTrue(stops.dropFirst().dropLast().allSatisfy { $0.nights == 1 }, "each new town is a night")
        let again = try run(["pace", "route 66", "--yes"])
        XCTAssertEqual(again.stdout, "Route 66: no day is over the 6 h limit.\n")
    }

    func testPaceSaysWhichLegIsTooLong() throws {
        try roadtrip("new", "Sahara")
        try roadtrip("add-stop", "sahara", "--name", "Tamanrasset", "--lat", "22.785", "--lon", "5.52")
        try roadtrip("add-stop", "sahara", "--name", "Bordj Badji Mokhtar", "--lat", "21.33", "--lon", "0.95")
        XCTAssertEqual(try roadtrip("pace", "sahara", "--yes").stdout, "Sahara: no town can split a long day.\n\n"
                       + "Day 1 stays over 8 h (8 h 05): leg 1–2, Tamanrasset to Bordj Badji Mokhtar, is 8 h 05 with no town along it.\n")
    }
}
