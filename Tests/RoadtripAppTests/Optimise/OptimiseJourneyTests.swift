import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// `o` in the whole app on a memory terminal: the preview over the trip screen at 80x24 and 40x12, Enter applies
/// the order it shows (one undo step), Esc keeps the old one, the module is freed when it closes, a trip with
/// nothing to move says so.
final class OptimiseJourneyTests: XCTestCase {
    /// Twelve Finnish towns, scrambled, each `(name, latitude, longitude)`.
    static let scrambled: [(String, Double, Double)] = [
        ("Helsinki", 60.17, 24.94), ("Tampere", 61.50, 23.76), ("Porvoo", 60.39, 25.66), ("Oulu", 65.01, 25.47),
        ("Turku", 60.45, 22.27), ("Kuopio", 62.89, 27.68), ("Lahti", 60.98, 25.66), ("Jyväskylä", 62.24, 25.75),
        ("Vaasa", 63.10, 21.62), ("Kotka", 60.47, 26.95), ("Pori", 61.48, 21.80), ("Rovaniemi", 66.50, 25.73),
    ]
    private var trip = Trip(name: "Suomi", waypoints: scrambled.map { Waypoint(name: $0.0, latitude: $0.1, longitude: $0.2) })

    private func app(rows: Int = 24, columns: Int = 80) -> AppDriver {
        AppDriver(repository: InMemoryTripRepository(trips: [trip]), rows: rows, columns: columns)
    }

    /// Lets the search's answer reach the loop (it is posted from another thread), up to 10 s.
    private func waitFor(_ text: String, in app: AppDriver) throws {
        let deadline = Date().addingTimeInterval(10)
        while !app.screenContains(text), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            app.app.runPosted()
            app.app.render()
        }
        if !app.screenContains(text) { throw NotShown(description: "\"\(text)\" within 10 s: \(app.dump)") }
    }

    private struct NotShown: Error, CustomStringConvertible {
        let description: String
    }

    private var names: [String] { trip.waypoints.map(\.name) }

    /// The new order as the preview lists it: the rows under "NEW ORDER", the name after the number (and where it was).
    private func shownOrder(_ app: AppDriver) -> [String] {
        let screen = app.screen
        guard let header = screen.firstIndex(where: { $0.contains("NEW ORDER") }) else { return [] }
        let column = screen[header].range(of: "NEW ORDER")!.lowerBound.utf16Offset(in: screen[header])
        return screen[(header + 1)...].prefix { $0.contains("│") && !$0.contains("[Enter]") }.map { line in
            String(String(line.utf16.dropFirst(column))!.prefix { $0 != "│" }).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    /// The answer line the preview's key table makes.
    private func answers(_ app: AppDriver) -> String {
        (app.app.stack.top as? PreviewView)?.keys.answerLine(width: .max) ?? "no preview"
    }

    func testThePreviewShowsTheSavingAndEnterAppliesTheOrderItShowsAndUUndoesIt() throws {
        let app = app()
        app.press(.enter, .character("o"))
        try waitFor("A new order saves", in: app)
        XCTAssertEqual(app.topTitle, "Optimise: Suomi", app.dump)
        XCTAssertTrue(app.statusLine.contains("Enter apply  Esc keep"), app.dump)
        XCTAssertTrue(app.screenContains("(proven best)"), app.dump)
        for text in ["DISTANCE", "DRIVING", "DAYS", "OVER 8 H", "before", "after", "change", answers(app)] {
            XCTAssertTrue(app.screenContains(text), "\(text): \(app.dump)")
        }
        let order = shownOrder(app)
        XCTAssertEqual(order.count, 12, "every stop fits at 80x24: \(app.dump)")
        XCTAssertEqual(order.first, "Helsinki")
        XCTAssertEqual(order.last, "Rovaniemi", "the last stop stays")
        XCTAssertEqual(Set(order), Set(names))
        XCTAssertNotEqual(order, names)

        app.press(.enter)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Suomi"], app.dump)
        XCTAssertTrue(app.screenContains("Reordered the 12 stops of \"Suomi\" for the least driving"), app.dump)
        XCTAssertEqual(app.repository.trips[0].waypoints.map(\.name), order, "the order the preview showed")
        app.press(.character("u"))
        XCTAssertEqual(app.repository.trips[0].waypoints.map(\.name), names, "one undo step: \(app.dump)")
    }

    func testEscKeepsTheOldOrderAndTheModuleIsFreed() throws {
        let app = app()
        app.press(.enter, .character("o"))
        try waitFor("A new order saves", in: app)
        weak var view = app.app.stack.top as? PreviewView
        XCTAssertNotNil(view)
        app.press(.escape)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Suomi"], app.dump)
        XCTAssertTrue(app.screenContains("The order is unchanged."), app.dump)
        XCTAssertEqual(app.repository.trips[0].waypoints.map(\.name), names)
        XCTAssertNil(view, "the preview's module is freed once closed")
    }

    func testAt40x12TheSavingTheTotalsAndTheKeysStayAndTheOrderScrolls() throws {
        let app = app(rows: 12, columns: 40)
        app.press(.enter, .character("o"))
        try waitFor("A new order saves", in: app)
        XCTAssertTrue(app.screenContains("OVER 8 H"), "the days over the limit keep their column: \(app.dump)")
        XCTAssertTrue(app.screenContains(answers(app)), app.dump)
        XCTAssertTrue(app.screenContains("1–1 of 12 ↑↓"), app.dump)
        XCTAssertTrue(app.screenContains("Helsinki"), app.dump)
        app.press(.character("G"))
        XCTAssertTrue(app.screenContains("12–12 of 12 ↑↓"), app.dump)
        XCTAssertTrue(app.screenContains("Rovaniemi"), app.dump)
        // Nothing drawn past the box: every row is the box's or the bottom line.
        for row in app.screen.prefix(11) {
            XCTAssertTrue(row.hasPrefix("┌") || row.hasPrefix("│") || row.hasPrefix("└"), app.dump)
        }
    }

    func testStopsAlreadyInTheBestOrderAreSaidSoWithoutAPreview() throws {
        trip.waypoints = [trip.waypoints[0], trip.waypoints[6], trip.waypoints[11]]  // Helsinki, Lahti, Rovaniemi
        let app = app()
        app.press(.enter, .character("o"))
        try waitFor("best order", in: app)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Suomi"], app.dump)
        XCTAssertTrue(app.screenContains("The stops are already in the best order (proven)."), app.dump)
    }

    func testTwoStopsHaveNothingToReorder() {
        trip.waypoints = Array(trip.waypoints.prefix(2))
        let app = app()
        app.press(.enter, .character("o"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Suomi"], app.dump)
        XCTAssertTrue(app.screenContains("\"Suomi\" has 2 stops: nothing to reorder between its first and last."), app.dump)
    }
}
