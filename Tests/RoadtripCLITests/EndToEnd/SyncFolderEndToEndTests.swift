import Foundation
import RoadtripCore
import XCTest

/// A sync folder beside a running app (issue 36), in a private tmux: another machine's conflict copy, named as
/// Syncthing 1.x names it, is folded into the list within 2 s and kept in the backups folder; the app's own edit
/// made meanwhile stays; `u` takes the merge back as one step; another machine's version put in place of the file
/// (as a sync tool renames it in) is merged, not overwritten. Every wait is bounded.
final class SyncFolderEndToEndTests: TmuxTestCase {
    private func roadtrip(_ arguments: [String], data: String, machine: String) throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", data],
                                           environment: ["XDG_STATE_HOME": "\(directory.path)/state-\(machine)"])
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    }

    override func prepare() throws {
        try roadtrip(["new", "Norway"], data: dataPath, machine: "a")
        try roadtrip(["add-stop", "Norway", "--name", "Bergen", "--lat", "60.39", "--lon", "5.32"], data: dataPath, machine: "a")
    }

    /// The other machine's copy of the file: the same start, then its own edits.
    private func otherMachine(_ edits: [[String]]) throws -> String {
        let other = directory.appendingPathComponent("other/trips.json").path
        if !FileManager.default.fileExists(atPath: other) {
            try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("other").path,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: dataPath, toPath: other)
        }
        for edit in edits { try roadtrip(edit, data: other, machine: "b") }
        return other
    }

    private func saved(_ check: ([Trip]) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(5)
        repeat {
            if let trips = try? TripStore.open(at: URL(fileURLWithPath: dataPath)).trips, check(trips) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < end
        return false
    }

    func testConflictCopiesAndReplacedFilesAreMergedWhileTheAppRuns() throws {
        let other = try otherMachine([["new", "Iceland"], ["set-stop", "Norway", "1", "--notes", "fish market"]])
        try launchApp()
        try expect("Norway")
        // An edit here, unsynced: a new trip (it opens; back to the list).
        try pane.keys("a")
        try expect("New trip")
        try pane.type(line: "Faroe")
        try expect("No stops yet")
        try pane.keys("q")
        try expect("2 trips")

        let copy = directory.appendingPathComponent("trips.sync-conflict-20270601-101500-ABCDEFG.json").path
        try FileManager.default.copyItem(atPath: other, toPath: copy)
        let dropped = Date()
        try expect("merged Syncthing's conflict copy")
        XCTAssertLessThan(Date().timeIntervalSince(dropped), 2.5, "folded within 2 s (and a frame)")
        try expect("Iceland")
        XCTAssertTrue(pane.dump.contains("Faroe"), "the app's own edit stays: \(pane.dump)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dataPath + ".backups/" + (copy as NSString).lastPathComponent))
        XCTAssertTrue(saved { trips in
            Set(trips.map(\.name)) == ["Norway", "Iceland", "Faroe"]
                && trips.first { $0.name == "Norway" }?.waypoints.first?.notes == "fish market"
        }, "saved with every edit")

        // Dropbox's and Nextcloud's names, as they write them, are folded the same way.
        for (name, trip) in [("trips (Anna's conflicted copy 2027-06-01).json", "Greenland"),
                             ("trips (conflicted copy 2027-06-01 101500).json", "Svalbard")] {
            let path = directory.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: try otherMachine([["new", trip]]), toPath: path)
            try expect(trip)
            XCTAssertTrue(try pane.wait { _ in !FileManager.default.fileExists(atPath: path) }, name)
        }
        XCTAssertTrue(saved { Set($0.map(\.name)) == ["Norway", "Iceland", "Faroe", "Greenland", "Svalbard"] })
        try pane.keys("u", "u")
        try expect("Undid: merge")
        XCTAssertTrue(saved { Set($0.map(\.name)) == ["Norway", "Iceland", "Faroe"] }, "each copy was one step")

        try pane.resize(columns: 40, rows: 12)
        try pane.keys("u")
        try expect("Undid: merge")
        XCTAssertTrue(saved { Set($0.map(\.name)) == ["Norway", "Faroe"] }, "the merge is one step")
        try pane.resize(columns: 100, rows: 30)

        // The other machine edits on and its file arrives in place of this one, as a sync tool renames it in.
        _ = try otherMachine([["new", "Shetland"]])
        let incoming = dataPath + ".syncthing.tmp"
        try FileManager.default.copyItem(atPath: other, toPath: incoming)
        XCTAssertEqual(rename(incoming, dataPath), 0)
        try expect("merged the file a sync tool put in place")
        try expect("Shetland")
        XCTAssertTrue(saved { trips in
            // Iceland stays deleted: the undo here came after the other machine made it.
            Set(trips.map(\.name)) == ["Norway", "Faroe", "Shetland"]
        }, "merged and saved over the other machine's version")

        // A clash: the other machine renames the trip, then this one does, before they sync.
        _ = try otherMachine([["rename", "Norway", "Norway 2027"]])
        // Norway, found by name: two trips made in one second have no order to count on.
        try pane.keys("/")
        try pane.type(line: "Norway")
        try pane.keys("r")
        try expect("Rename trip")
        try pane.keys("C-u")
        try pane.type(line: "Norway North")
        try expect("Norway North")
        try FileManager.default.copyItem(atPath: other, toPath: copy)
        try expect("1 clash")
        try pane.keys("G", "Enter")
        try pane.keys("c")
        try expect("Changed on both machines")
        try expect("the trip's name: \"Norway North\" kept, \"Norway 2027\" was")
        try pane.keys("1")
        try expect("Took back the other value of the trip's name")
        XCTAssertTrue(saved { trips in trips.contains { $0.name == "Norway 2027" && $0.conflicts.isEmpty } }, "taken back")
        try pane.keys("u")
        try expect("Undid: take back")
        XCTAssertTrue(saved { trips in trips.contains { $0.name == "Norway North" && $0.conflicts.count == 1 } }, "the clash is back")
        try pane.keys("q", "Escape", "q")  // Esc clears the filter
        XCTAssertTrue(try pane.wait(for: "$"), pane.dump)
    }
}
