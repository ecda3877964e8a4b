import Foundation
import RoadtripCore
import XCTest

/// Golden output of the edits scripts can make besides adding stops (issue 9): set-date, set-stop, notes,
/// duplicate, reverse, and the one line every change prints.
final class CommandLineEditsTests: CLITestCase {
    private func makeRoute66() throws {
        try roadtrip("new", "Route 66")
        try roadtrip("add-stop", "route", "--name", "Chicago", "--lat", "41.8781", "--lon", "-87.6298", "--nights", "1")
        try roadtrip("add-stop", "route", "--name", "Tulsa", "--lat", "36.154", "--lon", "-95.9928")
        try roadtrip("add-stop", "route", "--name", "Santa Monica", "--lat", "34.0195", "--lon", "-118.4912")
    }

    private func stops() throws -> [Waypoint] {
        try TripStore.open(at: dataFile).trips.first { $0.name == "Route 66" }?.waypoints ?? []
    }

    // MARK: set-date

    func testSetDateAndClear() throws {
        try makeRoute66()
        XCTAssertEqual(try roadtrip("set-date", "route", "2027-06-12").stdout, "Set the start date of \"Route 66\" to 2027-06-12\n")
        XCTAssertEqual(try TripStore.open(at: dataFile).trips[0].startDate, CalendarDate("2027-06-12"))
        XCTAssertTrue(try roadtrip("show", "route").stdout.contains("Sat 12 Jun"))
        XCTAssertEqual(try roadtrip("set-date", "route", "--clear").stdout, "Cleared the start date of \"Route 66\"\n")
        XCTAssertNil(try TripStore.open(at: dataFile).trips[0].startDate)
    }

    func testSetDateRefusesBadDates() throws {
        try makeRoute66()
        for bad in ["2027-02-30", "12/06/2027", "2027-6-12", "tomorrow"] {
            XCTAssertEqual(try roadtrip("set-date", "route", bad, expect: 1).stderr,
                           "roadtrip: \"\(bad)\" is not a date like 2027-06-12\n")
        }
        XCTAssertTrue(try roadtrip("set-date", "route", expect: 1).stderr
            .contains("give a date (YYYY-MM-DD) or --clear"))
        XCTAssertTrue(try roadtrip("set-date", "route", "2027-06-12", "--clear", expect: 1).stderr
            .contains("give a date (YYYY-MM-DD) or --clear"))
        XCTAssertEqual(try roadtrip("set-date", "atlantis", "2027-06-12", expect: 1).stderr,
                       "roadtrip: no trip matches \"atlantis\" (see `roadtrip list`)\n")
        XCTAssertNil(try TripStore.open(at: dataFile).trips[0].startDate)
    }

    // MARK: set-stop

    func testSetStopChangesOnlyWhatIsGiven() throws {
        try makeRoute66()
        XCTAssertEqual(try roadtrip("set-stop", "route", "2", "--name", "T-Town", "--nights", "2",
                                    "--notes", "Blue Whale").stdout, "Edited stop 2 \"T-Town\" (36.1540, -95.9928)\n")
        let stop = try stops()[1]
        XCTAssertEqual([stop.name, "\(stop.nights)", stop.notes], ["T-Town", "2", "Blue Whale"])
        // The app's coordinate forms work here too, and a negative value is a value.
        XCTAssertEqual(try roadtrip("set-stop", "route", "2", "--lat", "36°9'N", "--lon", "-95.99").stdout,
                       "Edited stop 2 \"T-Town\" (36.1500, -95.9900)\n")
        XCTAssertEqual(try stops()[1].notes, "Blue Whale")
        XCTAssertEqual(try roadtrip("set-stop", "route", "2", "--notes", "").stdout,
                       "Edited stop 2 \"T-Town\" (36.1500, -95.9900)\n")
        XCTAssertEqual(try stops()[1].notes, "")
    }

    /// Issue 9, item 4: a stop given other coordinates no longer claims the place it came from.
    func testSetStopCoordinatesClearTheOldPlace() throws {
        try roadtrip("new", "Route 66")
        try roadtrip("add-stop", "route", "--place", "bordeaux")
        XCTAssertNotNil(try stops()[0].placeId, "picked from the gazetteer")
        let region = try XCTUnwrap(stops()[0].region)
        XCTAssertEqual(try roadtrip("set-stop", "route", "1", "--lat", "40.4168", "--lon", "-3.7038").stdout,
                       "Edited stop 1 \"Bordeaux\" (40.4168, -3.7038); cleared its place (\(region), FR), "
                       + "which was for the old coordinates\n")
        let stop = try stops()[0]
        XCTAssertEqual([stop.placeId?.description, stop.region, stop.countryCode], [nil, nil, nil])
    }

