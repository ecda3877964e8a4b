import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// SolarEvents against skyfield and JPL's DE421 ephemeris (PyPI skyfield 1.55, skyfield-data 7.0.0, installed by
/// `make test-deps` in `.build/test-tools/python`) on 2,000 seeded places and dates.
final class SolarEventsReferenceTests: XCTestCase {
    private struct Case {
        let latitude: Double
        let longitude: Double
        let date: CalendarDate
        let zone: TimeZone
    }

    private struct Reference {
        let rise: Double?
        let set: Double?
        let dusk: Double?
        let sunUpAtNoon: Bool
    }

    func testAgreesWithAnEphemerisWithinAMinuteBelow60DegreesAndTwoTo66() throws {
        var random = SeededGenerator(seed: 20_271_124)
        let cases = (0..<2_000).map { _ in
            let latitude = Double.random(in: -75...75, using: &random)
            let longitude = Double.random(in: -180...180, using: &random)
            let date = CalendarDate(year: 2000, month: 1, day: 1)!.adding(days: Int.random(in: 0..<18_262, using: &random))!
            // The zone a place at this longitude would keep by the sun: only which day is meant depends on it.
            let zone = TimeZone(secondsFromGMT: Int((longitude / 15).rounded()) * 3_600)!
            return Case(latitude: latitude, longitude: longitude, date: date, zone: zone)
        }
        let answers = cases.map { SolarEvents.daylight(on: $0.date, latitude: $0.latitude, longitude: $0.longitude, timeZone: $0.zone) }
        let references = try reference(for: cases, answers: answers)

        var worst: [ClosedRange<Double>: Double] = [0...60: 0, 60...66: 0]
        var transitionDays = 0, polarDays = 0
        for (index, (answer, expected)) in zip(answers, references).enumerated() {
            let place = cases[index]
            let context = "\(place.latitude), \(place.longitude) on \(place.date)"
            switch (answer, expected.rise, expected.set) {
            case let (.day(sunrise, sunset, dusk), rise?, set?):
                let band: ClosedRange<Double> = abs(place.latitude) <= 60 ? 0...60 : 60...66
                let errors = [abs(sunrise.timeIntervalSince1970 - rise), abs(sunset.timeIntervalSince1970 - set)]
                    + (dusk.flatMap { ours in expected.dusk.map { [abs(ours.timeIntervalSince1970 - $0)] } } ?? [])
                if abs(place.latitude) <= 66 { worst[band] = max(worst[band]!, errors.max()!) }
                if abs(place.latitude) <= 58 {
                    XCTAssertEqual(dusk == nil, expected.dusk == nil, "civil dusk at \(context)")
                }
            case (.midnightSun, nil, nil):
                polarDays += 1
                XCTAssertTrue(expected.sunUpAtNoon, "midnight sun at \(context), but the sun is down at noon")
            case (.polarNight, nil, nil):
                polarDays += 1
                XCTAssertFalse(expected.sunUpAtNoon, "polar night at \(context), but the sun is up at noon")
            case (_, nil, _), (_, _, nil):
                // The sun rises but does not set in the window, or the reverse: the day a polar season starts or
                // ends, which either answer describes.
                transitionDays += 1
                XCTAssertGreaterThan(abs(place.latitude), 63, "a day with one event at \(context)")
            default:
                XCTFail("\(answer) at \(context), skyfield: rise \(String(describing: expected.rise)), set \(String(describing: expected.set))")
            }
        }
        print("SolarEvents vs skyfield: worst \(Int(worst[0...60]!)) s to 60°, \(Int(worst[60...66]!)) s to 66°; "
            + "\(polarDays) polar days, \(transitionDays) days a polar season turns")
        XCTAssertLessThanOrEqual(worst[0...60]!, 60)
        XCTAssertLessThanOrEqual(worst[60...66]!, 120)
        XCTAssertGreaterThan(polarDays, 20, "the sample must hold polar days")
        XCTAssertLessThan(transitionDays, 20)
    }

    /// Asks skyfield for the same days, each in a window of a day around our solar noon.
    private func reference(for cases: [Case], answers: [Daylight]) throws -> [Reference] {
        let python = RoutingTools.directory.appendingPathComponent("python/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw RoutingTools.Missing(description: "\(python.path) not found: run `make test-deps` (it installs skyfield from PyPI)")
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("solar-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: input) }
        let lines = cases.map { place -> String in
            let noon = SolarEvents.solarNoon(on: place.date, longitude: place.longitude, timeZone: place.zone).timeIntervalSince1970
            return "\(place.latitude) \(place.longitude) \(noon - 43_200) \(noon + 43_200)\n"
        }
        try lines.joined().write(to: input, atomically: true, encoding: .utf8)
        let script = RoutingTools.checkout.appendingPathComponent("Tests/Fixtures/daylight/skyfield_events.py")
        let output = try RoutingTools.run(python.path, [script.path, input.path], timeout: 600)
        let rows = String(decoding: output, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(rows.count, cases.count)
        return rows.map { row in
            let fields = row.split(separator: " ").map(String.init)
            return Reference(rise: Double(fields[0]), set: Double(fields[1]), dusk: Double(fields[2]), sunUpAtNoon: fields[3] == "up")
        }
    }
}
