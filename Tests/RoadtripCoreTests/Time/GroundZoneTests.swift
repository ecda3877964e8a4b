import Foundation
import XCTest
@testable import RoadtripCore

/// Issue 31, item 7: a picked place keeps the clock of its ground — the boundary index's zone at its point — where
/// the gazetteer's (GeoNames') zone says otherwise; and the gazetteer places where the two disagree, counted.
final class GroundZoneTests: XCTestCase {
    /// Border and reservation towns by GeoNames id, with the zone their ground keeps.
    private static let known: [(id: Int, name: String, zone: String)] = [
        // GeoNames gives Pacific Time; the town keeps Mountain Time, as Wendover, Utah across the line does.
        (5_710_035, "West Wendover", "America/Denver"),
        (5_784_492, "Wendover", "America/Denver"),
        // Jackpot keeps Mountain Time by custom only: the tz database and the boundaries leave it in Pacific.
        (5_705_218, "Jackpot", "America/Los_Angeles"),
        // The Navajo Nation keeps daylight saving time (Denver) inside Arizona; the Hopi reservation inside it
        // does not (Phoenix), nor does Page, outside both. GeoNames gives LeChee (Navajo) Phoenix.
        (5_321_390, "Window Rock", "America/Denver"),
        (5_300_830, "Kayenta", "America/Denver"),
        (5_318_279, "Tuba City", "America/Denver"),
        (5_289_626, "Chinle", "America/Denver"),
        (7_261_646, "LeChee", "America/Denver"),
        (5_301_281, "Kykotsmovi Village", "America/Phoenix"),
        (5_313_527, "Second Mesa", "America/Phoenix"),
        (5_307_778, "Page", "America/Phoenix"),
        // Fort Pierre is across the Missouri from Pierre, in Mountain Time (GeoNames: Chicago); Vincennes keeps
        // Eastern Time (GeoNames: Chicago); Rockwood, Tennessee too (GeoNames: Chicago).
        (5_764_864, "Fort Pierre", "America/Denver"),
        (4_266_307, "Vincennes", "America/Indiana/Vincennes"),
        (4_653_999, "Rockwood", "America/New_York"),
        (5_991_055, "Kenora", "America/Winnipeg"),
        (6_058_024, "Lloydminster", "America/Edmonton"),
        // Across the Rio Grande from Texas, Río Bravo keeps US daylight saving time (GeoNames: Monterrey, which does not).
        (3_520_271, "Ciudad Río Bravo", "America/Matamoros"),
    ]

    private func knownPlaces() throws -> [(place: Place, zone: String)] {
        let places = try BundledPlaces.index()
        return try Self.known.map { id, name, zone in
            let place = try XCTUnwrap(places.place(id: id), name)
            XCTAssertEqual(place.name, name)
            return (place, zone)
        }
    }

    func testAPickedPlaceKeepsTheZoneOfItsGround() throws {
        for (place, zone) in try knownPlaces() {
            XCTAssertEqual(place.waypoint().timeZone, zone, place.label)
            XCTAssertEqual(place.groundTimeZone, zone, place.label)
        }
    }

    /// No hour between the two Wendovers, 3 km apart: "+1 h" on that leg was the bug.
    func testTheWendoversKeepOneClock() throws {
        let places = try BundledPlaces.index()
        let west = try XCTUnwrap(places.place(id: 5_710_035)).waypoint()
        let utah = try XCTUnwrap(places.place(id: 5_784_492)).waypoint()
        let summer = Date(timeIntervalSince1970: 1_783_000_000)   // July 2026
        XCTAssertEqual(StopZones.zone(of: west).secondsFromGMT(for: summer), StopZones.zone(of: utah).secondsFromGMT(for: summer))
    }

    /// The reference, not only the names above: the pinned timezonefinder gives the picked zone at each point.
    func testPickedZonesAreTimezonefindersAtTheirPoints() throws {
        let known = try knownPlaces()
        let answers = try TimezonefinderReference.run(["at"], input: known.map { "\($0.place.latitude) \($0.place.longitude)\n" }.joined())
        XCTAssertEqual(answers.count, known.count)
        for ((place, _), answer) in zip(known, answers) {
            XCTAssertEqual(place.waypoint().timeZone, String(answer), place.label)
        }
    }

    /// Every gazetteer place whose stored zone keeps another clock than the index's at its point (the same rules
    /// under two names, America/Creston beside America/Phoenix, is no disagreement): a few hundred of 234,908, the
    /// known ones among them, and each picked with the index's zone. The list is written beside the count.
    func testGazetteerZonesThatDisagreeWithTheIndexAreCountedAndListed() throws {
        let file = try BundledPlaces.index().file
        var clocks = ClockRules()
        var named = 0
        var disagreeing: [Place] = []
        for i in 0..<file.count {
            let place = file.place(at: i)
            let ground = place.groundTimeZone
            guard ground != place.timezone else { continue }
            named += 1
            if !clocks.same(ground, place.timezone) { disagreeing.append(place) }
        }
        let list = disagreeing.map { place in
            [String(place.id), place.label, String(format: "%.4f, %.4f", place.latitude, place.longitude),
             place.timezone, place.groundTimeZone].joined(separator: "\t")
        }
        let listURL = FileManager.default.temporaryDirectory.appendingPathComponent("gazetteer-zone-disagreements.tsv")
        try Data((["id\tplace\tpoint\tgazetteer\tindex"] + list).map { $0 + "\n" }.joined().utf8).write(to: listURL)
        print("gazetteer.zone-disagreements \(disagreeing.count) of \(file.count) places keep another clock than the index "
              + "(\(named) another zone name); listed in \(listURL.path)")
        XCTAssertGreaterThan(disagreeing.count, 0)
        XCTAssertLessThan(disagreeing.count, 1_000, "the index and the gazetteer no longer line up")
        let ids = Set(disagreeing.map(\.id))
        for id in [5_710_035, 7_261_646, 5_764_864, 4_266_307, 3_520_271] { XCTAssertTrue(ids.contains(id), "\(id)") }
        XCTAssertFalse(ids.contains(5_321_390), "GeoNames already gives Window Rock Denver")
        let pickedOtherwise = disagreeing.filter { $0.waypoint().timeZone != $0.groundTimeZone }
        XCTAssertTrue(pickedOtherwise.isEmpty, "\(pickedOtherwise.count) picked with the gazetteer's zone, among them "
                      + pickedOtherwise.prefix(3).map(\.label).joined(separator: "; "))
    }
}

/// Whether two zones keep the same clock: the same offset at the start of 2026 and the same changes, at the same
/// instants, through 2027 (the years trips are planned for). Each zone's changes are read once.
private struct ClockRules {
    private var changes: [String: [Int]] = [:]

    mutating func same(_ a: String, _ b: String) -> Bool {
        rules(a) == rules(b)
    }

    /// The offset at the start, then each change's instant and the offset after it.
    private mutating func rules(_ name: String) -> [Int] {
        if let known = changes[name] { return known }
        guard let zone = TimeZone(identifier: name) else { return [] }
        var instant = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01 00:00 UTC
        let end = Date(timeIntervalSince1970: 1_830_297_600)       // 2028-01-01 00:00 UTC
        var found = [zone.secondsFromGMT(for: instant)]
        while let next = zone.nextDaylightSavingTimeTransition(after: instant), next < end {
            found += [Int(next.timeIntervalSince1970), zone.secondsFromGMT(for: next)]
            instant = next
        }
        changes[name] = found
        return found
    }
}
