import Foundation
import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// The exports' times read back by the libraries apps use (PyPI gpxpy 1.6.2 and icalendar 7.3.2, pinned in the
/// Makefile's reference venv `.build/test-tools/python`, with Python's zoneinfo), on a trip across three US zones
/// and one in Japan whose first departure in UTC is the day before.
final class ExportTimesReferenceTests: XCTestCase {
    private static let trips: [(Trip, Itinerary)] = [(ExportFixtures.west, ExportFixtures.westItinerary()),
                                                     (ExportFixtures.tokyo, ExportFixtures.tokyoItinerary())]

    private func file(_ text: String, _ ext: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-\(UUID().uuidString).\(ext)")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The reference venv's Python running `script` with `arguments`, its printed JSON decoded.
    private func python(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        let python = RoutingTools.directory.appendingPathComponent("python/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw RoutingTools.Missing(description: "\(python.path) not found: run `make test-deps` (it installs gpxpy and icalendar from PyPI)")
        }
        let output = try RoutingTools.run(python.path, ["-c", script] + arguments, timeout: 120)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: output) as? [String: Any], String(decoding: output, as: UTF8.self))
    }

    func testGpxpyReadsTheItinerarysInstantsAndXmllintValidates() throws {
        let schema = RoutingTools.checkout.appendingPathComponent("Tests/Fixtures/gpx/gpx-1.1.xsd")
        for (trip, itinerary) in Self.trips {
            let gpx = try file(try ExportFormat.gpx.document(trip, itinerary, unit: .km), "gpx")
            let json = try python("""
                import gpxpy, json, sys
                g = gpxpy.parse(open(sys.argv[1], encoding="utf-8"))
                print(json.dumps({"times": [w.time.timestamp() for w in g.waypoints], "utc": [w.time.utcoffset().total_seconds() for w in g.waypoints]}))
                """, [gpx.path])
            let expected = itinerary.arrivals.enumerated().map { index, arrival in
                (index == 0 ? arrival.departure : arrival.instant)!.timeIntervalSince1970
            }
            XCTAssertEqual(json["times"] as? [Double], expected, trip.name)
            XCTAssertEqual(json["utc"] as? [Double], [0, 0, 0], "\(trip.name): times in UTC")
            let lint = try ChildProcess.run("/usr/bin/xmllint", arguments: ["--noout", "--schema", schema.path, gpx.path],
                                            captureOutput: true, timeout: 60)
            XCTAssertEqual(lint.termination, .exited(0), String(decoding: lint.stderr, as: UTF8.self))
        }
    }

    /// Each drive's DTSTART and DTEND, read by icalendar: the local times Python's zoneinfo gives for the itinerary's
    /// instants in the stops' zones, and the same instants whether the TZID is looked up in zoneinfo or read from the
    /// file's own VTIMEZONE (a calendar without a zone database uses that).
    func testIcalendarReadsTheDrivesOnTheClocksZoneinfoGives() throws {
        var march = ExportFixtures.west
        march.startDate = CalendarDate("2027-03-12")
        march.waypoints[1].nights = 3
        let trips = Self.trips + [(march, Itinerary(trip: march, legs: ExportFixtures.westItinerary().legs, settings: Settings()))]
        for (trip, itinerary) in trips {
            let ics = try file(try ExportFormat.ics.document(trip, itinerary, unit: .km), "ics")
            // zone and instant of each drive's start and end, as the itinerary has them.
            var ends: [String] = []
            for day in itinerary.days where day.isDriving {
                ends += [itinerary.arrivals[day.startStop].timeZone.identifier, "\(day.departure!.timeIntervalSince1970)",
                         itinerary.arrivals[day.endStop].timeZone.identifier, "\(day.arrival!.timeIntervalSince1970)"]
            }
            let json = try python("""
                import icalendar, json, sys, datetime, zoneinfo
                cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
                own = {str(tz["TZID"]): tz.to_tz(lookup_tzid=False) for tz in cal.walk("VTIMEZONE")}
                read = []
                for e in cal.walk("VEVENT"):
                    for key in ("DTSTART", "DTEND"):
                        dt = e[key].dt
                        if not isinstance(dt, datetime.datetime): continue
                        naive = dt.replace(tzinfo=None)
                        read += [str(dt.tzinfo), naive.isoformat(), dt.timestamp(), naive.replace(tzinfo=own[str(dt.tzinfo)]).timestamp()]
                given = sys.argv[2:]
                expected = []
                for zone, instant in zip(given[0::2], given[1::2]):
                    local = datetime.datetime.fromtimestamp(float(instant), zoneinfo.ZoneInfo(zone)).replace(tzinfo=None)
                    expected += [zone, local.isoformat(), float(instant), float(instant)]
                print(json.dumps({"read": read, "expected": expected}))
                """, [ics.path] + ends)
            let read = try XCTUnwrap(json["read"] as? [Any]), expected = try XCTUnwrap(json["expected"] as? [Any])
            XCTAssertEqual(read.count, expected.count, trip.name)
            XCTAssertGreaterThanOrEqual(read.count, 8, "two drives at least")
            XCTAssertEqual(read.map { "\($0)" }, expected.map { "\($0)" }, "\(trip.name) from \(trip.startDate!)")
        }
    }
}
