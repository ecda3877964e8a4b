import Foundation
@testable import RoadtripApp
@testable import RoadtripCore  // an OvernightCandidate made by hand
import XCTest

/// Where to sleep's view logic, with a spy interactor: the search shown while it runs, Esc stops it, the towns'
/// rows, Enter inserts the selected town, nothing to offer closes with the reason, a pacing that changes nothing
/// says why without a preview.
final class OvernightPresenterTests: XCTestCase {
    private var interactor: SpyOvernightInteractor!
    private var router: SpyOvernightRouter!
    private var view: SpyOvernightView!
    private var output: SpyOvernightOutput!
    private var presenter: OvernightPresenter!
    private let trip = Trip(name: "Highlands", waypoints: [
        Waypoint(name: "London", latitude: 51.5074, longitude: -0.1278),
        Waypoint(name: "Inverness", latitude: 57.4778, longitude: -4.2247),
    ])

    private func open(_ request: OvernightRequest) {
        interactor = SpyOvernightInteractor(trip: trip)
        router = SpyOvernightRouter()
        view = SpyOvernightView()
        output = SpyOvernightOutput()
        presenter = OvernightPresenter(interactor: interactor, router: router, settings: TestRoutes.settings(),
                                       request: request)
        presenter.view = view
        presenter.output = output
        presenter.viewWillAppear()
    }

    private func candidate(_ name: String, before: Double, after: Double, added: Double) -> OvernightCandidate {
        OvernightCandidate(place: Place(id: 1, name: name, asciiName: name, admin1: "England", countryCode: "GB",
                                        countryName: "United Kingdom", latitude: 54.5, longitude: -1.9, population: 7_000,
                                        timezone: "Europe/London"),
                           day: 1, leg: 0, fromStop: trip.waypoints[0].id, toStop: trip.waypoints[1].id,
                           addedSeconds: added, beforeSeconds: before, afterSeconds: after, offRoadKm: 2)
    }

    func testTheTownsOfTheSelectedDayAndEnterInsertsTheChosenOne() {
        open(.towns(day: 0))
        presenter.viewWillAppear()
        XCTAssertEqual(interactor.townSearches.count, 1, "one search")
        XCTAssertEqual(view.models.last, OvernightViewModel(title: "Where to sleep on day 1",
                                                            state: .working("Looking for towns along day 1…")))
        let towns = [candidate("Barnard Castle", before: 21_360, after: 21_300, added: 900),
                     candidate("Reeth", before: 20_040, after: 21_780, added: 0)]
        interactor.townSearches[0].found(.success(DayOvernights(day: 1, drivingSeconds: 41_760, exceedsLimit: true,
                                                                candidates: towns, isRestDay: false)))
        XCTAssertEqual(view.models.last?.state, .towns(heading: "Day 1 drives 11 h 36, over the limit. End it at:",
                                                       rows: ["Barnard Castle · +15 min · 5 h 56 then 5 h 55",
                                                              "Reeth · +0 min · 5 h 34 then 6 h 03"]))
        presenter.didRequestApply(row: 1)
        XCTAssertEqual(interactor.inserted.map(\.place.name), ["Reeth"])
        XCTAssertEqual(output.messages, [.info("Added a night at \"Reeth\", stop 2")])
        XCTAssertEqual(router.closed, 1)
    }

    func testNoTownAlongTheDaySaysSo() {
        open(.towns(day: 0))
        interactor.townSearches[0].found(.success(DayOvernights(day: 1, drivingSeconds: 30_000, exceedsLimit: true,
                                                                candidates: [], isRestDay: false)))
        XCTAssertEqual(output.messages, [.info("No town along day 1's road.")])
        XCTAssertEqual(router.closed, 1)
    }

    func testNoGazetteerSaysWhy() {
        open(.towns(day: 0))
        interactor.townSearches[0].found(.failure(OvernightFailure(message: "Place search is off: no towns to suggest.")))
        XCTAssertEqual(output.messages, [.error("Place search is off: no towns to suggest.")])
    }

    func testEscWhileSearchingStopsItAndAfterwardsCloses() {
        open(.pace)
        XCTAssertEqual(view.models.last?.title, "Pace: Highlands")
        presenter.didRequestCancel()
        XCTAssertEqual(interactor.cancelled, 1)
        XCTAssertEqual(output.messages, [.info("Stopped: the trip is unchanged.")])
        XCTAssertTrue(interactor.inserted.isEmpty)
    }
}

private final class SpyOvernightInteractor: OvernightInteractorInput {
    let trip: Trip
    var townSearches: [(day: Int, found: (Result<DayOvernights, OvernightFailure>) -> Void)] = []
    var paces: [(Result<PacePreview, OvernightFailure>) -> Void] = []
    var cancelled = 0
    var inserted: [OvernightCandidate] = []

    init(trip: Trip) {
        self.trip = trip
    }

    func loadTrip() -> Trip? { trip }
    func towns(day index: Int, of trip: Trip, found: @escaping (Result<DayOvernights, OvernightFailure>) -> Void) {
        townSearches.append((index, found))
    }
    func pace(_ trip: Trip, found: @escaping (Result<PacePreview, OvernightFailure>) -> Void) { paces.append(found) }
    func cancel() { cancelled += 1 }
    func insert(_ candidate: OvernightCandidate) throws -> ChangeDescription {
        inserted.append(candidate)
        return .addOvernight(2, candidate.place.name)
    }
    func apply(_ pacing: TripPacing) throws -> ChangeDescription { .pace(pacing.before.name, nights: pacing.inserted.count) }
}

private final class SpyOvernightRouter: OvernightRouterInput {
    var closed = 0
    func close() { closed += 1 }
}

private final class SpyOvernightView: OvernightViewInput {
    var models: [OvernightViewModel] = []
    func show(_ model: OvernightViewModel) { models.append(model) }
}

private final class SpyOvernightOutput: OvernightModuleOutput {
    var messages: [StatusMessage] = []
    func overnightModule(didFinish message: StatusMessage) { messages.append(message) }
}
