import Foundation
@testable import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// The Settings presenter with its real interactor on a settings file in a temporary folder, and spies for the
/// view and the router: what the screen shows, what each key writes to the file, and that every change is in
/// force for the other screens at once (live settings, the route service, the change feed).
final class SettingsPresenterTests: XCTestCase {
    private var folder: TemporaryTripFile!
    private var configURL: URL!
    private var live: LiveSettings!
    private var feed: ChangeFeed!
    private var published: [DataChange] = []
    private var subscription: ChangeFeed.Subscription?
    private var madeEngines: [Settings.RouterKind] = []
    private var routes: RouteService!
    private var view: SpySettingsView!
    private var router: SpySettingsRouter!
    private var presenter: SettingsPresenter!

    override func setUpWithError() throws {
        folder = try TemporaryTripFile()
        configURL = folder.directory.appendingPathComponent("roadtrip/config.toml")
        live = LiveSettings(Settings())
        feed = ChangeFeed()
        subscription = feed.subscribe { [unowned self] in published.append($0) }
    }

    override func tearDown() {
        subscription = nil
        presenter = nil
        folder = nil
    }

    /// The presenter over `file` (the temporary one unless told), shown once.
    private func start(file: SettingsFile?? = .none, overrides: SettingsOverrides = SettingsOverrides()) {
        routes = RouteService(settings: { [live] in live!.current }, makeEngine: { [unowned self] settings in
            madeEngines.append(settings.router)
            return nil
        }, cache: nil, water: TestWater.shared)
        let service = SettingsService(live: live, overrides: overrides, routes: routes, late: LateData(feed: feed) { $0() })
        let interactor = SettingsInteractor(file: file ?? SettingsFile(url: configURL), service: service)
        view = SpySettingsView()
        router = SpySettingsRouter()
        presenter = SettingsPresenter(interactor: interactor, router: router,
                                      environment: ["XDG_DATA_HOME": "/xdg/data", "HOME": "/home/u"])
        presenter.view = view
        presenter.viewWillAppear()
    }

    private func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(at: configURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try text.write(to: configURL, atomically: true, encoding: .utf8)
    }

    /// The file's text ("<no file>" when there is none).
    private func configText() -> String {
        (try? String(contentsOf: configURL, encoding: .utf8)) ?? "<no file>"
    }

    private func select(_ key: SettingKey) {
        presenter.didMoveSelection(to: SettingKey.allCases.firstIndex(of: key)!)
    }

    // MARK: What it shows

    func testEveryKeyWithItsValueAndDefaultMarks() throws {
        try writeConfig("speed_kmh = 95\ndeparture = \"07:30\"\n")
        start()
        XCTAssertEqual(view.last.title, "Settings")
        XCTAssertEqual(view.last.location, configURL.path)
        XCTAssertNil(view.last.overrideNote)
        XCTAssertEqual(view.last.rows.map { [$0.key, $0.value, $0.note] }, [
            ["units", "km", "(default)"],
            ["router", "estimate", "(default)"],
            ["osrm_url", "http://127.0.0.1:5000", "(default)"],
            ["routino_dir", "/xdg/data/roadtrip/routino", "(default)"],
            ["speed_kmh", "95", ""],
            ["detour", "1.3", "(default)"],
            ["daily_limit_hours", "8", "(default)"],
            ["departure", "07:30", ""],
            ["break_after_hours", "4.5", "(default)"],
            ["break_minutes", "45", "(default)"],
            ["vehicle", "car", "(default)"],
            ["top_speed_kmh", "0", "(default)"],
            ["consumption_per_100km", "0", "(default)"],
            ["consumption_at_120", "0", "(default)"],
            ["tank", "0", "(default)"],
            ["range_km", "0", "(default)"],
            ["height_m", "0", "(default)"],
            ["width_m", "0", "(default)"],
            ["weight_t", "0", "(default)"],
            ["avoid", "none", "(default)"],
            ["fuel_price", "0", "(default)"],
            ["energy_price", "0", "(default)"],
            ["currency", "EUR", "(default)"],
            ["lodging_per_night", "0", "(default)"],
            ["travellers", "1", "(default)"],
            ["battery_kwh", "0", "(default)"],
            ["start_soc", "90", "(default)"],
            ["reserve_soc", "10", "(default)"],
            ["charge_to_soc", "80", "(default)"],
            ["peak_charge_kw", "100", "(default)"],
            ["ac_charge_kw", "11", "(default)"],
            ["charge_curve", "built-in", "(default)"],
            ["charge_stop_minutes", "5", "(default)"],
            ["charge_ports", "type2,type2_cable,type2_combo", "(default)"],
        ])
        XCTAssertEqual(view.last.selectedIndex, 0)
        XCTAssertEqual(view.last.hint, "Distances in km or mi · default km")
        select(.speedKmh)
        XCTAssertEqual(view.last.selectedIndex, 4)
        XCTAssertEqual(view.last.hint, "The estimate's average speed, 10 to 200 km/h · default 80")
        presenter.didMoveSelection(to: 99)
        XCTAssertEqual(view.last.selectedIndex, SettingKey.allCases.count - 1)
        XCTAssertNil(view.last.message)
    }

