import XCTest
@testable import RoadtripApp
import RoadtripCore
import TerminalUI

/// The trip screen keeps what it made for a key to the next: the formatter its rows (compared with the stops and
/// itinerary they came from) and the view each row's laid-out cells (while the row and the layout stay). Across
/// random moves, reorders, pins, reversals, undo, redo, resizes and symbol sets, what it shows must be what a
/// fresh formatter and a fresh view make of the same trip.
final class TripDetailKeptRowsTests: XCTestCase {
    func testKeptRowsAndCellsEqualFreshOnesAcrossRandomEditsUndoAndResizes() throws {
        var random = SplitMix64(seed: 23)
        let stops = (0..<30).map { (index: Int) -> Waypoint in
            let latitude = Double((index * 37) % 50) + 10, longitude = Double((index * 53) % 120) - 100
            return Waypoint(name: index % 7 == 3 ? "Ōsaka \(index) 東京" : "Stop \(index)",
                     latitude: latitude, longitude: longitude,
                     region: index % 3 == 0 ? "Region \(index)" : nil, nights: index % 5 == 4 ? 1 : 0,
                     notes: index % 5 == 0 ? "note" : "")
        }
        let trip = Trip(name: "Kept", startDate: CalendarDate("2027-06-14"), waypoints: stops)
        let repository = InMemoryTripRepository(trips: [trip])
        // Tall enough for every stop at any width (the map beside them or under them): both views draw the same rows.
        let driver = AppDriver(repository: repository, rows: 100, columns: 120)
        driver.press(Key.enter)
        let keys: [Key] = [.character("j"), .character("k"), .character("J"), .character("K"), .character("J"),
                           .character("u"), .character("U"), .character("p"), .character("R"), .character("G"),
                           .character("g"), .pageDown, .pageUp]
        for step in 0..<160 {
            if Int.random(in: 0..<6, using: &random) == 0 {
                driver.resize(rows: Int.random(in: 95...105, using: &random), columns: Int.random(in: 40...160, using: &random))
            } else {
                driver.press(keys.randomElement(using: &random)!)
            }
            let live = try XCTUnwrap(driver.app.stack.top as? TripDetailView, "step \(step)")
            let model = try XCTUnwrap(live.model)

            let shown = try XCTUnwrap(repository.trips.first)
            var formatter = TripDetailFormatter()
            formatter.format(shown, TestRoutes.estimate().itinerary(for: shown), unit: .km, access: .readWrite,
                             routing: false)
            guard model.rows.count == formatter.rows.count else { return XCTFail("step \(step): \(model.rows.count) rows") }
            if let index = model.rows.indices.first(where: { model.rows[$0] != formatter.rows[$0] }) {
                return XCTFail("step \(step), row \(index): kept \(model.rows[index]), fresh \(formatter.rows[index])")
            }

            let size = driver.terminal.size
            let symbols: Symbols = Bool.random(using: &random) ? .unicode : .ascii
            let kept = MemoryTerminal(rows: size.rows, columns: size.columns, symbols: symbols)
            let fresh = MemoryTerminal(rows: size.rows, columns: size.columns, symbols: symbols)
            let area = Rect(row: 0, column: 0, rows: size.rows - 1, columns: size.columns)
            live.render(on: kept, in: area)
            let view = TripDetailView()
            view.presenter = live.presenter
            view.show(model)
            view.render(on: fresh, in: area)
            for row in 0..<size.rows {
                let cells = (0..<size.columns).map { kept.cell(row: row, column: $0) }
                guard cells != (0..<size.columns).map({ fresh.cell(row: row, column: $0) }) else { continue }
                XCTFail("step \(step), row \(row) at \(size.columns) columns:\n\(kept.text(row: row))\n"
                        + fresh.text(row: row))
                return
            }
        }
    }
}
