import Foundation
import XCTest

/// The documents: the generated references are current, the walls do not grow back, links resolve and the
/// guide's examples run.
final class DocsTests: XCTestCase {
    /// The checkout's root (the tests read the documents from it).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testKeyReferenceIsCurrent() throws {
        try checkGenerated("docs/keys.md", by: ["help", "keys"])
    }

    func testCommandReferenceIsCurrent() throws {
        try checkGenerated("docs/cli.md", by: ["help", "commands"])
    }

    /// `help keys` is a topic beside the parser's `help COMMAND`, which still works.
    func testHelpCommandStillHelpsACommand() throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), ["help", "add-stop"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("USAGE: roadtrip add-stop"), result.stdout)
    }

    /// The file is what `roadtrip ARGUMENTS` prints; `make docs` rewrites it.
    private func checkGenerated(_ path: String, by arguments: [String], file: StaticString = #filePath,
                                line: UInt = #line) throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let committed = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        XCTAssertTrue(committed == result.stdout, "\(path) is stale: `make docs` regenerates it", file: file, line: line)
    }
}
