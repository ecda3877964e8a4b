import XCTest
@testable import RoadtripCore

final class PlaceNormalizerTests: XCTestCase {
    func testFoldTransliteratesLettersThatAreNotAccents() {
        XCTAssertEqual(PlaceNormalizer.fold("Łódź"), "Lodz")
        XCTAssertEqual(PlaceNormalizer.fold("Wrocław"), "Wroclaw")
        XCTAssertEqual(PlaceNormalizer.fold("Tromsø"), "Tromso")
        XCTAssertEqual(PlaceNormalizer.fold("Ærøskøbing"), "AEroskobing")
        XCTAssertEqual(PlaceNormalizer.fold("Straße"), "Strasse")
        XCTAssertEqual(PlaceNormalizer.fold("Þórshöfn"), "THorshofn")
        XCTAssertEqual(PlaceNormalizer.fold("Đà Nẵng"), "Da Nang")
        XCTAssertEqual(PlaceNormalizer.fold("Œuilly"), "OEuilly")
        XCTAssertEqual(PlaceNormalizer.fold("İzmir"), "Izmir")
        XCTAssertEqual(PlaceNormalizer.fold("Diyarbakır"), "Diyarbakir")
    }

    func testFoldStripsDiacritics() {
        XCTAssertEqual(PlaceNormalizer.fold("Zürich"), "Zurich")
        XCTAssertEqual(PlaceNormalizer.fold("São Paulo"), "Sao Paulo")
        XCTAssertEqual(PlaceNormalizer.fold("Besançon"), "Besancon")
        XCTAssertEqual(PlaceNormalizer.fold("Reykjavík"), "Reykjavik")
        XCTAssertEqual(PlaceNormalizer.fold("Ñuñoa"), "Nunoa")
        // Decomposed input (combining marks) folds the same as precomposed.
        XCTAssertEqual(PlaceNormalizer.fold("Zu\u{0308}rich"), "Zurich")
    }

    func testFoldLeavesAsciiAloneAndTransliteratesOtherScripts() {
        XCTAssertEqual(PlaceNormalizer.fold("Chicago, IL"), "Chicago, IL")
        XCTAssertEqual(PlaceNormalizer.fold("Москва"), "Moskva")
        XCTAssertEqual(PlaceNormalizer.fold("Санкт-Петербург"), "Sankt-Peterburg")
        XCTAssertEqual(PlaceNormalizer.fold("Щёлково"), "Shchelkovo")
        XCTAssertEqual(PlaceNormalizer.fold("Київ"), "Kiyiv")   // Russian values for shared letters
        XCTAssertEqual(PlaceNormalizer.key("Αθήνα"), "athina")
        XCTAssertEqual(PlaceNormalizer.key("ΘΕΣΣΑΛΟΝΙΚΗ"), "thessaloniki")
        // Scripts without a table go through ICU.
        XCTAssertEqual(PlaceNormalizer.key("東京"), "dong jing")
    }

    func testKeyCaseFoldsAndCollapsesPunctuation() {
        XCTAssertEqual(PlaceNormalizer.key("  New   York  "), "new york")
        XCTAssertEqual(PlaceNormalizer.key("Winston-Salem"), "winston salem")
        XCTAssertEqual(PlaceNormalizer.key("Stratford-upon-Avon"), "stratford upon avon")
        XCTAssertEqual(PlaceNormalizer.key("Washington, D.C."), "washington d c")
        XCTAssertEqual(PlaceNormalizer.key("N'Djamena"), "ndjamena")
        XCTAssertEqual(PlaceNormalizer.key("Coeur d’Alene"), "coeur dalene")
        XCTAssertEqual(PlaceNormalizer.key("ZÜRICH"), "zurich")
        XCTAssertEqual(PlaceNormalizer.key("!!!"), "")
        XCTAssertEqual(PlaceNormalizer.key(""), "")
    }

    func testSaintAndOtherAbbreviations() {
        XCTAssertEqual(PlaceNormalizer.key("St. Louis"), "saint louis")
        XCTAssertEqual(PlaceNormalizer.key("Saint Louis"), "saint louis")
        XCTAssertEqual(PlaceNormalizer.key("Ste-Foy"), "sainte foy")
        XCTAssertEqual(PlaceNormalizer.key("Mt. Vernon"), "mount vernon")
        XCTAssertEqual(PlaceNormalizer.key("Ft Worth"), "fort worth")
        XCTAssertEqual(PlaceNormalizer.key("Stuttgart"), "stuttgart")
        // A word still being typed is not expanded: "st" may become "stockholm".
        XCTAssertEqual(PlaceNormalizer.key("st", partialLastWord: true), "st")
        XCTAssertEqual(PlaceNormalizer.key("st ", partialLastWord: true), "saint")
        XCTAssertEqual(PlaceNormalizer.key("st l", partialLastWord: true), "saint l")
    }
}
