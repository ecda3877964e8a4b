import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// Each builder wires its module (view → presenter, and the presenter's keys reach the repository through the
/// interactor and the stack through the router; presenter.view and the form's output weak), and the module is
/// freed once the screen leaves the stack.
final class BuilderTests: XCTestCase {
    private var repository: InMemoryTripRepository!
    private var terminal: MemoryTerminal!
    private var app: Application!
    private var context: AppContext!
    private var tripID: Trip.ID!
    private var quitCount = 0

    override func setUp() {
        let trip = Trip(name: "Route 66", waypoints: [
            Waypoint(name: "Chicago", latitude: 41.85, longitude: -87.65),
            Waypoint(name: "Tulsa", latitude: 36.15, longitude: -95.99),
        ])
        tripID = trip.id
        repository = InMemoryTripRepository(trips: [trip])
        terminal = MemoryTerminal(rows: 24, columns: 80)
        app = Application(terminal: terminal)
        let settings = TestRoutes.settings()
        context = AppContext(repository: repository, settings: settings, routes: TestRoutes.estimate(settings),
                             feed: ChangeFeed(), late: LateData(), places: nil, stack: app.stack) { [unowned self] in
            quitCount += 1
        }
    }

    override func tearDown() {
        context = nil
        app = nil
        terminal = nil
        repository = nil
    }

    // MARK: Wiring

    func testTripListIsWired() throws {
        let view = try XCTUnwrap(TripListBuilder.build(context: context) as? TripListView)
        let presenter = try XCTUnwrap(view.presenter as? TripListPresenter)
        XCTAssertTrue(presenter.view === view)
        XCTAssertEqual(view.title, "Roadtrips")
        app.stack.push(view)
        app.render()
        XCTAssertTrue(terminal.screenText.contains { $0.contains("Route 66") }, "the repository's trips: \(terminal.screenText)")
        app.handle(.enter)
        XCTAssertEqual(app.stack.screens.map(\.title), ["Roadtrips", "Route 66"], "the router opens the trip")
    }

    func testQOnTheRootScreenQuitsThroughTheContextAndElsewhereCloses() {
        app.stack.push(TripListBuilder.build(context: context))
        app.stack.push(TripDetailBuilder.build(tripID: tripID, context: context))
        app.handle(.character("q"))
        XCTAssertEqual(app.stack.count, 1, "q on the trip pops it")
        XCTAssertEqual(quitCount, 0)
        app.handle(.character("q"))
        XCTAssertEqual(quitCount, 1, "q on the root asks the app to quit")
        XCTAssertEqual(app.stack.count, 1, "the root stays for the final frame")
    }

    func testTripDetailIsWired() throws {
        let view = try XCTUnwrap(TripDetailBuilder.build(tripID: tripID, context: context) as? TripDetailView)
        let presenter = try XCTUnwrap(view.presenter as? TripDetailPresenter)
        XCTAssertTrue(presenter.view === view)
        // The view shows its trip once on the stack, and its keys change that trip in the repository.
        app.stack.push(view)
        XCTAssertEqual(view.title, "Route 66")
        app.handle(.shiftDown)
        XCTAssertEqual(repository.trips[0].waypoints.map(\.name), ["Tulsa", "Chicago"])
        app.handle(.character("d"))
        XCTAssertEqual(app.stack.count, 2, "the router asks over the trip")
        app.handle(.escape)
        XCTAssertTrue(app.stack.top === view)
    }

    func testWaypointFormIsWiredWithAWeakOutput() throws {
        let output = SpyWaypointOutput()
        let stop = repository.trips[0].waypoints[1]
        let view = try XCTUnwrap(WaypointBuilder.build(editing: stop, after: repository.trips[0].waypoints[0], before: nil,
                                                        output: output, context: context) as? WaypointView)
        let presenter = try XCTUnwrap(view.presenter as? WaypointPresenter)
        XCTAssertTrue(presenter.view === view)
        XCTAssertTrue(presenter.output === output)
        app.stack.push(TripListBuilder.build(context: context))  // the form is never the root: closing it pops it
        app.stack.push(view)
        XCTAssertEqual(view.title, "Edit stop")
        app.handle(.function(1))
        XCTAssertTrue(app.stack.top is HelpOverlay, "the router shows the form's help")
        app.handle(.escape)
        XCTAssertTrue(app.stack.top === view)
        app.handle(.escape)
        XCTAssertFalse(app.stack.screens.contains { $0 === view }, "the router closes the untouched form")

        // The form does not keep whoever receives its result alive.
        weak var weakOutput: SpyWaypointOutput?
        do {
            let transient = SpyWaypointOutput()
            weakOutput = transient
            _ = WaypointBuilder.build(editing: nil, after: nil, before: nil, output: transient, context: context)
        }
        XCTAssertNil(weakOutput)
    }

    func testTheStackIsTheOnlyOwnerWhileAScreenIsShown() {
        app.stack.push(TripListBuilder.build(context: context))
        let parts = ModuleParts(app.stack.top!)
        XCTAssertTrue(parts.allAlive, "kept alive by the stack alone: \(parts)")
    }

    // MARK: Freed after pop

    func testTripListIsFreedAfterPop() {
        app.stack.push(TripListBuilder.build(context: context))
        let parts = ModuleParts(app.stack.top!)
        XCTAssertTrue(parts.allAlive)
        app.stack.pop()
        XCTAssertTrue(parts.allFreed, "\(parts)")
    }

