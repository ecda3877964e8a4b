@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Each screen's key table is what its keys do, what its help lists and what its status bar offers.
final class ScreenKeysTests: XCTestCase {
    /// Every key a screen could be sent (the mouse aside).
    static let candidateKeys: [Key] = {
        let printable = (33...126).map { Key.character(Character(UnicodeScalar(UInt8($0)))) } + [.character(" ")]
        let control = "abdefghklnoprstuvwxyz".map { Key.ctrl($0) }
        let special: [Key] = [.up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .ctrlUp, .ctrlDown,
                              .ctrlLeft, .ctrlRight, .home, .end, .pageUp, .pageDown, .insert, .tab, .backTab, .enter,
                              .escape, .backspace, .delete]
        return printable + control + special + (1...12).map { Key.function($0) } + [.paste("q"), .paste("a\nd")]
    }()

    /// Every screen, each reached with keys from a fresh app (the first stop selected), and the keys its table binds.
    private static let screens: [(name: String, path: [Key], bound: [Key])] = [
        ("trip list", [], TripListView.keys.rows.flatMap(\.keys)),
        ("trip", [.enter], TripDetailView.keys.rows.flatMap(\.keys)),
        ("days", [.enter, .character("v")], DayPlanView.keys.rows.flatMap(\.keys)),
        ("map", [.enter, .character("m")], TripMapView.keys.rows.flatMap(\.keys)),
        ("settings", [.character("s")], SettingsView.keys.rows.flatMap(\.keys)),
    ]

    private func app(_ keys: [Key], rows: Int = 24, columns: Int = 80, readOnly: Bool = false) -> AppDriver {
        let repository = InMemoryTripRepository(trips: [RenderingFixtures.route66])
        if readOnly { repository.access = .readOnly(reason: "another roadtrip (pid 42) is editing /tmp/trips.json") }
        let app = AppDriver(repository: repository, rows: rows, columns: columns)
        if !keys.isEmpty { app.terminal.enqueue(keys: keys); app.runQueued() }
        return app
    }

    /// A screen uses exactly the keys of its table: every other key is left to the application.
    func testEachScreenHandlesExactlyTheKeysOfItsTable() {
        for (name, path, bound) in Self.screens {
            XCTAssertFalse(bound.isEmpty, name)
            let title = app(path).topTitle
            for key in Self.candidateKeys {
                let fresh = app(path)  // the screens hold their context unowned: the driver must outlive the key
                XCTAssertEqual(fresh.topTitle, title, "\(name): not reached")
                XCTAssertEqual(fresh.app.stack.top!.handle(key) == .handled, bound.contains(key), "\(name): \(key)")
            }
        }
    }

    /// The stop form takes every key: its table's keys act (the stack changes, or the field is left as it was),
    /// every other key is the focused field's, as it would be in a bare field.
    func testTheStopFormsTableKeysActAndEveryOtherKeyIsTyped() {
        let bound = WaypointView.keys.rows.flatMap(\.keys)
        let typed = "ab cd"
        for key in Self.candidateKeys {
            let form = app([.enter, .character("a")] + typed.map { .character($0) })
            XCTAssertEqual(form.topTitle, "New stop", form.dump)
            XCTAssertEqual(form.app.stack.top!.handle(key), .handled, "\(key)")
            form.app.render()
            let name = form.screen[2].trimmingCharacters(in: .whitespaces)
            if bound.contains(key) {
                XCTAssertTrue(form.topTitle != "New stop" || name == "Name       " + typed, "\(key): \(form.dump)")
            } else {
                let field = TextField(text: typed)
                field.handle(key)
                XCTAssertEqual(form.topTitle, "New stop", "\(key): \(form.dump)")
                XCTAssertEqual(name, ("Name       " + field.text).trimmingCharacters(in: .whitespaces), "\(key)")
            }
        }
    }

    func testTheStatusBarComesFromTheTableAndKeepsHelp() {
        let trip = app([.enter])
        XCTAssertEqual(trip.statusLine, " Route 66 │ a add  e edit  d delete  J K move  v days  m map  n notes  ? help")
        let days = app([.enter, .character("v")])
        XCTAssertEqual(days.statusLine, " Route 66 · days │ v stops  s sleep  P pace  a along  C charge  ? help")
        let narrow = app([.enter], rows: 15, columns: 60)
        XCTAssertTrue(narrow.statusLine.hasSuffix("? help"), narrow.statusLine)
    }

