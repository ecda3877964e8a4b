import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Data that arrives after the first frame reaches every screen through one event: the trip list, the trip's
/// screen and the command line agree once it is in.
final class LateDataJourneyTests: XCTestCase {
    /// Ullapool → Portree's line crosses the sea lochs and the Inner Sound: ≈106 km on the straight line's estimate,
    /// ≈147 km round them by land once the shorelines are in and the leg is measured. The list showed 106 for as long
    /// as one waited; it follows the arrivals now, as the trip screen does.
    func testTheTripListAndTheTripScreenFollowTheShorelines() throws {
        let map = try BaseMap.loadBundled()
        let gate = DispatchSemaphore(value: 0)
        let water = WaterCrossing { gate.wait(); return map }
        let trip = Trip(name: "Minch", waypoints: [Waypoint(name: "Ullapool", latitude: 57.8953, longitude: -5.1607),
                                                   Waypoint(name: "Portree", latitude: 57.4125, longitude: -6.1961)])
        let terminal = MemoryTerminal(rows: 24, columns: 100)
        let session = RoadtripApplication.makeSession(repository: InMemoryTripRepository(trips: [trip]), places: nil,
                                                      terminal: terminal, water: water)
        let app = session.app
        app.render()
        XCTAssertTrue(terminal.screenText.contains { $0.contains("≈106 km") }, terminal.screenText.joined(separator: "\n"))
        session.late.start()
        gate.signal()
        XCTAssertTrue(session.late.ready(for: [.shorelines], timeout: 30))
        app.runPosted()
        app.render()
        // The loop never searches the water: the leg is measured on the water queue, whose answer arrives in turn.
        XCTAssertTrue(terminal.screenText.contains { $0.contains("≈106 km") }, terminal.screenText.joined(separator: "\n"))
        let end = Date().addingTimeInterval(30)
        while !terminal.screenText.contains(where: { $0.contains("≈147 km") }) && Date() < end {
            usleep(1_000)
            app.runPosted()
            app.render()
        }
        XCTAssertTrue(terminal.screenText.contains { $0.contains("≈147 km") }, terminal.screenText.joined(separator: "\n"))
        app.handle(.enter)
        app.render()
        XCTAssertTrue(terminal.screenText.contains { $0.contains("≈147 km") && !$0.contains("crosses") },
                      terminal.screenText.joined(separator: "\n"))
    }

    /// The door keeps each input's load until it starts, and the loads report back to it: none of that may keep a
    /// session (its trips, its file's lock) alive once the run is over, started or not.
    func testASessionIsFreedWithItsLateData() {
        weak var late: LateData?
        weak var context: AppContext?
        for start in [false, true] {
            do {
                let session = RoadtripApplication.makeSession(
                    repository: InMemoryTripRepository(trips: []), places: PlaceIndexLoader(startNow: false),
                    baseMap: BaseMapLoader(startNow: false), terminal: MemoryTerminal(rows: 10, columns: 40),
                    water: WaterCrossing { nil })
                if start { session.late.ready(for: [.shorelines, .baseMap], timeout: 30) }
                (late, context) = (session.late, session.context)
            }
            // A load's last report may still be returning on its thread.
            let end = Date().addingTimeInterval(5)
            while late != nil && Date() < end { usleep(1_000) }
            XCTAssertNil(late, "started: \(start)")
            XCTAssertNil(context, "started: \(start)")
        }
    }
}