    func testSetStopRefusesBadInputAndChangesNothing() throws {
        try makeRoute66()
        let before = try Data(contentsOf: dataFile)
        XCTAssertEqual(try roadtrip("set-stop", "route", "4", "--nights", "1", expect: 1).stderr,
                       "roadtrip: position must be between 1 and 3\n")
        XCTAssertEqual(try roadtrip("set-stop", "route", "0", "--nights", "1", expect: 1).stderr,
                       "roadtrip: position must be between 1 and 3\n")
        XCTAssertEqual(try roadtrip("set-stop", "route", "2", "--nights", "400", expect: 1).stderr,
                       "roadtrip: Nights 400 is outside 0…365 (a stay of more than a year is a typo)\n")
        XCTAssertEqual(try roadtrip("set-stop", "route", "2", "--nights", "-1", expect: 1).stderr,
                       "roadtrip: Nights -1 is outside 0…365 (a stay of more than a year is a typo)\n")
        XCTAssertEqual(try roadtrip("set-stop", "route", "2", "--lat", "0x10", "--lon", "0", expect: 1).stderr,
                       "roadtrip: Not a coordinate: 0x10\n")
        XCTAssertEqual(try roadtrip("set-stop", "route", "2", "--lat", "91", "--lon", "0", expect: 1).stderr,
                       "roadtrip: Latitude must be between -90 and 90 (got 91.0).\n")
        XCTAssertEqual(try roadtrip("set-stop", "route", "2", "--name", " ", expect: 1).stderr,
                       "roadtrip: Stop name must not be empty\n")
        XCTAssertTrue(try roadtrip("set-stop", "route", "2", "--lat", "36", expect: 1).stderr
            .contains("--lat and --lon go together"))
        XCTAssertTrue(try roadtrip("set-stop", "route", "2", expect: 1).stderr
            .contains("nothing to change: give --name, --lat and --lon, --nights, --stay, --notes, --pin, --cost "
                      + "or --other-cost"))
        XCTAssertEqual(try Data(contentsOf: dataFile), before)
    }

    // MARK: notes

    func testNotesSetPrintAndClear() throws {
        try makeRoute66()
        XCTAssertEqual(try roadtrip("notes", "route").stdout, "", "no notes yet")
        XCTAssertEqual(try roadtrip("notes", "route", "Get your kicks").stdout,
                       "Saved the notes of \"Route 66\" (14 characters)\n")
        XCTAssertEqual(try roadtrip("notes", "route").stdout, "Get your kicks\n")
        XCTAssertEqual(try roadtrip("notes", "route", "").stdout, "Cleared the notes of \"Route 66\"\n")
        XCTAssertEqual(try TripStore.open(at: dataFile).trips[0].notes, "")
    }

    func testNotesFromStandardInput() throws {
        try makeRoute66()
        let input = directory.appendingPathComponent("notes.txt")
        try Data("Day 1: deep dish\nDay 2: \u{1B}[31mred\u{1B}[0m rocks\n\n".utf8).write(to: input)
        XCTAssertEqual(try roadtrip("notes", "route", "-", stdin: FileHandle(forReadingFrom: input)).stdout,
                       "Saved the notes of \"Route 66\" (42 characters)\n")
        XCTAssertEqual(try TripStore.open(at: dataFile).trips[0].notes,
                       "Day 1: deep dish\nDay 2: \u{1B}[31mred\u{1B}[0m rocks",
                       "kept as given, final line breaks dropped")
        XCTAssertEqual(try roadtrip("notes", "route").stdout, "Day 1: deep dish\nDay 2: ^[[31mred^[[0m rocks\n",
                       "printed safely")
    }

    func testNotesRefusesTooLongAndNonUTF8Input() throws {
        try makeRoute66()
        let input = directory.appendingPathComponent("notes.txt")
        try Data(String(repeating: "x", count: Limits.notesLength + 1).utf8).write(to: input)
        XCTAssertEqual(try roadtrip("notes", "route", "-", stdin: FileHandle(forReadingFrom: input), expect: 1).stderr,
                       "roadtrip: Trip notes is 10001 characters long; the limit is 10000\n")
        try Data(repeating: 0x78, count: Limits.notesLength * 16 + 1).write(to: input)
        XCTAssertEqual(try roadtrip("notes", "route", "-", stdin: FileHandle(forReadingFrom: input), expect: 1).stderr,
                       "roadtrip: the notes on standard input are too long; the limit is 10,000 characters\n")
        try Data([0x61, 0xFF, 0x62]).write(to: input)
        XCTAssertEqual(try roadtrip("notes", "route", "-", stdin: FileHandle(forReadingFrom: input), expect: 1).stderr,
                       "roadtrip: the notes on standard input are not UTF-8 text\n")
        XCTAssertEqual(try TripStore.open(at: dataFile).trips[0].notes, "")
    }

    // MARK: duplicate, reverse

