import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The whole app on a `MemoryTerminal` over a real `TripStore` in a temporary folder, driven with scripted keys
/// the way a person plans a trip; afterwards the file is reopened and read as JSON.
final class AppJourneyTests: XCTestCase {
    private var file: TemporaryTripFile!

    override func setUpWithError() throws {
        file = try TemporaryTripFile()
    }

    override func tearDown() {
        file = nil
    }

    // MARK: The main journey

    /// Create a trip, add five stops through the form (CJK and emoji names, coordinates in several forms),
    /// reorder, delete one, rename the trip, quit; then reopen the file.
    func testPlanATripFromScratchAndReopenTheFile() throws {
        // Everything the app holds is released when `planTrip` returns, as when the process exits.
        let inMemory = try planTrip()
        let afterDelete = ["東京 Tokyo", "São Paulo 👨‍👩‍👧", "Café 🚗 Paris", "Sydney"]

        // Reopen from the same file: the lock was let go, and the file holds what the app had.
        let reopened = try file.open()
        XCTAssertEqual(reopened.access, .readWrite)
        XCTAssertEqual(reopened.trips, inMemory)
        let trip = try XCTUnwrap(reopened.trips.first)
        XCTAssertEqual(reopened.trips.count, 1)
        XCTAssertEqual(trip.name, "Around the world 🌍")
        XCTAssertEqual(trip.waypoints.map(\.name), afterDelete)

        // And read as plain JSON, independently of the store's reader.
        let json = try file.json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 2)
        let trips = try file.jsonTrips()
        XCTAssertEqual(trips.count, 1)
        XCTAssertEqual(trips[0]["name"] as? String, "Around the world 🌍")
        XCTAssertEqual(trips[0]["id"] as? String, trip.id.uuidString)
        let stops = try XCTUnwrap(trips[0]["waypoints"] as? [[String: Any]])
        XCTAssertEqual(stops.map { $0["name"] as? String }, afterDelete)
        func coordinate(_ index: Int) -> (Double, Double) {
            (stops[index]["latitude"] as? Double ?? .nan, stops[index]["longitude"] as? Double ?? .nan)
        }
        XCTAssertEqual(coordinate(0).0, 35 + 41.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(coordinate(0).1, 139 + 41.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(coordinate(1).0, -23.55, accuracy: 1e-9)
        XCTAssertEqual(coordinate(1).1, -46.63, accuracy: 1e-9)
        XCTAssertEqual(coordinate(2).0, 48.8566, accuracy: 1e-9)
        XCTAssertEqual(coordinate(2).1, 2.3522, accuracy: 1e-9)
        XCTAssertEqual(coordinate(3).0, -(33 + 52.0 / 60), accuracy: 1e-9)
        XCTAssertEqual(coordinate(3).1, 151 + 12.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(stops.map { $0["nights"] as? Int }, [2, 0, 1, 0])
        XCTAssertEqual(stops.map { $0["notes"] as? String }, ["ramen 🍜", "", "", ""])
        XCTAssertEqual(Set(stops.compactMap { $0["id"] as? String }).count, 4, "each stop has its own id")
    }

    /// The journey itself, on a store that lives only as long as this call.
    private func planTrip() throws -> [Trip] {
        let store = try file.open()
        let app = AppDriver(repository: store)
        XCTAssertTrue(app.screenContains("No trips yet. Press a to plan one, ? for help."), app.dump)

        // A new trip: the prompt, then the trip opens, ready for `a`.
        app.press(.character("a"))
        XCTAssertEqual(app.topTitle, "New trip")
        app.type("Route 66")
        app.press(.enter)
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Route 66"], "saved at once")
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Route 66"])
        XCTAssertTrue(app.screenContains("No stops yet. Press a to add the first one."), app.dump)

        // 1. A "lat, lon" pair pasted into Latitude fills both fields when focus leaves it.
        addStop(app, ["Chicago", "41.88, -87.63"])
        XCTAssertEqual(app.topTitle, "Route 66", "the form closed after saving: \(app.dump)")
        XCTAssertEqual(app.screen[22], " Added stop 1 \"Chicago\"")
        // 2. Degrees and minutes with hemispheres, nights and notes; Ctrl-S in the notes saves.
        addStop(app, ["東京 Tokyo", "35°41'N", "139°41'E", "\u{7F}2", "", "ramen 🍜"])
        // 3. Emoji in the name; hemisphere letters after decimal degrees.
        addStop(app, ["Café 🚗 Paris", "48.8566 N", "2.3522 E", "\u{7F}1"])
        // 4. A pair pasted into Longitude, southern and eastern hemispheres as letters with spaces.
        addStop(app, ["Sydney", "", "33 52 S, 151 12 E"])
        // 5. A family emoji (one grapheme of several scalars) and plain negative decimals.
        addStop(app, ["São Paulo 👨‍👩‍👧", "-23.55", "-46.63"])

        let added = ["Chicago", "東京 Tokyo", "Café 🚗 Paris", "Sydney", "São Paulo 👨‍👩‍👧"]
        XCTAssertEqual(stopNames(store), added)
        XCTAssertEqual(try file.jsonStopNames(), added, "every stop saved as it was added")
        // Great-circle sums checked independently (haversine, R = 6371.0088 km): 50,168.9 km. Every leg crosses an
        // ocean with no way round within reach, so each is its way over land × 1.3 at 80 km/h and its shortest sea gap
        // at a ferry's 30 km/h (`EstimateEngine`), marked with the gap; at 80 columns the LEG column, marks and all, no
        // longer fits beside the arrivals (the message line shows a selected stop's leg).
        // Each night starts on the day its stop is reached, so the days run on with the legs (they ran backwards:
        // Paris on Day 11 after Tokyo on Day 15).
        XCTAssertEqual(app.screen[1], " 5 stops · ≈98,056 km · ≈1,361 h 05 driving · 3 nights · 70 days", app.dump)
        XCTAssertEqual(app.rows(2...7), [
            // Each arrival on its stop's clock, on the day it falls there after legs of days.
            " #  STOP           ARRIVES",
            " 1  Chicago        Day 1",
            " 2  東京 Tokyo ✎   Day 15 14:36 +15 h",
            " 3  Café 🚗 Paris  Day 26 03:07 −8 h",
            " 4  Sydney         Day 47 06:39 +9 h",
            " 5  São Paulo 👨‍👩‍👧   Day 70 15:07 −4 h",
        ], app.dump)
        XCTAssertEqual(selectedStopRow(app), "5", "the new stop is selected")

        // Reorder: K twice moves São Paulo up two places, the selection following it; J and Shift-↓ move down.
        app.press(.character("K"))
        XCTAssertEqual(stopNames(store), ["Chicago", "東京 Tokyo", "Café 🚗 Paris", "São Paulo 👨‍👩‍👧", "Sydney"])
        XCTAssertEqual(selectedStopRow(app), "4")
        app.press(.shiftUp)
        XCTAssertEqual(stopNames(store), ["Chicago", "東京 Tokyo", "São Paulo 👨‍👩‍👧", "Café 🚗 Paris", "Sydney"])
        XCTAssertEqual(selectedStopRow(app), "3")
        app.press(.character("g"), .character("J"))
        XCTAssertEqual(stopNames(store), ["東京 Tokyo", "Chicago", "São Paulo 👨‍👩‍👧", "Café 🚗 Paris", "Sydney"])
        XCTAssertEqual(selectedStopRow(app), "2")
        app.press(.shiftDown)
        let reordered = ["東京 Tokyo", "São Paulo 👨‍👩‍👧", "Chicago", "Café 🚗 Paris", "Sydney"]
        XCTAssertEqual(stopNames(store), reordered)
        XCTAssertEqual(try file.jsonStopNames(), reordered, "each move saved at once")
        // Moving past either end does nothing.
        app.press(.character("G"), .character("J"))
        XCTAssertEqual(stopNames(store), reordered)
        app.press(.character("g"), .character("K"))
        XCTAssertEqual(stopNames(store), reordered)

        // Delete Chicago (third): the question names it; y deletes, the next stop takes its place.
        app.press(.character("j"), .character("j"), .character("d"))
        XCTAssertEqual(app.topTitle, "Confirm")
        XCTAssertTrue(app.screenContains("Delete stop 3 \"Chicago\"?"), app.dump)
        app.press(.character("y"))
        XCTAssertEqual(stopNames(store), ["東京 Tokyo", "São Paulo 👨‍👩‍👧", "Café 🚗 Paris", "Sydney"])
        XCTAssertEqual(selectedStopRow(app), "3")
        XCTAssertEqual(app.screen[22], " Deleted stop 3 \"Chicago\"")

        // Rename the trip from its own screen.
        app.press(.character("r"))
        XCTAssertEqual(app.topTitle, "Rename trip")
        app.press(.ctrl("u"))
        app.type("Around the world 🌍")
        app.press(.enter)
        XCTAssertEqual(app.screen[0], " Around the world 🌍")

        // Back to the list: the row shows the new name, the stops and the route's ends.
        app.press(.character("q"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips"])
        XCTAssertEqual(app.screen[2], " Around the world 🌍  no date  4 stops  ≈95,765 km  東京 Tokyo → Sydney", app.dump)

        // q on the root screen quits: the loop ends with keys still queued after it.
        app.terminal.enqueue(.character("q"), .character("a"))
        XCTAssertNil(app.runQueued(), "q quits")
        XCTAssertEqual(app.terminal.pendingEventCount, 1, "nothing read after the quit")
        XCTAssertFalse(store.hasUnsavedChanges)
        return store.trips
    }

    /// The same journey as one script through the real entry point, `RoadtripApplication.run`.
    func testTheSameJourneyThroughRoadtripApplicationRun() throws {
        var store: TripStore? = try file.open()
        let terminal = MemoryTerminal(rows: 24, columns: 80)
        func form(_ fields: [String]) {
            terminal.enqueue(.character("a"))
            for (index, text) in fields.enumerated() {
                if index > 0 { terminal.enqueue(.tab) }
                terminal.enqueue(typing: text)
            }
            terminal.enqueue(.ctrl("s"))
        }
        terminal.enqueue(.character("a"))
        terminal.enqueue(typing: "Route 66")
        terminal.enqueue(.enter, .enter)
        form(["Chicago", "41.88, -87.63"])
        form(["東京", "35.68", "139.69"])
        form(["Café 🚗", "48.86N", "2.35E"])
        form(["Sydney", "33°52'S", "151°12'E"])
        form(["São Paulo", "-23.55", "-46.63"])
        terminal.enqueue(.character("K"), .character("K"))        // São Paulo up two
        terminal.enqueue(.character("g"), .character("d"), .character("y"))  // delete Chicago
        terminal.enqueue(.character("r"), .ctrl("u"))
        terminal.enqueue(typing: "Mother Road")
        terminal.enqueue(.enter, .character("q"), .character("q"))
        terminal.enqueue(.character("a"))  // never read: the app quit before it

        let outcome = RoadtripApplication.run(repository: store!, places: nil, terminal: terminal)
        XCTAssertEqual(outcome.outcome, .quit)
        XCTAssertEqual(terminal.pendingEventCount, 1, "q on the list quit the app: \(terminal.screenText)")
        store = nil

        let reopened = try file.open()
        XCTAssertEqual(reopened.trips.map(\.name), ["Mother Road"])
        XCTAssertEqual(reopened.trips[0].waypoints.map(\.name), ["東京", "São Paulo", "Café 🚗", "Sydney"])
        XCTAssertEqual(try file.jsonStopNames(), ["東京", "São Paulo", "Café 🚗", "Sydney"])
    }

    // MARK: Cancelling

    func testEscOnAnUntouchedFormLeavesAtOnceAndAChangedFormAsksFirst() throws {
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Alps", waypoints: [Waypoint(name: "Zürich", latitude: 47.37, longitude: 8.54)])] }
        let app = AppDriver(repository: store)
        app.press(.enter, .character("a"))
        XCTAssertEqual(app.topTitle, "New stop")
        app.press(.escape)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Alps"], "nothing typed: no question")

        app.press(.character("a"))
        app.type("Bern")
        app.press(.tab)
        app.type("46.95")
        app.press(.escape)
        XCTAssertEqual(app.topTitle, "Confirm", app.dump)
        XCTAssertTrue(app.screenContains("Discard the changes to this stop?"), app.dump)
        // n keeps the form and everything typed in it.
        app.press(.character("n"))
        XCTAssertEqual(app.topTitle, "New stop")
        XCTAssertEqual(app.screen[2], " Name       Bern", app.dump)
        XCTAssertEqual(app.screen[4], " Latitude   46.95", app.dump)
        // Esc on the question is "no" as well.
        app.press(.escape, .escape)
        XCTAssertEqual(app.topTitle, "New stop")
        // y discards: back on the trip, nothing added, nothing written.
        app.press(.escape, .character("y"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Alps"])
        XCTAssertEqual(stopNames(store), ["Zürich"])
        XCTAssertEqual(try file.jsonStopNames(), ["Zürich"])

        // Editing: changing a field and changing it back is no change, so Esc leaves at once.
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "Edit stop")
        app.press(.tab, .tab, .tab, .tab)
        app.type("5")
        app.press(.backspace, .escape)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Alps"])
        // A one-line search status under the name ("not installed") does not take an Esc of its own:
        // the first Esc asks about the changed form at once.
        app.press(.enter)
        app.type("x")
        XCTAssertEqual(app.screen[3], "            place search is not installed", app.dump)
        app.press(.escape)
        XCTAssertEqual(app.topTitle, "Confirm", app.dump)
        app.press(.character("y"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Alps"])
        // A real edit, discarded, leaves the stop as it was.
        app.press(.enter, .ctrl("u"))
        app.type("Zurich HB")
        app.press(.escape, .character("y"))
        XCTAssertEqual(stopNames(store), ["Zürich"])
        XCTAssertEqual(try file.jsonStopNames(), ["Zürich"])
    }

    func testEscCancelsPromptsAndNoKeepsTheTrip() throws {
        let store = try file.open()
        let app = AppDriver(repository: store)
        app.press(.character("a"))
        app.type("Never saved")
        app.press(.escape)
        XCTAssertEqual(app.stackTitles, ["Roadtrips"])
        XCTAssertTrue(store.trips.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.url.path), "nothing changed, nothing written")

        app.press(.character("a"))
        app.type("Kept")
        app.press(.enter, .character("q"))  // the new trip opened; back to the list
        app.press(.character("r"))
        app.type(" and renamed?")
        app.press(.escape)
        XCTAssertEqual(store.trips.map(\.name), ["Kept"], "Esc on the rename prompt keeps the name")
        app.press(.character("d"))
        XCTAssertTrue(app.screenContains("Delete trip \"Kept\" (0 stops)?"), app.dump)
        app.press(.character("n"))
        app.press(.character("d"), .escape)
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Kept"])
    }

    // MARK: Invalid input

    func testInvalidStopShowsInlineErrorsKeepsWhatWasTypedAndSavesNothing() throws {
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Errands")] }
        let before = try Data(contentsOf: file.url)
        let app = AppDriver(repository: store)
        app.press(.enter, .character("a"))
        // Name left empty; latitude out of range; longitude not a number; nights negative.
        app.press(.tab)
        app.type("91")
        app.press(.tab)
        app.type("east")
        app.press(.tab, .backspace)
        app.type("-1")
        app.press(.ctrl("s"))
        XCTAssertEqual(app.topTitle, "New stop", "the form stays open")
        XCTAssertEqual(app.rows(2...9), [
            " Name",
            "            Name must not be empty",
            " Latitude   91",
            "            Latitude must be between -90 and 90 (got 91.0).",
            " Longitude  east",
            "            Not a coordinate: east",
            " Nights     -1",
            "            Nights -1 is outside 0…365 (a stay of more than a year is a typo)",
        ], app.dump)
        XCTAssertEqual(app.screen[22], " Not saved: fix the fields in red")
        XCTAssertEqual(try Data(contentsOf: file.url), before, "nothing written")
        XCTAssertTrue(store.trips[0].waypoints.isEmpty)

        // Saving moved the focus to the first field in error: the name.
        XCTAssertEqual(app.terminal.cell(row: 2, column: 1).attributes, Attributes(.accent, .bold), app.dump)

        // A longitude in the latitude field is refused too.
        app.press(.tab, .ctrl("u"))
        app.type("87°W")
        app.press(.ctrl("s"))
        XCTAssertTrue(app.screenContains("Wrong hemisphere letter: 87°W"), app.dump)

        // Fixing one field clears only its own error; the others keep theirs until saved again.
        app.type("Post office")  // focus is on the name again
        XCTAssertEqual(app.screen[2], " Name       Post office", app.dump)
        XCTAssertFalse(app.screenContains("Name must not be empty"), app.dump)
        XCTAssertTrue(app.screenContains("Not a coordinate: east"), app.dump)

        // Fix the rest and save: one stop, exactly as typed.
        app.press(.tab, .ctrl("u"))
        app.type("52.52")
        app.press(.tab, .ctrl("u"))
        app.type("13.405")
        app.press(.tab, .ctrl("u"))
        app.type("0")
        app.press(.ctrl("s"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Errands"], app.dump)
        let stop = try XCTUnwrap(try file.open().trips.first?.waypoints.first)
        XCTAssertEqual(stop.name, "Post office")
        XCTAssertEqual(stop.latitude, 52.52)
        XCTAssertEqual(stop.longitude, 13.405)
    }

    func testEmptyTripNameKeepsThePromptOpenWithTheReason() throws {
        let store = try file.open()
        let app = AppDriver(repository: store)
        app.press(.character("a"))
        app.type("   ")
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "New trip", "still asking")
        XCTAssertTrue(app.screenContains("Trip name"), app.dump)
        XCTAssertTrue(store.trips.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.url.path))
        app.press(.ctrl("u"))
        app.type("  Padded  ")
        app.press(.enter)
        XCTAssertEqual(store.trips.map(\.name), ["Padded"], "trimmed")
    }

    func testStartDateAndNotes() throws {
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Coast", waypoints: [
            Waypoint(name: "Lisbon", latitude: 38.72, longitude: -9.14, nights: 2),
            Waypoint(name: "Porto", latitude: 41.15, longitude: -8.61),
        ])] }
        let app = AppDriver(repository: store)
        app.press(.enter, .character("s"))
        app.type("June 12")
        app.press(.enter)
        XCTAssertTrue(app.screenContains("\"June 12\" is not a date like 2027-06-12"), app.dump)
        app.press(.ctrl("u"))
        app.type("2027-06-12")
        app.press(.enter)
        XCTAssertEqual(app.rows(1...4), [
            // 80 columns: no room for when the trip leaves and arrives.
            " 2 stops · ≈356 km · ≈4 h 27 driving · 2 nights · 3 days · 12 Jun – 14 Jun 2027",
            " #  STOP                 LEG    NIGHTS  ARRIVES",
            " 1  Lisbon                    2 nights  Sat 12 Jun",
            " 2  Porto   ≈356 km · 4 h 27            Mon 14 Jun 13:27",
        ], app.dump)

        app.press(.character("n"))
        app.type("Pack sunscreen.")
        app.press(.enter)
        app.type("Book the train.")
        app.press(.ctrl("s"))
        XCTAssertEqual(app.screen[2], " Notes: Pack sunscreen. …", "the first line, and more follows: \(app.dump)")
        let trip = try XCTUnwrap(try file.jsonTrips().first)
        XCTAssertEqual(trip["startDate"] as? String, "2027-06-12")
        XCTAssertEqual(trip["notes"] as? String, "Pack sunscreen.\nBook the train.")
    }

    func testEditingAStopKeepsItsIdAndPlace() throws {
        let store = try file.open()
        let original = Waypoint(name: "Chicago", latitude: 41.85, longitude: -87.65, placeId: 4887398,
                                region: "Illinois", countryCode: "US")
        try store.update { $0 = [Trip(name: "Route 66", waypoints: [original])] }
        let app = AppDriver(repository: store)
        app.press(.enter, .character("e"))
        XCTAssertEqual(app.topTitle, "Edit stop")
        XCTAssertEqual(app.rows(0...12), [
            " Edit stop", "", " Name       Chicago", "", " Latitude   41.85", "", " Longitude  -87.65", "",
            " Nights     0", "", " Stay", "", " Notes",
        ], app.dump)
        app.press(.tab, .tab, .tab, .ctrl("u"))
        app.type("3")
        app.press(.tab)
        app.type("1h30")
        app.press(.tab)
        app.type("Deep dish")
        app.press(.enter)  // a new line in the notes, not a save
        XCTAssertEqual(app.topTitle, "Edit stop", app.dump)
        app.press(.backspace, .ctrl("s"))
        XCTAssertEqual(app.topTitle, "Route 66", app.dump)
        let stop = try XCTUnwrap(try file.open().trips.first?.waypoints.first)
        XCTAssertEqual(stop.id, original.id)
        XCTAssertEqual(stop.nights, 3)
        XCTAssertEqual(stop.notes, "Deep dish")
        XCTAssertEqual(stop.stayMinutes, 90)
        XCTAssertEqual(stop.placeId, 4887398, "coordinates unchanged: the place stays")
        XCTAssertEqual(stop.region, "Illinois")
    }

    // MARK: The list: filter and delete

    func testFilterNarrowsTheListAndEscClearsIt() throws {
        let store = try file.open()
        try store.update { $0 = [
            Trip(name: "Route 66", waypoints: [Waypoint(name: "Chicago", latitude: 41.85, longitude: -87.65),
                                               Waypoint(name: "Santa Monica", latitude: 34.02, longitude: -118.49)]),
            Trip(name: "Alps loop"),
            Trip(name: "Côte d'Azur"),
        ] }
        let app = AppDriver(repository: store)
        XCTAssertEqual(app.screen[0].hasSuffix("3 trips"), true, app.dump)
        app.press(.character("/"))
        app.type("cote")
        XCTAssertEqual(app.screen[0], " Roadtrips                                                   1 of 3 trips match", app.dump)
        XCTAssertEqual(tripRows(app), ["Côte d'Azur"], "case and accents ignored")
        XCTAssertEqual(app.screen[22], " /cote")
        // Letters are typed into the filter, not taken as commands (a, d, q...).
        app.press(.backspace, .backspace, .backspace, .backspace)
        app.type("santa")
        XCTAssertEqual(tripRows(app), ["Route 66"], "the route's stops match too")
        // Enter keeps the filter and leaves typing; Enter again opens the match.
        app.press(.enter)
        XCTAssertEqual(app.screen[22], " Filter: santa  (Esc clears)")
        app.press(.enter)
        XCTAssertEqual(app.topTitle, "Route 66")
        app.press(.character("q"))
        XCTAssertEqual(tripRows(app), ["Route 66"], "the filter survives a visit")
        // Esc clears a kept filter (and does not quit).
        app.press(.escape)
        XCTAssertFalse(app.didQuit)
        XCTAssertEqual(tripRows(app), ["Route 66", "Alps loop", "Côte d'Azur"])
        // No match says so.
        app.press(.character("/"))
        app.type("zzz")
        XCTAssertTrue(app.screenContains("No trip matches \"zzz\". Esc clears the filter."), app.dump)
        app.press(.escape)
        XCTAssertEqual(tripRows(app).count, 3)
    }

    func testDeleteTripAsksNamingItAndSavesAtOnce() throws {
        let store = try file.open()
        try store.update { $0 = [
            Trip(name: "First"),
            Trip(name: "Second", waypoints: [Waypoint(name: "A", latitude: 1, longitude: 1),
                                             Waypoint(name: "B", latitude: 2, longitude: 2)]),
            Trip(name: "Third"),
        ] }
        let app = AppDriver(repository: store)
        app.press(.character("j"), .character("d"))
        XCTAssertEqual(app.topTitle, "Confirm")
        XCTAssertTrue(app.screenContains("Delete trip \"Second\" (2 stops)?"), app.dump)
        app.press(.character("y"))
        XCTAssertEqual(tripRows(app), ["First", "Third"])
        XCTAssertEqual(app.screen[22], " Deleted trip \"Second\"")
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["First", "Third"])
        XCTAssertEqual(selectedTripRow(app), "Third", "the next trip takes its place")
        // Deleting every trip ends on the empty list.
        app.press(.character("d"), .character("y"), .character("d"), .character("y"))
        XCTAssertTrue(app.screenContains("No trips yet."), app.dump)
        XCTAssertEqual(try file.jsonTrips().count, 0)
        // d on an empty list does nothing.
        app.press(.character("d"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips"])
    }

    // MARK: Leaving

    func testCtrlCQuitsFromAnywhereAndSignalsEndTheRun() throws {
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Trip")] }
        let app = AppDriver(repository: store)
        app.press(.enter, .character("a"))
        app.type("Half typed")
        XCTAssertNil(app.press(.ctrl("c")), "Ctrl-C quits even from the form")

        let terminal = MemoryTerminal(rows: 24, columns: 80)
        terminal.enqueue(.character("a"))
        terminal.enqueue(typing: "Before the signal")
        terminal.enqueue(.enter)
        terminal.enqueue(event: .quit(.signal(15)))
        terminal.enqueue(.character("d"), .character("y"))
        XCTAssertEqual(RoadtripApplication.run(repository: store, places: nil, terminal: terminal).outcome, .signal(15))
        XCTAssertEqual(terminal.pendingEventCount, 2)
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Before the signal", "Trip"])
    }

    func testFirstFrameOnlyDrawsTheListAndReadsNoKey() throws {
        let store = try file.open()
        try store.update { $0 = RenderingFixtures.all }
        let terminal = MemoryTerminal(rows: 24, columns: 80)
        terminal.enqueue(.character("d"), .character("y"))
        XCTAssertEqual(RoadtripApplication.run(repository: store, places: nil, terminal: terminal,
                                               firstFrameOnly: true).outcome, .quit)
        XCTAssertEqual(terminal.pendingEventCount, 2)
        XCTAssertEqual(terminal.flushCount, 1)
        XCTAssertEqual(terminal.text(row: 2), " Route 66                      12–18 Jun 2027  5 stops  ≈3,985 km  Chicago → S…")
        XCTAssertEqual(store.trips.count, 4)
    }

    // MARK: When saving is impossible

    func testAReadOnlyFileSaysSoAndRefusesChanges() throws {
        let writer = try file.open()
        try writer.update { $0 = [Trip(name: "Mine")] }
        let reader = try file.open()  // the lock is taken: read-only
        guard case .readOnly = reader.access else { return XCTFail("second store should be read-only") }
        let app = AppDriver(repository: reader)
        XCTAssertTrue(app.screen[0].hasSuffix("1 trip · read-only"), app.dump)
        XCTAssertEqual(app.messageText, "Opened read-only: another roadtrip (pid \(getpid())) is editing \(file.url.path). "
                       + "Changes cannot be saved.", "the whole notice, wrapped: \(app.dump)")
        app.press(.character("a"))  // refused at once: no prompt to fill in first
        XCTAssertEqual(app.stackTitles, ["Roadtrips"], app.dump)
        XCTAssertTrue(app.messageText.hasPrefix("Read-only: another roadtrip (pid \(getpid())) is editing"), app.dump)
        XCTAssertEqual(reader.trips.map(\.name), ["Mine"])
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Mine"])
    }

    /// Another program rewrote the file while the app was open: the next change is kept in memory but not
    /// written over theirs; Ctrl-R (after confirming) drops it and shows the file as it is now.
    func testAFileChangedElsewhereIsNeverOverwrittenAndCtrlRReadsItAgain() throws {
        let store = try file.open()
        try store.update { $0 = [Trip(name: "Mine")] }
        let app = AppDriver(repository: store)
        let theirs = String(decoding: try Data(contentsOf: file.url), as: UTF8.self)
            .replacingOccurrences(of: "\"Mine\"", with: "\"Theirs\"")
        try Data(theirs.utf8).write(to: file.url, options: .atomic)

        app.press(.character("a"))
        app.type("New")
        app.press(.enter)
        // The whole message is on screen, wrapped: which file, what happened, and how to get out of it.
        let message = app.messageText
        XCTAssertEqual(message, "\(file.url.path) was changed by another program since it was loaded, so this change "
                       + "was not saved (it is kept until you reload). Ctrl-R on the trip list reads it again.", app.dump)
        XCTAssertEqual(app.terminal.cell(row: 22, column: 1).attributes, .error)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "New"], "the new trip opened, and says its save failed")
        app.press(.character("q"))
        XCTAssertEqual(app.screen[3], " Mine  no date  0 stops", "the list shows both")
        XCTAssertEqual(store.trips.map(\.name), ["New", "Mine"], "kept in memory")
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["Theirs"], "their file untouched")

        app.press(.ctrl("r"))
        XCTAssertEqual(app.topTitle, "Confirm")
        XCTAssertTrue(app.screenContains("│ Drop the change that could not be saved and read the file    │"), app.dump)
        app.press(.character("y"))
        XCTAssertEqual(app.screen[2].trimmingCharacters(in: .whitespaces).hasPrefix("Theirs"), true, app.dump)
        XCTAssertEqual(app.screen[22], " Read the file again; the undo history was cleared")
        app.press(.character("a"))
        app.type("After")
        app.press(.enter)
        XCTAssertEqual(try file.jsonTrips().map { $0["name"] as? String }, ["After", "Theirs"])
    }

