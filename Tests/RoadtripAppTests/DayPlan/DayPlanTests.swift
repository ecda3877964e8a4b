import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The day-by-day plan as its own screen (`v`): it opens on the day of the selected stop, Enter goes back to the
/// stops on where that day ends, it follows changes made elsewhere (units, undo), and it is freed when left.
final class DayPlanTests: XCTestCase {
    private func app() -> AppDriver {
        AppDriver(repository: InMemoryTripRepository(trips: [RenderingFixtures.route66]), rows: 30, columns: 100)
    }

    func testItOpensOnTheSelectedStopsDayAndLeavesOnTheSelectedDaysFirstStop() {
        let app = app()
        // Tulsa is reached on Mon 14 Jun, the third day.
        app.press(.enter, .character("j"), .character("j"), .character("v"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Route 66", "Route 66 · days"])
        XCTAssertNotNil(app.app.stack.top as? DayPlanView)
        // Wed 16 Jun is spent at Santa Monica: back on the stops, the cursor is there.
        app.press(.character("j"), .character("j"), .escape)
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Route 66"], app.dump)
        XCTAssertTrue(app.screenContains("─ 5 Santa Monica"), "Wed 16 Jun is a day at Santa Monica: \(app.dump)")
        // Sun 13 Jun drives Chicago → St. Louis: its first stop is St. Louis, whichever key leaves.
        for key in [Key.enter, .character("v"), .character("q")] {
            app.press(.character("v"), .character("g"), .character("j"), key)
            XCTAssertTrue(app.screenContains("─ 2 St. Louis"), "\(key): \(app.dump)")
            app.press(.character("g"))
        }
        // Tue 15 Jun drives Tulsa → Santa Monica via Amarillo: Amarillo.
        app.press(.character("v"), .character("g"), .character("j"), .character("j"), .character("j"), .enter)
        XCTAssertTrue(app.screenContains("─ 4 Amarillo"), app.dump)
    }

    func testTheFirstDayLeavesOnTheFirstStop() {
        let app = app()
        app.press(.enter, .character("G"), .character("v"), .character("g"), .escape)
        XCTAssertTrue(app.screenContains("─ 1 Chicago"), app.dump)
    }

    func testItFollowsTheSettingsAndAnUndoMadeElsewhere() throws {
        let app = app()
        app.press(.enter, .character("v"))
        XCTAssertTrue(app.screenContains("≈544 km · 6 h 48"), app.dump)
        app.context.settingsService.apply({ var settings = app.context.settings.current; settings.units = .mi; return settings }())
        _ = app.runQueued()
        XCTAssertTrue(app.screenContains("≈338 mi · 6 h 48"), app.dump)
        // A change on the trip screen, undone from the days: the plan shows the undo and says so.
        app.press(.escape, .character("R"), .character("v"))
        XCTAssertTrue(app.screenContains("Santa Monica → Tulsa via Amar"), app.dump)
        try XCTUnwrap(app.context.history).undo()
        _ = app.runQueued()
        XCTAssertTrue(app.screenContains("Chicago → St. Louis"), app.dump)
        XCTAssertTrue(app.screenContains("Undid: reverse"), app.dump)
    }

    func testTheModuleIsFreedWhenLeft() {
        let app = app()
        app.press(.enter, .character("v"))
        weak var view = app.app.stack.top as? DayPlanView
        weak var presenter = view?.presenter as? DayPlanPresenter
        XCTAssertNotNil(presenter)
        app.press(.character("q"))
        XCTAssertEqual(app.stackTitles, ["Roadtrips", "Route 66"])
        XCTAssertNil(view)
        XCTAssertNil(presenter)
    }
}
