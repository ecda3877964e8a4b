import Foundation
@testable import RoadtripCore
import XCTest

/// `region which`'s choice on the shipped index of Geofabrik's extracts: trips across two, three and four
/// extracts get the set of the smallest total download — checked against every set of the extracts the trip
/// touches — and a leg out to sea is named, not paid for.
final class ExtractCoverTests: XCTestCase {
    private static let index = Result { try GeofabrikIndex.shipped() }

    private func cover(_ stops: [(Double, Double)]) throws -> (ExtractCover, [Coordinate]) {
        let coordinates = try stops.map { try Coordinate(latitude: $0.0, longitude: $0.1) }
        return (ExtractCover(index: try Self.index.get(), stops: coordinates), coordinates)
    }

    func testOutbackTakesThreeStatesNotAustralia() throws {
        // Coober Pedy (SA) → Yulara → Katherine (NT) → Kununurra (WA).
        let (cover, stops) = try cover([(-29.0135, 134.7544), (-25.2406, 130.9889), (-14.4650, 132.2635), (-15.7736, 128.7386)])
        XCTAssertEqual(cover.choices.map(\.extract.id), ["south-australia", "northern-territory", "western-australia"])
        XCTAssertEqual(cover.choices.map(\.stops), [[0], [1, 2], [3]])
        XCTAssertEqual(cover.choices[1].legs, [1], "Yulara → Katherine lies in the Northern Territory alone")
        XCTAssertEqual(cover.choices[1].partLegs, [0, 2])
        XCTAssertEqual(cover.knownBytes, 67_108_864 + 17_720_934 + 114_294_784)
        XCTAssertTrue(cover.isExact)
        XCTAssertEqual(cover.outsideLegs, [])
        try assertCheapest(cover, stops)
    }

    func testFourStatesOfTheSouthwest() throws {
        // Las Vegas → Grand Canyon Village → Moab → Denver: Nevada, Arizona, Utah, Colorado, not the USA's 11 GB.
        let (cover, stops) = try cover([(36.1699, -115.1398), (36.0544, -112.1401), (38.5733, -109.5498), (39.7392, -104.9903)])
        XCTAssertEqual(cover.choices.map(\.extract.id), ["us/nevada", "us/arizona", "us/utah", "us/colorado"])
        XCTAssertEqual(cover.choices.map(\.extract.fileName),
                       ["nevada-latest.osm.pbf", "arizona-latest.osm.pbf", "utah-latest.osm.pbf", "colorado-latest.osm.pbf"])
        try assertCheapest(cover, stops)
    }

    func testAlesundToTrondheimTakesTwoRegionsOfNorway() throws {
        let (cover, stops) = try cover([(62.4722, 6.1495), (63.4305, 10.3951)])
        XCTAssertEqual(cover.choices.map(\.extract.id), ["vestlandet", "trondelag"])
        XCTAssertEqual(cover.choices.map(\.partLegs), [[0], [0]], "neither holds the leg alone: built as one region")
        try assertCheapest(cover, stops)
    }

    /// Twelve Dutch provinces cost 1,398.5 MB together, the Netherlands 1,395.9 MB: one country beats them.
    func testOneLargerExtractBeatsTheSmallerOnesItHolds() throws {
        let (cover, stops) = try cover([(53.2194, 6.5665), (53.2012, 5.7999), (52.9925, 6.5649), (52.5168, 6.0830),
                                        (52.5185, 5.4714), (52.3874, 4.6462), (52.0907, 5.1214), (52.0705, 4.3007),
                                        (51.4988, 3.6136), (51.6978, 5.3037), (50.8514, 5.6910), (51.9851, 5.8987)])
        XCTAssertEqual(cover.choices.first?.extract.id, "netherlands")
        XCTAssertFalse(cover.choices.contains { $0.extract.parent == "netherlands" })
        try assertCheapest(cover, stops)
    }

    func testALegOutToSeaIsNamedAndNotPaidFor() throws {
        // Ponta Delgada → Horta (Azores) → the open Atlantic, in no extract: Europe's 32.7 GB would hold part of
        // the last leg's line, but no region routes a leg to the sea.
        let (cover, stops) = try cover([(37.7412, -25.6756), (38.5363, -28.6261), (40, -40)])
        XCTAssertEqual(cover.choices.map(\.extract.id), ["azores"])
        XCTAssertEqual(cover.outsideLegs, [1])
        XCTAssertEqual(cover.outsideStops, [2])
        XCTAssertEqual(cover.choices[0].legs, [0])
        try assertCheapest(cover, stops)
    }

    /// The chosen set holds everything the trip asks for, and no set of the extracts it touches that does so too
    /// has fewer extracts of unknown size, or as few and a smaller download.
    private func assertCheapest(_ cover: ExtractCover, _ stops: [Coordinate], file: StaticString = #filePath,
                                line: UInt = #line) throws {
        let index = try Self.index.get()
        func holders(_ point: Coordinate) -> Set<Int> {
            Set(index.extracts.indices.filter { ExtractCover.holds(index.extracts[$0], point) })
        }
        var needs = stops.map(holders)
        for (a, b) in zip(stops, stops.dropFirst()) {
            let corridor = LegCorridor(from: a, to: b)
            let line = corridor.line.map(holders)
            if !line.contains(where: \.isEmpty) { needs += (line + corridor.sides.map(holders)) }
        }
        needs = needs.filter { !$0.isEmpty }
        let touching = Array(Set(needs.flatMap { $0 })).sorted()
        XCTAssertLessThanOrEqual(touching.count, 22, "too many for a brute force", file: file, line: line)
        let masks = Set(needs.map { need in touching.indices.reduce(0) { need.contains(touching[$1]) ? $0 | 1 << $1 : $0 } })
        var cheapest = (unknown: Int.max, bytes: Int64.max)
        for set in 1..<(1 << touching.count) where masks.allSatisfy({ $0 & set != 0 }) {
            let chosen = touching.indices.filter { set & 1 << $0 != 0 }.map { index.extracts[touching[$0]] }
            let cost = (chosen.filter { $0.size == nil }.count, chosen.reduce(Int64(0)) { $0 + $1.bytes })
            if cost < cheapest { cheapest = cost }
        }
        XCTAssertTrue((cover.unknownSizes, cover.knownBytes) == cheapest, "\(cover.unknownSizes), \(cover.knownBytes) "
                      + "for \(cheapest) over \(touching.count) extracts touched", file: file, line: line)
        let chosen = Set(cover.choices.map(\.extract.id))
        XCTAssertTrue(needs.allSatisfy { $0.contains { chosen.contains(index.extracts[$0].id) } }, file: file, line: line)
    }
}
