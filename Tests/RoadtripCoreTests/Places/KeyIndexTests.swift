import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The sorted key list and the typo-tolerant walk over it, checked against brute force.
final class KeyIndexTests: XCTestCase {
    private let names = ["New York City", "York", "Yorkton", "Newark", "New Orleans", "Chicago", "Chico",
                         "Chicopee", "Chiclayo", "St. Louis", "Saint-Lô", "Zurich", "Zuerich", "Springfield",
                         "Springfield", "Spring", "Albuquerque", "Alba", "Oslo", "Osaka", "Ab", "A", "Aa Bb",
                         "Springfield Gardens", "Chicago Heights", "East Chicago", "42nd Street", "1st Avenue"]

    private func build(_ names: [String]) -> KeyIndex {
        var builder = KeyIndexBuilder()
        for (place, name) in names.enumerated() {
            let bytes = Array(name.utf8)
            bytes.withUnsafeBufferPointer { builder.add(place: place, source: 0, ascii: $0) }
        }
        return builder.build(placeScores: names.map { _ in 1 })
    }

    private func key(_ index: KeyIndex, _ i: Int) -> [UInt8] {
        let e = index.entries[i]
        return Array(index.keys[Int(e.start)..<Int(e.start) + Int(e.length)])
    }

    func testEntriesAreSortedBytewiseWithLaterWords() {
        let index = build(names)
        let keys = index.entries.indices.map { key(index, $0) }
        XCTAssertEqual(keys, keys.sorted { $0.lexicographicallyPrecedes($1) })
        let strings = Set(keys.map { String(decoding: $0, as: UTF8.self) })
        XCTAssertTrue(strings.isSuperset(of: ["new york city", "york city", "city", "saint louis", "louis", "chicago heights"]))
    }

    func testTheRealIndexIsSorted() throws {
        let url = try XCTUnwrap(PlaceIndex.bundledDataURL)
        var builder = KeyIndexBuilder()
        let file = try GazetteerFile(bytes: [UInt8](try Data(contentsOf: url))) { builder.add(place: $0, source: $1, ascii: $2) }
        let index = builder.build(placeScores: Array(repeating: 0, count: file.count))
        XCTAssertGreaterThan(index.entries.count, file.count)
        index.keys.withUnsafeBufferPointer { k in
            var previous: ArraySlice<UInt8> = []
            for e in index.entries {
                let current = k[Int(e.start)..<Int(e.start) + Int(e.length)]
                if current.lexicographicallyPrecedes(previous) {
                    XCTFail("\(String(decoding: current, as: UTF8.self)) after \(String(decoding: previous, as: UTF8.self))")
                    return
                }
                previous = ArraySlice(current)
            }
        }
    }

    func testPrefixRangeMatchesBruteForce() {
        let index = build(names)
        for query in ["", "c", "chic", "chicago", "chicagox", "spring", "springfield", "y", "york", "zz", "a", "aa", "1", "saint l"] {
            let q = Array(query.utf8)
            let expected = index.entries.indices.filter { key(index, $0).starts(with: q) }
            let range = index.prefixRange(q)
            XCTAssertEqual(Array(range), expected, query)
        }
    }

    func testFuzzyWalkMatchesBruteForce() {
        let index = build(names)
        for query in ["chcago", "chicgo", "ihcago", "yrok", "spirngfield", "albuqerque", "zuerich", "oslo", "osko",
                      "newyork", "saint luois", "abcd", "cihcago", "cgicago", "sprngfeld", "chicago heihgts"] {
            let q = Array(query.utf8)
            let budget = FuzzyWalk.maxEdits(forQueryLength: q.count)
            var found: [Int: Int] = [:]   // entry → best cost
            FuzzyWalk.run(index, query: q, maxEdits: budget) { range, _, cost in
                for i in range { found[i] = min(found[i] ?? .max, cost) }
            }
            for i in index.entries.indices {
                let k = key(index, i)
                let cost = Self.prefixDistance(k, q)
                let label = "\(query) vs \(String(decoding: k, as: UTF8.self))"
                if cost == 0 {
                    // Plain prefix matches are found elsewhere; the walk may or may not also report them.
                    continue
                }
                // The anchor: at most one edit within the key's first three letters.
                let anchored = k.count < FuzzyWalk.anchorLength
                    || Self.prefixDistance(Array(k.prefix(FuzzyWalk.anchorLength)), q, wholeQuery: false) <= 1
                XCTAssertEqual(found[i], cost <= budget && anchored ? cost : nil, label)
            }
        }
    }

