import Foundation
import RoadtripCore
import XCTest

/// `roadtrip import`: a new trip from a file, one line saying what was made of it; a bad file is refused with
/// its reason (exit 1) and changes nothing.
final class ImportCommandTests: CLITestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    private func trips() throws -> [Trip] {
        try TripStore.open(at: dataFile).trips
    }

    func testImportsARouteAndSaysWhatItMade() throws {
        let result = try roadtrip("import", Self.fixtures.appendingPathComponent("basecamp-route.gpx").path)
        XCTAssertEqual(result.stdout, "Imported \"Vegas to the Canyon\": 4 stops from route points and waypoints\n")
        let trip = try XCTUnwrap(try trips().first)
        XCTAssertEqual(trip.waypoints.map(\.name), ["Las Vegas", "Kingman", "Grand Canyon Village", "Flagstaff POI"])
        XCTAssertEqual(try roadtrip("list").stdout.split(separator: "\n").count, 2)
    }

    func testImportsATrackUnderTheGivenName() throws {
        let result = try roadtrip("import", Self.fixtures.appendingPathComponent("gpxstudio-track.gpx").path,
                                  "--name", "Riviera")
        XCTAssertEqual(result.stdout, "Imported \"Riviera\": 25 stops from a track (track of 240 points simplified to 25)\n")
        XCTAssertEqual(try trips().map(\.name), ["Riviera"])
    }

    func testOurOwnExportComesBack() throws {
        try roadtrip("new", "Loop")
        try roadtrip("add-stop", "Loop", "--name", "Lyon", "--lat", "45.764043", "--lon", "4.835659", "--notes", "Bouchon <3")
        try roadtrip("add-stop", "Loop", "--name", "Annecy", "--lat", "45.899247", "--lon", "6.129384")
        let file = directory.appendingPathComponent("loop.kml")
        try roadtrip("export", "Loop", "--format", "kml", "-o", file.path)
        XCTAssertEqual(try roadtrip("import", file.path).stdout,
                       "Imported as \"Loop (2)\" (a trip named \"Loop\" exists): 2 stops from waypoints\n")
        let imported = try trips()[0]
        XCTAssertEqual(imported.waypoints.map(\.name), ["Lyon", "Annecy"])
        XCTAssertEqual(imported.waypoints.map(\.latitude), [45.764043, 45.899247])
        XCTAssertEqual(imported.waypoints.map(\.notes), ["Bouchon <3", ""])
    }

    /// A taken name (case aside) gets the first number free: "Loop (2)", then "Loop (3)"; a file named "Loop (2)"
    /// when that is taken too gives "Loop (3)" as well, not "Loop (2) (2)". Each is then found by its name.
    func testAnImportWhoseNameIsTakenIsNumberedAndSaysSo() throws {
        try roadtrip("new", "Loop")
        try roadtrip("add-stop", "Loop", "--name", "Lyon", "--lat", "45.764043", "--lon", "4.835659")
        let file = directory.appendingPathComponent("loop.gpx")
        try roadtrip("export", "Loop", "--format", "gpx", "-o", file.path)
        XCTAssertEqual(try roadtrip("import", file.path).stdout,
                       "Imported as \"Loop (2)\" (a trip named \"Loop\" exists): 1 stop from waypoints\n")
        XCTAssertEqual(try roadtrip("import", file.path, "--name", "LOOP").stdout,
                       "Imported as \"LOOP (3)\" (a trip named \"LOOP\" exists): 1 stop from waypoints\n")
        try roadtrip("rename", "LOOP (3)", "Loop (3)")
        XCTAssertEqual(try roadtrip("import", file.path, "--name", "Loop (2)").stdout,
                       "Imported as \"Loop (4)\" (a trip named \"Loop (2)\" exists): 1 stop from waypoints\n")
        XCTAssertEqual(try trips().map(\.name), ["Loop (4)", "Loop (3)", "Loop (2)", "Loop"])
        XCTAssertTrue(try roadtrip("show", "Loop (2)").stdout.contains("Loop (2)"))
        XCTAssertEqual(try roadtrip("import", file.path, "--name", "Another").stdout, "Imported \"Another\": 1 stop from waypoints\n")
    }

    /// The three trips of issue 20 (the Highlands loop, the fjords with Å and Ø, Japan in kanji across New Year)
    /// exported and imported into another trips file come back as `show --json` showed them, ids and times aside.
    func testTheThreeTripsComeBackWholeThroughEveryFormat() throws {
        let fixture = Self.fixtures.deletingLastPathComponent().appendingPathComponent("interchange/three-trips.json")
        try FileManager.default.copyItem(at: fixture, to: dataFile)
        func shown(_ name: String, in data: URL? = nil) throws -> NSDictionary {
            let json = try roadtrip("show", name, "--json", data: data).stdout
            var trip = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            var inner = try XCTUnwrap(trip["trip"] as? [String: Any])
            for key in ["id", "createdAt", "updatedAt"] { inner[key] = nil }
            inner["waypoints"] = try XCTUnwrap(inner["waypoints"] as? [[String: Any]]).map { $0.filter { $0.key != "id" } }
            trip["trip"] = inner
            return trip as NSDictionary
        }
        for name in ["Scottish Highlands loop", "Norwegian fjords", "Japan New Year"] {
            let original = try shown(name)
            for format in ["gpx", "kml", "geojson"] {
                let file = directory.appendingPathComponent("trip.\(format)")
                let other = directory.appendingPathComponent("\(format)-\(name.prefix(5)).json")
                try roadtrip("export", name, "--format", format, "-o", file.path)
                try roadtrip("import", file.path, data: other)
                XCTAssertEqual(try shown(name, in: other), original, "\(name) through \(format)")
            }
        }
    }

    /// Each bad file: exit 1, the reason, and no data file written (none existed).
    func testBadFilesAreRefusedAndNothingIsCreated() throws {
        let cases: [(name: String, content: String, message: String)] = [
            ("words.gpx", "just words", "not a GPX, KML, KMZ or GeoJSON file"),
            ("cut.gpx", "<gpx><wpt lat=\"1\" lon=\"2\"><name>A</name></wpt>", "the file ends before its root element does"),
            ("range.geojson", #"{"type": "Point", "coordinates": [0, 100]}"#, "point 1: Latitude 100 is outside -90…90"),
            ("empty.kml", "<kml><Document/></kml>", "the KML file has no points to make stops of"),
            ("xxe.gpx", "<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><gpx><wpt lat=\"1\" lon=\"2\"><name>&x;</name></wpt></gpx>",
             "declares a DOCTYPE"),
        ]
        for item in cases {
            let file = directory.appendingPathComponent(item.name)
            try item.content.write(to: file, atomically: true, encoding: .utf8)
            let result = try roadtrip("import", file.path, expect: 1)
            XCTAssertTrue(result.stderr.contains("\(file.path): "), result.stderr)
            XCTAssertTrue(result.stderr.contains(item.message), "\(item.name): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dataFile.path), item.name)
        }
        let missing = try roadtrip("import", directory.appendingPathComponent("nope.gpx").path, expect: 1)
        XCTAssertEqual(missing.stderr, "roadtrip: cannot read \(directory.appendingPathComponent("nope.gpx").path): "
                       + "there is no such file in \(directory.path)\n")
        let nowhere = directory.appendingPathComponent("nope/deeper/x.gpx").path
        XCTAssertEqual(try roadtrip("import", nowhere, expect: 1).stderr,
                       "roadtrip: cannot read \(nowhere): the folder \(directory.path)/nope does not exist\n")
    }

    /// Under strace: the file named by an external entity is never opened (the import reads its own file, which
    /// shows the trace works). Needs strace (`make test` installs it).
    func testAnExternalEntityNeverOpensTheFileItNames() throws {
        let secret = directory.appendingPathComponent("secret.txt")
        try "SECRET".write(to: secret, atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("xxe.gpx")
        try "<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file://\(secret.path)\">]><gpx><wpt lat=\"1\" lon=\"2\"><name>&x;</name></wpt></gpx>"
            .write(to: file, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("strace.log")
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "strace", "-f", "-qq", "-o", log.path, "-e", "trace=open,openat,openat2,stat,statx,newfstatat,access",
            BuiltProducts.url("roadtrip").path, "import", file.path, "--data", dataFile.path,
        ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("declares a DOCTYPE"), result.stderr)
        let calls = try String(contentsOf: log, encoding: .utf8)
        XCTAssertTrue(calls.contains(file.path), "the trace saw nothing: \(calls)")
        XCTAssertFalse(calls.contains(secret.path), calls)
    }

    /// A named pipe with no writer would block `open` for ever (the app too, holding its trips): refused at once.
    func testANamedPipeIsRefusedAtOnce() throws {
        let fifo = directory.appendingPathComponent("f.gpx")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["import", fifo.path, "--data", dataFile.path],
                                           timeout: 20)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "roadtrip: cannot read \(fifo.path): a named pipe (FIFO), not a regular file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFile.path))
    }

    /// 20 MB of positions in one GeoJSON line took 76 times the file's size in memory (a JSONSerialization tree):
    /// under a 600 MB cap on the process's data it now imports (52 MB of them peaked at 220 MB RSS, measured by hand).
    func testALargeGeoJSONLineImportsInBoundedMemory() throws {
        let file = directory.appendingPathComponent("line.geojson")
        var json = Data(#"{"type": "LineString", "coordinates": ["#.utf8)
        let position = Data("[1,1],".utf8)
        json.reserveCapacity(20_000_100)
        while json.count < 20_000_000 { json.append(position) }
        json.append(Data("[2,2]]}".utf8))
        try json.write(to: file)
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/prlimit"), [
            "--data=600000000", BuiltProducts.url("roadtrip").path, "import", file.path, "--data", dataFile.path,
        ], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("from a track (track of 3,333,328 points simplified to 2)"), result.stdout)
    }

    func testARefusedFileLeavesTheTripsAsTheyWere() throws {
        try roadtrip("new", "Keep")
        let before = try Data(contentsOf: dataFile)
        let file = directory.appendingPathComponent("bad.gpx")
        try "<gpx><wpt lat=\"91\" lon=\"0\"/></gpx>".write(to: file, atomically: true, encoding: .utf8)
        try roadtrip("import", file.path, expect: 1)
        XCTAssertEqual(try Data(contentsOf: dataFile), before)
    }

    func testAnEmptyNameIsRefused() throws {
        let result = try roadtrip("import", Self.fixtures.appendingPathComponent("mymaps.kml").path, "--name", " ",
                                  expect: 1)
        XCTAssertTrue(result.stderr.contains("Trip name must not be empty"), result.stderr)
    }
}
