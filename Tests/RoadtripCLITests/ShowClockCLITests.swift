import Foundation
import XCTest
import RoadtripCore

/// `show`'s clock (issue 21): local arrivals with the zone where the trip crosses zones, rests, visits, each day's
/// hours and sunset, legs that end in the dark; `show --json`'s stops; `set-stop --stay`.
final class ShowClockCLITests: CLITestCase {
    /// South Bend (Eastern) → Chicago (Central, a visit) → Des Moines (a night) → Omaha (a visit) → North Platte
    /// (still Central; a night) → Denver (Mountain), from Monday 14 June 2027; estimated legs at 80 km/h × 1.3.
    private func makePlains() throws {
        try roadtrip("new", "Great Plains")
        try roadtrip("set-date", "great", "2027-06-14")
        let stops: [(String, String, String, String)] = [
            ("South Bend", "41.6764", "-86.2520", "0"), ("Chicago", "41.8781", "-87.6298", "0"),
            ("Des Moines", "41.5868", "-93.6250", "1"), ("Omaha", "41.2565", "-95.9345", "0"),
            ("North Platte", "41.1403", "-100.7601", "1"), ("Denver", "39.7392", "-104.9903", "0"),
        ]
        for (name, lat, lon, nights) in stops {
            try roadtrip("add-stop", "great", "--name", name, "--lat", lat, "--lon", lon, "--nights", nights)
        }
        XCTAssertEqual(try roadtrip("set-stop", "great", "2", "--stay", "1h").stdout,
                       "Edited stop 2 \"Chicago\" (41.8781, -87.6298)\n")
        try roadtrip("set-stop", "great", "4", "--stay", "45")
    }

