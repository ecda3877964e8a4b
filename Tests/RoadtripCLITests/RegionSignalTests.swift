import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// Stopping `roadtrip region add` (issue 31, item 6): SIGTERM, SIGHUP (the terminal closed) and SIGINT sent to
/// roadtrip alone stop its osmium or planetsplitter and remove the build's folder, as Ctrl-C does; after
/// SIGKILL the child dies with it and the next region command removes the folder. planetsplitter works for
/// seconds on the grid extract; osmium, quick on any test extract, is frozen (SIGSTOP) once seen.
final class RegionSignalTests: CLITestCase {
    private var dataHome: URL { directory.appendingPathComponent("data") }
    private var regions: URL { dataHome.appendingPathComponent("roadtrip/regions") }
    private var started: [pid_t] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
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

    private func stop(with signal: Int32, during program: String, frozen: Bool = false) throws {
        let extract = try GridExtract.write(into: directory.appendingPathComponent("extract"))
        let process = Process()
        process.executableURL = BuiltProducts.url("roadtrip")
        process.arguments = ["region", "add", extract.path, "--name", "city"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 }
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
        guard ended else { return }
        if signal == SIGKILL {
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            let list = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["region", "list"],
                                             environment: ["XDG_DATA_HOME": dataHome.path], timeout: 30)
            XCTAssertEqual(list.status, 0, list.stderr)
        } else {
            XCTAssertEqual(process.terminationStatus, 1)
            let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
            XCTAssertTrue(stderr.hasSuffix("roadtrip: interrupted; the region was not changed\n"), stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: regions.path), [], "no build folder is left")
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
