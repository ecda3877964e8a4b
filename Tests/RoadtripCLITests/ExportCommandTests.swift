import Foundation
import RoadtripCore
import XCTest

/// `roadtrip export`: every format read back by the real tools people use (`make test-deps` installs them), on a
/// trip whose names and notes hold everything that needs escaping.
final class ExportCommandTests: CLITestCase {
    private static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let schema = checkout.appendingPathComponent("Tests/Fixtures/gpx/gpx-1.1.xsd")

    /// Names as stored, and as every format must give them back (control characters dropped, a line break a space).
    private static let names: [(stored: String, exported: String)] = [
        ("Café <b>&amp;</b> \"quoted\" 'single'", "Café <b>&amp;</b> \"quoted\" 'single'"),
        ("東京タワー 🚗🇯🇵", "東京タワー 🚗🇯🇵"),
        ("שלום \u{202B}عالم\u{202C}", "שלום \u{202B}عالم\u{202C}"),
        ("Bell\u{7}Esc\u{1B}[31m\nNext\u{85}line", "BellEsc[31m Nextline"),
    ]
    private static let notes = "Line one <&>\nLine two \"'\"\r\nbell\u{7} ]]> -- 🚗 中文"

    private func seed(startDate: String? = "2027-06-12", stops: [(Double, Double)]? = nil) throws {
        let coordinates = stops ?? [(48.856614, 2.352222), (45.764043, 4.835659), (46.204391, 6.143158), (-45.464204, -9.189982)]
        let store = try TripStore.open(at: dataFile)
        try store.update { trips in
            trips.append(Trip(name: "Hostile <trip> & \"co\"", startDate: startDate.flatMap(CalendarDate.init),
                              notes: Self.notes, waypoints: coordinates.enumerated().map { index, point in
                                  Waypoint(name: Self.names[index % Self.names.count].stored, latitude: point.0,
                                           longitude: point.1, nights: index % 2 == 0 ? index + 1 : 0, notes: Self.notes)
                              }))
        }
    }

    private func export(_ format: String) throws -> URL {
        let url = directory.appendingPathComponent("trip.\(format)")
        try roadtrip("export", "hostile", "--format", format, "-o", url.path)
        return url
    }

    // MARK: GPX

    func testGPXIsValidAgainstTheGPX11Schema() throws {
        try seed()
        let gpx = try export("gpx")
        let result = try tool("xmllint", ["--noout", "--schema", Self.schema.path, gpx.path])
        XCTAssertTrue(result.stderr.contains("validates"), result.stderr)
    }

