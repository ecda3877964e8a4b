import XCTest
@testable import RoadtripApp
import RoadtripCore

/// A file from a newer roadtrip whose trips this one cannot read: the empty list says so rather than invite the
/// user to plan a trip that could not be saved.
final class TripListNewerFileTests: XCTestCase {
    private var file: TemporaryTripFile!
    private let expected = "This file was written by a newer roadtrip (schema 7); it is open read-only."

    override func setUpWithError() throws {
        file = try TemporaryTripFile()
        try Data(#"{"schemaVersion": 7, "trips": {"format": "something new"}}"#.utf8).write(to: file.url)
    }

    func testEmptyListSaysTheFileIsANewerRoadtripsAndReadOnly() throws {
        let view = SpyTripListView()
        let presenter = TripListPresenter(interactor: TripListInteractor(repository: try file.open(),
                                                                         routes: TestRoutes.estimate()),
                                          router: SpyTripListRouter(), settings: TestRoutes.settings())
        presenter.view = view
        presenter.viewWillAppear()
        XCTAssertEqual(view.last.emptyText, expected)
    }

    func testTheAppShowsIt() throws {
        let app = AppDriver(repository: try file.open(), columns: 100)
        XCTAssertTrue(app.screenContains(expected), app.dump)
        XCTAssertFalse(app.screenContains("No trips yet"), app.dump)
    }
}
