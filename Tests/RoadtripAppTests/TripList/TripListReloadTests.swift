import XCTest
@testable import RoadtripApp
import RoadtripCore

/// Ctrl-R on the trip list, against a real file changed behind the app's back.
final class TripListReloadTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testAChangeElsewhereIsNeverOverwrittenAndReloadShowsIt() throws {
        let file = directory.appendingPathComponent("trips.json")
        let store = try TripStore.open(at: file)
        let view = SpyTripListView(), router = SpyTripListRouter()
        // Wired as the builder wires it: the reload reaches the list through the feed, as it reaches every screen.
        let feed = ChangeFeed(), history = ChangeHistory(store, feed: feed)
        let presenter = TripListPresenter(interactor: TripListInteractor(repository: history, routes: TestRoutes.estimate(),
                                                                         history: history),
                                          router: router, settings: TestRoutes.settings())
        presenter.subscription = feed.subscribe { [weak presenter] in presenter?.dataDidChange($0) }
        presenter.view = view
        presenter.viewWillAppear()
        presenter.didRequestAdd()
        XCTAssertNil(router.prompts.last?.submit("Mine"))

        // Another program (an editor, a sync tool) rewrites the file.
        let theirs = try TripDocument.encode(TripDocument(trips: [Trip(name: "Theirs")]))
        try theirs.write(to: file)

        presenter.didRequestAdd()
        XCTAssertNil(router.prompts.last?.submit("Second"))
        XCTAssertEqual(view.last.message?.kind, .error)
        XCTAssertTrue(view.last.message?.text.contains("Ctrl-R") ?? false, view.last.message?.text ?? "")
        XCTAssertEqual(try Data(contentsOf: file), theirs, "their version is untouched")

        presenter.didRequestReload()
        XCTAssertEqual(router.confirmations.last?.question,
                       "Drop the change that could not be saved and read the file again?")
        router.confirmations.last?.onConfirm()
        XCTAssertEqual(view.last.rows.map(\.name), ["Theirs"])
        XCTAssertEqual(view.last.message, .info("Read the file again; the undo history was cleared"))
    }
}
