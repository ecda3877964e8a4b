import RoadtripTestSupport
import XCTest
@testable import RoadtripCore

/// What `roadtrip routing-data` does: planetsplitter on an extract, into a folder that replaces the old
/// database only when complete.
final class RoutinoDatabaseTests: XCTestCase {
    private var folder: URL!
    private var database: URL { folder.appendingPathComponent("routino") }
    private var marker: URL { database.appendingPathComponent("old-database-marker") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-routing-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// An old database (its files may be empty: only that it stays or goes matters).
    private func makeOldDatabase() throws {
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        for file in RoutinoDatabase.files + [marker.lastPathComponent] {
            try Data("old".utf8).write(to: database.appendingPathComponent(file))
        }
    }

    private func fakePlanetsplitter(_ body: String) throws -> String {
        let script = folder.appendingPathComponent("planetsplitter")
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return script.path
    }

    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    }

    func testBuildsFromTheExtractAndReplacesTheOldDatabase() throws {
        _ = try RoutingTools.routino("planetsplitter")
        try makeOldDatabase()
        let size = try RoutinoDatabase.build(from: RoutingTools.helsinkiExtract, into: database, progress: .hidden)
        XCTAssertTrue(RoutinoDatabase.exists(in: database))
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "the old database is gone")
        XCTAssertGreaterThan(size, 10_000)
        XCTAssertEqual(try leftovers(), [])
        XCTAssertNoThrow(try RoutinoEngine(databaseDirectory: database).leg(from: coordinate(60.1700, 24.9400),
                                                                            to: coordinate(60.1781, 24.9443)))
    }

    func testFailedBuildKeepsTheOldDatabase() throws {
        try makeOldDatabase()
        // Every line it said, each made safe to print (not only the last: issue 31, item 10).
        let failing = try fakePlanetsplitter("printf 'Error in the PBF\\nCannot read the file\\033[2J\\n' >&2; exit 1")
        XCTAssertThrowsError(try RoutinoDatabase.build(from: RoutingTools.helsinkiExtract, into: database,
                                                       progress: .hidden, executable: failing)) {
            XCTAssertEqual($0 as? RoutinoDatabase.BuildError,
                           .failed("planetsplitter failed (exit 1):\n  Error in the PBF\n  Cannot read the file^[[2J"))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker.path))
        XCTAssertEqual(try leftovers(), [])
    }

    func testInterruptedBuildKeepsTheOldDatabase() throws {
        try makeOldDatabase()
        // What Ctrl-C does to it: SIGINT at its default action (the builder ignores SIGINT meanwhile).
        let interrupted = try fakePlanetsplitter("kill -INT $$; sleep 5")
        XCTAssertThrowsError(try RoutinoDatabase.build(from: RoutingTools.helsinkiExtract, into: database,
                                                       progress: .hidden, executable: interrupted)) {
            XCTAssertEqual($0 as? RoutinoDatabase.BuildError, .interrupted)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker.path))
        XCTAssertEqual(try leftovers(), [])
    }

    func testMissingInputOrProgram() throws {
        let missing = folder.appendingPathComponent("nowhere.osm.pbf")
        XCTAssertThrowsError(try RoutinoDatabase.build(from: missing, into: database, progress: .hidden)) {
            XCTAssertEqual($0 as? RoutinoDatabase.BuildError, .noInput(missing.path))
        }
        XCTAssertThrowsError(try RoutinoDatabase.build(from: RoutingTools.helsinkiExtract, into: database,
                                                       progress: .hidden, executable: "roadtrip-no-planetsplitter")) {
            XCTAssertEqual($0 as? RoutinoDatabase.BuildError, .notInstalled)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: database.path))
    }

    func testLeftoversOfAKilledBuildAreRemoved() throws {
        let dead = try deadPid()
        let leftover = folder.appendingPathComponent(".routino.building-\(dead)")
        let ours = folder.appendingPathComponent(".routino.building-\(getppid())")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: ours, withIntermediateDirectories: true)
        _ = try? RoutinoDatabase.build(from: RoutingTools.helsinkiExtract, into: database, progress: .hidden,
                                       executable: try fakePlanetsplitter("exit 1"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: ours.path), "a live process's build is left alone")
    }

    func testDefaultDirectory() {
        XCTAssertEqual(RoutinoDatabase.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"]).path,
                       "/x/data/roadtrip/routino")
        XCTAssertEqual(RoutinoDatabase.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]).path,
                       "/home/a/.local/share/roadtrip/routino")
    }

    /// The number of a process that has ended (and been reaped).
    private func deadPid() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