    func testAFailedSaveIsShownAndTheChangeKeptInMemory() throws {
        let repository = InMemoryTripRepository(trips: [Trip(name: "Trip")])
        repository.failSaves = .io(path: "/x/trips.json", operation: "save", message: "No space left on device")
        let app = AppDriver(repository: repository)
        app.press(.enter, .character("a"))
        app.type("Stop")
        app.press(.tab)
        app.type("1, 2")
        app.press(.ctrl("s"))
        XCTAssertEqual(app.topTitle, "Trip", "the form closes: the change is made, only the save failed")
        XCTAssertEqual(app.messageText, "Could not save /x/trips.json: No space left on device. The file on disk is unchanged.",
                       app.dump)
        XCTAssertEqual(repository.trips[0].waypoints.map(\.name), ["Stop"])
        XCTAssertTrue(repository.hasUnsavedChanges)
        // The exit retries the save.
        repository.failSaves = nil
        let terminal = MemoryTerminal()
        terminal.enqueue(.character("q"))
        _ = RoadtripApplication.run(repository: repository, places: nil, terminal: terminal)
        XCTAssertFalse(repository.hasUnsavedChanges)
    }

    // MARK: Helpers

    /// Opens the stop form with `a`, fills the fields in order (Tab between them), and saves with Ctrl-S.
    private func addStop(_ app: AppDriver, _ fields: [String], file: StaticString = #filePath, line: UInt = #line) {
        app.press(.character("a"))
        XCTAssertEqual(app.topTitle, "New stop", app.dump, file: file, line: line)
        for (index, text) in fields.enumerated() {
            if index > 0 { app.press(.tab) }
            if text.hasPrefix("\u{7F}") {  // replace the field's text
                app.press(.ctrl("u"))
                app.type(String(text.dropFirst()))
            } else {
                app.type(text)
            }
        }
        app.press(.ctrl("s"))
        XCTAssertNotEqual(app.topTitle, "New stop", "saved: \(app.dump)", file: file, line: line)
    }