    func testTripDetailIsFreedAfterPop() {
        app.stack.push(TripListBuilder.build(context: context))
        app.stack.push(TripDetailBuilder.build(tripID: tripID, context: context))
        let parts = ModuleParts(app.stack.top!)
        XCTAssertTrue(parts.allAlive)
        app.stack.pop()
        XCTAssertTrue(parts.allFreed, "\(parts)")
        XCTAssertEqual(app.stack.count, 1)
    }

    func testWaypointFormIsFreedAfterPopAndLeavesTheTripAlive() {
        app.stack.push(TripListBuilder.build(context: context))
        app.stack.push(TripDetailBuilder.build(tripID: tripID, context: context))
        let detail = ModuleParts(app.stack.top!)
        app.stack.push(context.buildWaypointForm(nil, nil, nil, detail.presenter as! WaypointModuleOutput))
        let form = ModuleParts(app.stack.top!)
        XCTAssertTrue(form.allAlive)
        app.stack.pop()
        XCTAssertTrue(form.allFreed, "\(form)")
        XCTAssertTrue(detail.allAlive, "the trip screen stays")
        app.stack.pop()
        XCTAssertTrue(detail.allFreed, "\(detail)")
    }

    /// The way a person leaves each screen, with dialogs opened and closed on the way (their callbacks capture
    /// presenters weakly), through the real key handling.
    func testEveryModuleIsFreedAfterLeavingItWithKeys() {
        let driver = AppDriver(repository: repository)
        let list = ModuleParts(driver.app.stack.top!)
        driver.press(.enter)
        let detail = ModuleParts(driver.app.stack.top!)
        XCTAssertTrue(detail.view is TripDetailView)
        // A prompt, a confirmation and the notes editor, each cancelled.
        driver.press(.character("r"), .escape, .character("d"), .character("n"), .character("n"), .escape)
        driver.press(.character("e"))
        let edit = ModuleParts(driver.app.stack.top!)
        XCTAssertTrue(edit.view is WaypointView)
        // Changed, then Esc → "discard?" → y (Tab first: it closes the name's place search answer).
        driver.type("x")
        driver.press(.tab, .escape, .character("y"))
        XCTAssertTrue(edit.allFreed, "form after discard: \(edit)")
        // A new stop saved through the module output.
        driver.press(.character("a"))
        let add = ModuleParts(driver.app.stack.top!)
        driver.type("Joplin")
        driver.press(.tab)
        driver.type("37.08, -94.51")
        driver.press(.ctrl("s"))
        XCTAssertTrue(add.allFreed, "form after save: \(add)")
        XCTAssertEqual(repository.trips[0].waypoints.map(\.name), ["Chicago", "Joplin", "Tulsa"])
        driver.press(.character("q"))
        XCTAssertEqual(driver.stackTitles, ["Roadtrips"])
        XCTAssertTrue(detail.allFreed, "trip after q: \(detail)")
        XCTAssertTrue(list.allAlive)
        // Help overlay and back with ←.
        driver.press(.right, .character("?"), .escape, .left)
        XCTAssertEqual(driver.stackTitles, ["Roadtrips"])
    }

    /// Once the run is over nothing of the app survives: not the screens, not the context, not the store (so its
    /// lock is let go).
    func testTheWholeAppIsFreedAfterARun() throws {
        let file = try TemporaryTripFile()
        weak var weakStore: TripStore?
        weak var weakTerminal: MemoryTerminal?
        var parts: [ModuleParts] = []
        do {
            let store = try file.open()
            try store.update { $0 = [Trip(name: "Trip")] }
            weakStore = store
            let terminal = MemoryTerminal()
            weakTerminal = terminal
            terminal.enqueue(.enter, .character("a"))
            terminal.enqueue(typing: "Stop")
            _ = RoadtripApplication.run(repository: store, places: nil, terminal: terminal)
            // And the same with the step driver, looking at the parts as they are shown.
            let driver = AppDriver(repository: store)
            parts.append(ModuleParts(driver.app.stack.top!))
            driver.press(.enter)
            parts.append(ModuleParts(driver.app.stack.top!))
            driver.press(.character("a"))
            parts.append(ModuleParts(driver.app.stack.top!))
            driver.press(.ctrl("c"))
        }
        XCTAssertNil(weakStore, "the store outlived the app")
        XCTAssertNil(weakTerminal)
        for part in parts { XCTAssertTrue(part.allFreed, "\(part)") }
        XCTAssertEqual(try file.open().access, .readWrite, "the lock was let go")
    }

}

/// Weak references to a module's view and presenter. The interactor and the router are the presenter's alone
/// (nothing else holds them), so a cycle through either keeps the presenter alive and shows here.
struct ModuleParts: CustomStringConvertible {
    weak var view: AnyObject?
    weak var presenter: AnyObject?

    init(_ screen: Screen) {
        view = screen
        let presenter: AnyObject?
        switch screen {
        case let view as TripListView: presenter = view.presenter
        case let view as TripDetailView: presenter = view.presenter
        case let view as WaypointView: presenter = view.presenter
        case let view as SettingsView: presenter = view.presenter
        default: presenter = nil
        }
        self.presenter = presenter
    }

    var allAlive: Bool { view != nil && presenter != nil }
    var allFreed: Bool { view == nil && presenter == nil }

    var description: String {
        "view \(view.map { "\(type(of: $0))" } ?? "freed"), presenter \(presenter == nil ? "freed" : "alive")"
    }
}
