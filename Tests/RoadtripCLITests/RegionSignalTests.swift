import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Stopping `roadtrip region add` (issue 31, item 6): SIGTERM, SIGHUP (the terminal closed) and SIGINT sent to
/// roadtrip alone stop its osmium or planetsplitter and remove the build's folder, as Ctrl-C does; after
/// SIGKILL the child dies with it and the next region command removes the folder. planetsplitter works for
/// seconds on the grid extract; osmium, quick on any test extract, is frozen (SIGSTOP) once seen.
///
/// A rebuild stopped so (issue 35) leaves the region it was replacing as it was: the same manifest, tables and
/// database, byte for byte, and routes on it; nothing of the build is left, in the regions or the temporary
/// folder, and the next build of it completes.
final class RegionSignalTests: CLITestCase {
    private var dataHome: URL { directory.appendingPathComponent("data") }
    private var regions: URL { dataHome.appendingPathComponent("roadtrip/regions") }
    private var started: [pid_t] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        _ = try FjordExtract.osmium()
        _ = try RoutingTools.routino("planetsplitter")
    }

    override func tearDownWithError() throws {
        for pid in started { kill(pid, SIGKILL) }
        try super.tearDownWithError()
    }

    func testTermStopsPlanetsplitterAndRemovesTheBuild() throws {
        try stop(with: SIGTERM, during: "planetsplitter")
    }

    func testHangUpStopsOsmiumAndRemovesTheBuild() throws {
        try stop(with: SIGHUP, during: "osmium", frozen: true)
    }

    func testInterruptToRoadtripAloneIsCtrlC() throws {
        try stop(with: SIGINT, during: "planetsplitter")
    }

    func testKillTakesTheChildAlongAndTheNextCommandSweepsTheBuild() throws {
        try stop(with: SIGKILL, during: "planetsplitter")
    }

    func testARebuildInterruptedLeavesTheOldRegion() throws {
        try stop(with: SIGINT, during: "planetsplitter", replacing: try oldRegion())
    }

    func testARebuildTerminatedLeavesTheOldRegion() throws {
        try stop(with: SIGTERM, during: "planetsplitter", replacing: try oldRegion())
    }

    func testARebuildKilledWhileOsmiumSelectsLeavesTheOldRegion() throws {
        try stop(with: SIGKILL, during: "osmium", frozen: true, replacing: try oldRegion())
    }

    func testARebuildKilledLeavesTheOldRegionAndTheNextOneCompletes() throws {
        let extract = try stop(with: SIGKILL, during: "planetsplitter", replacing: try oldRegion())
        let rebuilt = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["region", "add", extract.path, "--name", "city"],
                                            environment: environment, timeout: 120)
        XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
        XCTAssertEqual(InstalledRegions.scan(regions).regions.first?.manifest.sources.map(\.path), [extract.path])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), ["city"])
    }

    private var scratch: URL { directory.appendingPathComponent("tmp") }
    private var environment: [String: String] { ["XDG_DATA_HOME": dataHome.path, "TMPDIR": scratch.path] }

    /// The region being rebuilt: the fjord's, with every file's bytes.
    private struct OldRegion {
        let manifest: RegionManifest
        let files: [String: Data]
    }

    private func oldRegion() throws -> OldRegion {
        let fjord = try FjordExtract.write(into: directory.appendingPathComponent("fjord"))
        let built = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["region", "add", fjord.path, "--name", "city"],
                                          environment: environment, timeout: 120)
        XCTAssertEqual(built.status, 0, built.stderr)
        return try snapshot()
    }

    private func snapshot() throws -> OldRegion {
        let region = try XCTUnwrap(InstalledRegions.scan(regions).regions.first)
        var files: [String: Data] = [:]
        for (path, _) in BuildDiskUse.files(in: region.folder) {
            files[String(path.dropFirst(region.folder.path.count))] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return OldRegion(manifest: region.manifest, files: files)
    }

    @discardableResult
    private func stop(with signal: Int32, during program: String, frozen: Bool = false,
                      replacing old: OldRegion? = nil) throws -> URL {
        let extract = try GridExtract.write(into: directory.appendingPathComponent("extract"))
        let process = Process()
        process.executableURL = BuiltProducts.url("roadtrip")
        process.arguments = ["region", "add", extract.path, "--name", "city"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = directory.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        started.append(process.processIdentifier)

        let child = try waitForChild(named: program, of: process)
        started.append(child)
        if frozen { kill(child, SIGSTOP) }
        let building = regions.appendingPathComponent(".city.building-\(process.processIdentifier)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: building.path))
        kill(process.processIdentifier, signal)

        // /proc, not Process.isRunning: Foundation sees the end only once every holder of its pipe (an orphaned
        // child too) has closed it.
        let ended = ProcessTable.wait(seconds: 10) { !ProcessTable.isAlive(process.processIdentifier) }
        XCTAssertTrue(ended, "roadtrip still ran 10 s after signal \(signal)")
        XCTAssertTrue(ProcessTable.wait(seconds: 2) { !ProcessTable.isAlive(child) }, "\(program) \(child) outlived roadtrip")
        for pid in started { kill(pid, SIGKILL) }
        process.waitUntilExit()
        guard ended else { return extract }
        if signal == SIGKILL {
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            let list = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["region", "list"],
                                             environment: environment, timeout: 30)
            XCTAssertEqual(list.status, 0, list.stderr)
            if old != nil { XCTAssertTrue(list.stdout.contains("fjord.osm.pbf"), list.stdout) }
        } else {
            XCTAssertEqual(process.terminationStatus, 1)
            let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
            XCTAssertTrue(stderr.hasSuffix("roadtrip: interrupted; the region was not changed\n"), stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), old == nil ? [] : ["city"],
                       "no build folder is left")
        if let old {
            let now = try snapshot()
            XCTAssertEqual(now.manifest, old.manifest)
            XCTAssertEqual(now.files.keys.sorted(), old.files.keys.sorted())
            XCTAssertTrue(now.files == old.files, "every file of the old region as it was")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "no temporary file is left")
            try routesOnTheFjord()
        }
        return extract
    }

    /// A trip along the fjord's road south, routed by the old region's database.
    private func routesOnTheFjord() throws {
        let home = directory.appendingPathComponent("home")
        let env = ["XDG_DATA_HOME": dataHome.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                   "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
        let data = directory.appendingPathComponent("trips.json").path
        for arguments in [["new", "Fjord"],
                          ["add-stop", "fjord", "--name", "Vestvik", "--lat", "\(FjordExtract.vestvik.latitude)",
                           "--lon", "\(FjordExtract.vestvik.longitude)"],
                          ["add-stop", "fjord", "--name", "Sørby", "--lat", "\(FjordExtract.sorby.latitude)",
                           "--lon", "\(FjordExtract.sorby.longitude)"]] {
            let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", data], environment: env)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let shown = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["show", "fjord", "--json", "--data", data],
                                          environment: env, timeout: 60)
        let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        let leg = try XCTUnwrap((json?["legs"] as? [[String: Any]])?.first, shown.stdout + shown.stderr)
        XCTAssertEqual(leg["source"] as? String, "routino", shown.stdout)
        XCTAssertEqual(leg["region"] as? String, "city", shown.stdout)
    }

    /// The first child of `process` running `program`, waited for up to 60 s.
    private func waitForChild(named program: String, of process: Process) throws -> pid_t {
        var found: pid_t?
        let seen = ProcessTable.wait(seconds: 60, every: 500) {
            found = ProcessTable.children(of: process.processIdentifier).first { ProcessTable.command(of: $0) == program }
            return found != nil || !process.isRunning
        }
        guard seen, let found else { throw RoutingTools.Missing(description: "roadtrip never ran \(program)") }
        return found
    }
}
