import XCTest
@testable import RoadtripApp
import RoadtripCore

/// The trip screen's presenter with the `V` dialog (issue 37): the keys it offers follow the trip, a choice is one
/// change with its message, and the header's note and total follow the trip's vehicle and the settings' prices.
final class TripDetailVehiclePresenterTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var view: SpyTripDetailView!
    private var router: SpyTripDetailRouter!
    private var presenter: TripDetailPresenter!
    private var settings: LiveSettings!

    override func setUp() {
        let trip = Trip(name: "Fjords", waypoints: [
            Waypoint(name: "Oslo", latitude: 59.91, longitude: 10.75, nights: 1),
            Waypoint(name: "Bergen", latitude: 60.39, longitude: 5.32, nights: 1),
        ])
        repository = InMemoryTripRepository(trips: [trip])
        view = SpyTripDetailView()
        router = SpyTripDetailRouter()
        var current = Settings()
        (current.router, current.consumptionPer100km, current.fuelPrice, current.travellers) = (.estimate, 10, 2, 2)
        settings = LiveSettings(current)
        presenter = TripDetailPresenter(interactor: TripDetailInteractor(tripID: trip.id, repository: repository),
                                        router: router, routes: TestRoutes.estimate(settings), settings: settings)
        presenter.view = view
        presenter.viewWillAppear()
    }

    func testTheDialogsKeysFollowTheTripAndEachChoiceIsOneChange() throws {
        presenter.didRequestVehicle()
        XCTAssertEqual(router.choices.last?.title, "Vehicle and roads")
        XCTAssertEqual(router.choices.last?.keys, ["v", "m", "f", "t", "u"], "nothing of the trip's own to clear")
        router.choices.last?.onChoice("t")
        XCTAssertEqual(repository.trips[0].avoid, [.tolls])
        XCTAssertEqual(view.last.message, .info("Avoiding tolls on \"Fjords\" (the estimate cannot avoid tolls)"))
        XCTAssertEqual(view.last.header.vehicleNote, "no tolls")

        presenter.didRequestVehicle()
        XCTAssertEqual(router.choices.last?.keys, ["v", "m", "f", "t", "u", "x"])
        router.choices.last?.onChoice("v")
        XCTAssertEqual(repository.trips[0].vehicle, TripVehicle(kind: .campervan))
        XCTAssertEqual(view.last.header.vehicleNote, "campervan · no tolls")
        presenter.didRequestVehicle()
        router.choices.last?.onChoice("x")
        XCTAssertNil(repository.trips[0].vehicle)
        XCTAssertNil(repository.trips[0].avoid)
        XCTAssertNil(view.last.header.vehicleNote)
        XCTAssertEqual(view.last.message, .info("Using the settings' vehicle and roads on \"Fjords\""))
    }

    /// ≈399.6 km at 10 l/100 km and €2 a litre: €79.91, €39.95 each of two; a campervan of the trip's own has no
    /// consumption (the settings' is a car's), so its fuel is not known; two nights at €50 are.
    func testTheSummaryHasTheTotalAndFollowsTheTripsVehicle() throws {
        XCTAssertEqual(view.last.summary, "2 stops · ≈400 km · ≈5 h driving · 2 nights · 3 days · ≈ €79.91 · €39.95 each")
        presenter.didRequestVehicle()
        router.choices.last?.onChoice("v")
        XCTAssertEqual(view.last.summary, "2 stops · ≈400 km · ≈5 h driving · 2 nights · 3 days")
        settings.current.lodgingPerNight = 50
        presenter.dataDidChange(.arrived(LateArrival([.settings])))
        XCTAssertEqual(view.last.summary, "2 stops · ≈400 km · ≈5 h driving · 2 nights · 3 days · ≈ €100 + fuel ? · €50 each")
    }
}