    func testShowGivesLocalTimesZonesRestsVisitsSunsetsAndTheDark() throws {
        try makePlains()
        XCTAssertEqual(try roadtrip("show", "great").stdout, """
            Great Plains
            6 stops · ≈2,087 km · ≈26 h 05 driving · 2 nights · 3 days · 14 Jun – 16 Jun 2027

            #  ARRIVES                                          LEG  NIGHTS  STOP
            1  Mon 14 Jun 2027                                            0  South Bend
            2  Mon 14 Jun 2027 09:54 UTC−5 (−1 h)  ≈151 km · 1 h 54       0  Chicago · visit 1h until 10:54 UTC−5
            3  Mon 14 Jun 2027 19:44 UTC−5 (−1 h)  ≈648 km · 8 h 06       1  Des Moines · 1 rest
            4  Tue 15 Jun 2027 12:11 UTC−5         ≈255 km · 3 h 11       0  Omaha · visit 45m until 12:56 UTC−5
            5  Tue 15 Jun 2027 20:15 UTC−5         ≈525 km · 6 h 34       1  North Platte · 1 rest
            6  Wed 16 Jun 2027 15:06 UTC−6 (−1 h)  ≈507 km · 6 h 21       0  Denver · 1 rest

            DAY                       DRIVING  HOURS                      PLAN
            Mon 14 Jun 2027  ≈799 km · 9 h 59  09:00 UTC−4 – 19:44 UTC−5  South Bend → Des Moines via Chicago · over 8 h: add a stop · sunset 20:50 UTC−5
            Tue 15 Jun 2027  ≈780 km · 9 h 45  09:00 UTC−5 – 20:15 UTC−5  Des Moines → North Platte via Omaha · over 8 h: add a stop · sunset 21:17 UTC−5
            Wed 16 Jun 2027  ≈507 km · 6 h 21  09:00 UTC−5 – 15:06 UTC−6  North Platte → Denver

            """)
        // Leaving at 13:00 instead, two days end in the dark, and say what to do.
        let config = directory.appendingPathComponent("xdg")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("roadtrip"), withIntermediateDirectories: true)
        try Data("departure = \"13:00\"\n".utf8).write(to: config.appendingPathComponent("roadtrip/config.toml"))
        let late = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["show", "great", "--data", dataFile.path],
                                         environment: ["XDG_CONFIG_HOME": config.path]).stdout
        XCTAssertTrue(late.contains("Des Moines · 1 rest · into the dark"), late)
        XCTAssertTrue(late.contains("\n☾ leg 2–3 drives into the dark before Des Moines (dusk 21:24 UTC−5): leave earlier "
                                    + "or split the day\n"), late)
    }

    /// One object per stop: ISO 8601 local times with their offsets, the sun on the stop's day, whether the leg
    /// reaching it ends after dark; no arrival for the first stop, no departure for the last.
    func testShowJSONHasEachStopsClockAndSun() throws {
        try makePlains()
        let stops = try jsonStops("great")
        XCTAssertEqual(stops.count, 6)
        XCTAssertEqual(stops[0], [
            "position": 1, "name": "South Bend", "timeZone": "America/Indiana/Indianapolis",
            "departs": "2027-06-14T09:00:00-04:00", "sunrise": "2027-06-14T06:10:00-04:00",
            "sunset": "2027-06-14T21:21:00-04:00",
        ] as NSDictionary)
        XCTAssertEqual(stops[1], [
            "position": 2, "name": "Chicago", "timeZone": "America/Chicago", "arrives": "2027-06-14T09:54:00-05:00",
            "departs": "2027-06-14T10:54:00-05:00", "sunrise": "2027-06-14T05:15:00-05:00",
            "sunset": "2027-06-14T20:27:00-05:00", "afterDark": false,
        ] as NSDictionary)
        XCTAssertEqual(stops[5]["arrives"] as? String, "2027-06-16T15:06:00-06:00")
        XCTAssertNil(stops[5]["departs"], "the end")
        XCTAssertEqual(stops[5]["timeZone"] as? String, "America/Denver")
    }

    /// Tromsø's polar night and midnight sun are named, with no sunrise or sunset; an undated trip has zones but
    /// no instants and no sun.
    func testPolarDaysAndUndatedTrips() throws {
        try roadtrip("new", "Arctic")
        try roadtrip("add-stop", "arctic", "--name", "Tromsø", "--lat", "69.6492", "--lon", "18.9553")
        try roadtrip("add-stop", "arctic", "--name", "Alta", "--lat", "69.9689", "--lon", "23.2716")
        var stops = try jsonStops("arctic")
        XCTAssertEqual(stops[1], ["position": 2, "name": "Alta", "timeZone": "Europe/Oslo"] as NSDictionary,
                       "undated: no season, no instants")
        try roadtrip("set-date", "arctic", "2027-12-20")
        stops = try jsonStops("arctic")
        XCTAssertEqual(stops.map { $0["daylight"] as? String }, ["polar night", "polar night"])
        XCTAssertEqual(stops.map { $0["sunset"] as? String }, [nil, nil])
        XCTAssertEqual(stops[1]["afterDark"] as? Bool, false, "11:45 in Alta: the polar night's noon twilight")
        try roadtrip("set-date", "arctic", "2027-06-20")
        stops = try jsonStops("arctic")
        XCTAssertEqual(stops.map { $0["daylight"] as? String }, ["midnight sun", "midnight sun"])
        // The estimate goes round the fjords by land (no water mark), and no sunset follows.
        XCTAssertTrue(try roadtrip("show", "arctic").stdout.contains("Tromsø → Alta\n"), "no sunset on the last day")
    }

    func testSetStopStay() throws {
        try makePlains()
        func stay() throws -> Int { try TripStore.open(at: dataFile).trips[0].waypoints[1].stayMinutes }
        XCTAssertEqual(try stay(), 60)
        for (text, minutes) in [("1h30", 90), ("90m", 90), ("45", 45), ("2h", 120), ("1:05", 65), ("0", 0)] {
            try roadtrip("set-stop", "great", "2", "--stay", text)
            XCTAssertEqual(try stay(), minutes, text)
        }
        let before = try Data(contentsOf: dataFile)
        XCTAssertEqual(try roadtrip("set-stop", "great", "2", "--stay", "soon", expect: 1).stderr,
                       "roadtrip: Stay must be a duration like 45, 90m, 2h or 1h30 (got \"soon\")\n")
        XCTAssertEqual(try roadtrip("set-stop", "great", "2", "--stay", "24h", expect: 1).stderr,
                       "roadtrip: Stay 1440 is outside 0…1439 (minutes; a visit of a day is a night)\n")
        XCTAssertEqual(try Data(contentsOf: dataFile), before, "a refused stay changes nothing")
    }

    private func jsonStops(_ trip: String) throws -> [NSDictionary] {
        let json = try JSONSerialization.jsonObject(with: Data(try roadtrip("show", trip, "--json").stdout.utf8))
        return try XCTUnwrap((json as? [String: Any])?["stops"] as? [NSDictionary])
    }
}