    /// A stop picked from an installed region carries OpenStreetMap's data: the GPX credits it in its metadata and
    /// still validates; the KML in its Snippet and is still well formed.
    func testAnExportWithARegionsStopCreditsOpenStreetMapAndStaysValid() throws {
        let store = try TripStore.open(at: dataFile)
        try store.update { trips in
            trips.append(Trip(name: "Hostile", waypoints: [
                Waypoint(name: "Vestvik", latitude: 62.1, longitude: 6.1),
                Waypoint(name: "Kolera-allas", latitude: 60.1676, longitude: 24.9539, placeId: -1_815_986_142),
            ]))
        }
        let gpx = try export("gpx")
        XCTAssertTrue(try tool("xmllint", ["--noout", "--schema", Self.schema.path, gpx.path]).stderr.contains("validates"))
        XCTAssertTrue(try String(contentsOf: gpx, encoding: .utf8).contains(#"<copyright author="OpenStreetMap contributors">"#))
        let kml = try export("kml")
        XCTAssertEqual(try tool("xmllint", ["--noout", kml.path]).status, 0)
        XCTAssertTrue(try String(contentsOf: kml, encoding: .utf8).contains("<Snippet>Map data © OpenStreetMap contributors"))
    }

    func testGpsbabelReadsTheGPXBackWithTheSameStops() throws {
        try seed()
        let rows = try gpsbabel("gpx", try export("gpx"))
        XCTAssertEqual(rows.map(\.name), Self.names.map(\.exported))
        XCTAssertEqual(rows.map(\.latitude), ["48.856614", "45.764043", "46.204391", "-45.464204"])
        XCTAssertEqual(rows.map(\.longitude), ["2.352222", "4.835659", "6.143158", "-9.189982"])
    }

    func testGpxpyReadsTheStopsNotesTimesAndRoute() throws {
        try seed()
        let json = try python(reference: true, """
            import gpxpy, json, sys
            g = gpxpy.parse(open(sys.argv[1], encoding="utf-8"))
            print(json.dumps({"wpt": [[w.name, w.latitude, w.longitude, w.comment, w.time and w.time.isoformat()] for w in g.waypoints],
                              "rte": [[p.name for p in r.points] for r in g.routes], "trk": len(g.tracks), "name": g.name}))
            """, try export("gpx"))
        let waypoints = try XCTUnwrap(json["wpt"] as? [[Any]])
        XCTAssertEqual(waypoints.map { $0[0] as? String }, Self.names.map(\.exported))
        XCTAssertEqual(waypoints.map { $0[1] as? Double }, [48.856614, 45.764043, 46.204391, -45.464204])
        let cleanNotes = "Line one <&>\nLine two \"'\"\nbell ]]> -- 🚗 中文"
        XCTAssertEqual(waypoints.map { $0[3] as? String }, Array(repeating: cleanNotes, count: 4), "cmt carries the notes")
        let times = waypoints.map { $0[4] as? String }
        XCTAssertEqual(Array(times.prefix(3)), ["2027-06-13T07:00:00+00:00", "2027-06-13T14:07:00+00:00", "2027-06-13T15:56:00+00:00"],
                       "in UTC: leaving Paris at 09:00 CEST, a 45-minute rest in the 6 h 22 to Lyon (16:07 CEST)")
        XCTAssertGreaterThan(try XCTUnwrap(times[3]), "2027-06-16T07:00:00+00:00", "the end: an instant, past midnight too")
        XCTAssertEqual(json["rte"] as? [[String]], [Self.names.map(\.exported)])
        XCTAssertEqual(json["trk"] as? Int, 0, "the estimate has no road to draw")
        XCTAssertEqual(json["name"] as? String, "Hostile <trip> & \"co\"")
    }

    // MARK: KML, GeoJSON, iCalendar

    func testGpsbabelReadsTheKMLPlacemarks() throws {
        try seed()
        let kml = try export("kml")
        _ = try tool("xmllint", ["--noout", kml.path])
        let rows = try gpsbabel("kml", kml)
        XCTAssertEqual(rows.map(\.name), Self.names.map(\.exported))
        XCTAssertEqual(rows.map(\.latitude), ["48.856614", "45.764043", "46.204391", "-45.464204"])
    }

    func testGeoJSONIsValidWithItsStopsAndLegs() throws {
        try seed()
        let json = try python("""
            import geojson, json, sys
            doc = geojson.loads(open(sys.argv[1], encoding="utf-8").read())
            print(json.dumps({"valid": doc.is_valid, "errors": str(doc.errors()),
                              "points": [[f.properties["order"], f.properties["name"], f.properties["nights"], f.properties["day"],
                                          f.properties["notes"], f.geometry["coordinates"]] for f in doc.features if f.geometry.type == "Point"],
                              "legs": len([f for f in doc.features if f.geometry.type != "Point"])}))
            """, try export("geojson"))
        XCTAssertEqual(json["valid"] as? Bool, true, "\(json["errors"] ?? "")")
        let points = try XCTUnwrap(json["points"] as? [[Any]])
        XCTAssertEqual(points.map { $0[1] as? String }, Self.names.map(\.exported))
        XCTAssertEqual(points.map { $0[0] as? Int }, [1, 2, 3, 4])
        XCTAssertEqual(points.map { $0[2] as? Int }, [1, 0, 3, 0])
        // The last leg crosses the oceans for days (its sea at a ferry's speed): its stop is reached on the day it
        // really is.
        XCTAssertEqual(points.map { $0[3] as? Int }, [1, 2, 2, 17])
        XCTAssertEqual(points.first?[5] as? [Double], [2.352222, 48.856614], "lon,lat")
        XCTAssertEqual(json["legs"] as? Int, 3)
    }

    func testGeoJSONBoundingBoxAcrossTheAntimeridian() throws {
        try seed(stops: [(-17.0, 178.0), (-16.5, -179.0)])  // Viti Levu to Taveuni, Fiji-like
        let json = try python("""
            import geojson, json, sys
            doc = geojson.loads(open(sys.argv[1], encoding="utf-8").read())
            legs = [f.geometry for f in doc.features if f.geometry.type != "Point"]
            print(json.dumps({"valid": doc.is_valid, "bbox": doc["bbox"], "leg": [legs[0].type, legs[0]["coordinates"]]}))
            """, try export("geojson"))
        XCTAssertEqual(json["valid"] as? Bool, true)
        XCTAssertEqual(json["bbox"] as? [Double], [178.0, -17.0, -179.0, -16.5], "west > east across the antimeridian")
        let leg = try XCTUnwrap(json["leg"] as? [Any])
        XCTAssertEqual(leg[0] as? String, "MultiLineString", "cut at ±180° (RFC 7946 §3.1.9)")
        XCTAssertEqual(leg[1] as? [[[Double]]], [[[178.0, -17.0], [180.0, -16.666667]], [[-180.0, -16.666667], [-179.0, -16.5]]])
    }

    func testICalendarHasOneAllDayEventPerStayAndOneEventPerDrive() throws {
        try seed()
        let json = try python(reference: true, """
            import icalendar, json, sys, datetime
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            print(json.dumps({"events": [[str(e["SUMMARY"]), type(e["DTSTART"].dt) is datetime.date, e["DTSTART"].dt.isoformat(),
                               type(e["DTEND"].dt) is datetime.date, e["DTEND"].dt.isoformat(), str(e["DESCRIPTION"]),
                               str(e["LOCATION"]), [e["GEO"].latitude, e["GEO"].longitude],
                               [str(getattr(e[k].dt, "tzinfo", None)) for k in ("DTSTART", "DTEND")]]
                                         for e in cal.walk("VEVENT")]}))
            """, try export("ics"))
        let all = try XCTUnwrap(json["events"] as? [[Any]])
        let drives = all.filter { $0[1] as? Bool == false }
        XCTAssertEqual(drives.map { $0[0] as? String }, ["Day 2: \(Self.names[0].exported) → \(Self.names[2].exported)",
                                                        "Day 5: \(Self.names[2].exported) → \(Self.names[3].exported)"])
        XCTAssertEqual(drives.map { $0[8] as? [String] }, [["Europe/Paris", "Europe/Zurich"], ["Europe/Zurich", "Etc/GMT+1"]],
                       "each end on its stop's clock; the sea's nautical zone")
        XCTAssertEqual(drives[0][2] as? String, "2027-06-13T09:00:00+02:00")
        XCTAssertEqual(drives[0][4] as? String, "2027-06-13T17:56:00+02:00")
        XCTAssertEqual(all.map { $0[0] as? String }.filter { !($0 ?? "").hasPrefix("Day ") },
                       [Self.names[0].exported, Self.names[2].exported], "stays in the order of the days")
        let events = all.filter { $0[1] as? Bool == true }
        XCTAssertEqual(events.map { $0[0] as? String }, [Self.names[0].exported, Self.names[2].exported], "stays: nights > 0")
        XCTAssertEqual(events.map { $0[1] as? Bool }, [true, true], "DTSTART is a DATE")
        XCTAssertEqual(events.map { $0[3] as? Bool }, [true, true], "DTEND is a DATE")
        XCTAssertEqual(events.map { $0[2] as? String }, ["2027-06-12", "2027-06-13"])
        XCTAssertEqual(events.map { $0[4] as? String }, ["2027-06-13", "2027-06-16"], "left the morning after the last night")
        XCTAssertTrue((events[0][5] as? String ?? "").hasSuffix("Line one <&>\nLine two \"'\"\nbell ]]> -- 🚗 中文"))
        XCTAssertEqual(events.map { $0[6] as? String }, [Self.names[0].exported, Self.names[2].exported],
                       "a stop without region or country is found by its name")
        XCTAssertEqual(events.map { $0[7] as? [Double] }, [[48.856614, 2.352222], [46.204391, 6.143158]])
    }

    // MARK: Hostile names on the antimeridian

    /// Names with what XML forbids (U+FFFE, U+FFFF, control characters), emoji and right-to-left text, on stops at
    /// ±180° and near the poles: the GPX passes the schema (which wants lon < 180), gpsbabel reads the GPX and
    /// the KML back with the same names and positions, and the GeoJSON is valid with finite numbers only.
    func testHostileNamesOnTheAntimeridianStayValidInEveryFormat() throws {
        let names = [("Non\u{FFFE}char\u{FFFF}s", "Nonchars"), ("Ctrl\u{1}\u{8}\u{1B}[0m\u{7F}\u{9B}", "Ctrl[0m"),
                     ("🚗🇯🇵 東京", "🚗🇯🇵 東京"), ("\u{202E}שלום عالم", "\u{202E}שלום عالم")]
        let positions = [(-16.5, 180.0), (-17.0, -180.0), (89.9999999, 179.9999999), (-89.5, -179.5)]
        let store = try TripStore.open(at: dataFile)
        try store.update { trips in
            trips.append(Trip(name: "Date line \u{FFFE}", startDate: CalendarDate("2027-06-12"), notes: "n\u{FFFF}",
                              waypoints: zip(names, positions).map { name, position in
                                  Waypoint(name: name.0, latitude: position.0, longitude: position.1, nights: 1, notes: "x\u{FFFE}y")
                              }))
        }
        func export(_ format: String) throws -> URL {
            let url = directory.appendingPathComponent("line.\(format)")
            try roadtrip("export", "date line", "--format", format, "-o", url.path)
            return url
        }
        let gpx = try export("gpx")
        XCTAssertTrue(try tool("xmllint", ["--noout", "--schema", Self.schema.path, gpx.path]).stderr.contains("validates"))
        let kml = try export("kml")
        try tool("xmllint", ["--noout", kml.path])
        for (format, file) in [("gpx", gpx), ("kml", kml)] {
            let rows = try gpsbabel(format, file)
            XCTAssertEqual(rows.map(\.name), names.map(\.1), format)
            XCTAssertEqual(rows.map(\.latitude), ["-16.500000", "-17.000000", "90.000000", "-89.500000"], format)
            XCTAssertEqual(rows.map { $0.longitude == "180.000000" ? "-180.000000" : $0.longitude },
                           ["-180.000000", "-180.000000", "-180.000000", "-179.500000"], format)
        }
        let json = try python("""
            import geojson, json, math, sys
            text = open(sys.argv[1], encoding="utf-8").read()
            doc = geojson.loads(text)
            numbers = []
            def walk(value):
                if isinstance(value, (list, tuple)):
                    for item in value: walk(item)
                elif isinstance(value, float) or isinstance(value, int): numbers.append(value)
            for f in doc.features: walk(f.geometry["coordinates"])
            print(json.dumps({"valid": doc.is_valid, "finite": all(math.isfinite(n) for n in numbers) and "nan" not in text,
                              "names": [f.properties["name"] for f in doc.features if f.geometry.type == "Point"]}))
            """, try export("geojson"))
        XCTAssertEqual(json["valid"] as? Bool, true)
        XCTAssertEqual(json["finite"] as? Bool, true)
        XCTAssertEqual(json["names"] as? [String], names.map(\.1))
        let ics = try String(contentsOf: try export("ics"), encoding: .utf8)
        XCTAssertFalse(ics.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF })
    }

    func testACalendarOfStaysPastTheYear9999IsRefusedWithThatReason() throws {
        try roadtrip("new", "Far")
        try roadtrip("add-stop", "Far", "--name", "A", "--lat", "1", "--lon", "2", "--nights", "5")
        try roadtrip("add-stop", "Far", "--name", "B", "--lat", "1", "--lon", "3")
        try roadtrip("set-date", "Far", "9999-12-30")
        let result = try roadtrip("export", "Far", "--format", "ics", expect: 1)
        XCTAssertTrue(result.stderr.contains("past the year 9999"), result.stderr)
    }

    // MARK: The command

    func testStandardOutputWithoutOutputFileAndTheSameBytesInTheFile() throws {
        try seed()
        for format in ["gpx", "kml", "geojson", "md", "ics"] {
            let printed = try roadtrip("export", "hostile", "--format", format).stdout
            XCTAssertEqual(printed, try String(contentsOf: try export(format), encoding: .utf8), format)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("roadtrip-tmp") }, [],
                       "no temporary file left")
    }

