import XCTest
@testable import RoadtripApp
import RoadtripCore

/// The trip screen reuses the rows of stops that did not change: after any change its rows must equal those
/// of a presenter that formats the trip from scratch.
final class TripDetailRowReuseTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var view: SpyTripDetailView!
    private var router: SpyTripDetailRouter!
    private var presenter: TripDetailPresenter!
    private var tripID: Trip.ID!

    override func setUp() {
        let stops = (0..<12).map { index in
            Waypoint(name: "Stop \(index)", latitude: Double(index) * 1.5, longitude: Double(index % 5) * 2.25,
                     region: index % 3 == 0 ? "Region \(index)" : nil, nights: index % 4,
                     notes: index % 5 == 0 ? "note" : "")
        }
        let trip = Trip(name: "Long", startDate: CalendarDate("2027-02-25"), waypoints: stops)
        tripID = trip.id
        repository = InMemoryTripRepository(trips: [trip])
        view = SpyTripDetailView()
        router = SpyTripDetailRouter()
        presenter = makePresenter()
        presenter.view = view
        presenter.viewWillAppear()
    }

    private func makePresenter() -> TripDetailPresenter {
        TripDetailPresenter(interactor: TripDetailInteractor(tripID: tripID, repository: repository), router: router,
                            routes: TestRoutes.estimate(), settings: TestRoutes.settings())
    }

    private func assertSameAsFresh(_ step: String, file: StaticString = #filePath, line: UInt = #line) {
        let freshView = SpyTripDetailView()
        let fresh = makePresenter()
        fresh.view = freshView
        fresh.viewWillAppear()
        XCTAssertEqual(view.last.rows, freshView.last.rows, step, file: file, line: line)
        XCTAssertEqual(view.last.summary, freshView.last.summary, step, file: file, line: line)
        XCTAssertEqual(view.last.notesPreview, freshView.last.notesPreview, step, file: file, line: line)
    }

    func testRowsAfterReordersEditsAndDateChangesEqualFreshOnes() throws {
        presenter.didMoveSelection(to: 3)
        presenter.didRequestMoveStop(by: 1)
        assertSameAsFresh("moved down")
        presenter.didRequestMoveStop(by: -1)
        presenter.didRequestMoveStop(by: -1)
        assertSameAsFresh("moved up twice")
        XCTAssertEqual(view.last.rows[2].name, "Stop 3")

        var stop = repository.trips[0].waypoints[5]
        stop.nights = 9
        stop.latitude += 1
        XCTAssertNil(presenter.waypointModule(didSave: stop))
        assertSameAsFresh("nights and position of a stop edited")

        presenter.didRequestStartDate()
        XCTAssertNil(router.prompts.last?.submit("2028-12-30"))
        assertSameAsFresh("start date changed")
        XCTAssertEqual(view.last.rows[0].arrival, "Sat 30 Dec 2028")
        presenter.didRequestStartDate()
        XCTAssertNil(router.prompts.last?.submit(""))
        assertSameAsFresh("start date removed")
        // Later than the plain estimate's Day 7 21:15: the stops run from the Gulf of Guinea inland, and the legs
        // from the sea to the coast cross water (`WaterCrossing`); a night before it reached after midnight moves
        // the days after it by one.
        XCTAssertEqual(view.last.rows[4].arrival, "Day 9 02:17")

        presenter.didMoveSelection(to: 0)
        presenter.didRequestDeleteStop()
        router.confirmations.last?.onConfirm()
        assertSameAsFresh("first stop deleted")
        XCTAssertEqual(view.last.rows.first?.number, "1")
        XCTAssertEqual(view.last.rows.first?.leg, "")
    }

    /// The legs reaching each stop compared where they lie, and the daylight's answers dropped in place: after a
    /// reorder, its undo and a stop renamed, the rows and every leg's dark equal a fresh presenter's.
    func testRowsAndDarkLegsAfterAReorderItsUndoAndARenameEqualFreshOnes() throws {
        let freshDark = { () -> [TripDaylight.Dark?] in
            let freshView = SpyTripDetailView()
            let fresh = self.makePresenter()
            fresh.view = freshView
            fresh.viewWillAppear()
            return (0..<freshView.last.rows.count).map { freshView.last.daylight.dark(reaching: $0) }
        }
        // Every leg's dark asked first, as drawing every row does: kept answers are what must go when stale.
        let kept = { (0..<self.view.last.rows.count).map { self.view.last.daylight.dark(reaching: $0) } }
        XCTAssertEqual(kept(), freshDark())
        XCTAssertTrue(kept().contains { $0 != nil }, "a leg ends in the dark, or the check proves nothing")

        // Stop 3 after stop 4: stop 5's row keeps its stop, but not the leg reaching it.
        presenter.didMoveSelection(to: 3)
        presenter.didRequestMoveStop(by: 1)
        assertSameAsFresh("moved down")
        XCTAssertEqual(kept(), freshDark(), "moved down")
        presenter.didRequestUndo()
        assertSameAsFresh("undone")
        XCTAssertEqual(kept(), freshDark(), "undone")

        var stop = repository.trips[0].waypoints[4]
        stop.name = "Renamed stop, a longer name"
        XCTAssertNil(presenter.waypointModule(didSave: stop))
        assertSameAsFresh("renamed")
        XCTAssertEqual(view.last.rows[4].name, "Renamed stop, a longer name")
        XCTAssertEqual(kept(), freshDark(), "renamed")
    }
}