    private func stopNames(_ store: TripRepository) -> [String] {
        store.trips.first?.waypoints.map(\.name) ?? []
    }

    /// The number column of the selected row on the trip screen (drawn in the selection colour).
    private func selectedStopRow(_ app: AppDriver) -> String? {
        selectedRowText(app).map { String($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) }
    }

    private func selectedTripRow(_ app: AppDriver) -> String? {
        tripRows(app).first { name in selectedRowText(app)?.contains(name) == true }
    }

    private func selectedRowText(_ app: AppDriver) -> String? {
        let terminal = app.terminal
        for row in 0..<terminal.size.rows where terminal.cell(row: row, column: 2).attributes == .selection {
            return terminal.text(row: row)
        }
        return nil
    }

    /// Trip names in list order (rows under the header, up to the first blank row).
    private func tripRows(_ app: AppDriver) -> [String] {
        // The name is the first cell: up to the gap before the next column.
        Array(app.screen.dropFirst(2).prefix { !$0.isEmpty && !$0.hasPrefix(" /") }).map {
            String($0.dropFirst()).components(separatedBy: "  ")[0]
        }
    }
}

extension AppDriver {
    func rows(_ range: ClosedRange<Int>) -> [String] { terminal.rows(range) }

    /// The message at the bottom of the screen (it may wrap over a few rows), as one line: the rows above the
    /// status bar that are drawn in the message's colour.
    var messageText: String {
        var rows: [String] = []
        var row = terminal.size.rows - 2
        while row > 0, [Attributes.error, .accent].contains(terminal.cell(row: row, column: 1).attributes) {
            rows.insert(terminal.text(row: row).trimmingCharacters(in: .whitespaces), at: 0)
            row -= 1
        }
        return rows.joined(separator: " ")
    }
}
