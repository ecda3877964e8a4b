import XCTest
@testable import RoadtripApp
import RoadtripCore

final class WaypointPresenterTests: XCTestCase {
    private var view: SpyWaypointView!
    private var router: SpyWaypointRouter!
    private var output: SpyWaypointOutput!

    /// The bundled gazetteer, loaded once for all tests.
    private static let places = PlaceIndexLoader()

    private func makePresenter(editing waypoint: Waypoint? = nil, places: PlaceIndexLoader? = nil,
                               near: Waypoint? = nil, next: Waypoint? = nil, unit: DistanceUnit = .km) -> WaypointPresenter {
        view = SpyWaypointView()
        router = SpyWaypointRouter()
        output = SpyWaypointOutput()
        let presenter = WaypointPresenter(editing: waypoint, interactor: WaypointInteractor(places: places, after: near, before: next),
                                          router: router, unit: { unit })
        presenter.view = view
        presenter.output = output
        presenter.viewWillAppear()
        return presenter
    }

    private func text(_ field: WaypointField) -> String {
        view.last.fields[field.rawValue].text
    }

    private func error(_ field: WaypointField) -> String? {
        view.last.fields[field.rawValue].error
    }

    func testNewStopFormStartsEmptyOnTheName() {
        _ = makePresenter()
        XCTAssertEqual(view.last.title, "New stop")
        XCTAssertEqual(view.last.fields.map(\.label), ["Name", "Latitude", "Longitude", "Nights", "Stay", "Notes"])
        XCTAssertEqual(text(.stay), "", "no visit: blank")
        XCTAssertEqual(text(.name), "")
        XCTAssertEqual(text(.nights), "0")
        XCTAssertEqual(view.last.focused, .name)
    }

