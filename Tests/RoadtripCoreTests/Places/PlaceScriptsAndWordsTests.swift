import XCTest
@testable import RoadtripCore

/// Issue 10 on the real data: names in the places' own scripts, words in order with some skipped, typo
/// tolerance that stays plausible, namesakes told apart, small towns present.
final class PlaceScriptsAndWordsTests: XCTestCase {
    private var index: PlaceIndex!

    override func setUpWithError() throws {
        index = try BundledPlaces.index()
    }

    private func first(_ text: String) -> Place? { index.query(text, limit: 10).first?.place }

    func testQueriesInTheirOwnScriptFindTheNativeNames() {
        let cases: [(String, String, String)] = [
            ("東京", "Tokyo", "JP"), ("Москва", "Moscow", "RU"), ("Αθήνα", "Athens", "GR"), ("서울", "Seoul", "KR"),
            ("大阪", "Osaka", "JP"), ("北京", "Beijing", "CN"), ("台北", "Taipei", "TW"), ("Київ", "Kyiv", "UA"),
            ("กรุงเทพ", "Bangkok", "TH"), ("Санкт-Петербург", "Saint Petersburg", "RU"), ("부산", "Busan", "KR"),
            ("京都", "Kyoto", "JP"), ("Αθηνα", "Athens", "GR"),
        ]
        for (query, name, country) in cases {
            let place = first(query)
            XCTAssertEqual(place?.name, name, query)
            XCTAssertEqual(place?.countryCode, country, query)
        }
        XCTAssertEqual(first("東京")?.displayName, "Tokyo 東京")
        XCTAssertEqual(first("москва")?.displayName, "Moscow Москва", "lowercase Cyrillic")
        XCTAssertEqual(first("東")?.nativeName?.hasPrefix("東"), true, "a native name's start")
        XCTAssertFalse(index.labels("東京").contains { $0.hasPrefix("Dongying") }, "no romanised readings of CJK")
        XCTAssertNil(first("zurich")?.nativeName, "Latin-script countries show one name")
    }

    func testWordsMatchInOrderWithWordsSkippedAndEachAPrefix() {
        XCTAssertEqual(first("santiago compostela")?.name, "Santiago de Compostela")
        XCTAssertEqual(first("frankfurt oder")?.name, "Frankfurt (Oder)")
        XCTAssertEqual(first("st jean de lu")?.name, "Saint-Jean-de-Luz")
        XCTAssertEqual(first("santi compos")?.name, "Santiago de Compostela")
        XCTAssertEqual(first("rio janeiro")?.name, "Rio de Janeiro")
        XCTAssertNil(index.query("compostela santiago", limit: 10).first { $0.place.name == "Santiago de Compostela" && $0.kind == .wordPrefix },
                     "words keep their order")
    }

    func testAFinishedWordMatchedWholeBeatsOneThatOnlyStartsAWord() {
        // "san " was typed to the end: San Diego, not Santo Domingo (twice its size); San Cristóbal, not
        // Santa Cruz de la Sierra (five times). A finished word that only starts one still finds a place
        // when nothing matches it whole.
        XCTAssertEqual(first("san d")?.label, "San Diego, California, US")
        XCTAssertEqual(first("san c")?.name.hasPrefix("San C"), true, first("san c")?.label ?? "nothing")
        XCTAssertEqual(first("santi compos")?.name, "Santiago de Compostela")
        let santoDomingo = index.query("san d", limit: 10).first { $0.place.name == "Santo Domingo" }
        XCTAssertEqual(santoDomingo?.kind, .wordPrefix, "still offered")
    }

    func testAShortNameMissingALetterIsFound() {
        // Each is one edit from the name and also from a shorter start of it ("berl" of "berlin"); some
        // are one edit from a smaller place too ("bern", "bost").
        let cases = ["berln": "Berlin", "lisbn": "Lisbon", "bostn": "Boston", "sydny": "Sydney", "warsw": "Warsaw",
                     "zagrb": "Zagreb", "tehrn": "Tehran", "austn": "Austin", "tucsn": "Tucson", "hanio": "Hanoi"]
        for (query, name) in cases {
            XCTAssertEqual(first(query)?.name, name, query)
            XCTAssertEqual(index.query(query, limit: 1).first?.kind, .fuzzy(edits: 1), query)
        }
    }