    func testTheFilesProblemsAreShownWhenTheScreenFirstOpens() throws {
        try writeConfig("units = \"mi\"\nspeed_kmh = 500\n")
        start()
        XCTAssertEqual(view.last.message,
                       .info("config.toml line 2: speed_kmh must be a number from 10 to 200, not 500; using 80"))
        XCTAssertEqual(view.last.rows[4].value, "80")
        XCTAssertEqual(view.last.rows[4].note, "(default)", "an invalid value is not the file's")
        presenter.didMoveSelection(to: 1)
        presenter.viewWillAppear()
        XCTAssertNil(view.last.message, "said once")
    }

    func testBackClosesTheScreen() {
        start()
        presenter.didRequestBack()
        XCTAssertEqual(router.closed, 1)
    }

    // MARK: Changing

    func testEnterStepsThroughTheUnitsAndTheRoutersSavingEachAtOnce() throws {
        start()
        presenter.didRequestChange()
        XCTAssertTrue(router.prompts.isEmpty, "units is changed in place")
        XCTAssertEqual(view.last.rows[0].value, "mi")
        XCTAssertEqual(view.last.rows[0].note, "")
        XCTAssertEqual(view.last.message, .info("Saved units = mi"))
        XCTAssertTrue(configText().contains("units = \"mi\""), configText())
        XCTAssertEqual(live.current.units, .mi)
        XCTAssertEqual(published, [.arrived(LateArrival([.settings]))])
        presenter.didRequestChange()
        XCTAssertEqual(view.last.rows[0].value, "km")
        XCTAssertEqual(live.current.units, .km)

        select(.router)
        var seen: [String] = []
        for _ in 0..<4 {
            presenter.didRequestChange()
            seen.append(view.last.rows[1].value)
            XCTAssertEqual(live.current.router.rawValue, seen.last)
        }
        XCTAssertEqual(seen, ["osrm", "routino", "auto", "estimate"])
        XCTAssertTrue(configText().contains("router = \"estimate\""), configText())
        XCTAssertEqual(published.count, 6)
    }

    func testTheRouteServiceChoosesItsRouterAgainAfterAChange() throws {
        start()
        let trip = Trip(name: "T", waypoints: [Waypoint(name: "A", latitude: 0, longitude: 0),
                                               Waypoint(name: "B", latitude: 0, longitude: 1)])
        _ = routes.itinerary(for: trip)
        select(.router)
        presenter.didRequestChange()
        _ = routes.itinerary(for: trip)
        XCTAssertEqual(madeEngines, [.estimate, .osrm], "the old engine is dropped and the new one made")
    }

