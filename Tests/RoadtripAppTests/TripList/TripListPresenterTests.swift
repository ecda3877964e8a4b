import XCTest
@testable import RoadtripApp
import RoadtripCore

final class TripListPresenterTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var view: SpyTripListView!
    private var router: SpyTripListRouter!
    private var presenter: TripListPresenter!

    override func setUp() {
        repository = InMemoryTripRepository(trips: [
            Trip(name: "Route 66", waypoints: [
                Waypoint(name: "Chicago", latitude: 41.85, longitude: -87.65),
                Waypoint(name: "St. Louis", latitude: 38.63, longitude: -90.2),
                Waypoint(name: "Santa Monica", latitude: 34.02, longitude: -118.49),
            ]),
            Trip(name: "Zürich weekend", waypoints: [Waypoint(name: "Zürich", latitude: 47.37, longitude: 8.55)]),
            Trip(name: "Empty"),
        ])
        view = SpyTripListView()
        router = SpyTripListRouter()
        presenter = TripListPresenter(interactor: TripListInteractor(repository: repository, routes: TestRoutes.estimate()), router: router, settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
    }

    func testRowsAreFormatted() {
        XCTAssertEqual(view.last.title, "Roadtrips")
        XCTAssertEqual(view.last.subtitle, "3 trips")
        XCTAssertEqual(view.last.rows[0].stops, "3 stops")
        XCTAssertEqual(view.last.rows[0].distance, "≈3,891 km", "2,993 km of great circle × 1.3")
        XCTAssertEqual(view.last.rows[0].route, "Chicago → Santa Monica")
        XCTAssertEqual(view.last.rows[1].stops, "1 stop")
        XCTAssertEqual(view.last.rows[1].distance, "")
        XCTAssertEqual(view.last.rows[1].route, "Zürich")
        XCTAssertEqual(view.last.rows[2].stops, "0 stops")
        XCTAssertEqual(view.last.selectedIndex, 0)
        XCTAssertNil(view.last.emptyText)
    }

    /// Each row has the trip's dates, the start plus its nights; the start of the id only on the rows of trips that
    /// share a name (case aside), and only while they do.
    func testRowsHaveDatesAndTheIdWhereANameIsShared() throws {
        let stops = [Waypoint(name: "Tokyo", latitude: 35.69, longitude: 139.69, nights: 9),
                     Waypoint(name: "Osaka", latitude: 34.69, longitude: 135.5)]
        let first = Trip(name: "Japan", startDate: CalendarDate("2027-12-30"), waypoints: stops)
        let second = Trip(name: "JAPAN", startDate: CalendarDate("2028-06-12"), waypoints: stops)
        repository = InMemoryTripRepository(trips: [first, second, Trip(name: "Route 66")])
        presenter = TripListPresenter(interactor: TripListInteractor(repository: repository, routes: TestRoutes.estimate()),
                                      router: router, settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
        XCTAssertEqual(view.last.rows.map(\.dates), ["30 Dec 2027 – 8 Jan 2028", "12–21 Jun 2028", "no date"])
        XCTAssertEqual(view.last.rows.map(\.shortID), [String(first.id.uuidString.prefix(8)),
                                                       String(second.id.uuidString.prefix(8)), ""])
        presenter.didMoveSelection(to: 1)
        presenter.didRequestRename()
        XCTAssertNil(router.prompts.last?.submit("Japan in June"))
        XCTAssertEqual(view.last.rows.map(\.shortID), ["", "", ""], "no two trips share a name any more")
    }

    func testEmptyStateExplainsHowToStart() {
        repository = InMemoryTripRepository()
        presenter = TripListPresenter(interactor: TripListInteractor(repository: repository, routes: TestRoutes.estimate()), router: router, settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
        XCTAssertEqual(view.last.emptyText, "No trips yet. Press a to plan one, ? for help.")
        XCTAssertNil(view.last.selectedIndex)
        presenter.didRequestOpen()
        presenter.didRequestDelete()
        XCTAssertTrue(router.openedDetails.isEmpty)
        XCTAssertTrue(router.confirmations.isEmpty)
    }

    func testSelectionIsClampedAndOpensTheSelectedTrip() {
        presenter.didMoveSelection(to: 99)
        XCTAssertEqual(view.last.selectedIndex, 2)
        presenter.didMoveSelection(to: -3)
        XCTAssertEqual(view.last.selectedIndex, 0)
        presenter.didMoveSelection(to: 1)
        presenter.didRequestOpen()
        XCTAssertEqual(router.openedDetails, [repository.trips[1].id])
    }

    func testAddPromptsAndSelectsTheNewTripAtTheTop() throws {
        presenter.didMoveSelection(to: 2)
        presenter.didRequestAdd()
        XCTAssertEqual(router.prompts.last?.title, "New trip")
        XCTAssertEqual(router.prompts.last?.submit("   "), "Trip name must not be empty", "prompt stays open")
        XCTAssertNil(router.prompts.last?.submit("Alps"))
        XCTAssertEqual(view.last.rows.map(\.name).first, "Alps")
        XCTAssertEqual(view.last.selectedIndex, 0)
        // Once the prompt has closed and the list shows again, the new trip opens, saying it was made.
        presenter.viewWillAppear()
        XCTAssertEqual(router.openedDetails, [try XCTUnwrap(repository.trips.first { $0.name == "Alps" }).id])
        XCTAssertEqual(router.openedMessages, ["Created trip \"Alps\""])
    }

    func testRenameOffersTheCurrentName() {
        presenter.didMoveSelection(to: 1)
        presenter.didRequestRename()
        XCTAssertEqual(router.prompts.last?.initial, "Zürich weekend")
        XCTAssertNil(router.prompts.last?.submit("Zürich long weekend"))
        XCTAssertEqual(view.last.rows[1].name, "Zürich long weekend")
        XCTAssertEqual(view.last.selectedIndex, 1)
    }

    func testDeleteAsksNamingTheTripAndKeepsThePosition() {
        presenter.didMoveSelection(to: 1)
        presenter.didRequestDelete()
        XCTAssertEqual(router.confirmations.last?.question, "Delete trip \"Zürich weekend\" (1 stop)?")
        XCTAssertEqual(repository.trips.count, 3, "nothing happens before yes")
        router.confirmations.last?.onConfirm()
        XCTAssertEqual(view.last.rows.map(\.name), ["Route 66", "Empty"])
        XCTAssertEqual(view.last.selectedIndex, 1, "the next trip takes the deleted one's place")
    }

    func testFilterNarrowsIgnoringCaseAndAccentsAndEscClears() {
        presenter.didStartFilter()
        presenter.didChangeFilter("zuri")
        XCTAssertEqual(view.last.rows.map(\.name), ["Zürich weekend"])
        XCTAssertEqual(view.last.subtitle, "1 of 3 trips match")
        XCTAssertEqual(view.last.selectedIndex, 0)
        presenter.didChangeFilter("monica")
        XCTAssertEqual(view.last.rows.map(\.name), ["Route 66"], "stops match too")
        presenter.didChangeFilter("nowhere")
        XCTAssertEqual(view.last.emptyText, "No trip matches \"nowhere\". Esc clears the filter.")
        presenter.didEndFilter(keep: false)
        XCTAssertEqual(view.last.rows.count, 3)
        XCTAssertNil(view.last.filter)
    }

    /// Issue 9, item 1: `boise`, stop 4 of 9, matched nothing when only the first and last stops were searched.
    func testFilterFindsAStopInTheMiddleOfATrip() {
        let names = ["Portland", "Bend", "Burns", "Boise", "Twin Falls", "Pocatello", "Idaho Falls", "Jackson", "Cody"]
        repository = InMemoryTripRepository(trips: [
            Trip(name: "Northwest", waypoints: names.enumerated().map {
                Waypoint(name: $1, latitude: 44, longitude: -120 + Double($0))
            }),
            Trip(name: "Alps loop", waypoints: [Waypoint(name: "Zürich", latitude: 47.37, longitude: 8.55)]),
        ])
        presenter = TripListPresenter(interactor: TripListInteractor(repository: repository, routes: TestRoutes.estimate()),
                                      router: router, settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
        presenter.didStartFilter()
        presenter.didChangeFilter("boise")
        XCTAssertEqual(view.last.rows.map(\.name), ["Northwest"])
        presenter.didChangeFilter("POCATELLO")
        XCTAssertEqual(view.last.rows.map(\.name), ["Northwest"])
        presenter.didChangeFilter("boise pocatello")
        XCTAssertEqual(view.last.rows.map(\.name), [], "a match never spans two stops")
    }

    func testKeptFilterIsClearedByBackBeforeLeaving() {
        presenter.didStartFilter()
        presenter.didChangeFilter("route")
        presenter.didEndFilter(keep: true)
        XCTAssertEqual(view.last.filter, .init(text: "route", isEditing: false))
        presenter.didRequestBack()
        XCTAssertNil(view.last.filter)
        XCTAssertEqual(router.closed, 0)
        presenter.didRequestBack()
        XCTAssertEqual(router.closed, 1)
    }

    func testSaveFailureIsShownAndTheChangeKept() {
        repository.failSaves = .io(path: "/data/trips.json", operation: "save", message: "No space left on device")
        presenter.didRequestAdd()
        XCTAssertNil(router.prompts.last?.submit("Precious"), "the prompt closes: the name was fine")
        XCTAssertEqual(view.last.message?.kind, .error)
        XCTAssertTrue(view.last.message?.text.contains("No space left on device") ?? false)
        XCTAssertEqual(view.last.rows.first?.name, "Precious")
    }

    func testStoreNoticeIsShownOnce() {
        let file = InMemoryTripRepository.FileState()
        file.notices = [.openedReadOnly(reason: "another roadtrip is editing this file")]
        repository.file = file
        repository.access = .readOnly(reason: "another roadtrip is editing this file")
        presenter = TripListPresenter(interactor: TripListInteractor(repository: repository, routes: TestRoutes.estimate()), router: router, settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
        XCTAssertEqual(view.last.message, .info("Opened read-only: another roadtrip is editing this file. Changes cannot be saved."))
        XCTAssertEqual(view.last.subtitle, "3 trips · read-only")
        presenter.didMoveSelection(to: 1)
        presenter.viewWillAppear()
        XCTAssertNil(view.last.message)
    }
}
