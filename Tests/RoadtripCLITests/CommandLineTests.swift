import Foundation
import XCTest
import RoadtripCore

/// Golden output and exit codes of the real binary on a scratch data file.
final class CommandLineTests: CLITestCase {
    private func makeRoute66() throws {
        try roadtrip("new", "Route 66")
        try roadtrip("add-stop", "route", "--name", "Chicago", "--lat", "41.8781", "--lon", "-87.6298", "--nights", "1")
        try roadtrip("add-stop", "route", "--name", "Santa Monica", "--lat", "34.0195", "--lon", "-118.4912")
        try roadtrip("add-stop", "route", "--name", "St. Louis", "--lat", "38.627", "--lon", "-90.1994", "--at", "2")
    }

    func testEmptyListTellsHowToStart() throws {
        XCTAssertEqual(try roadtrip("list").stdout, "No trips yet. Create one with: roadtrip new NAME\n")
    }

    func testListAndShowGolden() throws {
        try makeRoute66()
        try roadtrip("new", "Weekend")
        // Estimated legs: 2,997 km of great circle × 1.3 at 80 km/h, marked ≈.
        XCTAssertEqual(try roadtrip("list").stdout, """
            DATES    STOPS   DISTANCE  TRIP
            no date      0       0 km  Weekend
            no date      3  ≈3,896 km  Route 66  (Chicago → Santa Monica)

            """)
        XCTAssertEqual(try roadtrip("show", "ROUTE").stdout, """
            Route 66
            3 stops · ≈3,896 km · ≈48 h 42 driving · 1 night · 4 days

            #  ARRIVES                                   LEG  NIGHTS  STOP
            1  Day 1                                               1  Chicago
            2  Day 2 16:37 UTC−6            ≈549 km · 6 h 52       0  St. Louis · 1 rest
            3  Day 4 15:12 UTC−8 (−2 h)  ≈3,348 km · 41 h 51       0  Santa Monica · 9 rests

            DAY                DRIVING  HOURS                                PLAN
            Day 1                                                            At Chicago
            Day 2  ≈3,896 km · 48 h 42  09:00 UTC−6 – 15:12 UTC−8 (+2 days)  Chicago → Santa Monica via St. Louis · 48 h 42 of driving: 3 days on the road, no night planned
            Day 3                                                            On the road to Santa Monica, no night planned
            Day 4                                                            Reaches Santa Monica at 15:12, on the road from Chicago

            """)
        XCTAssertEqual(try roadtrip("show", "route", "--units", "mi").stdout.split(separator: "\n")[1],
                       "3 stops · ≈2,421 mi · ≈48 h 42 driving · 1 night · 4 days")
    }