    func testSmallTownsAndTheirOfficialNames() {
        XCTAssertEqual(index.labels("gardiner", limit: 10).filter { $0.hasPrefix("Gardiner, Montana") }.count, 1)
        XCTAssertEqual(first("hossegor")?.name, "Soorts")
        XCTAssertGreaterThan(index.count, 230_000)
    }

    func testTheNoisyTailIsGone() {
        XCTAssertEqual(first("boise")?.label, "Boise, Idaho, US")
        for odd in ["Brussels", "Aulnay-sous-Bois", "Boseong"] {
            XCTAssertFalse(index.labels("boise").contains { $0.hasPrefix(odd) }, "boise → \(odd)")
        }
        XCTAssertEqual(first("new york")?.name, "New York City")
        for odd in ["Jakarta", "Buffalo", "Syracuse", "Pittsburg"] {
            XCTAssertFalse(index.labels("new york").contains { $0.hasPrefix(odd) }, "new york → \(odd)")
        }
        XCTAssertEqual(index.query("xkcdqz", limit: 10), [])
    }

    func testTyposStayPlausible() {
        XCTAssertEqual(first("albuqerque")?.name, "Albuquerque")
        XCTAssertEqual(first("chciago")?.name, "Chicago")
        XCTAssertEqual(first("philadelpia")?.name, "Philadelphia")
        XCTAssertEqual(FuzzyWalk.maxEdits(forQueryLength: 5), 1)
        XCTAssertEqual(FuzzyWalk.maxEdits(forQueryLength: 7), 1)
        XCTAssertEqual(FuzzyWalk.maxEdits(forQueryLength: 8), 2)
        for match in index.query("boise", limit: 10) {
            if case .fuzzy = match.kind { XCTAssertEqual(match.place.asciiName.lowercased().first, "b", match.place.label) }
        }
    }

    func testNamesakesInOneRegionAreToldApartByCounty() {
        XCTAssertEqual(index.labels("reno, tx"), ["Reno, Lamar County, Texas, US", "Reno, Parker County, Texas, US"])
        XCTAssertNil(first("reno")?.admin2, "no county where the name is unique in its region")
    }

    func testRegionsCarryTheirAccents() {
        XCTAssertEqual(first("sao paulo")?.admin1, "São Paulo")
        XCTAssertEqual(first("teresina")?.admin1, "Piauí")
        XCTAssertEqual(first("mbandaka")?.admin1, "Équateur")
        XCTAssertEqual(first("springfield, il")?.admin1, "Illinois")
    }

    func testPlacesInABoxBiggestFirst() {
        let dots = index.places(south: 41, west: -91, north: 43, east: -87, minimumPopulation: 100_000, limit: 5)
        XCTAssertEqual(dots.first?.name, "Chicago")
        XCTAssertEqual(dots.map(\.population), dots.map(\.population).sorted(by: >))
        XCTAssertTrue(dots.allSatisfy { $0.population >= 100_000 && (41...43).contains($0.latitude) })
        let acrossTheDateLine = index.places(south: -20, west: 177, north: -16, east: -178, minimumPopulation: 10_000)
        XCTAssertTrue(acrossTheDateLine.contains { $0.name == "Suva" })
    }

    func testInsertingBetweenTwoStopsRanksByDetour() {
        // Between Chicago and St. Louis, the Springfield on the way; after Chicago alone it is too.
        let between = index.query("springfield", limit: 3, near: (41.878, -87.630), next: (38.627, -90.199))
        XCTAssertEqual(between.first?.place.label, "Springfield, Illinois, US")
        // Between Boston and Hartford: Massachusetts'.
        let east = index.query("springfield", limit: 3, near: (42.360, -71.059), next: (41.764, -72.685))
        XCTAssertEqual(east.first?.place.label, "Springfield, Massachusetts, US")
        XCTAssertEqual(east.first.flatMap { PlaceText.fromPrevious($0, unit: .km) }, "129 km W")
        XCTAssertEqual(east.first.flatMap { PlaceText.fromPrevious($0, unit: .mi) }, "80.3 mi W")
    }

    func testContextSettlesWhatWasAmbiguous() {
        XCTAssertTrue(PlaceIndex.isAmbiguous(index.query("st louis", limit: 5)))
        XCTAssertFalse(PlaceIndex.isAmbiguous(index.query("st louis", limit: 5, near: (41.878, -87.630))))
        XCTAssertEqual(index.query("st louis", limit: 5, near: (41.878, -87.630)).first?.place.label, "St. Louis, Missouri, US")
    }
}