    func testValidStopIsHandedBackAndTheFormCloses() {
        let presenter = makePresenter()
        presenter.didEdit(.name, text: "Chicago")
        presenter.didEdit(.latitude, text: "41°52'N")
        presenter.didEdit(.longitude, text: "87.63W")
        presenter.didEdit(.nights, text: "2")
        presenter.didRequestSave()
        XCTAssertEqual(output.saved.count, 1)
        XCTAssertEqual(output.saved[0].name, "Chicago")
        XCTAssertEqual(output.saved[0].latitude, 41 + 52.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(output.saved[0].longitude, -87.63, accuracy: 1e-9)
        XCTAssertEqual(output.saved[0].nights, 2)
        XCTAssertEqual(router.closed, 1)
    }

    func testNotesAreSavedWithTheirLineBreaks() {
        let presenter = makePresenter(editing: Waypoint(name: "Kyle", latitude: 57.28, longitude: -5.71))
        presenter.didEdit(.notes, text: "Bridge at dusk\nFuel up")
        presenter.didRequestSave()
        XCTAssertEqual(output.saved.map(\.notes), ["Bridge at dusk\nFuel up"])
    }

    /// Issue 21's visit length: typed as people write it, shown as roadtrip writes it, blank for none.
    func testStayIsTypedAsADurationAndABadOneSaysWhyAndLosesNothing() {
        let presenter = makePresenter(editing: Waypoint(name: "Kyle", latitude: 57.28, longitude: -5.71, stayMinutes: 90))
        XCTAssertEqual(text(.stay), "1h30")
        presenter.didEdit(.notes, text: "Bridge")
        presenter.didEdit(.stay, text: "an hour")
        presenter.didRequestSave()
        XCTAssertTrue(output.saved.isEmpty)
        XCTAssertEqual(error(.stay), "Stay must be a duration like 45, 90m, 2h or 1h30 (got \"an hour\")")
        XCTAssertEqual(view.last.focused, .stay)
        XCTAssertEqual(text(.stay), "an hour", "what was typed stays")
        XCTAssertEqual(text(.notes), "Bridge")
        presenter.didEdit(.stay, text: "25h")
        presenter.didRequestSave()
        XCTAssertEqual(error(.stay), "Stay 1500 is outside 0…1439 (minutes; a visit of a day is a night)")
        presenter.didEdit(.stay, text: "2h")
        presenter.didRequestSave()
        XCTAssertEqual(output.saved.map(\.stayMinutes), [120])
        XCTAssertEqual(output.saved.map(\.notes), ["Bridge"])
    }

    func testErrorsAreInlineNothingIsLostAndFocusGoesToTheFirst() {
        let presenter = makePresenter()
        presenter.didEdit(.name, text: "Somewhere")
        presenter.didEdit(.latitude, text: "91")
        presenter.didEdit(.longitude, text: "east-ish")
        presenter.didEdit(.nights, text: "-1")
        presenter.didMoveFocus(by: 3)
        presenter.didRequestSave()
        XCTAssertTrue(output.saved.isEmpty)
        XCTAssertEqual(router.closed, 0)
        XCTAssertEqual(error(.latitude), "Latitude must be between -90 and 90 (got 91.0).")
        XCTAssertNotNil(error(.longitude))
        XCTAssertEqual(error(.nights), "Nights -1 is outside 0…365 (a stay of more than a year is a typo)")
        XCTAssertNil(error(.name))
        XCTAssertEqual(view.last.focused, .latitude)
        XCTAssertEqual(text(.latitude), "91", "what was typed stays")
        XCTAssertEqual(view.last.message?.kind, .error)
        presenter.didEdit(.latitude, text: "41")
        XCTAssertNil(error(.latitude), "editing a field clears its error")
    }

    /// Tiny and zero coordinates show as plain decimals the parser reads back (Swift writes 1e-05 and -0.0).
    func testEditingAStopNearZeroShowsPlainDecimalsAndSavesUnmoved() throws {
        let stop = Waypoint(name: "Null Island", latitude: 0.00001, longitude: -0.0, placeId: 7, countryCode: "XX")
        let presenter = makePresenter(editing: stop)
        XCTAssertEqual(text(.latitude), "0.00001")
        XCTAssertEqual(text(.longitude), "0")
        presenter.didRequestSave()
        let saved = try XCTUnwrap(output.saved.last)
        XCTAssertEqual(saved.latitude, 0.00001)
        XCTAssertEqual(saved.placeId, 7, "not moved, so the place stays")
    }

    func testHugeNightsAreRefusedInTheForm() {
        let presenter = makePresenter()
        presenter.didEdit(.name, text: "A")
        presenter.didEdit(.latitude, text: "1")
        presenter.didEdit(.longitude, text: "1")
        for (typed, message) in [
            ("9223372036854775807", "Nights 9223372036854775807 is outside 0…365 (a stay of more than a year is a typo)"),
            ("99999999999999999999", "Nights must be a whole number from 0 to 365"),
        ] {
            presenter.didEdit(.nights, text: typed)
            presenter.didRequestSave()
            XCTAssertTrue(output.saved.isEmpty)
            XCTAssertEqual(error(.nights), message)
        }
    }

    func testPastedPairFillsBothCoordinatesWhenLeavingTheField() {
        let presenter = makePresenter()
        presenter.didMoveFocus(by: 1)
        presenter.didEdit(.latitude, text: "41.8781, -87.6298")
        XCTAssertEqual(text(.longitude), "", "not split while typing: the pair may be incomplete")
        presenter.didMoveFocus(by: 1)
        XCTAssertEqual(text(.latitude), "41.8781")
        XCTAssertEqual(text(.longitude), "-87.6298")
        XCTAssertEqual(view.last.focused, .longitude)
    }

    func testEditingKeepsIdentityAndDropsThePlaceWhenMoved() {
        let original = Waypoint(name: "Chicago", latitude: 41.85003, longitude: -87.65005, placeId: 4887398,
                                region: "Illinois", countryCode: "US", nights: 1, notes: "Deep dish")
        let presenter = makePresenter(editing: original)
        XCTAssertEqual(view.last.title, "Edit stop")
        XCTAssertEqual(text(.latitude), "41.85003")
        presenter.didEdit(.name, text: "Chicago Loop")
        presenter.didRequestSave()
        XCTAssertEqual(output.saved.last?.id, original.id)
        XCTAssertEqual(output.saved.last?.placeId, 4887398, "same coordinates: still the same place")
        presenter.didEdit(.latitude, text: "41.9")
        presenter.didRequestSave()
        XCTAssertNil(output.saved.last?.placeId)
        XCTAssertNil(output.saved.last?.region, "the region and country were the old place's too (issue 9)")
        XCTAssertNil(output.saved.last?.countryCode)
    }

    func testCancelAsksOnlyWhenSomethingChanged() {
        var presenter = makePresenter()
        presenter.didRequestCancel()
        XCTAssertEqual(router.closed, 1)
        XCTAssertTrue(router.confirmations.isEmpty)
        presenter = makePresenter()
        presenter.didEdit(.name, text: "Half-typed")
        presenter.didMoveFocus(by: 1)
        presenter.didRequestCancel()
        XCTAssertEqual(router.confirmations.last?.question, "Discard the changes to this stop?")
        XCTAssertEqual(router.closed, 0)
        router.confirmations.last?.onConfirm()
        XCTAssertEqual(router.closed, 1)
    }

    func testSaveFailureKeepsTheFormOpen() {
        let presenter = makePresenter()
        output.failure = "Could not save /x: No space left on device."
        presenter.didEdit(.name, text: "A")
        presenter.didEdit(.latitude, text: "1")
        presenter.didEdit(.longitude, text: "2")
        presenter.didRequestSave()
        XCTAssertEqual(router.closed, 0)
        XCTAssertEqual(view.last.message, .error("Could not save /x: No space left on device."))
    }

    func testTypingANameSuggestsPlacesAndPickingFillsTheForm() throws {
        _ = try Self.places.wait()
        let presenter = makePresenter(places: Self.places)
        presenter.didEdit(.name, text: "chic")
        XCTAssertEqual(view.last.suggestions.first?.name, "Chicago")
        XCTAssertEqual(view.last.suggestions.first?.detail.hasPrefix("closest match · Illinois, United States · "), true,
                       "the start of a name only")
        XCTAssertEqual(view.last.suggestions.map(\.isClosestMatch), [true] + Array(repeating: false, count: view.last.suggestions.count - 1))
        XCTAssertEqual(view.last.selectedSuggestion, 0, "the first is highlighted: Enter takes it")
        presenter.didPickSuggestion()
        XCTAssertEqual(text(.name), "Chicago")
        XCTAssertEqual(Double(text(.latitude))!, 41.85, accuracy: 0.01)
        XCTAssertEqual(Double(text(.longitude))!, -87.65, accuracy: 0.01)
        XCTAssertTrue(view.last.suggestions.isEmpty)
        XCTAssertEqual(view.last.focused, .nights)
        presenter.didEdit(.name, text: "Chicago, the Loop")
        presenter.didMoveFocus(by: 1)
        presenter.didRequestSave()
        let saved = try XCTUnwrap(output.saved.last)
        XCTAssertEqual(saved.name, "Chicago, the Loop", "the name stays editable")
        XCTAssertEqual(saved.placeId, 4887398)
        XCTAssertEqual(saved.region, "Illinois")
        XCTAssertEqual(saved.countryCode, "US")
    }

    /// Tab keeps the typed name and moves on; back on Name the suggestions show again, the place the stop took
    /// highlighted, so Enter there keeps it.
    func testTabKeepsTheTypedNameAndNameShowsItsSuggestionsAgain() throws {
        _ = try Self.places.wait()
        let presenter = makePresenter(places: Self.places)
        presenter.didEdit(.name, text: "springfield")
        presenter.didMoveFocus(by: 1)
        XCTAssertEqual(text(.name), "springfield")
        XCTAssertEqual(view.last.focused, .latitude)
        XCTAssertTrue(view.last.suggestions.isEmpty)
        presenter.didMoveFocus(by: -1)
        XCTAssertFalse(view.last.suggestions.isEmpty, "back on Name")
        XCTAssertEqual(view.last.selectedSuggestion, 0)
        presenter.didMoveSuggestion(by: 1)
        let second = view.last.suggestions[1]
        presenter.didPickSuggestion()
        XCTAssertEqual(view.last.focused, .nights)
        presenter.didMoveFocus(by: -3)
        XCTAssertEqual(view.last.focused, .name)
        let again = try XCTUnwrap(view.last.selectedSuggestion)
        XCTAssertEqual(view.last.suggestions[again], second, "the place taken is highlighted, not the first")
        let latitude = text(.latitude)
        presenter.didPickSuggestion()
        XCTAssertEqual(text(.latitude), latitude)
    }

    func testThePreviousStopBreaksTies() throws {
        _ = try Self.places.wait()
        for (near, region) in [(Waypoint(name: "Chicago", latitude: 41.85, longitude: -87.65), "Illinois"),
                               (Waypoint(name: "Boston", latitude: 42.36, longitude: -71.06), "Massachusetts")] {
            let presenter = makePresenter(places: Self.places, near: near)
            presenter.didEdit(.name, text: "springfield")
            XCTAssertEqual(view.last.suggestions.first?.detail.hasPrefix(region), true, "after \(near.name)")
            XCTAssertGreaterThan(view.last.suggestions.count, 3, "the other Springfields are still offered")
        }
    }

    func testSuggestionsSayHowFarAndWhichWayFromThePreviousStopInTheUsersUnit() throws {
        _ = try Self.places.wait()
        let westYellowstone = Waypoint(name: "West Yellowstone", latitude: 44.662, longitude: -111.104)
        let presenter = makePresenter(places: Self.places, near: westYellowstone)
        presenter.didEdit(.name, text: "jackson")
        XCTAssertEqual(view.last.suggestions.first?.name, "Jackson")
        XCTAssertEqual(view.last.suggestions.first?.detail, "Wyoming, United States · 134 km S · 10,523 people")
        _ = makePresenter(places: Self.places, near: westYellowstone, unit: .mi)
        view.last.suggestions.isEmpty ? () : XCTFail("no suggestions before typing")
    }

    func testSuggestionsShowTheNativeNameAndTellNamesakesApart() throws {
        _ = try Self.places.wait()
        let presenter = makePresenter(places: Self.places)
        presenter.didEdit(.name, text: "東京")
        XCTAssertEqual(view.last.suggestions.first?.name, "Tokyo 東京")
        presenter.didEdit(.name, text: "reno, tx")
        XCTAssertEqual(view.last.suggestions.map(\.detail), ["Lamar County, Texas, United States · 3,281 people",
                                                            "Parker County, Texas, United States · 2,720 people"])
    }

    func testUpFromTheFirstSuggestionReturnsToTypingAndEscClosesTheList() throws {
        _ = try Self.places.wait()
        let presenter = makePresenter(places: Self.places)
        presenter.didEdit(.name, text: "zurich")
        XCTAssertEqual(view.last.suggestions.first?.name, "Zürich")
        presenter.didMoveSuggestion(by: 1)
        XCTAssertEqual(view.last.selectedSuggestion, 1)
        presenter.didMoveSuggestion(by: -1)
        presenter.didMoveSuggestion(by: -1)
        XCTAssertNil(view.last.selectedSuggestion)
        presenter.didRequestCancel()
        XCTAssertTrue(view.last.suggestions.isEmpty)
        XCTAssertEqual(router.closed, 0, "the first Esc only closes the suggestions")
    }

    func testUnknownPlaceOrNoGazetteerStillAllowsTypedCoordinates() {
        let presenter = makePresenter(places: nil)
        presenter.didEdit(.name, text: "Campsite")
        XCTAssertEqual(view.last.searchStatus, "place search is not installed")
        presenter.didMoveFocus(by: 1)
        presenter.didEdit(.latitude, text: "46.5")
        presenter.didEdit(.longitude, text: "8.1")
        presenter.didRequestSave()
        XCTAssertEqual(output.saved.last?.name, "Campsite")
        XCTAssertNil(output.saved.last?.placeId)
    }
}
