import Foundation
import XCTest

/// `roadtrip git-setup` on a real git repository: the `.gitattributes` line and the local config, once.
final class GitSetupCommandTests: CLITestCase {
    private var repository: URL { directory.appendingPathComponent("plans") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("road trips"),
                                                withIntermediateDirectories: true)
        try git("init", "-q")
    }

    /// Runs git in the test's repository; its stdout.
    @discardableResult
    private func git(_ arguments: String..., expect status: Int32 = 0, file: StaticString = #filePath,
                     line: UInt = #line) throws -> String {
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", repository.path] + arguments)
        XCTAssertEqual(result.status, status, "git \(arguments): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    /// Runs `roadtrip git-setup ARGUMENTS --data DATA` in the test's folder, with git looking no higher: the
    /// folder may sit inside some repository (the checkout's), which a wrong git-setup must never change.
    private func gitSetup(_ arguments: String..., data: URL, environment: [String: String] = [:],
                          expect status: Int32 = 0, file: StaticString = #filePath,
                          line: UInt = #line) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["git-setup"] + arguments + ["--data", data.path],
                                           environment: ["GIT_CEILING_DIRECTORIES": directory.path]
                                               .merging(environment) { $1 }, workingDirectory: directory)
        XCTAssertEqual(result.status, status, "stderr: \(result.stderr)", file: file, line: line)
        return result
    }

    private var driver: String {
        BuiltProducts.url("roadtrip").resolvingSymlinksInPath().path + " merge-file %O %A %B"
    }

    func testSetsUpOnceAndKeepsTheOtherLines() throws {
        let attributes = repository.appendingPathComponent(".gitattributes")
        try Data("*.png binary\n# photos\n*.md text eol=lf".utf8).write(to: attributes)
        let data = repository.appendingPathComponent("road trips/trips.json")

        let first = try gitSetup(data: data)
        XCTAssertEqual(first.stdout, """
            \(attributes.path): added "/road trips/trips.json" merge=roadtrip
            merge.roadtrip.name: set to roadtrip trips file
            merge.roadtrip.driver: set to \(driver)

            """)
        let written = try String(contentsOf: attributes, encoding: .utf8)
        XCTAssertEqual(written, "*.png binary\n# photos\n*.md text eol=lf\n\"/road trips/trips.json\" merge=roadtrip\n")
        XCTAssertEqual(try git("check-attr", "merge", "--", "road trips/trips.json"), "road trips/trips.json: merge: roadtrip\n")
        XCTAssertEqual(try git("check-attr", "merge", "--", "trips.json"), "trips.json: merge: unspecified\n")
        XCTAssertEqual(try git("config", "--local", "--get", "merge.roadtrip.name"), "roadtrip trips file\n")
        XCTAssertEqual(try git("config", "--local", "--get", "merge.roadtrip.driver"), driver + "\n")

        let second = try gitSetup(data: data)
        XCTAssertEqual(second.stdout, """
            \(attributes.path): already has "/road trips/trips.json" merge=roadtrip
            merge.roadtrip.name: already roadtrip trips file
            merge.roadtrip.driver: already \(driver)

            """)
        XCTAssertEqual(try String(contentsOf: attributes, encoding: .utf8), written)
        XCTAssertEqual(try git("config", "--local", "--get-all", "merge.roadtrip.driver"), driver + "\n")
    }

    func testDryRunChangesNothing() throws {
        let result = try gitSetup("--dry-run", data: repository.appendingPathComponent("trips.json"))
        XCTAssertEqual(result.stdout, """
            \(repository.appendingPathComponent(".gitattributes").path): would add /trips.json merge=roadtrip
            merge.roadtrip.name: would set to roadtrip trips file
            merge.roadtrip.driver: would set to \(driver)

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository.appendingPathComponent(".gitattributes").path))
        try git("config", "--local", "--get", "merge.roadtrip.driver", expect: 1)
    }

    /// git runs the driver with the shell: a roadtrip installed under a path with blanks or quotes is one word.
    func testDriverPathIsOneShellWord() throws {
        let folder = directory.appendingPathComponent("Anna's apps")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("roadtrip")
        try FileManager.default.copyItem(at: BuiltProducts.url("roadtrip").resolvingSymlinksInPath(), to: copy)
        let result = try CommandRunner.run(copy, ["git-setup", "--data", repository.appendingPathComponent("trips.json").path],
                                           environment: ["GIT_CEILING_DIRECTORIES": directory.path],
                                           workingDirectory: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let driver = try git("config", "--local", "--get", "merge.roadtrip.driver").trimmingCharacters(in: .newlines)
        let words = try CommandRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "set -- \(driver); printf '%s|' \"$@\""])
        XCTAssertEqual(words.stdout, "\(copy.path)|merge-file|%O|%A|%B|")
    }

    func testOutsideARepository() throws {
        let outside = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let result = try gitSetup(data: outside.appendingPathComponent("trips.json"), expect: 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "roadtrip: \(outside.path) is not in a git repository: run `git init` there, "
            + "or give --data a file inside one\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
    }

    func testWithoutGit() throws {
        let result = try gitSetup(data: repository.appendingPathComponent("trips.json"),
                                  environment: ["PATH": directory.appendingPathComponent("empty").path], expect: 1)
        XCTAssertEqual(result.stderr, "roadtrip: git-setup needs git, and there is no git on PATH\n")
    }
}
