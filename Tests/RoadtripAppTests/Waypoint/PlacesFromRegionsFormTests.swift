import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest
@testable import RoadtripApp

/// The stop form's search with installed regions (tables written with `RegionTable`): a region village and a POI
/// offered beside the gazetteer's places with what they are, picked into a stop; a damaged region said once.
final class PlacesFromRegionsFormTests: XCTestCase {
    private var folder: URL!
    private var view: SpyWaypointView!
    private var output: SpyWaypointOutput!
    private static let places = PlaceIndexLoader()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("form-regions-\(UUID().uuidString)")
        try RegionFromOsmium.install(places: [
            RegionFeature(osmID: "n5000000001", latitude: 62.1009, longitude: 7.2059, kind: "village", population: 250,
                          name: "Geiranger", otherNames: ["Geirangr"]),
        ], pois: [
            RegionFeature(osmID: "n5000000002", latitude: 62.1030, longitude: 7.2000, kind: "camp_site", category: .sleep,
                          name: "Geiranger Camping"),
            RegionFeature(osmID: "w77", latitude: 62.0990, longitude: 7.2100, kind: "fuel", category: .fuel, name: "",
                          otherNames: ["Circle K"]),
        ], name: "norway", in: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func makePresenter(after previous: Waypoint? = nil) throws -> WaypointPresenter {
        _ = try Self.places.wait()
        let regions = RegionLoader(directory: folder)
        _ = regions.wait()
        view = SpyWaypointView()
        output = SpyWaypointOutput()
        let presenter = WaypointPresenter(
            editing: nil, interactor: WaypointInteractor(places: Self.places, regions: regions, after: previous),
            router: SpyWaypointRouter())
        presenter.view = view
        presenter.output = output
        presenter.viewWillAppear()
        return presenter
    }

    func testARegionVillageIsOfferedWithWhatItIsAndPickedIntoAStopWithItsZone() throws {
        let presenter = try makePresenter(after: Waypoint(name: "Ålesund", latitude: 62.4723, longitude: 6.1549))
        presenter.didEdit(.name, text: "geiranger")
        let first = try XCTUnwrap(view.last.suggestions.first)
        XCTAssertEqual(first.name, "Geiranger")
        XCTAssertEqual(first.detail, "village · Møre og Romsdal, Norway · 68.3 km SE · 250 people")
        XCTAssertTrue(view.last.suggestions.contains {
            $0.name == "Geiranger Camping" && $0.detail.hasPrefix("camp site (sleep) near Geiranger · ")
        }, "\(view.last.suggestions)")
        presenter.didPickSuggestion()
        presenter.didRequestSave()
        let stop = try XCTUnwrap(output.saved.last)
        XCTAssertEqual(stop.placeId, -5_000_000_001)
        XCTAssertEqual(stop.countryCode, "NO")
        XCTAssertEqual(stop.timeZone, "Europe/Oslo")
        XCTAssertNotEqual(view.last.message?.kind, .error, "nothing was left out")
    }

    func testAKindWordListsTheRegionsPOIsNearestThePreviousStopNamedByBrandWhenUnnamed() throws {
        let presenter = try makePresenter(after: Waypoint(name: "Geiranger", latitude: 62.1009, longitude: 7.2059))
        presenter.didEdit(.name, text: "fuel")
        XCTAssertEqual(view.last.suggestions.first?.name, "Circle K")
        XCTAssertEqual(view.last.suggestions.first?.detail.hasPrefix("fuel near Geiranger · Møre og Romsdal, Norway"), true)
        presenter.didPickSuggestion()
        presenter.didRequestSave()
        XCTAssertNil(output.saved.last?.placeId, "a way's centre keeps no id")
        XCTAssertEqual(output.saved.last?.name, "Circle K")
    }

    func testADamagedRegionIsSaidOnceAndTheOthersStillAnswer() throws {
        try RegionFromOsmium.install(places: [], pois: [], name: "broken", in: folder)
        try Data("# something else\n".utf8).write(to: folder.appendingPathComponent("broken/pois.tsv"))
        let presenter = try makePresenter()
        presenter.didEdit(.name, text: "geiranger")
        XCTAssertEqual(view.last.suggestions.first?.name, "Geiranger")
        XCTAssertEqual(view.last.message?.text, "region \"broken\" left out: pois.tsv line 1: not a roadtrip region table "
                       + "(expected \"# roadtrip region features 1\"); rebuild it (roadtrip region add)")
        presenter.didEdit(.name, text: "geirangerx")
        XCTAssertNil(view.last.message, "said once per form")
    }
}
