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

    func testReadmeIsShort() throws {
        let lines = try text("README.md").components(separatedBy: "\n").count - 1
        XCTAssertLessThanOrEqual(lines, 200, "README.md has \(lines) lines")
    }

    /// No paragraph over 120 words, no sentence over 40, in any document (code blocks and tables aside).
    func testDocumentsHaveNoWalls() throws {
        var walls: [String] = []
        for path in try documents() {
            for paragraph in MarkdownText(try text(path)).paragraphs {
                let words = MarkdownText.words(paragraph)
                if words > 120 { walls.append("\(path): a paragraph of \(words) words: \(paragraph.prefix(60))…") }
                for sentence in MarkdownText.sentences(paragraph) where MarkdownText.words(sentence) > 40 {
                    walls.append("\(path): a sentence of \(MarkdownText.words(sentence)) words: \(sentence.prefix(60))…")
                }
            }
        }
        XCTAssertEqual(walls, [], walls.joined(separator: "\n"))
    }

    /// Every link to another document names a file that exists, and a heading in it when it names one.
    func testLinksBetweenDocumentsResolve() throws {
        var broken: [String] = []
        for path in try documents() {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().relativePath
            for link in MarkdownText(try text(path)).links where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? path : (folder == "." ? parts[0] : "\(folder)/\(parts[0])")
                let resolved = URL(fileURLWithPath: target, relativeTo: Self.root).standardized
                guard FileManager.default.fileExists(atPath: resolved.path) else {
                    broken.append("\(path): \(link) (no file)")
                    continue
                }
                if parts.count == 2, resolved.pathExtension == "md",
                   !MarkdownText(try String(contentsOf: resolved, encoding: .utf8)).anchors.contains(parts[1]) {
                    broken.append("\(path): \(link) (no such heading)")
                }
            }
        }
        XCTAssertEqual(broken, [], broken.joined(separator: "\n"))
    }

    /// Each document's runnable examples (fenced `sh runnable`), in order, in one shell on a scratch data file
    /// and in a scratch folder: every command they show exists and succeeds.
    func testRunnableExamplesSucceed() throws {
        var ran = 0
        for path in try documents() {
            let blocks = MarkdownText(try text(path)).runnableBlocks
            guard !blocks.isEmpty else { continue }
            ran += blocks.count
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-doc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let searchPath = BuiltProducts.directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let script = "cd '\(folder.path)'\n" + blocks.joined(separator: "\n")
            let result = try CommandRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-exc", script],
                                               environment: ["PATH": searchPath], timeout: 120)
            XCTAssertEqual(result.status, 0, "\(path)'s examples failed:\n\(result.stderr)")
        }
        XCTAssertGreaterThan(ran, 0, "no runnable examples found")
    }

    /// The documents the checks read: the README, CONTRIBUTING.md and docs/.
    private func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md", "CONTRIBUTING.md"].filter {
            FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path)
        } + docs
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The file is what `roadtrip ARGUMENTS` prints; `make docs` rewrites it.
    private func checkGenerated(_ path: String, by arguments: [String], file: StaticString = #filePath,
                                line: UInt = #line) throws {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let committed = try text(path)
        XCTAssertTrue(committed == result.stdout, "\(path) is stale: `make docs` regenerates it", file: file, line: line)
    }
}