    func testATypedValueIsCheckedAndABadOneKeepsThePromptOpen() throws {
        start()
        select(.speedKmh)
        presenter.didRequestChange()
        let prompt = try XCTUnwrap(router.prompts.last)
        XCTAssertEqual(prompt.title, "speed_kmh: a number from 10 to 200")
        XCTAssertEqual(prompt.initial, "80")
        XCTAssertEqual(prompt.submit("500"), "speed_kmh must be a number from 10 to 200")
        XCTAssertEqual(prompt.submit("fast"), "speed_kmh must be a number from 10 to 200")
        XCTAssertFalse(FileManager.default.fileExists(atPath: configURL.path), "nothing written")
        XCTAssertTrue(published.isEmpty)
        XCTAssertEqual(live.current.speedKmh, 80)

        XCTAssertNil(prompt.submit(" 100 "))
        XCTAssertTrue(configText().contains("speed_kmh = 100"), configText())
        XCTAssertEqual(view.last.rows[4].value, "100")
        XCTAssertEqual(view.last.rows[4].note, "")
        XCTAssertEqual(view.last.message, .info("Saved speed_kmh = 100"))
        XCTAssertEqual(live.current.speedKmh, 100)
        XCTAssertEqual(published, [.arrived(LateArrival([.settings]))])

        select(.departure)
        presenter.didRequestChange()
        XCTAssertEqual(router.prompts.last?.initial, "09:00")
        XCTAssertEqual(router.prompts.last?.submit("25:00"), "departure must be a time HH:MM from 00:00 to 23:59")
        XCTAssertNil(router.prompts.last?.submit("7:05"))
        XCTAssertEqual(view.last.rows[SettingKey.allCases.firstIndex(of: .departure)!].value, "07:05")
        XCTAssertEqual(live.current.departureMinutes, 7 * 60 + 5)
        XCTAssertTrue(configText().contains("speed_kmh = 100"), "the other key is kept")
    }

