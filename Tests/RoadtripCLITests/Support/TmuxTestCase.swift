import Foundation
import RoadtripCore
import XCTest

/// A journey through the real binary in a private tmux: a scratch folder holding the trips file, a shell pane of
/// `paneSize`, the app launched with private XDG folders, and bounded waits. Subclasses fill the folder in
/// `prepare()`.
class TmuxTestCase: XCTestCase {
    var directory: URL!
    var pane: Tmux!
    var dataPath: String { directory.appendingPathComponent("trips.json").path }

    /// The pane's size at the start.
    var paneSize: (columns: Int, rows: Int) { (100, 30) }

    /// Runs before the pane starts, with the folder made (e.g. to copy a trips file into it).
    func prepare() throws {}

    override func setUpWithError() throws {
        guard Tmux.isAvailable else {
            throw Tmux.Failure(description: "tmux is not installed (`make test` installs it)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try prepare()
        pane = try Tmux(columns: paneSize.columns, rows: paneSize.rows, directory: directory)
        XCTAssertTrue(try pane.wait(for: "$"), "shell prompt: \(pane.dump)")
    }

    override func tearDownWithError() throws {
        pane = nil  // kills the tmux server and anything still running in it
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Waits (bounded) until the pane shows `text`; thrown, so the rest of the test does not fail in turn.
    func expect(_ text: String) throws {
        if try !pane.wait(for: text) {
            throw Tmux.Failure(description: "\"\(text)\" did not appear in time: \(pane.dump)")
        }
    }

    /// The first trip's saved stop names, once `isDone` holds them (bounded: 10 s); the app saves just after the
    /// frame that shows a change, so a test reads the file only after it.
    func savedStops(where isDone: ([String]) -> Bool) throws -> [String] {
        let end = Date().addingTimeInterval(10)
        while true {
            let names = try XCTUnwrap(TripStore.open(at: URL(fileURLWithPath: dataPath)).trips.first).waypoints.map(\.name)
            if isDone(names) || Date() > end { return names }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func savedStops(_ expected: [String]) throws -> [String] {
        try savedStops { $0 == expected }
    }

    /// Starts the full-screen app on the trips file, its state, config and cache in the scratch folder.
    func launchApp() throws {
        try pane.type(line: "XDG_STATE_HOME=\(directory.path)/state XDG_CONFIG_HOME=\(directory.path)/config "
            + "XDG_CACHE_HOME=\(directory.path)/cache '\(BuiltProducts.url("roadtrip").path)' --data '\(dataPath)'")
    }
}