    /// Random keys and queries over three letters, so that most keys are a few edits from most queries: the walk's
    /// shortcuts (a node that has spent its budget tries only the letters that extend an alignment) drop nothing.
    func testFuzzyWalkMatchesBruteForceOnRandomKeys() {
        var random = SeededGenerator(seed: 35)
        let letters = Array("abc")
        let word = { (length: Int) in String((0..<length).map { _ in letters.randomElement(using: &random)! }) }
        let names = (0..<400).map { _ in "a" + word(Int.random(in: 1...15, using: &random)) }
        let index = build(names)
        for round in 0..<300 {
            let query = "a" + word(Int.random(in: 3...12, using: &random))
            let q = Array(query.utf8)
            let budget = FuzzyWalk.maxEdits(forQueryLength: q.count)
            var found: [Int: Int] = [:]
            FuzzyWalk.run(index, query: q, maxEdits: budget) { range, _, cost in
                for i in range { found[i] = min(found[i] ?? .max, cost) }
            }
            for i in index.entries.indices {
                let k = key(index, i)
                let cost = Self.prefixDistance(k, q)
                guard cost > 0 else { continue }
                let anchored = k.count < FuzzyWalk.anchorLength
                    || Self.prefixDistance(Array(k.prefix(FuzzyWalk.anchorLength)), q, wholeQuery: false) <= 1
                XCTAssertEqual(found[i], cost <= budget && anchored ? cost : nil,
                               "round \(round): \(query) vs \(String(decoding: k, as: UTF8.self))")
            }
        }
    }

    func testFuzzyWalkReportsAWholeKeyMisspeltAtItsOwnLength() {
        // "berln" is one edit from "bern" and from "berlin"; "berl", the start of "berlin", is one edit
        // away too, and a misspelt whole name must not be hidden behind its misspelt start.
        let index = build(names + ["Berlin", "Bern", "Berlingen", "Boston", "Bost", "Lisbon"])
        for query in ["berln", "bostn", "lisbn", "chcago", "yrok", "spirngfield", "albuqerque", "newyork", "chicgo"] {
            let q = Array(query.utf8)
            let budget = FuzzyWalk.maxEdits(forQueryLength: q.count)
            var whole: [Int: Int] = [:]   // entry → cost of a report ending at its last byte
            FuzzyWalk.run(index, query: q, maxEdits: budget) { range, depth, cost in
                for i in range where Int(index.entries[i].length) == depth { whole[i] = min(whole[i] ?? .max, cost) }
            }
            for i in index.entries.indices {
                let k = key(index, i)
                let cost = Self.distance(k, q)
                let anchored = k.count < FuzzyWalk.anchorLength
                    || Self.prefixDistance(Array(k.prefix(FuzzyWalk.anchorLength)), q, wholeQuery: false) <= 1
                // Keys whose shorter start is closer to the query are reported there (at a lower cost).
                guard cost > 0, cost <= budget, anchored, Self.prefixDistance(k, q) == cost else { continue }
                XCTAssertEqual(whole[i], cost, "\(query) vs \(String(decoding: k, as: UTF8.self))")
            }
        }
    }

    /// Optimal-string-alignment distance between the whole `key` and the whole `query`, the first
    /// letters being equal.
    private static func distance(_ key: [UInt8], _ query: [UInt8]) -> Int {
        table(key, query).map { $0[key.count - 1][query.count - 1] } ?? .max
    }

    /// Smallest optimal-string-alignment distance between `query` and any prefix of `key`,
    /// the first letters being equal (the walk's contract). Without `wholeQuery`, the smallest
    /// distance between the whole `key` and any prefix of `query`.
    private static func prefixDistance(_ key: [UInt8], _ query: [UInt8], wholeQuery: Bool = true) -> Int {
        guard let d = table(key, query) else { return .max }
        let a = key.count - 1, b = query.count - 1
        return wholeQuery ? (0...a).map { d[$0][b] }.min()! : d[a].min()!
    }

    /// d[i][j]: the distance between key[1...i] and query[1...j]; nil when the first letters differ.
    private static func table(_ key: [UInt8], _ query: [UInt8]) -> [[Int]]? {
        guard key.first == query.first else { return nil }
        let a = Array(key.dropFirst()), b = Array(query.dropFirst())
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        if !a.isEmpty && !b.isEmpty {
            for i in 1...a.count {
                for j in 1...b.count {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                    }
                }
            }
        }
        return d
    }
}