    /// `avoid` is typed comma-separated, saved as a TOML list and in force at once; "none" empties it.
    func testAvoidIsTypedCommaSeparatedAndNoneEmptiesIt() throws {
        start()
        select(.avoid)
        XCTAssertEqual(view.last.hint,
                       "Roads to keep off: motorways, ferries, tolls, unpaved (comma-separated) · default none")
        let row = SettingKey.allCases.firstIndex(of: .avoid)!
        presenter.didRequestChange()
        let prompt = try XCTUnwrap(router.prompts.last)
        XCTAssertEqual(prompt.title, "avoid: a comma-separated list of motorways, ferries, tolls or unpaved, or none")
        XCTAssertEqual(prompt.initial, "none")
        XCTAssertEqual(prompt.submit("tolls ferries"),
                       "avoid must be a comma-separated list of motorways, ferries, tolls or unpaved, or none")
        XCTAssertFalse(FileManager.default.fileExists(atPath: configURL.path), "nothing written")

        XCTAssertNil(prompt.submit("tolls, Ferries"))
        XCTAssertTrue(configText().contains(#"avoid = ["ferries", "tolls"]"#), configText())
        XCTAssertEqual(view.last.rows[row].value, "ferries,tolls")
        XCTAssertEqual(view.last.rows[row].note, "")
        XCTAssertEqual(view.last.message, .info("Saved avoid = ferries,tolls"))
        XCTAssertEqual(live.current.routeProfile.avoid, [.ferries, .tolls])

        presenter.didRequestChange()
        XCTAssertEqual(router.prompts.last?.initial, "ferries,tolls")
        XCTAssertNil(router.prompts.last?.submit("none"))
        XCTAssertTrue(configText().contains("avoid = []"), configText())
        XCTAssertEqual(view.last.rows[row].value, "none")
        XCTAssertEqual(live.current.avoid, [])
        presenter.didRequestReset()
        XCTAssertEqual(view.last.message, .info("avoid is back to its default, none"))
        XCTAssertFalse(configText().contains("avoid"), configText())
    }

    func testDPutsTheDefaultBackAndTheKeyLeavesTheFile() throws {
        try writeConfig("speed_kmh = 120\ndetour = 1.5\n")
        live.current.speedKmh = 120
        start()
        select(.speedKmh)
        presenter.didRequestReset()
        XCTAssertEqual(view.last.rows[4].value, "80")
        XCTAssertEqual(view.last.rows[4].note, "(default)")
        XCTAssertEqual(view.last.message, .info("speed_kmh is back to its default, 80"))
        XCTAssertFalse(configText().contains("speed_kmh"), configText())
        XCTAssertTrue(configText().contains("detour = 1.5"), configText())
        XCTAssertEqual(live.current.speedKmh, 80)
        XCTAssertEqual(live.current.detour, 1.5)
        XCTAssertEqual(published, [.arrived(LateArrival([.settings]))])
        presenter.didRequestReset()
        XCTAssertEqual(view.last.message, .info("speed_kmh is already the default, 80"))
        XCTAssertTrue(configText().contains("detour = 1.5"), configText())
    }

    func testAFileThatCannotBeWrittenSaysSoAndChangesNothing() throws {
        // A name of 250 bytes can be looked up (there is no such file yet), but the temporary file written beside
        // it has a longer name than the system allows: the write fails, even for root.
        configURL = folder.directory.appendingPathComponent(String(repeating: "c", count: 245) + ".toml")
        start()
        select(.speedKmh)
        presenter.didRequestChange()
        XCTAssertNil(router.prompts.last?.submit("100"), "the prompt closes; the message says why")
        let message = try XCTUnwrap(view.last.message)
        XCTAssertEqual(message.kind, .error)
        let text = message.text
        XCTAssertTrue(text.hasPrefix("cannot write \(configURL.path): "), text)
        XCTAssertTrue(text.hasSuffix("; the settings are unchanged"), text)
        XCTAssertEqual(view.last.rows[4].value, "80")
        XCTAssertEqual(live.current.speedKmh, 80)
        XCTAssertTrue(published.isEmpty)
        // Stepping the units fails the same way.
        presenter.didMoveSelection(to: 0)
        presenter.didRequestChange()
        XCTAssertEqual(view.last.message?.kind, .error)
        XCTAssertEqual(view.last.rows[0].value, "km")
    }

    func testAFileThatIsNotTOMLIsNeverOverwritten() throws {
        try writeConfig("units = \"mi\nspeed_kmh = 90\n")
        start()
        XCTAssertEqual(view.last.message?.kind, .info)
        XCTAssertTrue(view.last.message?.text.contains("config.toml line 1, column 12: not TOML") ?? false,
                      "\(String(describing: view.last.message))")
        presenter.didRequestChange()
        XCTAssertEqual(view.last.message?.kind, .error)
        XCTAssertTrue(view.last.message?.text.hasSuffix("nothing was changed (fix or remove the file first)") ?? false,
                      "\(String(describing: view.last.message))")
        XCTAssertEqual(configText(), "units = \"mi\nspeed_kmh = 90\n")
        XCTAssertTrue(published.isEmpty)
    }

    // MARK: The command line's overrides

    func testAnOverrideIsShownAndKeptForThisRunWhileTheFileChanges() throws {
        live.current.units = .mi
        start(overrides: SettingsOverrides(units: .mi))
        XCTAssertEqual(view.last.overrideNote, "--units mi for this run")
        XCTAssertEqual(view.last.rows[0].value, "km", "the file's value")
        XCTAssertEqual(view.last.hint, "Distances in km or mi · default km · this run: --units mi")
        presenter.didRequestChange()
        XCTAssertEqual(view.last.rows[0].value, "mi")
        XCTAssertEqual(view.last.message, .info("Saved units = mi; this run keeps --units mi"))
        presenter.didRequestChange()
        XCTAssertEqual(view.last.rows[0].value, "km")
        XCTAssertTrue(configText().contains("units = \"km\""), configText())
        XCTAssertEqual(live.current.units, .mi, "the override holds")
        select(.speedKmh)
        presenter.didRequestChange()
        XCTAssertNil(router.prompts.last?.submit("100"))
        XCTAssertEqual(live.current.speedKmh, 100)
        XCTAssertEqual(live.current.units, .mi, "still, after another key changed")
        XCTAssertEqual(view.last.message, .info("Saved speed_kmh = 100"))
    }

    func testBothOverridesAreNamed() {
        start(overrides: SettingsOverrides(units: .km, router: .osrm))
        XCTAssertEqual(view.last.overrideNote, "--units km, --router osrm for this run")
    }

    func testWithoutASettingsFileNothingCanBeChanged() {
        start(file: .some(nil))
        XCTAssertEqual(view.last.location, "no settings file")
        XCTAssertEqual(view.last.rows[0].value, "km")
        presenter.didRequestChange()
        XCTAssertEqual(view.last.message, .error("this run has no settings file; nothing was changed"))
        XCTAssertEqual(live.current.units, .km)
        XCTAssertTrue(published.isEmpty)
    }
}
