import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest
@testable import roadtrip

/// `roadtrip region add|list|remove|which` and the `routing-data` alias, end to end: the built binary runs
/// Debian's osmium and planetsplitter (installed by `make test-deps`).
final class RegionCommandTests: CLITestCase {
    private var dataHome: URL { directory.appendingPathComponent("data") }
    private var regions: URL { dataHome.appendingPathComponent("roadtrip/regions") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        _ = try FjordExtract.osmium()
        _ = try RoutingTools.routino("planetsplitter")
    }

    private func region(_ arguments: String..., environment: [String: String] = [:]) throws -> CommandResult {
        try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments,
                              environment: ["XDG_DATA_HOME": dataHome.path].merging(environment) { $1 }, timeout: 120)
    }

    private func fjordPBF() throws -> URL {
        try FjordExtract.write(into: directory.appendingPathComponent("extract"))
    }

    func testAddBuildsAPhaseALineThenListShowsIt() throws {
        let result = try region("region", "add", RoutingTools.helsinkiExtract.path, "--name", "helsinki")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Building the region helsinki in \(regions.path)/helsinki from Helsinki.osm.pbf...")
        XCTAssertEqual(lines.filter { $0.range(of: #"^\[\d/\d\] "#, options: .regularExpression) != nil }, [
            "[1/7] Reading the extract's checksum",
            "[2/7] Keeping the roads, places and points of interest (osmium tags-filter)",
            "[3/7] Selecting places and points of interest (osmium tags-filter)",
            "[4/7] Exporting them with their positions (osmium export)",
            "[5/7] Reading places and points of interest",
            "[6/7] Finding the outline",
            "[7/7] Building the roads (planetsplitter)",
        ])
        XCTAssertTrue(lines.contains("      places: 1, points of interest: 46"), result.stdout)
        // Not a terminal: each phase's bar a line at a time (none of osmium's or planetsplitter's own), nothing
        // redrawn; each phase ends at 100 % with its time.
        XCTAssertEqual(lines.filter { $0.hasPrefix("[==============================] 100%  in ") }.count, 7, result.stdout)
        XCTAssertFalse(lines.contains("Sort OSM Data"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\r"))
        XCTAssertTrue(lines[lines.count - 2].hasPrefix("Built the region helsinki: places 1, points of interest 46, 1.7 km², roads "),
                      result.stdout)
        XCTAssertTrue(try XCTUnwrap(lines.last).hasPrefix("Disk: the region takes "), result.stdout)
        XCTAssertTrue(result.stdout.contains("© OpenStreetMap contributors, ODbL"))

        let list = try region("region", "list")
        XCTAssertEqual(list.status, 0, list.stderr)
        let rows = list.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.count, 2, list.stdout)
        XCTAssertEqual(rows.first?.split(separator: " ", omittingEmptySubsequences: true), ["NAME", "AREA", "SIZE", "BUILT", "SOURCES"])
        let fields = rows[1].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        XCTAssertEqual(fields.first, "helsinki")
        XCTAssertEqual(fields[1...2], ["1.7", "km²"])
        XCTAssertEqual(fields.last, "Helsinki.osm.pbf")
    }

    /// Not a terminal: each phase's bar a line at each tenth, its share never going back, the time left once
    /// known, and 100 % with the phase's time last. planetsplitter works for seconds on the grid extract.
    func testEachPhasesBarClimbsToAHundredWithTheTimeLeft() throws {
        let extract = try GridExtract.write(into: directory.appendingPathComponent("grid"))
        let result = try region("region", "add", extract.path, "--name", "grid")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let headers = lines.indices.filter { lines[$0].range(of: #"^\[\d/7\] "#, options: .regularExpression) != nil }
        XCTAssertEqual(headers.count, 7, result.stdout)
        var estimates = 0
        for (index, header) in headers.enumerated() {
            let end = index + 1 < headers.count ? headers[index + 1] : lines.count
            let bars = lines[(header + 1)..<end].filter { $0.hasPrefix("[") }
            let shares = bars.compactMap { bar in
                bar.range(of: #"\d+%"#, options: .regularExpression).flatMap { Int(bar[$0].dropLast()) }
            }
            XCTAssertEqual(shares.count, bars.count, "\(bars)")
            XCTAssertEqual(shares, shares.sorted(), "\(lines[header]): \(bars)")
            XCTAssertTrue(bars.last?.hasPrefix("[==============================] 100%  in ") == true, "\(lines[header]): \(bars)")
            XCTAssertEqual(bars.filter { $0.contains("100%") }.count, 1, "\(bars)")
            estimates += bars.filter { $0.range(of: #"%  (\d+ h )?(\d+ min )?\d+ s left$"#, options: .regularExpression) != nil }.count
        }
        let building = lines[headers[6]...].filter { $0.hasPrefix("[") }
        XCTAssertGreaterThanOrEqual(building.count, 4, "planetsplitter's steps move the bar: \(building)")
        XCTAssertGreaterThan(estimates, 0, result.stdout)
    }

    func testEmptyListSaysHowToAdd() throws {
        let list = try region("region", "list")
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stdout, "No regions installed in \(regions.path). Add one with: roadtrip region add FILE.osm.pbf\n")
    }

    func testRoutingDataIsAnAliasThatLeavesTheSettingsAlone() throws {
        let pbf = try fjordPBF()
        let config = directory.appendingPathComponent("config")
        let result = try region("routing-data", pbf.path, environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "roadtrip: routing-data is now `roadtrip region add`\n")
        XCTAssertEqual(InstalledRegions.scan(regions).regions.map(\.name), ["fjord"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: config.path), "no settings written")
    }

    func testRemoveAsksUnlessYesAndRemovesDamagedFoldersToo() throws {
        let pbf = try fjordPBF()
        XCTAssertEqual(try region("region", "add", pbf.path).status, 0)
        let refused = try region("region", "remove", "fjord")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("no terminal to confirm on; add --yes"), refused.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: regions.appendingPathComponent("fjord/region.json").path))
        let unknown = try region("region", "remove", "atlantis", "--yes")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "roadtrip: no region \"atlantis\" in \(regions.path) (see roadtrip region list)\n")
        let escape = try region("region", "remove", "..", "--yes")
        XCTAssertEqual(escape.status, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: regions.path))
        let removed = try region("region", "remove", "fjord", "--yes")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(removed.stdout, "Deleted the region fjord.\n")
        try FileManager.default.createDirectory(at: regions.appendingPathComponent("broken"), withIntermediateDirectories: true)
        XCTAssertEqual(try region("region", "remove", "broken", "--yes").status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), [])
    }

    func testDamagedFolderIsListedWithItsProblemAndKept() throws {
        let pbf = try fjordPBF()
        XCTAssertEqual(try region("region", "add", pbf.path).status, 0)
        let broken = regions.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("{\"format\": 1, \"name\": ".utf8).write(to: broken.appendingPathComponent("region.json"))
        let list = try region("region", "list")
        XCTAssertEqual(list.status, 2)
        XCTAssertTrue(list.stdout.contains("\nfjord "), list.stdout)
        XCTAssertTrue(list.stdout.hasSuffix("broken: damaged: its region.json cannot be read; rebuild it\n"), list.stdout)
        XCTAssertEqual(list.stderr, "roadtrip: a region folder is damaged and not used: rebuild with "
            + "`roadtrip region add FILE --name NAME` or remove with `roadtrip region remove NAME`\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: broken.appendingPathComponent("region.json").path))
        // Rebuilding over it mends it.
        XCTAssertEqual(try region("region", "add", pbf.path, "--name", "broken").status, 0)
        XCTAssertEqual(try region("region", "list").status, 0)
    }

    func testMissingFileNotAPBFAndNoOsmiumAreClearUserErrors() throws {
        let missing = directory.appendingPathComponent("nowhere.osm.pbf").path
        let noFile = try region("region", "add", missing)
        XCTAssertEqual(noFile.status, 1)
        XCTAssertTrue(noFile.stderr.hasSuffix("roadtrip: no such file: \(missing)\n"), noFile.stderr)
        let bogus = directory.appendingPathComponent("bogus.osm.pbf")
        try Data("this is not OpenStreetMap data".utf8).write(to: bogus)
        let notPBF = try region("region", "add", bogus.path)
        XCTAssertEqual(notPBF.status, 1)
        XCTAssertEqual(notPBF.stderr, "roadtrip: \(bogus.path) is not an OpenStreetMap extract (a .osm.pbf file starts with an OSMHeader block)\n")
        let badName = try region("region", "add", RoutingTools.helsinkiExtract.path, "--name", "../x")
        XCTAssertEqual(badName.status, 1)
        XCTAssertTrue(badName.stderr.contains("cannot be a region name"), badName.stderr)
        // A PATH without osmium.
        let empty = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let noOsmium = try region("region", "add", RoutingTools.helsinkiExtract.path, environment: ["PATH": empty.path])
        XCTAssertEqual(noOsmium.status, 1)
        XCTAssertEqual(noOsmium.stderr, "roadtrip: osmium is not installed (Debian: apt install osmium-tool)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: regions.appendingPathComponent("Helsinki").path))
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [], [])
    }

    /// The old region is the one used until the new one is complete: a build killed mid-way (SIGKILL, the
    /// machine going down) or interrupted (Ctrl-C) leaves it as it was, and the next build clears the debris.
    func testKilledOrInterruptedRebuildKeepsTheOldRegion() throws {
        let pbf = try fjordPBF()
        XCTAssertEqual(try region("region", "add", pbf.path, "--name", "city").status, 0)
        let manifest = regions.appendingPathComponent("city/region.json")
        let old = try Data(contentsOf: manifest)

        // SIGKILL while osmium or planetsplitter runs: the building folder stays behind, hidden, unused.
        let killed = try startBuild(RoutingTools.helsinkiExtract, name: "city")
        let building = try waitForBuildingFolder(of: killed)
        kill(killed.processIdentifier, SIGSTOP)
        for child in children(of: killed.processIdentifier) { kill(child, SIGKILL) }
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        XCTAssertEqual(try Data(contentsOf: manifest), old)
        XCTAssertTrue(FileManager.default.fileExists(atPath: building.path))
        let installed = InstalledRegions.scan(regions)
        XCTAssertEqual(installed.regions.map { $0.manifest.sources.map(\.path) }, [[pbf.path]], "the old region is still the one used")
        XCTAssertEqual(installed.problems, [:])

        // Ctrl-C (SIGINT to the foreground group) while planetsplitter runs.
        let interrupted = try startBuild(RoutingTools.helsinkiExtract, name: "city")
        let folder = try waitForBuildingFolder(of: interrupted, containing: "routino")
        kill(interrupted.processIdentifier, SIGINT)
        for child in children(of: interrupted.processIdentifier) { kill(child, SIGINT) }
        let deadline = Date().addingTimeInterval(60)
        while interrupted.isRunning && Date() < deadline { usleep(5_000) }
        XCTAssertFalse(interrupted.isRunning)
        XCTAssertEqual(interrupted.terminationStatus, 1)
        XCTAssertEqual(try Data(contentsOf: manifest), old)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "an interrupted build cleans up")

        // The next build completes, replaces the old region and removes the killed build's folder.
        XCTAssertEqual(try region("region", "add", RoutingTools.helsinkiExtract.path, "--name", "city").status, 0)
        XCTAssertEqual(InstalledRegions.scan(regions).regions.map { $0.manifest.sources.map(\.path) }, [[RoutingTools.helsinkiExtract.path]])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), ["city"])
    }

    func testWhichNamesTheExtractsToDownload() throws {
        try roadtrip("new", "Fjords & Sweden")
        try roadtrip("add-stop", "fjords", "--name", "Ålesund", "--lat", "62.4722", "--lon", "6.1495")
        try roadtrip("add-stop", "fjords", "--name", "Geiranger", "--lat", "62.1008", "--lon", "7.2059")
        try roadtrip("add-stop", "fjords", "--name", "Stockholm", "--lat", "59.3293", "--lon", "18.0686")
        try roadtrip("add-stop", "fjords", "--name", "Mid-Atlantic", "--lat", "40", "--lon", "-40")
        let result = try roadtrip("region", "which", "fjords")
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), [
            "vestlandet (Vestlandet (Western Norway), 245.0 MB): https://download.geofabrik.de/europe/norway/vestlandet-latest.osm.pbf",
            "  holds stops Ålesund, Geiranger; leg 1–2; part of leg 2–3",
            "ostlandet (Østlandet (Eastern Norway), 434.0 MB): https://download.geofabrik.de/europe/norway/ostlandet-latest.osm.pbf",
            "  holds part of leg 2–3",
            "sweden (Sweden, 796.0 MB): https://download.geofabrik.de/europe/sweden-latest.osm.pbf",
            "  holds stop Stockholm; part of leg 2–3",
            "Total download: 1.4 GB (3 extracts)",
            "Outside every extract (open sea?), no road data for: leg 3–4 (Stockholm → Mid-Atlantic)",
            "Download, then build them as one region:",
            "  roadtrip region add vestlandet-latest.osm.pbf ostlandet-latest.osm.pbf sweden-latest.osm.pbf --name fjords-sweden",
            "Geofabrik's extracts: © OpenStreetMap contributors, ODbL",
        ])
        // Baden-Württemberg's size is unknown in the index: it ranks last, and the Regierungsbezirk is named.
        try roadtrip("new", "Swabia")
        try roadtrip("add-stop", "swabia", "--name", "Stuttgart", "--lat", "48.7758", "--lon", "9.1829")
        XCTAssertEqual(try roadtrip("region", "which", "swabia").stdout.split(separator: "\n").first,
                       "stuttgart-regbez (Regierungsbezirk Stuttgart, 201.0 MB): "
                       + "https://download.geofabrik.de/europe/germany/baden-wuerttemberg/stuttgart-regbez-latest.osm.pbf")
        let unknown = try GeofabrikIndex.parse(GeofabrikIndex.header + "\nx\tX\t\t0\thttps://example.org/x.osm.pbf\t0,0 1,0 1,1\n")
        XCTAssertEqual(RegionWhichCommand.line(unknown.extracts[0]), "x (X, size unknown): https://example.org/x.osm.pbf")
        try roadtrip("new", "Empty")
        let empty = try roadtrip("region", "which", "empty", expect: 1)
        XCTAssertEqual(empty.stderr, "roadtrip: the trip has no stops\n")
    }

    private func startBuild(_ extract: URL, name: String) throws -> Process {
        let process = Process()
        process.executableURL = BuiltProducts.url("roadtrip")
        process.arguments = ["region", "add", extract.path, "--name", name]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `.NAME.building-PID` of `process` (with `containing` inside it), waited for up to 60 s.
    private func waitForBuildingFolder(of process: Process, containing: String? = nil) throws -> URL {
        let folder = regions.appendingPathComponent(".city.building-\(process.processIdentifier)")
        let target = containing.map { folder.appendingPathComponent($0) } ?? folder
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: target.path) {
            guard process.isRunning, Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw NeverSaw(path: target.path)
            }
            usleep(1_000)
        }
        return folder
    }

    private struct NeverSaw: Error {
        let path: String
    }

    private func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }
}
