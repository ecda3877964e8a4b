import XCTest
@testable import RoadtripCore

/// The search's shortcuts (reading large prefix ranges best place first, skipping keys without a rare
/// later word, skipping typo branches by their score ceiling) must give exactly the list that reading
/// every candidate gives: same places, order, scores, kinds and matched names. The index is the mapped one
/// commands read (`PlaceIndexCache`); the seeded queries also hold it to the index built in memory.
final class PlaceSearchShortcutTests: XCTestCase {
    private var index: PlaceIndex!

    override func setUpWithError() throws {
        index = try BundledPlaces.index()
    }

    func testShortcutsGiveTheExhaustiveListOnSeededQueries() throws {
        let built = try BundledPlaces.builtIndex()
        XCTAssertFalse(index === built)
        let cached = try FileManager.default.contentsOfDirectory(atPath: BundledPlaces.cacheDirectory.path)
        XCTAssertEqual(cached.filter { $0.hasSuffix(".index") }.count, 1, "the index is the cache's, mapped")
        var random = SplitMix64(seed: 23)
        var compared = 0, withHits = 0
        for _ in 0..<700 {
            let text = randomQuery(&random)
            let near = Bool.random(using: &random) ? randomPoint(&random) : nil
            let next = near != nil && Int.random(in: 0..<4, using: &random) == 0 ? randomPoint(&random) : nil
            let limit = [1, 5, 10, 10][Int.random(in: 0..<4, using: &random)]
            let fast = index.compute(text, limit: limit, near: near, next: next)
            let full = index.compute(text, limit: limit, near: near, next: next, exhaustive: true)
            XCTAssertEqual(fast, full, "\"\(text)\" limit \(limit) near \(String(describing: near)) next \(String(describing: next))")
            XCTAssertEqual(fast, built.compute(text, limit: limit, near: near, next: next), "\"\(text)\": mapped and built differ")
            compared += 1
            if !full.isEmpty { withHits += 1 }
        }
        XCTAssertGreaterThan(withHits, compared / 2, "most seeded queries find something")
    }

    /// The benchmark's hard cases: one- and two-letter prefixes, "san" with a misspelt or rare word,
    /// qualifiers, and the same after a stop.
    func testShortcutsGiveTheExhaustiveListOnShortAndManyWordQueries() {
        let stops: [(latitude: Double, longitude: Double)?] = [nil, (48.857, 2.352), (44.662, -111.104), (-33.869, 151.209)]
        let texts = ["s", "c", "b", "m", "p", "a", "sa", "lo", "ne", "san", "san f", "san fransisco", "santa mon",
                     "san jose costa rica", "san jose, ca", "st petersburg", "st petersburg fl", "santiago",
                     "santiago compostela", "sao paulo", "kansas c", "salt lake city", "los angelos", "barcelonna",
                     "springfield", "new y", "rio de", "x", "zz", "paris tx"]
        for stop in stops {
            for text in texts {
                let fast = index.compute(text, limit: 10, near: stop, next: nil)
                let full = index.compute(text, limit: 10, near: stop, next: nil, exhaustive: true)
                XCTAssertEqual(fast, full, "\"\(text)\" near \(String(describing: stop))")
            }
        }
    }

    /// Two or more words with a rare later word, read through the few places that have it: a name's first word and
    /// the start of a later one (sometimes misspelt, so that no place has it), with a region or country after it
    /// (the place's own, or another place's), as typed with or without a comma.
    func testRareLaterWordsGiveTheExhaustiveListWithQualifiers() {
        var random = SplitMix64(seed: 35)
        var compared = 0, withHits = 0
        while compared < 400 {
            let place = index.file.place(at: Int.random(in: 0..<index.count, using: &random))
            let words = place.asciiName.lowercased().split(separator: " ")
            guard words.count >= 2 else { continue }
            var later = Array(words[Int.random(in: 1..<words.count, using: &random)])
            later = Array(later.prefix(Int.random(in: 1...max(1, later.count), using: &random)))
            if later.count > 2 && Bool.random(using: &random) {
                later[Int.random(in: 1..<later.count, using: &random)] = "aeiourstln".randomElement(using: &random)!
            }
            let other = index.file.place(at: Int.random(in: 0..<index.count, using: &random))
            let qualifier = [place.countryName, place.admin1 ?? "", other.countryName, other.admin1 ?? "", ""]
                .randomElement(using: &random)!.lowercased()
            let separator = Bool.random(using: &random) ? ", " : " "
            let text = words[0] + " " + String(later) + (qualifier.isEmpty ? "" : separator + qualifier)
            let near = Int.random(in: 0..<4, using: &random) == 0 ? (other.latitude, other.longitude) : nil
            let fast = index.compute(text, limit: 10, near: near, next: nil)
            let full = index.compute(text, limit: 10, near: near, next: nil, exhaustive: true)
            XCTAssertEqual(fast, full, "\"\(text)\" near \(String(describing: near))")
            compared += 1
            if !full.isEmpty { withHits += 1 }
        }
        XCTAssertGreaterThan(withHits, compared / 2, "most seeded queries find something")
    }

    /// A prefix (1 to 12 letters) of a random place's name or alternate name, sometimes with a typo,
    /// a second word of another place, or a region after it.
    private func randomQuery(_ random: inout SplitMix64) -> String {
        let place = index.file.place(at: Int.random(in: 0..<index.count, using: &random))
        let names = [place.asciiName] + place.alternateNames.filter { $0.allSatisfy(\.isASCII) }
        var name = Array(names[Int.random(in: 0..<names.count, using: &random)].lowercased())
        name = Array(name.prefix(Int.random(in: 1...12, using: &random)))
        switch Int.random(in: 0..<6, using: &random) {
        case 0 where name.count > 3:   // a letter changed
            name[Int.random(in: 1..<name.count, using: &random)] = "aeiourstln".randomElement(using: &random)!
        case 1 where name.count > 4:   // a letter dropped
            name.remove(at: Int.random(in: 1..<name.count, using: &random))
        case 2:   // a word of another place after it
            let other = index.file.place(at: Int.random(in: 0..<index.count, using: &random)).asciiName.lowercased()
            let word = other.split(separator: " ").randomElement(using: &random) ?? ""
            name += " " + word.prefix(Int.random(in: 1...max(1, word.count), using: &random))
        case 3:   // a region or country after it
            name += [" tx", ", il", " france", " ca", ", us"].randomElement(using: &random)!
        default:
            break
        }
        return String(name)
    }

    private func randomPoint(_ random: inout SplitMix64) -> (latitude: Double, longitude: Double) {
        let place = index.file.place(at: Int.random(in: 0..<index.count, using: &random))
        return (place.latitude, place.longitude)
    }
}