    /// The trip help used to cut `Shift-↓ Shift…` and list `q` twice; each line is whole now at 80x24, and the
    /// application's `q` and Esc are not listed beside the screen's own.
    func testHelpAt80x24CutsNothingAndListsEachKeyOnce() {
        let cases: [(String, [Key])] = [
            ("trip list", [.character("?")]), ("trip", [.enter, .character("?")]),
            ("days", [.enter, .character("v"), .character("?")]), ("settings", [.character("s"), .character("?")]),
            ("stop form", [.enter, .character("a"), .function(1)]),
        ]
        for (name, keys) in cases {
            let app = self.app(keys)
            XCTAssertTrue(app.app.stack.top is HelpOverlay, "\(name): \(app.dump)")
            // Inside the box only: the screen behind it may clip its own text.
            let box = app.screen.compactMap { line -> Substring? in
                guard let left = line.firstIndex(of: "│"), let right = line.lastIndex(of: "│"), left < right else { return nil }
                return line[left...right]
            }.joined(separator: "\n")
            XCTAssertFalse(box.contains("…"), "\(name): \(app.dump)")
            let overlay = app.app.stack.top as! HelpOverlay
            for key in ["q", "Esc", "?"] {
                let listed = overlay.entries.filter { $0.keys.split(separator: " ").contains(Substring(key)) }
                XCTAssertLessThanOrEqual(listed.count, 1, "\(name): \(key) listed twice")
            }
        }
        let days = app([.enter, .character("v"), .character("?")])
        XCTAssertTrue(days.screenContains("┌ Help: Route 66 · days "), "the help says it is the days': \(days.dump)")
        let trip = app([.enter, .character("?")])
        XCTAssertTrue(trip.screenContains("J Shift-↓"), trip.dump)
        XCTAssertTrue(trip.screenContains("move the stop down"), trip.dump)
    }

    /// `?` and `q` are typed into the stop form's fields: its help does not offer them, and shows the field's
    /// keys in full.
    func testTheStopFormsHelpListsItsFieldKeysAndNotTheTypedOnes() {
        let app = self.app([.enter, .character("a"), .function(1)], rows: 24, columns: 80)
        let overlay = app.app.stack.top as! HelpOverlay
        let keys = overlay.entries.flatMap { $0.keys.split(separator: " ") }
        XCTAssertFalse(keys.contains("?"), app.dump)
        XCTAssertFalse(keys.contains("q"), app.dump)
        for text in ["Ctrl-U", "delete to the start", "Ctrl-K", "delete to the end", "Ctrl-W", "F1", "Ctrl-C"] {
            XCTAssertTrue(app.screenContains(text), "\(text): \(app.dump)")
        }
    }

    /// Read-only: every editing key says so at once, opens nothing and changes nothing; the others still work.
    func testEveryEditingKeyIsRefusedAtOnceWhenReadOnly() {
        let cases: [(String, [Key], [KeyTable<TripListView>.Row], [KeyTable<TripDetailView>.Row])] = [
            ("trip list", [], TripListView.keys.rows.filter(\.edits), []),
            ("trip", [.enter], [], TripDetailView.keys.rows.filter(\.edits)),
        ]
        for (name, path, listRows, tripRows) in cases {
            let keys = listRows.flatMap(\.keys) + tripRows.flatMap(\.keys)
            XCTAssertFalse(keys.isEmpty, name)
            for key in keys {
                let app = self.app(path, readOnly: true)
                let before = app.stackTitles
                app.press(key)
                XCTAssertEqual(app.stackTitles, before, "\(name) \(key): \(app.dump)")
                XCTAssertTrue(app.screenContains("Read-only: another roadtrip (pid 42) is editing"), "\(name) \(key): \(app.dump)")
                XCTAssertEqual(app.repository.trips.first?.waypoints.map(\.name), RenderingFixtures.route66.waypoints.map(\.name))
            }
        }
        let app = self.app([.enter], readOnly: true)
        XCTAssertTrue(app.screen[0].hasSuffix("read-only"), app.dump)
        app.press(.character("v"))
        XCTAssertTrue(app.screenContains("DAY"), "looking is not editing: \(app.dump)")
    }

    func testANewTripOpensOnceNamedReadyForA() {
        let app = self.app([])
        app.press(.character("a"))
        app.type("Pacific Coast")
        app.press(.enter)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Pacific Coast"], app.dump)
        app.press(.character("a"))
        XCTAssertEqual(app.topTitle, "New stop", app.dump)
        app.press(.escape, .escape)
        XCTAssertEqual(app.stackTitles, ["Roadtrips"], app.dump)
        XCTAssertEqual(app.screen[2].trimmingCharacters(in: .whitespaces).hasPrefix("Pacific Coast"), true, app.dump)
    }
}

/// Text fields use the width there is.
final class FieldWidthTests: XCTestCase {
    func testAtTwoHundredColumnsALongNameIsWhollyInView() {
        let app = RenderingFixtures.app(rows: 60, columns: 200, trips: [RenderingFixtures.route66])
        app.press(.enter, .character("a"))
        let name = String(repeating: "Santa Monica Pier ", count: 8) + "end"  // 147 columns
        app.type(name)
        XCTAssertEqual(app.screen[2], " Name       " + name, app.dump)
        app.press(.escape, .character("y"), .character("r"), .end)  // End keeps the offered name to add to
        app.type(" " + name)
        XCTAssertTrue(app.screenContains("Route 66 " + name), "the prompt widens for it: \(app.dump)")
    }
}
