import XCTest
@testable import RoadtripApp
import RoadtripCore

/// The trip list keeps its rows, filter keys and column widths from one change to the next (`TripListRows`): what
/// it shows after a change must be what a list built from nothing shows.
final class TripListRowsTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var view: SpyTripListView!
    private var router: SpyTripListRouter!
    private var presenter: TripListPresenter!

    private func open(_ trips: [Trip]) {
        repository = InMemoryTripRepository(trips: trips)
        (view, router) = (SpyTripListView(), SpyTripListRouter())
        presenter = Self.presenter(repository, view, router)
    }

    private static func presenter(_ repository: TripRepository, _ view: SpyTripListView,
                                  _ router: SpyTripListRouter) -> TripListPresenter {
        let presenter = TripListPresenter(interactor: TripListInteractor(repository: repository, routes: TestRoutes.estimate()),
                                          router: router, settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
        return presenter
    }

    private static func trip(_ name: String, _ stops: [String] = ["Oslo", "Bergen"]) -> Trip {
        Trip(name: name, waypoints: stops.enumerated().map { Waypoint(name: $1, latitude: 60, longitude: 5 + Double($0)) })
    }

    private func rename(row: Int, to name: String) {
        presenter.didMoveSelection(to: row)
        presenter.didRequestRename()
        XCTAssertNil(router.prompts.last?.submit(name))
    }

    private func deleteRow(_ row: Int) {
        presenter.didMoveSelection(to: row)
        presenter.didRequestDelete()
        router.confirmations.last?.onConfirm()
    }

    private var nameWidth: Int { view.last.widest[0] }

    func testALongerNameWidensTheColumnAndTheWidestGoneNarrowsIt() {
        open([Self.trip("Short"), Self.trip("Medium name"), Self.trip("The longest trip name")])
        XCTAssertEqual(nameWidth, 21)
        rename(row: 0, to: "A name longer than any other")
        XCTAssertEqual(nameWidth, 28, "renamed wider")
        rename(row: 0, to: "Short again")
        XCTAssertEqual(nameWidth, 21, "the widest renamed back: the next widest")
        deleteRow(2)
        XCTAssertEqual(view.last.rows.map(\.name), ["Short again", "Medium name"])
        XCTAssertEqual(nameWidth, 11, "the widest trip deleted")
        XCTAssertEqual(view.last.widest, Self.widest(view.last.rows))
    }

    func testTheFilterFindsARenamedTripByItsNewNameOnly() {
        open([Self.trip("Alpine loop", ["Bern", "Chur", "Zermatt"]), Self.trip("Fjords")])
        rename(row: 0, to: "Glacier express")
        presenter.didStartFilter()
        presenter.didChangeFilter("glacier")
        XCTAssertEqual(view.last.rows.map(\.name), ["Glacier express"])
        presenter.didChangeFilter("alpine")
        XCTAssertEqual(view.last.rows.map(\.name), [])
        presenter.didChangeFilter("chur")
        XCTAssertEqual(view.last.rows.map(\.name), ["Glacier express"], "a stop between the first and the last")
    }

    private static func trips(_ count: Int) -> [Trip] {
        (0..<count).map { Self.trip("Trip \($0)", ["Stop \($0)", "Middle \($0 % 7)", "End \($0)"]) }
    }

    /// The rows, the widths and a filter's matches of a list built from nothing on the same trips.
    private func assertLikeAFreshList(_ step: String, filter: String = "middle 3", line: UInt = #line) {
        let fresh = SpyTripListView()
        let freshPresenter = Self.presenter(repository, fresh, SpyTripListRouter())
        XCTAssertEqual(view.last.rows, fresh.last.rows, step, line: line)
        XCTAssertEqual(view.last.widest, fresh.last.widest, step, line: line)
        XCTAssertEqual(view.last.widest, Self.widest(fresh.last.rows), step, line: line)
        for presenter in [presenter!, freshPresenter] {
            presenter.didStartFilter()
            presenter.didChangeFilter(filter)
        }
        XCTAssertEqual(view.last.rows, fresh.last.rows, "\(step), filtered", line: line)
        XCTAssertFalse(fresh.last.rows.isEmpty, "the filter finds trips", line: line)
        presenter.didEndFilter(keep: false)
    }

    /// Changes that touch one trip each, and trips that come to share a name and stop sharing it: after each, the
    /// list is a fresh list.
    func testAfterEachChangeTheListIsAFreshList() {
        open(Self.trips(1_000))
        let steps: [(String, () -> Void)] = [
            ("a new trip of a name taken", { self.presenter.didRequestAdd(); XCTAssertNil(self.router.prompts.last?.submit("Trip 5")) }),
            ("renamed longer", { self.rename(row: 700, to: "A much longer name than the others had") }),
            ("deleted", { self.deleteRow(999) }),
            ("a name no longer shared", { self.rename(row: 0, to: "Weekend") }),
            ("the widest deleted", { self.deleteRow(700) }),
        ]
        for (step, change) in steps {
            change()
            assertLikeAFreshList(step)
        }
        XCTAssertEqual(view.last.rows.count, 999)
        XCTAssertEqual(nameWidth, 8, "the longer name went with its trip")
    }

    /// The benchmark's list: 100,000 trips and one new one.
    func testAHundredThousandTripsAndANewOneAreAFreshList() {
        open(Self.trips(100_000))
        presenter.didRequestAdd()
        XCTAssertNil(router.prompts.last?.submit("Trip 5"))
        XCTAssertEqual(view.last.rows.count, 100_001)
        assertLikeAFreshList("a new trip")
    }

    func testTripsSharingANameShowTheirIdsOnlyWhileTheyDo() {
        open([Self.trip("Japan"), Self.trip("Route 66"), Self.trip("Alps")])
        rename(row: 2, to: "JAPAN")
        XCTAssertEqual(view.last.rows.map { !$0.shortID.isEmpty }, [true, false, true])
        XCTAssertEqual(view.last.widest[1], 8)
        deleteRow(0)
        XCTAssertEqual(view.last.rows.map(\.shortID), ["", ""])
        XCTAssertEqual(view.last.widest[1], 0, "the id column goes")
    }

    private static func widest(_ rows: [TripListViewModel.Row]) -> [Int] {
        (0..<TripListViewModel.Row.columns).map { column in TableLayout.widest(rows.map { $0.cells[column] }) }
    }
}