    func testDuplicateIsADeepCopyWithNewIDs() throws {
        try makeRoute66()
        try roadtrip("set-date", "route", "2027-06-12")
        let output = try roadtrip("duplicate", "route").stdout
        let trips = try TripStore.open(at: dataFile).trips
        XCTAssertEqual(trips.map(\.name), ["Route 66 (copy)", "Route 66"], "the copy goes to the top")
        let (copy, original) = (trips[0], trips[1])
        XCTAssertEqual(output, "Duplicated \"Route 66\" as \"Route 66 (copy)\" (id \(copy.id.uuidString))\n")
        XCTAssertNotEqual(copy.id, original.id)
        XCTAssertEqual(copy.startDate, original.startDate)
        XCTAssertEqual(copy.waypoints.map(\.name), original.waypoints.map(\.name))
        XCTAssertTrue(Set(copy.waypoints.map(\.id)).isDisjoint(with: original.waypoints.map(\.id)))

        try roadtrip("duplicate", copy.id.uuidString, "--name", "Mother Road")
        try roadtrip("rm-stop", "mother", "1", "--yes")
        XCTAssertEqual(try roadtrip("list").stdout, """
            DATES           STOPS   DISTANCE  TRIP
            12–13 Jun 2027      2  ≈2,673 km  Mother Road  (Tulsa → Santa Monica)
            12–15 Jun 2027      3  ≈3,924 km  Route 66 (copy)  (Chicago → Santa Monica)
            12–15 Jun 2027      3  ≈3,924 km  Route 66  (Chicago → Santa Monica)

            """, "the copies are independent")
        XCTAssertEqual(try roadtrip("duplicate", "route 66 (copy)", "--name", "", expect: 1).stderr,
                       "roadtrip: Trip name must not be empty\n")
    }

    func testReverse() throws {
        try makeRoute66()
        XCTAssertEqual(try roadtrip("reverse", "route").stdout, "Reversed the 3 stops of \"Route 66\": Santa Monica → Chicago\n")
        XCTAssertEqual(try stops().map(\.name), ["Santa Monica", "Tulsa", "Chicago"])
        try roadtrip("new", "Weekend")
        XCTAssertEqual(try roadtrip("reverse", "weekend").stdout, "Nothing to reverse: \"Weekend\" has 0 stops\n")
    }

    // MARK: every change says what it did (item 13)

    func testChangesPrintOneLine() throws {
        try makeRoute66()
        XCTAssertEqual(try roadtrip("move-stop", "route", "2", "3").stdout, "Moved \"Tulsa\" to 3\n")
        XCTAssertEqual(try roadtrip("rename", "route", "Mother Road").stdout,
                       "Renamed \"Route 66\" to \"Mother Road\"\n")
        XCTAssertEqual(try roadtrip("rm-stop", "mother", "3", "--yes").stdout, "Deleted stop 3 \"Tulsa\"\n")
        XCTAssertEqual(try roadtrip("rm", "mother", "--yes").stdout, "Deleted trip \"Mother Road\"\n")
        XCTAssertEqual(try roadtrip("move-stop", "route", "1", "2", expect: 1).stderr,
                       "roadtrip: no trip matches \"route\" (see `roadtrip list`)\n")
    }

    func testMoveStopSaysTheRange() throws {
        try makeRoute66()
        XCTAssertEqual(try roadtrip("move-stop", "route", "2", "4", expect: 1).stderr,
                       "roadtrip: position must be between 1 and 3\n")
    }

    // MARK: a second instance (item 6)

    /// Reading commands say nothing about saving while another roadtrip edits the file; a change is refused
    /// with the reason.
    func testReadingCommandsDoNotWarnWhileAnotherInstanceEdits() throws {
        try makeRoute66()
        let holder = try TripStore.open(at: dataFile)
        XCTAssertEqual(holder.access, .readWrite)
        let list = try roadtrip("list")
        XCTAssertEqual(list.stderr, "")
        XCTAssertTrue(list.stdout.contains("Route 66"))
        XCTAssertEqual(try roadtrip("list", "--json").stderr, "")
        XCTAssertEqual(try roadtrip("show", "route").stderr, "")
        XCTAssertEqual(try roadtrip("notes", "route").stderr, "")
        XCTAssertEqual(try roadtrip("export", "route", "--format", "geojson").stderr, "")

        let reason = "another roadtrip (pid \(getpid())) is editing \(dataFile.path)"
        XCTAssertEqual(try roadtrip("reverse", "route", expect: 2).stderr, "roadtrip: Read-only: \(reason)\n")
        XCTAssertEqual(try roadtrip("set-date", "route", "2027-06-12", expect: 2).stderr,
                       "roadtrip: Read-only: \(reason)\n")
        withExtendedLifetime(holder) {}
        XCTAssertEqual(try stops().map(\.name), ["Chicago", "Tulsa", "Santa Monica"])
    }
}
