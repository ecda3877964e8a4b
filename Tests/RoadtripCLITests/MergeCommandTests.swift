import Foundation
import XCTest

/// Issue 36 on the command line: two machines' copies merged by `roadtrip merge`, by git with roadtrip's driver, and
/// by any command that finds a sync tool's conflict copy beside the file.
final class MergeCommandTests: CLITestCase {
    /// `roadtrip ARGUMENTS --data DATA` as machine `machine` (its own state folder, so its own device id).
    @discardableResult
    private func on(_ machine: String, _ arguments: String..., data: URL, expect status: Int32 = 0,
                    file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", data.path],
                                           environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state-\(machine)").path,
                                                         "GIT_CEILING_DIRECTORIES": directory.path],
                                           workingDirectory: directory)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
        return result
    }

    private func show(_ data: URL) throws -> [String: Any] {
        let result = try on("reader", "show", "Norway", "--json", data: data)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func stops(_ shown: [String: Any]) -> [[String: Any]] {
        ((shown["trip"] as? [String: Any])?["waypoints"] as? [[String: Any]]) ?? []
    }

    /// A trip of three stops, copied to a second machine's folder.
    private func twoMachines() throws -> (URL, URL) {
        let a = directory.appendingPathComponent("a/trips.json"), b = directory.appendingPathComponent("b/trips.json")
        try on("a", "new", "Norway", data: a)
        for (name, at) in [("Bergen", ("60.39", "5.32")), ("Flam", ("60.86", "7.11")), ("Oslo", ("59.91", "10.75"))] {
            try on("a", "add-stop", "Norway", "--name", name, "--lat", at.0, "--lon", at.1, data: a)
        }
        try FileManager.default.createDirectory(at: b.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: a, to: b)
        return (a, b)
    }

    func testEveryEditOfBothMachinesIsKeptAndAClashIsListed() throws {
        let (a, b) = try twoMachines()
        try on("a", "set-stop", "Norway", "1", "--nights", "2", data: a)
        try on("a", "add-stop", "Norway", "--name", "Voss", "--lat", "60.63", "--lon", "6.42", "--at", "2", data: a)
        try on("b", "set-stop", "Norway", "3", "--notes", "ferry at 9", data: b)
        try on("b", "set-stop", "Norway", "1", "--nights", "3", data: b)
        try on("b", "rm-stop", "Norway", "2", "--yes", data: b)

        let merged = try on("a", "merge", b.path, data: a)
        XCTAssertEqual(merged.stdout, "\(b.path): merged: 1 trip changed, 1 clash kept as a conflict\n")
        let shown = try show(a)
        XCTAssertEqual(stops(shown).map { $0["name"] as? String }, ["Bergen", "Voss", "Oslo"], "Voss added on a, Flam removed on b")
        XCTAssertEqual(stops(shown).first?["nights"] as? Int, 3, "b's later edit of the same field wins")
        XCTAssertEqual(stops(shown).last?["notes"] as? String, "ferry at 9")
        let conflicts = try XCTUnwrap(shown["conflicts"] as? [[String: Any]])
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual(conflicts.first?["field"] as? String, "nights")
        XCTAssertEqual(conflicts.first?["kept"] as? String, "3")
        XCTAssertEqual(conflicts.first?["other"] as? String, "2")
        XCTAssertEqual(conflicts.first?["stop"] as? Int, 1)
        XCTAssertTrue(try on("a", "show", "Norway", data: a).stdout
            .contains("nights of stop 1 (Bergen): 3 kept, 2 was on the other machine"))

        // The other way round gives the same trips.
        try on("b", "merge", a.path, data: b)
        XCTAssertEqual(stops(try show(b)).map { $0["name"] as? String }, ["Bergen", "Voss", "Oslo"])
        XCTAssertEqual((try show(b))["conflicts"] as? NSArray, shown["conflicts"] as? NSArray)
    }

    func testGitMergesTwoBranchesWithTheDriverAsMergeDoes() throws {
        let repository = directory.appendingPathComponent("plans")
        let data = repository.appendingPathComponent("trips.json")
        func git(_ arguments: String...) throws -> CommandResult {
            try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"),
                                  ["git", "-C", repository.path, "-c", "user.name=T", "-c", "user.email=t@example.org"] + arguments,
                                  environment: ["GIT_CEILING_DIRECTORIES": directory.path])
        }
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        XCTAssertEqual(try git("init", "-q", "-b", "main").status, 0)
        try on("a", "git-setup", data: data)
        try on("a", "new", "Norway", data: data)
        for (name, at) in [("Bergen", ("60.39", "5.32")), ("Oslo", ("59.91", "10.75"))] {
            try on("a", "add-stop", "Norway", "--name", name, "--lat", at.0, "--lon", at.1, data: data)
        }
        XCTAssertEqual(try git("add", "trips.json", ".gitattributes").status, 0)
        XCTAssertEqual(try git("commit", "-qm", "base").status, 0)
        XCTAssertEqual(try git("checkout", "-qb", "b").status, 0)
        try on("b", "set-stop", "Norway", "1", "--nights", "3", data: data)
        try on("b", "set-stop", "Norway", "2", "--notes", "opera", data: data)
        XCTAssertEqual(try git("commit", "-qm", "b", "trips.json").status, 0)
        let theirs = try Data(contentsOf: data)
        XCTAssertEqual(try git("checkout", "-q", "main").status, 0)
        try on("a", "set-stop", "Norway", "1", "--nights", "2", data: data)
        try on("a", "add-stop", "Norway", "--name", "Flam", "--lat", "60.86", "--lon", "7.11", "--at", "2", data: data)
        XCTAssertEqual(try git("commit", "-qm", "a", "trips.json").status, 0)
        let ours = try Data(contentsOf: data)

        let merge = try git("merge", "-q", "--no-edit", "b")
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        let result = try String(contentsOf: data, encoding: .utf8)
        XCTAssertFalse(result.contains("<<<<<<<"), "no conflict markers")

        // The same as `roadtrip merge` of the two branches' files.
        let mine = directory.appendingPathComponent("ours/trips.json"), other = directory.appendingPathComponent("theirs.json")
        try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ours.write(to: mine)
        try theirs.write(to: other)
        try on("c", "merge", other.path, data: mine)
        XCTAssertEqual(result, try String(contentsOf: mine, encoding: .utf8))
        let shown = try show(data)
        XCTAssertEqual(stops(shown).map { $0["name"] as? String }, ["Bergen", "Flam", "Oslo"])
        XCTAssertEqual(stops(shown).last?["notes"] as? String, "opera")
        XCTAssertEqual((shown["conflicts"] as? [Any])?.count, 1)
    }

    func testAnyCommandFoldsASyncthingConflictCopyAndKeepsIt() throws {
        let (a, b) = try twoMachines()
        try on("a", "set-stop", "Norway", "2", "--notes", "waterfall", data: a)
        try on("b", "rename", "Norway", "Norway 2027", data: b)
        let copy = a.deletingLastPathComponent().appendingPathComponent("trips.sync-conflict-20270601-101500-ABCDEFG.json")
        try FileManager.default.moveItem(at: b, to: copy)

        let listed = try on("a", "list", data: a)
        XCTAssertTrue(listed.stderr.contains("merged Syncthing's conflict copy trips.sync-conflict-20270601-101500-ABCDEFG.json: 1 trip changed"),
                      listed.stderr)
        XCTAssertTrue(listed.stdout.contains("Norway 2027"), listed.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy.path))
        let kept = a.deletingLastPathComponent().appendingPathComponent("trips.json.backups/" + copy.lastPathComponent)
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path))
        let shown = try on("a", "show", "Norway 2027", "--json", data: a).stdout
        XCTAssertTrue(shown.contains("waterfall"))
        XCTAssertTrue(try on("a", "list", data: a).stderr.isEmpty, "folded once")
    }

    func testACopyFromANewerRoadtripIsRefusedNeverMerged() throws {
        let (a, b) = try twoMachines()
        let text = try String(contentsOf: b, encoding: .utf8).replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 9")
        try Data(text.utf8).write(to: b)
        let before = try Data(contentsOf: a)
        let refused = try on("a", "merge", b.path, data: a, expect: 1)
        XCTAssertTrue(refused.stderr.contains("schema version 9 is newer than this roadtrip understands (2)"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: a), before)

        // A conflict copy from it stays beside the file, said once a run.
        let copy = a.deletingLastPathComponent().appendingPathComponent("trips (conflicted copy 2027-06-01).json")
        try FileManager.default.moveItem(at: b, to: copy)
        let listed = try on("a", "list", data: a)
        XCTAssertTrue(listed.stderr.contains("left Dropbox's conflict copy trips (conflicted copy 2027-06-01).json as it is"), listed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy.path))
        XCTAssertEqual(try Data(contentsOf: a), before)
    }

    func testASchemaOneFileMergesAfterMigration() throws {
        let (a, b) = try twoMachines()
        // b as roadtrip 1 wrote it: no marks.
        var old = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: b)) as? [String: Any])
        old["schemaVersion"] = 1
        old.removeValue(forKey: "seen")
        var trips = try XCTUnwrap(old["trips"] as? [[String: Any]])
        trips[0].removeValue(forKey: "edits")
        trips[0]["name"] = "Norway (old laptop)"
        old["trips"] = trips
        try JSONSerialization.data(withJSONObject: old, options: [.prettyPrinted, .sortedKeys]).write(to: b)
        try on("a", "set-stop", "Norway", "1", "--nights", "4", data: a)
        try on("a", "merge", b.path, data: a)
        let shown = try on("a", "show", "Norway", "--json", data: a).stdout
        XCTAssertTrue(shown.contains("\"nights\" : 4"), "a's stamped edit beats the unstamped old file")
    }
}
