import Foundation
import RoadtripApp
import RoadtripCore
import XCTest

/// The real `roadtrip` binary in a private tmux at 100x30, driven with keys the way a person uses it; the pane is
/// captured and compared, the exit status and `stty -g` are checked after every exit, and the data file is read
/// back as JSON. Needs tmux (`make test` installs it). Every wait is
/// bounded, so a hung or crashed app fails the test instead of hanging `make test`.
final class FullScreenEndToEndTests: XCTestCase {
    private var directory: URL!
    private var pane: Tmux!
    private let listStatus = " Roadtrips │ a new trip  Enter open  d delete  / filter  q quit  ? help"

    override func setUpWithError() throws {
        guard Tmux.isAvailable else {
            throw Tmux.Failure(description: "tmux is not installed (`make test` installs it)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        pane = try Tmux(columns: 100, rows: 30, directory: directory)
        XCTAssertTrue(try pane.wait(for: "$"), "shell prompt: \(pane.dump)")
    }

    override func tearDownWithError() throws {
        pane = nil  // kills the tmux server and anything still running in it
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: Journeys

    func testCreateATripAndAStopThenQuit() throws {
        try launch()
        try expect("No trips yet. Press a to plan one, ? for help.")
        var screen = try pane.screen()
        XCTAssertEqual(screen.count, 30)
        XCTAssertEqual(screen[0], " Roadtrips" + String(repeating: " ", count: 82) + "0 trips")
        XCTAssertEqual(screen[29], listStatus)

        try pane.keys("a")
        try expect("┌ New trip")
        try pane.keys("Route 66", literal: true)
        try pane.keys("Enter")  // the new trip opens, ready for `a`
        try expect("No stops yet. Press a to add the first one.")
        XCTAssertEqual(try pane.screen()[0], " Route 66")
        try pane.keys("a")
        try expect("Longitude")
        try pane.keys("Chicago", literal: true)
        try pane.keys("Tab")
        try pane.keys("41.88, -87.63", literal: true)  // a pair pasted into Latitude
        try pane.keys("C-s")
        try expect("Added stop 1 \"Chicago\"")

        try pane.keys("a")
        try expect("Longitude")
        try pane.keys("東京 🚗", literal: true)
        try pane.keys("Tab")
        try pane.keys("35°41'N", literal: true)
        try pane.keys("Tab")
        try pane.keys("139°41'E", literal: true)
        try pane.keys("Tab", "C-u")
        try pane.keys("2", literal: true)
        try pane.keys("Tab", "C-s")  // Ctrl-S saves from any field (Enter in the notes starts a new line)
        try expect("Added stop 2 \"東京 🚗\"")
        // The sea is measured off the loop: the plain estimate first, the crossing a moment later.
        try expect("crosses ≈325 km of sea")
        screen = try pane.screen()
        // 10,138.9 km by haversine (R = 6371.0088 km), checked independently. No way round the Pacific within reach:
        // the estimate is the crossing with the least open sea (by the Bering Strait on the shorelines' grid), its
        // land × 1.3 at 80 km/h and its 325 km of sea at a ferry's 30 km/h (`EstimateEngine`).
        XCTAssertEqual(Array(screen[0...4]), [
            " Route 66",
            " 2 stops · ≈21,867 km · ≈280 h 06 driving · 2 nights · 17 days",
            " #  STOP                                                LEG    NIGHTS  ARRIVES             ZONE",
            " 1  Chicago                                                            Day 1               UTC−6",
            // Undated, so on standard time: 09:00 CST plus 280 h 06 on the way and 62 rests of 45 min is 23:36 CST
            // (05:36 UTC) thirteen days on, 14:36 the next day in Tokyo.
            " 2  東京 🚗  ≈21,867 km · 280 h 06 ≈ crosses ≈325 km of sea  2 nights  Day 15 14:36 +15 h  UTC+9",
        ], pane.dump)
        XCTAssertEqual(screen[28], " Added stop 2 \"東京 🚗\"")
        XCTAssertEqual(screen[29], " Route 66 │ a add  e edit  d delete  J K move  v days  m map  n notes  o optimise  q back  ? help")

        try pane.keys("q")
        try expect("2 stops  ≈21,867 km  Chicago → 東京 🚗")
        try pane.keys("q")
        let exit = try waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertEqual(exit.sttyAfter, exit.sttyBefore, "terminal modes restored")
        XCTAssertFalse(try pane.screen().contains { $0.contains("Roadtrips") }, "left the alternate screen: \(pane.dump)")

        let trips = try jsonTrips()
        XCTAssertEqual(trips.map { $0["name"] as? String }, ["Route 66"])
        let stops = try XCTUnwrap(trips[0]["waypoints"] as? [[String: Any]])
        XCTAssertEqual(stops.map { $0["name"] as? String }, ["Chicago", "東京 🚗"])
        XCTAssertEqual(stops[0]["latitude"] as? Double, 41.88)
        XCTAssertEqual(stops[0]["longitude"] as? Double, -87.63)
        XCTAssertEqual(stops[1]["latitude"] as? Double ?? 0, 35 + 41.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(stops[1]["longitude"] as? Double ?? 0, 139 + 41.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(stops[1]["nights"] as? Int, 2)
    }

    /// A place typed in kana is found by its romaji (issue 20, item 6), and Shinagawa is the Tokyo ward (item 4).
    func testAPlaceTypedInKanaIsPickedWhereItIs() throws {
        try launch()
        try expect("No trips yet.")
        try pane.keys("a")
        try expect("┌ New trip")
        try pane.keys("Japan", literal: true)
        try pane.keys("Enter")
        try expect("No stops yet.")
        try pane.keys("a")
        try expect("Longitude")
        try pane.keys("しながわ", literal: true)
        try expect("Shinagawa 品川  Tokyo, Japan · 422,488 people", within: 60)
        try pane.keys("Enter")
        try expect("35.6092")
        try pane.keys("C-s")
        try expect("Added stop 1 \"Shinagawa\"")
        XCTAssertEqual(try pane.screen()[3], " 1  Shinagawa  Tokyo, JP  Day 1", pane.dump)
        try pane.keys("q", "q")
        XCTAssertEqual(try waitForExit().status, 0)
        let stop = try XCTUnwrap((try jsonTrips().first?["waypoints"] as? [[String: Any]])?.first)
        XCTAssertEqual(stop["latitude"] as? Double, 35.6092)
        XCTAssertEqual(stop["longitude"] as? Double, 139.7302)
    }

    /// A stop's notes take lines (issue 20, item 15): Enter in Notes starts a new line and Ctrl-S saves the new stop;
    /// the preview shows both lines at 100x30, and with room for one line (40x18) the cut note ends with "…". At 40x12,
    /// where the trip screen has no room for a preview, the form's notes keep three rows.
    func testATwoLineNoteIsTypedSavedWithCtrlSAndShownLineByLine() throws {
        try roadtrip(["new", "Skye"])
        try roadtrip(["add-stop", "skye", "--name", "Inverness", "--lat", "57.48", "--lon", "-4.22"])
        try launch()
        try expect("Skye")
        try pane.keys("Enter")
        try expect("Inverness")
        try pane.keys("a")
        try expect("Longitude")
        try pane.keys("Kyle", literal: true)
        try pane.keys("Tab")
        try pane.keys("57.28, -5.71", literal: true)
        try pane.keys("Tab", "Tab", "Tab", "Tab")  // Longitude (filled from the pair), Nights, Stay, Notes
        try pane.keys("Bridge at dusk", literal: true)
        try pane.keys("Enter")
        try pane.keys("Fuel up in Kyle", literal: true)
        try expect("            Fuel up in Kyle")
        XCTAssertEqual(try pane.screen()[0], " New stop", "Enter saved nothing: \(pane.dump)")
        try pane.keys("C-s")
        try expect("Added stop 2 \"Kyle\"")
        // The preview: a rule naming the stop, its place, its stay, then the notes line by line.
        XCTAssertTrue(try pane.wait { screen in
            guard let rule = screen.firstIndex(where: { $0.hasPrefix(" ─ 2 Kyle ─") }), rule + 4 < screen.count else {
                return false
            }
            return Array(screen[(rule + 3)...(rule + 4)]) == [" Bridge at dusk", " Fuel up in Kyle"]
        }, pane.dump)
        XCTAssertFalse(try pane.screen().joined().contains("^J"), pane.dump)

        try pane.keys("k", "j")  // the message goes: the preview gets its row back
        try pane.resize(columns: 40, rows: 18)
        try expect(" Bridge at dusk …")
        try pane.resize(columns: 40, rows: 12)
        try pane.keys("e")
        try expect("Edit stop")
        try pane.keys("BTab")  // Shift-Tab from Name: the notes, the fields above scrolled away
        let notes = [" Notes      Bridge at dusk", "            Fuel up in Kyle"]
        XCTAssertTrue(try pane.wait { $0.count == 12 && Array($0[6...7]) == notes }, pane.dump)
        try pane.keys("Escape", "q", "q")
        XCTAssertEqual(try waitForExit().status, 0)
        let stops = try XCTUnwrap(try jsonTrips().first?["waypoints"] as? [[String: Any]])
        XCTAssertEqual(stops.last?["notes"] as? String, "Bridge at dusk\nFuel up in Kyle")
    }

    /// `s` on the list opens the Settings screen; a change is saved to `$XDG_CONFIG_HOME/roadtrip/config.toml` and
    /// shows at once. The leg: 123.08 km of great circle (R = 6371.0088 km) × 1.3 = 160 km = 99.4 mi, 1 h 36 at
    /// 100 km/h.
    /// `u` takes a deleted stop back and `U` deletes it again; each step is in the file, saved like any change.
    func testUndoAndRedoADeleteAndTheFileFollows() throws {
        try roadtrip(["new", "Route 66"])
        for (name, lat, lon) in [("Chicago", "41.88", "-87.63"), ("Tulsa", "36.15", "-95.99"),
                                 ("Amarillo", "35.22", "-101.83")] {
            try roadtrip(["add-stop", "Route 66", "--name", name, "--lat", lat, "--lon", lon])
        }
        try launch()
        try expect("Route 66")
        try pane.keys("Enter")
        try expect("Amarillo")
        try pane.keys("j", "d")
        try expect("Delete stop 2 \"Tulsa\"?")
        try pane.keys("y")
        try expect("Deleted stop 2 \"Tulsa\"")
        try expectStops(["Chicago", "Amarillo"])

        try pane.keys("u")
        try expect("Undid: delete stop 2 \"Tulsa\"")
        try expectStops(["Chicago", "Tulsa", "Amarillo"])
        try pane.keys("U")
        try expect("Redid: delete stop 2 \"Tulsa\"")
        try expectStops(["Chicago", "Amarillo"])
        try pane.keys("u")
        try expect("Undid: delete stop 2 \"Tulsa\"")
        try expectStops(["Chicago", "Tulsa", "Amarillo"])

        try pane.keys("q")
        try expect("3 stops")
        try pane.keys("q")
        XCTAssertEqual(try waitForExit().status, 0)
        XCTAssertEqual(try stopNames(), ["Chicago", "Tulsa", "Amarillo"])
    }

    func testTheSettingsScreenSavesToTheConfigFileAndEveryScreenFollows() throws {
        try roadtrip(["new", "Equator"])
        try roadtrip(["add-stop", "equator", "--name", "West", "--lat", "0", "--lon", "0"])
        try roadtrip(["add-stop", "equator", "--name", "East", "--lat", "0", "--lon", "1.10686"])
        try launch(environment: "XDG_CONFIG_HOME=\(quoted(path("config")))")
        try expect("≈160 km")
        try pane.keys("s")
        try expect(" units                  km  (default)")
        try pane.keys("Enter")
        try expect("Saved units = mi")
        try pane.keys("Down", "Down", "Down", "Down", "Enter")
        try expect("speed_kmh: a number from 10 to 200")
        try pane.keys("C-u")
        try pane.keys("100", literal: true)
        try pane.keys("Enter")
        try expect("Saved speed_kmh = 100")
        try pane.keys("q")
        try expect("≈99.4 mi")
        try pane.keys("Enter")
        try expect("≈99.4 mi · 1 h 36")
        try pane.keys("q", "q")
        XCTAssertEqual(try waitForExit().status, 0)
        let config = path("config/roadtrip/config.toml")
        let text = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertTrue(text.contains("units = \"mi\"") && text.contains("speed_kmh = 100"), text)
        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: config)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o600)
    }

    func testYCopiesTheTripsLinkToTheTerminalsClipboard() throws {
        try roadtrip(["new", "Route 66"])
        try roadtrip(["add-stop", "route", "--name", "Chicago", "--lat", "41.8781", "--lon", "-87.6298"])
        try roadtrip(["add-stop", "route", "--name", "Tulsa", "--lat", "36.154", "--lon", "-95.9928"])
        try pane.acceptClipboardRequests()
        try launch()
        try expect("Route 66")
        try pane.keys("Enter")
        try expect("Tulsa")
        try pane.keys("y")
        try expect("Copied the Google Maps link")
        let link = "https://www.google.com/maps/dir/?api=1&origin=41.8781,-87.6298&destination=36.154,-95.9928&travelmode=driving"
        XCTAssertEqual(try pane.pasteBuffer(), link, pane.dump)
        try pane.keys("a")
        try expect("Copied the Apple Maps link")
        XCTAssertEqual(try pane.pasteBuffer(), "https://maps.apple.com/?saddr=41.8781,-87.6298&daddr=36.154,-95.9928&dirflg=d")
        try pane.keys("Escape", "q", "q")
        XCTAssertEqual(try waitForExit().status, 0)
    }

    /// Six stops: two phone-safe links (5 points each at most) copied, the dialog saying why; `d` gives one link
    /// for a computer (up to 11 points) and back.
    func testYGivesPhoneSafeLinksAndDLinksForAComputer() throws {
        try roadtrip(["new", "Route 66"])
        for index in 0..<6 {
            try roadtrip(["add-stop", "route", "--name", "Stop \(index + 1)", "--lat", "\(41 - index).5", "--lon", "-\(87 + 3 * index).5"])
        }
        try pane.acceptClipboardRequests()
        try launch()
        try expect("Route 66")
        try pane.keys("Enter")
        try expect("Stop 6")
        try pane.keys("y")
        try expect("Copied the Google Maps link (phone)")
        try expect("phone-safe: 3 stops between ends per")
        try expect("[d] links for a computer")
        let phone = try XCTUnwrap(try pane.pasteBuffer()).split(separator: "\n")
        XCTAssertEqual(phone.count, 2, pane.dump)
        XCTAssertTrue(phone[1].hasPrefix("https://www.google.com/maps/dir/?api=1&origin=37.5,-99.5&destination=36.5,-102.5"))
        try pane.keys("d")
        try expect("Copied the Google Maps link (computer)")
        try expect("[d] links for a phone")
        XCTAssertEqual(try pane.pasteBuffer(), "https://www.google.com/maps/dir/?api=1&origin=41.5,-87.5&destination=36.5,-102.5"
            + "&waypoints=40.5,-90.5%7C39.5,-93.5%7C38.5,-96.5%7C37.5,-99.5&travelmode=driving")
        try pane.keys("d")
        try expect("Copied the Google Maps link (phone)")
        try pane.keys("Escape", "q", "q")
        XCTAssertEqual(try waitForExit().status, 0)
    }

    /// A trip exported as GPX and imported with `i` beside it: it comes back named "Loop (2)", saying why, with its
    /// start date and nights (the GPX's first time is the second stop's arrival, a day later).
    func testAnExportImportedBesideItsTripComesBackWholeUnderTheNextNumber() throws {
        try roadtrip(["new", "Loop"])
        try roadtrip(["add-stop", "loop", "--name", "Inverness", "--lat", "57.4795", "--lon", "-4.2247", "--nights", "1"])
        try roadtrip(["add-stop", "loop", "--name", "Ullapool", "--lat", "57.8956", "--lon", "-5.1604", "--nights", "2"])
        try roadtrip(["set-date", "loop", "2027-12-30"])
        let file = path("loop.gpx")
        try roadtrip(["export", "loop", "--format", "gpx", "-o", file])
        try launch()
        try expect("Loop")
        try pane.keys("i")
        try expect("Import a GPX")
        try pane.keys("C-u")
        try pane.keys(file, literal: true)
        try pane.keys("Enter")
        try expect("Imported as \"Loop (2)\" (a trip named \"Loop\" exists): 2 stops from route points")
        try expect("30 Dec 2027 – 2 Jan 2028")
        try pane.keys("q")
        XCTAssertEqual(try waitForExit().status, 0)
        let trips = try jsonTrips()
        XCTAssertEqual(trips.map { $0["name"] as? String }, ["Loop (2)", "Loop"])
        XCTAssertEqual(trips[0]["startDate"] as? String, "2027-12-30")
        XCTAssertEqual((trips[0]["waypoints"] as? [[String: Any]])?.map { $0["nights"] as? Int }, [1, 2])
    }

    func testSIGTERMWhileRunningExitsAndKeepsTheFileIntact() throws {
        try launch()
        try expect("No trips yet.")
        try pane.keys("a")
        try expect("┌ New trip")
        try pane.keys("Kept", literal: true)
        try pane.keys("Enter")
        try expect("No stops yet.")  // the new trip opened, saying it was made
        try expect("Created trip \"Kept\"")
        try pane.keys("q")
        // Half-way through typing the next one.
        try pane.keys("a")
        try expect("┌ New trip")
        try pane.keys("Half typ", literal: true)
        try expect("Half typ")

        XCTAssertEqual(kill(try pid(), SIGTERM), 0)
        let exit = try waitForExit()
        XCTAssertEqual(exit.status, 128 + SIGTERM, "exit status 128 + signal")
        XCTAssertEqual(exit.sttyAfter, exit.sttyBefore, "terminal modes restored")
        XCTAssertFalse(try pane.screen().contains { $0.contains("New trip") }, pane.dump)
        XCTAssertEqual(try jsonTrips().map { $0["name"] as? String }, ["Kept"])
        // No half-written temporary file is left beside the data.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("trips.json") && $0 != "trips.json" && !$0.hasPrefix("trips.json.bak") }
            .filter { !$0.hasSuffix(".lock") }
        XCTAssertEqual(leftovers, [])
    }

    func testHostileAndJoinedEmojiNamesDrawCleanly() throws {
        // Names a shared file could hold: escape sequences, CR, a bidi override, a ZWJ emoji family.
        try roadtrip(["new", "Fam 👨‍👩‍👧 trip"])
        try roadtrip(["add-stop", "fam", "--name", "X👨‍👩‍👧Y", "--lat", "1", "--lon", "2"])
        try roadtrip(["add-stop", "fam", "--name", "Z", "--lat", "1", "--lon", "3"])
        try roadtrip(["new", "Evil\u{1B}[31mRed\rTrip\u{202E}gpj.exe"])
        try launch()
        try expect("2 trips")
        var screen = try pane.screen()
        // ncurses holds one spacing character per cell, so a ZWJ family shows as its first emoji, two columns
        // wide as the layout counts it; no joiner is left dangling to glue itself to later text.
        XCTAssertEqual(Array(screen[0...3]), [
            " Roadtrips" + String(repeating: " ", count: 82) + "2 trips",
            " TRIP                                DATES      STOPS  DISTANCE  ROUTE",
            " Evil^[[31mRed^MTrip<U+202E>gpj.exe  no date  0 stops",
            " Fam 👨 trip                         no date  2 stops   ≈145 km  X👨Y → Z",
        ], pane.dump)
        XCTAssertEqual(screen[29], listStatus, "nothing shifted or left over on the status line")
        XCTAssertFalse(try pane.screen(escapes: true).joined(separator: "\n").contains("\u{1B}[31mRed"), "the name's escape sequence reached the terminal")

        try pane.keys("j", "Enter")
        try expect("2 stops · ≈145 km")
        screen = try pane.screen()
        XCTAssertEqual(Array(screen[0...4]), [
            " Fam 👨 trip",
            " 2 stops · ≈145 km · ≈1 h 48 driving · 1 day",
            " #  STOP               LEG  ARRIVES",
            " 1  X👨Y                    Day 1",
            " 2  Z     ≈145 km · 1 h 48  Day 1 10:48",
        ], pane.dump)
        XCTAssertEqual(screen[29], " Fam 👨 trip │ a add  e edit  d delete  J K move  v days  m map  n notes  o optimise  q back  ? help", pane.dump)
        try pane.keys("q", "q")
        let exit = try waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertEqual(exit.sttyAfter, exit.sttyBefore)
    }

    /// The list shows each trip's dates and, for trips of one name, the start of their ids (which the command line
    /// takes); on a narrow terminal the dates go first and the ids stay. Settings show the Routino folder the default
    /// means.
    func testTheListShowsDatesAndIdsAtEverySizeAndSettingsTheRealFolder() throws {
        try roadtrip(["new", "Japan"])
        try roadtrip(["add-stop", "japan", "--name", "Tokyo", "--lat", "35.69", "--lon", "139.69", "--nights", "9"])
        try roadtrip(["add-stop", "japan", "--name", "Osaka", "--lat", "34.69", "--lon", "135.5"])
        try roadtrip(["set-date", "japan", "2027-12-30"])
        try roadtrip(["duplicate", "japan", "--name", "Japan"])
        try roadtrip(["new", "Alps loop"])
        try roadtrip(["set-date", "alps", "2027-07-03"])
        let ids = try jsonTrips().map { String(($0["id"] as? String ?? "").prefix(8)) }
        try launch(environment: "XDG_DATA_HOME=\(quoted(path("xdg")))")
        try expect("3 trips")
        XCTAssertEqual(Array(try pane.screen()[1...4]), [
            " TRIP       ID        DATES                       STOPS  DISTANCE  ROUTE",
            " Alps loop            3 Jul 2027                0 stops",
            " Japan      \(ids[1])  30 Dec 2027 – 8 Jan 2028  2 stops   ≈516 km  Tokyo → Osaka",
            " Japan      \(ids[2])  30 Dec 2027 – 8 Jan 2028  2 stops   ≈516 km  Tokyo → Osaka",
        ], pane.dump)
        try pane.resize(columns: 40, rows: 12)
        XCTAssertTrue(try pane.wait { Array($0.prefix(5)) == [
            " Roadtrips                      3 trips",
            " TRIP       ID        ROUTE",
            " Alps loop",
            " Japan      \(ids[1])  Tokyo → Osaka",
            " Japan      \(ids[2])  Tokyo → Osaka",
        ] }, "the dates go first, the ids stay: \(pane.dump)")
        try pane.resize(columns: 100, rows: 30)
        try pane.keys("s")
        // The folder (75 columns under /tmp) fills the value column beside the list's scroll bar at 100 columns: its
        // last letters and "(default)" are cut off.
        try expect(" routino_dir            \(path("xdg"))/roadtrip/routi… █")
        try pane.keys("q", "q")
        XCTAssertEqual(try waitForExit().status, 0)
    }

    func testResizeBelowTheMinimumAndBackKeepsTheScreen() throws {
        try roadtrip(["new", "Alps"])
        try roadtrip(["add-stop", "alps", "--name", "Zürich", "--lat", "47.37", "--lon", "8.54"])
        try launch()
        try expect("Alps")
        try pane.keys("Enter")
        try expect("1 stop · 1 day")  // the trip's summary: the list's route says "Zürich" too
        let before = try pane.screen()
        try pane.resize(columns: 30, rows: 8)
        try expect("Terminal too small")
        try pane.resize(columns: 100, rows: 30)
        XCTAssertTrue(try pane.wait { $0 == before }, "the same screen after growing back: \(pane.dump)")
        try pane.keys("C-c")
        let exit = try waitForExit()
        XCTAssertEqual(exit.status, 0, "Ctrl-C quits normally")
        XCTAssertEqual(exit.sttyAfter, exit.sttyBefore)
    }

    func testALargeFileListsAtOnceFillsInAndARestThatCannotBeReadExitsWithTheMessage() throws {
        // 3,000 trips of 20 stops: about 13 MB, above the size the app reads in two steps.
        let trips = (0..<3_000).map { number in
            Trip(name: "Trip \(number)", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                 waypoints: (0..<20).map { Waypoint(name: "Stop \($0)", latitude: Double($0), longitude: Double(number % 180)) })
        }
        try TripStore.open(at: URL(fileURLWithPath: dataPath)).update { $0 = trips }
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: dataPath)[.size] as? Int)
        XCTAssertGreaterThan(size, try XCTUnwrap(RoadtripApplication.storeOptions.readInBackgroundAbove), "read in two steps")
        try launch()
        try expect("3,000 trips", within: 60)
        try pane.keys("G")
        try expect("Trip 2999")
        try pane.keys("q")
        XCTAssertEqual(try waitForExit().status, 0)

        let broken = try read("trips.json").replacingOccurrences(of: "\"name\" : \"Trip 2999\"", with: "\"name\" : 2999")
        try broken.write(toFile: dataPath, atomically: true, encoding: .utf8)
        try launch()
        let exit = try waitForExit(timeout: 30)
        XCTAssertEqual(exit.status, 2, "a data file problem: \(pane.dump)")
        XCTAssertEqual(exit.sttyAfter, exit.sttyBefore, "terminal modes restored")
        let shown = try pane.screen().joined(separator: "")
        XCTAssertTrue(shown.contains("roadtrip: \(dataPath) is not a valid trips file"), pane.dump)
        XCTAssertTrue(shown.contains("trip 3000, name: expected a string, found a number"), pane.dump)
        XCTAssertEqual(try read("trips.json"), broken, "the file is untouched")
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.hasPrefix("trips.json.corrupt-") })
    }

    func testEverySignalThatEndsTheAppRestoresTheTerminalFirstAndEndsWithThatSignal() throws {
        try roadtrip(["new", "Kept"])
        let data = try read("trips.json")
        let signals = [SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM]
        try pane.recordOutput(to: path("output"))
        for signal in signals {
            let name = "signal \(signal)"
            try launch()
            try expect("1 trip")
            XCTAssertEqual(try pane.modes(), "alternate 1 mouse 1", "\(name): the app's screen is up")
            XCTAssertFalse(lockIsFree(), "\(name): the app holds the lock")

            XCTAssertEqual(kill(try pid(), signal), 0, name)
            let exit = try waitForExit()
            XCTAssertEqual(exit.status, 128 + signal, "\(name): ended by it")
            XCTAssertEqual(exit.sttyAfter, exit.sttyBefore, "\(name): terminal modes restored")
            XCTAssertEqual(try pane.modes(), "alternate 0 mouse 0", "\(name): left the alternate screen, mouse reporting off")
            XCTAssertEqual(pane.pasteMode(recordedIn: path("output"), becomes: "l"), "l", "\(name): bracketed paste off")
            XCTAssertTrue(lockIsFree(), "\(name): the lock is released")
            XCTAssertEqual(try read("trips.json"), data, "\(name): the data is intact")
        }
        try roadtrip(["new", "After"])  // another roadtrip can edit
    }

    func testADumbTerminalIsRefusedAndLeftAsItWas() throws {
        try launch(environment: "TERM=dumb")
        let exit = try waitForExit()
        XCTAssertEqual(exit.status, 1, pane.dump)
        XCTAssertEqual(exit.sttyAfter, exit.sttyBefore)
        XCTAssertTrue(try pane.screen().joined().contains(
            "roadtrip: the full-screen app cannot run on TERM=dumb: it cannot move the cursor. Set TERM to your "
            + "terminal's type (e.g. xterm-256color), or use the subcommands (roadtrip --help)"), pane.dump)
        XCTAssertFalse(FileManager.default.fileExists(atPath: lockPath), "the data was not opened")
    }

    /// A second roadtrip on the same file is read-only: both screens say so in their header, and an editing key
    /// says why at once instead of opening a form whose work would be thrown away.
    func testASecondInstanceRefusesEditingKeysAtOnce() throws {
        try roadtrip(["new", "Route 66"])
        try roadtrip(["add-stop", "route 66", "--name", "Chicago", "--lat", "41.88", "--lon", "-87.63"])
        let firstDirectory = directory.appendingPathComponent("first")
        try FileManager.default.createDirectory(at: firstDirectory, withIntermediateDirectories: true)
        let first = try Tmux(columns: 100, rows: 30, directory: firstDirectory)
        XCTAssertTrue(try first.wait(for: "$"), first.dump)
        try first.type(line: "XDG_CONFIG_HOME=\(quoted(path("config"))) exec \(quoted(BuiltProducts.url("roadtrip").path)) "
            + "--data \(quoted(dataPath))")
        XCTAssertTrue(try first.wait(for: "1 trip"), first.dump)

        try launch()
        try expect("1 trip · read-only")
        try pane.keys("a")
        try expect("Read-only: another roadtrip (pid")
        XCTAssertFalse(try pane.screen().contains { $0.contains("New trip") }, pane.dump)
        try pane.keys("Enter")
        try expect("Chicago")
        XCTAssertTrue(try pane.screen()[0].hasSuffix("read-only"), pane.dump)
        for key in ["a", "e", "J", "n"] {
            try pane.keys("Down")  // a move clears the message: each refusal is drawn anew
            XCTAssertTrue(try pane.wait { !$0.contains { $0.contains("Read-only") } }, pane.dump)
            try pane.keys(key)
            try expect("Read-only: another roadtrip (pid")
            XCTAssertEqual(try pane.screen().last, " Route 66 │ a add  e edit  d delete  J K move  v days  m map  n notes  o optimise  q back  ? help")
        }
        try pane.keys("v")  // looking is not editing
        try expect("DAY")
        try pane.keys("q", "q", "q")
        XCTAssertEqual(try waitForExit().status, 0)
        try first.keys("q")
        XCTAssertEqual(try jsonTrips().map { $0["name"] as? String }, ["Route 66"])
    }

    /// A paste is text, never keys: a line break pasted into Name is a space there (`surf spot` used to land in
    /// Latitude), and a pasted q types a q. Bracketed paste is on while the app runs and off once it has quit (the
    /// curses smoke tests check Ctrl-Z, the signal test a crash).
    func testAMultiLinePasteStaysInTheNameField() throws {
        try roadtrip(["new", "Landes"])
        try roadtrip(["add-stop", "landes", "--name", "Bordeaux", "--lat", "44.84", "--lon", "-0.58"])
        try pane.recordOutput(to: path("output"))
        try launch()
        try expect("Landes")
        XCTAssertEqual(pane.pasteMode(recordedIn: path("output"), becomes: "h"), "h", "on while the app runs")
        try pane.keys("Enter")
        try expect("Bordeaux")
        try pane.keys("a")
        try expect("Longitude")
        try pane.paste("Hossegor\nsurf spot")
        try expect(" Name       Hossegor surf spot")
        let screen = try pane.screen()
        XCTAssertEqual(screen.first { $0.hasPrefix(" Latitude") }, " Latitude", "nothing spilled over: \(pane.dump)")
        try pane.paste("q")
        try expect(" Name       Hossegor surf spotq")
        XCTAssertEqual(try pane.screen()[0], " New stop", "still the form: \(pane.dump)")

        try pane.keys("Escape")  // no place matches, so no list to close first: the form asks, something was typed
        try expect("Discard the changes")
        try pane.keys("y", "q", "q")
        let exit = try waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertEqual(exit.sttyAfter, exit.sttyBefore, "terminal modes restored")
        XCTAssertEqual(pane.pasteMode(recordedIn: path("output"), becomes: "l"), "l", "off after quitting")
        XCTAssertEqual((try jsonTrips().first?["waypoints"] as? [Any])?.count, 1, "nothing saved")
    }

    /// Once a 150 kB paste into the stop form's Name has arrived, the form takes keys at once (it is cut to the name's
    /// limit; the field used to lay out the 100,000 characters a paste keeps quadratically, for minutes, deaf to
    /// signals); SIGTERM while a 1.3 MB paste arrives (seconds, one byte a read) ends the app at once.
    func testAHugePasteNeitherFreezesTheFormNorDelaysSIGTERM() throws {
        try roadtrip(["new", "Landes"])
        try roadtrip(["add-stop", "landes", "--name", "Bordeaux", "--lat", "44.84", "--lon", "-0.58"])
        // The signal while it arrives comes last: the rest of the paste then goes to the shell, as tmux sends it on.
        for (size, signalWhileArriving) in [(150_000, false), (1_300_000, true)] {
            try String(repeating: "x", count: size).write(toFile: path("paste"), atomically: true, encoding: .utf8)
            try launch()
            try expect("Landes")
            try pane.keys("Enter")
            try expect("Bordeaux")
            try pane.keys("a")
            try expect("Longitude")
            try pane.paste(contentsOf: path("paste"))
            if !signalWhileArriving {
                try expect(" Name       xxxxxxxxxx")
                try pane.keys("Escape")
                try expect("Discard the changes")
            }
            XCTAssertEqual(kill(try pid(), SIGTERM), 0)
            let exit = try waitForExit()
            XCTAssertEqual(exit.status, 128 + SIGTERM, pane.dump)
            XCTAssertEqual(exit.sttyAfter, exit.sttyBefore, "terminal modes restored")
        }
        XCTAssertEqual((try jsonTrips().first?["waypoints"] as? [Any])?.count, 1, "nothing saved")
    }

    // MARK: Helpers

    private var dataPath: String { directory.appendingPathComponent("trips.json").path }

    private var lockPath: String { dataPath + ".lock" }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func quoted(_ text: String) -> String { Tmux.quoted(text) }

    /// Starts the app in the pane through a non-interactive shell, which records `stty -g` before and after (as the
    /// app left it: no interactive shell repairs it first), the app's pid (the subshell `exec`s it) and its exit
    /// status; `rc` appears last, atomically, once everything else is written.
    /// Crash reports would go to `state/` in the test's directory.
    private func launch(environment: String = "") throws {
        let binary = BuiltProducts.url("roadtrip").path
        try? FileManager.default.removeItem(atPath: path("rc"))
        try pane.run(script: "clear; stty -g > \(quoted(path("before"))); "
            + "(echo $BASHPID > \(quoted(path("pid"))); XDG_STATE_HOME=\(quoted(path("state"))) "
            + "XDG_CONFIG_HOME=\(quoted(path("config"))) XDG_CACHE_HOME=\(quoted(path("cache"))) \(environment) "
            + "exec \(quoted(binary)) --data \(quoted(dataPath))); "
            + "echo $? > \(quoted(path("rc.tmp"))); stty -g > \(quoted(path("after"))); "
            + "mv \(quoted(path("rc.tmp"))) \(quoted(path("rc")))")
    }

    /// The pid of the app `launch` started.
    private func pid() throws -> pid_t {
        try XCTUnwrap(pid_t(try read("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Whether another process could take the data file's lock (as a second roadtrip would).
    private func lockIsFree() -> Bool {
        let fd = open(lockPath, O_RDWR)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    /// Waits (bounded) for the app to exit; its status and the terminal modes before and after.
    private func waitForExit(timeout: TimeInterval = 10) throws -> (status: Int32, sttyBefore: String, sttyAfter: String) {
        let end = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: path("rc")) {
            guard Date() < end else {
                throw Tmux.Failure(description: "roadtrip did not exit within \(timeout) s: \(pane.dump)")
            }
            Thread.sleep(forTimeInterval: 0.03)
        }
        let status = try XCTUnwrap(Int32(try read("rc").trimmingCharacters(in: .whitespacesAndNewlines)))
        return (status, try read("before"), try read("after"))
    }

    /// Waits (bounded) until the pane shows `text`; fails with the screen otherwise. What waits for a load in
    /// the background (the gazetteer, a big file: seconds in a debug build on a busy machine) gives a longer bound.
    private func expect(_ text: String, within timeout: TimeInterval = 10) throws {
        if try !pane.wait(for: text, timeout: timeout) {
            // Thrown, not just recorded: the rest of the test would only fail in turn.
            throw Tmux.Failure(description: "\"\(text)\" did not appear within \(Int(timeout)) s: \(pane.dump)")
        }
    }

    /// Waits (bounded) until the file's first trip has these stops: the app saves right after the frame that
    /// shows a change, so the screen may be there a moment before the file.
    private func expectStops(_ names: [String], timeout: TimeInterval = 10) throws {
        let end = Date().addingTimeInterval(timeout)
        while try stopNames() != names {
            guard Date() < end else {
                throw Tmux.Failure(description: "the file's stops are \(try stopNames()), not \(names)")
            }
            Thread.sleep(forTimeInterval: 0.03)
        }
    }

    private func stopNames() throws -> [String] {
        let stops = try jsonTrips().first?["waypoints"] as? [[String: Any]] ?? []
        return stops.map { $0["name"] as? String ?? "" }
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }

    private func jsonTrips() throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: dataPath)))
        return try XCTUnwrap((object as? [String: Any])?["trips"] as? [[String: Any]])
    }

    private func roadtrip(_ arguments: [String]) throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", dataPath], timeout: 10)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}

private extension Tmux {
    /// Whether the pane shows the alternate screen and whether mouse reporting is on, as tmux tracks them.
    func modes() throws -> String {
        try Tmux.execute(["tmux", "-S", socket, "-f", "/dev/null", "display-message", "-p", "-t", "t",
                          "alternate #{alternate_on} mouse #{mouse_any_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
