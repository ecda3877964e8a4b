import Foundation
import XCTest
@testable import RoadtripCore
import RoadtripTestSupport

/// `TOMLReader` against Python's `tomllib` (Python 3.11's, on every machine): on every settings corpus file, on
/// documents written to be tricky, and on thousands of seeded mutations of both, each reader accepts what the other
/// accepts, with the same values. Two differences are the reader's own limits and are checked as such: integers
/// past 64 bits (which TOML forbids) and nesting past `TOMLReader.maxDepth`.
final class TOMLReaderDifferentialTests: XCTestCase {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/fuzz/corpus/settings")

    func testEveryCorpusFileReadsAsTomllibReadsIt() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        XCTAssertGreaterThanOrEqual(files.count, 10, "the corpus is missing: \(Self.corpus.path)")
        try compare(files.map { ($0.lastPathComponent, Array(try Data(contentsOf: $0))) })
    }

    func testTrickyDocumentsReadAsTomllibReadsThem() throws {
        let documents = TOMLTrickyDocuments.all
        XCTAssertGreaterThan(documents.count, 400)
        try compare(documents.enumerated().map { ("tricky #\($0.offset): \($0.element.debugDescription)", Array($0.element.utf8)) })
    }

    /// Each seed (the corpus and the tricky documents) with a token inserted, a span deleted or a line repeated.
    func testMutatedDocumentsReadAsTomllibReadsThem() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        let seeds = try files.map { Array(try Data(contentsOf: $0)) } + TOMLTrickyDocuments.all.map { Array($0.utf8) }
        let tokens = ["\"", "'", "\"\"\"", "'''", "[", "]", "[[", "{", "}", ",", "=", ".", "#", "\n", "\r", "\r\n", "\\",
                      " ", "\t", "\u{2028}", "\u{85}", "0x", "_", "e", ":", "-", "+", "T", "Z", "1", "0", "\u{0}", "\u{7F}",
                      "a.b", "true", "inf", "nan", "1979-05-27", "07:32:00", "\\u", "\\\n"].map { Array($0.utf8) }
        var generator = SeededGenerator(seed: 31)
        var mutants: [(String, [UInt8])] = []
        for round in 0..<20_000 {
            var bytes = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
            let at = Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes.insert(contentsOf: tokens[Int.random(in: 0..<tokens.count, using: &generator)], at: at)
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...4, using: &generator)))
            default:
                let lineStart = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let lineEnd = bytes[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
                bytes.insert(contentsOf: bytes[lineStart..<lineEnd], at: lineEnd)
            }
            mutants.append(("mutant #\(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)", bytes))
        }
        try compare(mutants)
    }

    /// Where the reader's limits differ from `tomllib`'s, on purpose: refused, with the reason.
    func testTheReadersOwnLimits() throws {
        let deep = "a = " + String(repeating: "[", count: 101) + String(repeating: "]", count: 101) + "\n"
        let dotted = "a" + String(repeating: ".a", count: 100) + " = 1\n"
        let big = "a = 9_223_372_036_854_775_808\n"
        let answers = try Self.tomllib([deep, dotted, big].map { Array($0.utf8) })
        XCTAssertTrue(answers.allSatisfy { $0.accepted }, "tomllib reads them")
        for (text, reason) in [(deep, TOMLReader.tooDeep), (dotted, TOMLReader.tooDeep),
                               (big, "the integer does not fit in 64 bits (TOML's integers go from "
                                + "-9223372036854775808 to 9223372036854775807)")] {
            XCTAssertTrue(answers.allSatisfy { $0.beyondLimits })
            XCTAssertThrowsError(try TOMLReader.read(Array(text.utf8))) {
                XCTAssertEqual(($0 as? TOMLError)?.reason, reason)
            }
        }
        // Right at the limits, both read them.
        let deepest = "a = " + String(repeating: "[", count: 99) + String(repeating: "]", count: 99) + "\n"
        let smallest = "a = -9_223_372_036_854_775_808\n"
        try compare([("99 lists deep", Array(deepest.utf8)), ("Int64.min", Array(smallest.utf8))])
    }

    // MARK: Comparing

    private func compare(_ documents: [(name: String, bytes: [UInt8])], file: StaticString = #filePath,
                         line: UInt = #line) throws {
        let answers = try Self.tomllib(documents.map(\.bytes))
        XCTAssertEqual(answers.count, documents.count)
        var mismatches = 0
        for (document, answer) in zip(documents, answers) {
            let mine = Result { try TOMLReader.read(document.bytes) }
            switch (mine, answer.tree) {
            case let (.success(read), expected?):
                let tree = try Self.json(Self.tree(.table(read.root))), expectedTree = try Self.json(expected)
                if tree != expectedTree {
                    mismatches += 1
                    XCTFail("\(document.name): read as \(tree), tomllib reads \(expectedTree)", file: file, line: line)
                }
            case (.failure, nil):
                break
            case (.success, nil):
                mismatches += 1
                XCTFail("\(document.name): accepted, tomllib refuses it: \(answer.error)", file: file, line: line)
            case let (.failure(error as TOMLError), _?) where answer.beyondLimits && Self.limits.contains(error.reason):
                break
            case let (.failure(error), _?):
                mismatches += 1
                XCTFail("\(document.name): refused (\(error)), tomllib accepts it", file: file, line: line)
            }
            if mismatches >= 20 { return }
        }
    }

    /// The same JSON for the same tree, whatever the order of its keys.
    private static func json(_ tree: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A value as the script below gives tomllib's: a table is a dictionary, a list an array, the rest
    /// ["type": …, "value": …] (a float by its bits, a date or time in full).
    static func tree(_ value: TOMLValue) -> Any {
        func scalar(_ type: String, _ text: String) -> Any { ["type": type, "value": text] }
        func time(_ time: TOMLTime) -> String {
            String(format: "%02d:%02d:%02d.%06d", time.hour, time.minute, time.second, time.microsecond)
        }
        func date(_ date: TOMLDate) -> String { String(format: "%04d-%02d-%02d", date.year, date.month, date.day) }
        switch value {
        case .string(let string): return scalar("string", string)
        case .integer(let integer): return scalar("integer", String(integer))
        case .float(let float):
            return scalar("float", float.isNaN ? "nan" : String(format: "%016llx", float.bitPattern))
        case .boolean(let boolean): return scalar("bool", String(boolean))
        case let .offsetDateTime(day, clock, offset):
            return scalar("datetime", "\(date(day))T\(time(clock))\(offset)")
        case let .localDateTime(day, clock): return scalar("datetime-local", "\(date(day))T\(time(clock))")
        case .localDate(let day): return scalar("date-local", date(day))
        case .localTime(let clock): return scalar("time-local", time(clock))
        case .array(let values): return values.map(tree)
        case .table(let table):
            return Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, tree($0.value)) })
        }
    }

    private struct Answer {
        let tree: Any?
        let error: String
        /// An integer past 64 bits, or nesting past `TOMLReader.maxDepth`, in what tomllib read.
        let beyondLimits: Bool
        var accepted: Bool { tree != nil }
    }

    private static let limits = [TOMLReader.tooDeep, TOMLReader.tooLarge]

    /// What tomllib reads from each document (bytes that are not UTF-8 are refused, as `tomllib.load` refuses them).
    private static func tomllib(_ documents: [[UInt8]]) throws -> [Answer] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("toml-differential-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: input) }
        try JSONSerialization.data(withJSONObject: documents.map { Data($0).base64EncodedString() }).write(to: input)
        let script = """
            import base64, datetime, json, struct, sys, tomllib
            beyond = False
            def tree(v, depth=0):
                global beyond
                beyond = beyond or depth > 100
                if isinstance(v, dict): return {k: tree(x, depth + 1) for k, x in v.items()}
                if isinstance(v, list): return [tree(x, depth + 1) for x in v]
                if isinstance(v, bool): return {"type": "bool", "value": str(v).lower()}
                if isinstance(v, int):
                    beyond = beyond or not -2**63 <= v < 2**63
                    return {"type": "integer", "value": str(v)}
                if isinstance(v, str): return {"type": "string", "value": v}
                if isinstance(v, float):
                    return {"type": "float", "value": "nan" if v != v else struct.pack(">d", v).hex()}
                if isinstance(v, datetime.datetime):
                    text = v.replace(tzinfo=None).isoformat(timespec="microseconds")
                    if v.tzinfo is None: return {"type": "datetime-local", "value": text}
                    return {"type": "datetime", "value": text + str(int(v.utcoffset().total_seconds() // 60))}
                if isinstance(v, datetime.date): return {"type": "date-local", "value": v.isoformat()}
                return {"type": "time-local", "value": v.isoformat(timespec="microseconds")}
            answers = []
            for document in json.load(open(sys.argv[1])):
                beyond = False
                try:
                    read = tree(tomllib.loads(base64.b64decode(document).decode("utf-8")))
                    answers.append({"tree": read, "beyond": beyond})
                except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as error:
                    answers.append({"error": str(error)})
            print(json.dumps(answers))
            """
        let result = try ChildProcess.run("/usr/bin/python3", arguments: ["-c", script, input.path], captureOutput: true,
                                          timeout: 300)
        XCTAssertEqual(result.termination, .exited(0), String(decoding: result.stderr, as: UTF8.self))
        let answers = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        return answers.map {
            Answer(tree: $0["tree"], error: $0["error"] as? String ?? "", beyondLimits: $0["beyond"] as? Bool == true)
        }
    }
}