    func testACalendarNeedsAStartDateAndTheTripsFileIsNeverTheOutput() throws {
        try seed(startDate: nil)
        let noDate = try roadtrip("export", "hostile", "--format", "ics", expect: 1)
        // The command line's way to fix it, not the app's key.
        XCTAssertEqual(noDate.stderr, "roadtrip: the trip has no start date, so its stays have no dates for a calendar "
                       + "(set one: roadtrip set-date hostile YYYY-MM-DD)\n")
        let before = try Data(contentsOf: dataFile)
        let overwrite = try roadtrip("export", "hostile", "--format", "md", "-o", dataFile.path, expect: 1)
        XCTAssertTrue(overwrite.stderr.contains("trips file"), overwrite.stderr)
        XCTAssertEqual(try Data(contentsOf: dataFile), before)
        let missing = directory.appendingPathComponent("no-such-folder/trip.gpx").path
        let unwritable = try roadtrip("export", "hostile", "--format", "gpx", "-o", missing, expect: 2)
        XCTAssertEqual(unwritable.stderr, "roadtrip: cannot write \(missing): the folder \(directory.path)/no-such-folder "
                       + "does not exist\n")
        let underAFile = dataFile.path + "/trip.gpx"
        XCTAssertEqual(try roadtrip("export", "hostile", "--format", "gpx", "-o", underAFile, expect: 2).stderr,
                       "roadtrip: cannot write \(underAFile): \(dataFile.path) is not a folder\n")
        try roadtrip("export", "nothing-like-it", "--format", "gpx", expect: 1)
        try roadtrip("export", "hostile", "--format", "pdf", expect: 1)
    }

