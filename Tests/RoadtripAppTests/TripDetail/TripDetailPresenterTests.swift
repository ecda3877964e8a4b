import XCTest
@testable import RoadtripApp
import RoadtripCore

final class TripDetailPresenterTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var view: SpyTripDetailView!
    private var router: SpyTripDetailRouter!
    private var presenter: TripDetailPresenter!
    private var tripID: Trip.ID!

    override func setUp() {
        let trip = Trip(name: "Route 66", startDate: CalendarDate("2027-06-12"), notes: "Get your kicks.\nMore.",
                        waypoints: [
                            Waypoint(name: "Chicago", latitude: 41.85, longitude: -87.65, region: "Illinois",
                                     countryCode: "US", nights: 1),
                            Waypoint(name: "St. Louis", latitude: 38.63, longitude: -90.2, nights: 2, notes: "Arch"),
                            Waypoint(name: "Tulsa", latitude: 36.15, longitude: -95.99),
                        ])
        tripID = trip.id
        repository = InMemoryTripRepository(trips: [trip])
        view = SpyTripDetailView()
        router = SpyTripDetailRouter()
        presenter = TripDetailPresenter(interactor: TripDetailInteractor(tripID: trip.id, repository: repository),
                                        router: router, routes: TestRoutes.estimate(), settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
    }

    private var names: [String] { view.last.rows.map(\.name) }

    func testSummaryLegsNightsAndArrivalDays() {
        XCTAssertEqual(view.last.title, "Route 66")
        // 418.5 + 581.0 km of great circle, estimated × 1.3 at 80 km/h.
        XCTAssertEqual(view.last.summary,
                       "3 stops · ≈1,299 km · ≈16 h 14 driving · 3 nights · 4 days · 12 Jun – 15 Jun 2027 · leaves Sun 13 Jun "
                       + "09:00 · arrives Tue 15 Jun 19:56")
        XCTAssertEqual(view.last.rows.map(\.leg), ["", "≈544 km · 6 h 48", "≈755 km · 9 h 26"])
        XCTAssertEqual(view.last.rows.map(\.nights), ["1 night", "2 nights", ""])
        // The year is in the summary's dates: the trip stays within 2027.
        XCTAssertEqual(view.last.rows.map(\.arrival), ["Sat 12 Jun", "Sun 13 Jun 16:33", "Tue 15 Jun 19:56"])
        XCTAssertEqual(view.last.preview, .init(title: "1 Chicago", place: "Illinois, US · 41.8500, -87.6500",
                                                stay: "Sat 12 Jun · 1 night · leave Sun 13 Jun 09:00", dark: nil, notes: ""))
        presenter.didMoveSelection(to: 1)
        XCTAssertEqual(view.last.preview, .init(title: "2 St. Louis", place: "38.6300, -90.2000",
                                                stay: "Sun 13 Jun · arrive 16:33 · 1 rest · 2 nights · leave Tue 15 Jun 09:00",
                                                dark: nil, notes: "Arch"))
        XCTAssertEqual(view.last.rows[0].place, "Illinois, US")
        XCTAssertEqual(view.last.rows.map(\.hasNotes), [false, true, false])
        XCTAssertEqual(view.last.notesPreview, "Get your kicks.")
        XCTAssertEqual(view.last.selectedIndex, 1)
    }

    /// A trip that reached memory without validation (nights are bounded everywhere else) must still draw:
    /// sums saturate, arrival days beyond the calendar say so instead of repeating the start date.
    func testHugeStaysNeitherCrashNorArriveOnTheStartDate() {
        let huge = Trip(name: "Big", startDate: CalendarDate("2027-06-12"), waypoints: [
            Waypoint(name: "A", latitude: 1, longitude: 1, nights: .max),
            Waypoint(name: "B", latitude: 1, longitude: 2, nights: .max),
            Waypoint(name: "C", latitude: 1, longitude: 3, nights: 100_000_000),
        ])
        let presenter = TripDetailPresenter(
            interactor: TripDetailInteractor(tripID: huge.id, repository: InMemoryTripRepository(trips: [huge])),
            router: router, routes: TestRoutes.estimate(), settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
        XCTAssertEqual(view.last.rows.map(\.arrival), ["Sat 12 Jun 2027", "after 9999", "after 9999"])
    }

    func testReverseTurnsTheTripAroundKeepingTheSelectedStop() {
        presenter.didMoveSelection(to: 1)
        presenter.didRequestReverse()
        XCTAssertEqual(names, ["Tulsa", "St. Louis", "Chicago"])
        XCTAssertEqual(view.last.selectedIndex, 1, "St. Louis stays selected")
        XCTAssertEqual(view.last.message, .info("Reversed the 3 stops of \"Route 66\""))
        XCTAssertEqual(repository.trips[0].waypoints.map(\.name), ["Tulsa", "St. Louis", "Chicago"])
    }

    func testMoveDownAndUpTheSelectionFollowsAndLegsUpdate() {
        presenter.didRequestMoveStop(by: 1)
        XCTAssertEqual(names, ["St. Louis", "Chicago", "Tulsa"])
        XCTAssertEqual(view.last.selectedIndex, 1)
        XCTAssertEqual(view.last.rows.map(\.leg), ["", "≈544 km · 6 h 48", "≈1,247 km · 15 h 35"])
        presenter.didRequestMoveStop(by: 1)
        presenter.didRequestMoveStop(by: 1)
        XCTAssertEqual(names, ["St. Louis", "Tulsa", "Chicago"], "moving past the end does nothing")
        XCTAssertEqual(view.last.selectedIndex, 2)
        presenter.didRequestMoveStop(by: -1)
        XCTAssertEqual(names, ["St. Louis", "Chicago", "Tulsa"])
        XCTAssertEqual(repository.trips[0].waypoints.map(\.name), names, "saved at once")
    }

    func testAddOpensTheFormAndInsertsAfterTheSelection() {
        presenter.didMoveSelection(to: 1)
        presenter.didRequestAddStop()
        XCTAssertNil(router.forms.last?.editing)
        XCTAssertEqual(router.forms.last?.near?.name, "St. Louis")
        let springfield = Waypoint(name: "Springfield", latitude: 37.2, longitude: -93.3)
        XCTAssertNil(router.output?.waypointModule(didSave: springfield))
        XCTAssertEqual(names, ["Chicago", "St. Louis", "Springfield", "Tulsa"])
        XCTAssertEqual(view.last.selectedIndex, 2)
        XCTAssertEqual(view.last.message, .info("Added stop 3 \"Springfield\""))
    }

    func testEditReplacesTheStop() {
        presenter.didMoveSelection(to: 2)
        presenter.didRequestEditStop()
        var tulsa = router.forms.last!.editing!
        XCTAssertEqual(tulsa.name, "Tulsa")
        XCTAssertEqual(router.forms.last?.near?.name, "St. Louis")
        tulsa.nights = 4
        XCTAssertNil(router.output?.waypointModule(didSave: tulsa))
        XCTAssertEqual(view.last.rows[2].nights, "4 nights")
        XCTAssertEqual(names.count, 3)
    }

    func testDeleteConfirmsAndSelectsTheNextStop() {
        presenter.didMoveSelection(to: 1)
        presenter.didRequestDeleteStop()
        XCTAssertEqual(router.confirmations.last?.question, "Delete stop 2 \"St. Louis\"?")
        router.confirmations.last?.onConfirm()
        XCTAssertEqual(names, ["Chicago", "Tulsa"])
        XCTAssertEqual(view.last.rows[1].name, "Tulsa")
        XCTAssertEqual(view.last.selectedIndex, 1)
    }

    func testStartDateAndRenamePromptsValidate() {
        presenter.didRequestStartDate()
        XCTAssertEqual(router.prompts.last?.initial, "2027-06-12")
        XCTAssertEqual(router.prompts.last?.submit("next week"), "\"next week\" is not a date like 2027-06-12")
        XCTAssertNil(router.prompts.last?.submit(""))
        XCTAssertEqual(view.last.summary, "3 stops · ≈1,299 km · ≈16 h 14 driving · 3 nights · 4 days")
        XCTAssertEqual(view.last.rows.map(\.arrival), ["Day 1", "Day 2 16:33", "Day 4 19:56"], "without a date, the day's number")
        presenter.didRequestRename()
        XCTAssertEqual(router.prompts.last?.submit(String(repeating: "x", count: 201)),
                       "Trip name is 201 characters long; the limit is 200")
        XCTAssertNil(router.prompts.last?.submit("Mother Road"))
        XCTAssertEqual(view.last.title, "Mother Road")
    }

    func testNotesEditor() {
        presenter.didRequestNotes()
        XCTAssertEqual(router.editors.last?.initial, "Get your kicks.\nMore.")
        XCTAssertNil(router.editors.last?.submit("Line one\nLine two"))
        XCTAssertEqual(repository.trips[0].notes, "Line one\nLine two")
        XCTAssertEqual(view.last.notesPreview, "Line one")
    }

    func testEmptyTripAndDeletedTrip() throws {
        for id in repository.trips[0].waypoints.map(\.id) {
            try TripDetailInteractor(tripID: tripID, repository: repository).deleteStop(id)
        }
        presenter.viewWillAppear()
        XCTAssertEqual(view.last.emptyText, "No stops yet. Press a to add the first one.")
        XCTAssertEqual(view.last.summary, "0 stops · starts Sat 12 Jun 2027")
        presenter.didRequestDeleteStop()
        presenter.didRequestMoveStop(by: 1)
        XCTAssertTrue(router.confirmations.isEmpty)
        try TripCatalog(repository: repository).delete(tripID)
        presenter.viewWillAppear()
        XCTAssertEqual(router.closed, 1, "a trip deleted elsewhere closes its screen")
    }
}