    /// Each trip's dates (its start plus its nights), and where two trips share a name (case aside) the start of
    /// their ids, on their lines only: what `show` takes to tell them apart. `--json` has the end date.
    func testListShowsDatesAndTheIdsOfTripsThatShareAName() throws {
        try roadtrip("new", "Japan")
        try roadtrip("add-stop", "japan", "--name", "Tokyo", "--lat", "35.69", "--lon", "139.69", "--nights", "9")
        try roadtrip("add-stop", "japan", "--name", "Osaka", "--lat", "34.69", "--lon", "135.5")
        try roadtrip("set-date", "japan", "2027-12-30")
        try roadtrip("new", "Alps")
        try roadtrip("set-date", "alps", "2027-07-03")
        XCTAssertEqual(try roadtrip("list").stdout, """
            DATES                     STOPS  DISTANCE  TRIP
            3 Jul 2027                    0      0 km  Alps
            30 Dec 2027 – 8 Jan 2028      2   ≈522 km  Japan  (Tokyo → Osaka)

            """, "no id column while every name is its own")
        try roadtrip("duplicate", "japan", "--name", "JAPAN")
        let trips = try TripStore.open(at: dataFile).trips
        let (copy, original) = (trips[0], trips[2])
        let short = { (trip: Trip) in String(trip.id.uuidString.prefix(8)) }
        XCTAssertEqual(try roadtrip("list").stdout, """
            ID        DATES                     STOPS  DISTANCE  TRIP
            \(short(copy))  30 Dec 2027 – 8 Jan 2028      2   ≈522 km  JAPAN  (Tokyo → Osaka)
                      3 Jul 2027                    0      0 km  Alps
            \(short(original))  30 Dec 2027 – 8 Jan 2028      2   ≈522 km  Japan  (Tokyo → Osaka)

            """)
        XCTAssertTrue(try roadtrip("show", short(original)).stdout.hasPrefix("Japan\n"), "the id's start finds the trip")
        let json = try JSONSerialization.jsonObject(with: Data(try roadtrip("list", "--json").stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(json?.map { $0["endDate"] as? String }, ["2028-01-08", "2027-07-03", "2028-01-08"])
    }

    func testMoveRenameAndRemoveStop() throws {
        try makeRoute66()
        try roadtrip("move-stop", "route", "3", "1")
        try roadtrip("rename", "route", "Mother Road")
        try roadtrip("rm-stop", "mother", "2", "--yes")
        let lines = try roadtrip("show", "mother").stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "Mother Road")
        // Undated: each zone at its standard offset, Santa Monica −8 and St. Louis −6; 41 h 51 with 9 rests.
        XCTAssertEqual(Array(lines[2...4]), ["#  ARRIVES                                   LEG  NIGHTS  STOP",
                                             "1  Day 1                                               0  Santa Monica",
                                             "2  Day 3 11:36 UTC−6 (+2 h)  ≈3,348 km · 41 h 51       0  St. Louis · 9 rests"])
    }

    func testJSONOutputParses() throws {
        try makeRoute66()
        let list = try JSONSerialization.jsonObject(with: Data(try roadtrip("list", "--json").stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(list?.count, 1)
        XCTAssertEqual(list?.first?["name"] as? String, "Route 66")
        XCTAssertEqual(list?.first?["stops"] as? Int, 3)
        XCTAssertEqual(list?.first?["firstStop"] as? String, "Chicago")
        let show = try JSONSerialization.jsonObject(with: Data(try roadtrip("show", "route", "--json").stdout.utf8))
            as? [String: Any]
        let legs = show?["legsKm"] as? [Any]
        XCTAssertEqual(legs?.count, 3)
        XCTAssertTrue(legs?.first is NSNull)
        XCTAssertEqual((show?["distanceKm"] as? Double) ?? 0, 2_997 * 1.3, accuracy: 1)
        let routed = try XCTUnwrap(show?["legs"] as? [[String: Any]])
        XCTAssertEqual(routed.map { $0["from"] as? Int }, [1, 2])
        XCTAssertEqual(routed.map { $0["to"] as? Int }, [2, 3])
        XCTAssertEqual(routed.map { $0["source"] as? String }, ["estimate", "estimate"])
        XCTAssertEqual((routed[0]["durationSeconds"] as? Int) ?? 0, 24_700, accuracy: 60)
        let days = try XCTUnwrap(show?["days"] as? [[String: Any]])
        // Day 2's drive reaches the last stop two days later: days 3 and 4 are on the road.
        XCTAssertEqual(days.map { $0["day"] as? Int }, [1, 2, 3, 4])
        XCTAssertEqual(days.map { $0["overDailyLimit"] as? Bool }, [false, true, false, false])
        XCTAssertEqual(days.map { $0["onTheRoad"] as? Bool }, [nil, nil, true, true])
        XCTAssertEqual(days[1]["arrivesDay"] as? Int, 4)
    }

    func testHostileNamesNeverReachTheTerminalRaw() throws {
        try roadtrip("new", "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}\r\u{202E}txt.exe")
        try roadtrip("add-stop", "evil", "--name", "Stop\u{9B}31m", "--lat", "0", "--lon", "0")
        for output in [try roadtrip("list").stdout, try roadtrip("show", "evil").stdout] {
            XCTAssertFalse(output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, output)
            XCTAssertFalse(output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
        }
        XCTAssertTrue(try roadtrip("list").stdout.contains("Evil^[[2J^[]0;pwned^G^M<U+202E>txt.exe"))
        XCTAssertTrue(try roadtrip("show", "evil").stdout.contains("Stop<U+009B>31m"))
    }

    func testUserErrorsExitOneWithAMessage() throws {
        try makeRoute66()
        try roadtrip("new", "Route 67")
        let invalid = try roadtrip("add-stop", "route 66", "--name", "X", "--lat", "91", "--lon", "0", expect: 1)
        XCTAssertEqual(invalid.stderr, "roadtrip: Latitude must be between -90 and 90 (got 91.0).\n")
        XCTAssertEqual(try roadtrip("show", "atlantis", expect: 1).stderr,
                       "roadtrip: no trip matches \"atlantis\" (see `roadtrip list`)\n")
        XCTAssertTrue(try roadtrip("show", "route", expect: 1).stderr.contains("matches several trips"))
        XCTAssertEqual(try roadtrip("new", "   ", expect: 1).stderr, "roadtrip: Trip name must not be empty\n")
        XCTAssertTrue(try roadtrip("move-stop", "route 66", "1", "9", expect: 1).stderr.contains("between 1 and 3"))
        XCTAssertTrue(try roadtrip("list", "--bogus", expect: 1).stderr.contains("Unknown option '--bogus'"))
    }

    func testDestructiveCommandsRefuseWithoutATerminal() throws {
        try makeRoute66()
        let refused = try roadtrip("rm", "route", expect: 1)
        XCTAssertTrue(refused.stderr.contains("add --yes"), refused.stderr)
        try roadtrip("rm-stop", "route", "1", expect: 1)
        XCTAssertTrue(try roadtrip("list").stdout.contains("Route 66"))
        try roadtrip("rm", "route", "--yes")
        XCTAssertEqual(try roadtrip("list").stdout, "No trips yet. Create one with: roadtrip new NAME\n")
    }

    func testCorruptFileExitsTwoAndIsLeftAlone() throws {
        let garbage = Data("{\"schemaVersion\": 1, \"trips\": [ {\"name\": 3".utf8)
        try garbage.write(to: dataFile)
        let result = try roadtrip("new", "Anything", expect: 2)
        XCTAssertTrue(result.stderr.contains(dataFile.path), result.stderr)
        XCTAssertEqual(try Data(contentsOf: dataFile), garbage)
    }

    func testVersion() throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("roadtrip "), result.stdout)
        XCTAssertTrue(result.stdout.contains("GeoNames"), result.stdout)
        XCTAssertTrue(result.stdout.contains("timezone-boundary-builder, © OpenStreetMap contributors, ODbL"), result.stdout)
    }
}