    // MARK: Tools

    /// Runs a tool of `make test-deps` with a time limit; a missing tool is a failure that says how to get it.
    @discardableResult
    private func tool(_ name: String, _ arguments: [String], file: StaticString = #filePath,
                      line: UInt = #line) throws -> CommandResult {
        let path = name.hasPrefix("/") ? name : (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path, FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("\(name) is missing: run `make test-deps` (it installs it with apt)", file: file, line: line)
            throw CocoaError(.executableNotLoadable)
        }
        let result = try CommandRunner.run(URL(fileURLWithPath: path), arguments, timeout: 60)
        XCTAssertEqual(result.status, 0, "\(name) \(arguments): \(result.stderr)", file: file, line: line)
        return result
    }

    /// Debian's Python, which has the modules `make test-deps` installs with apt (a python3 earlier in PATH, such
    /// as pyenv's, would not), or with `reference` the venv of pinned PyPI libraries it makes (gpxpy, icalendar):
    /// runs `script` on `input` and decodes the JSON it prints.
    private func python(reference: Bool = false, _ script: String, _ input: URL) throws -> [String: Any] {
        let venv = Self.checkout.appendingPathComponent(".build/test-tools/python/bin/python3").path
        let result = try tool(reference ? venv : "/usr/bin/python3", ["-c", script, input.path])
        let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try XCTUnwrap(value as? [String: Any], result.stdout)
    }

    private struct Row { let latitude, longitude, name: String }

    /// The points gpsbabel reads from `file` (as `format`), through its unicsv output parsed by Python's csv.
    private func gpsbabel(_ format: String, _ file: URL) throws -> [Row] {
        let csv = directory.appendingPathComponent("read-back.csv")
        try tool("gpsbabel", ["-i", format, "-f", file.path, "-o", "unicsv,utf8", "-F", csv.path])
        let rows = try python("""
            import csv, json, sys
            print(json.dumps({"rows": list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))}))
            """, csv)["rows"] as? [[String: String]] ?? []
        return rows.map { Row(latitude: $0["Latitude"] ?? "", longitude: $0["Longitude"] ?? "", name: $0["Name"] ?? "") }
    }
}
