import Foundation
import XCTest

/// The command line against hostile input and failing output (issue 8): huge numbers, hex and signed zero
/// coordinates, escape sequences in arguments and data, stdout on a full disk or a closed pipe, and "no" to
/// a confirmation.
final class CommandLineHardeningTests: CLITestCase {
    /// The tester's reproduction: two stops of Int.max nights, then `show`, crashed with "arithmetic overflow".
    func testHugeNightsAreRefusedWithTheRangeAndNothingIsStored() throws {
        try roadtrip("new", "Big")
        let before = try Data(contentsOf: dataFile)
        for nights in ["9223372036854775807", "100000000", "366", "-1"] {
            let result = try roadtrip("add-stop", "big", "--name", "A", "--lat", "1", "--lon", "1", "--nights", nights,
                                      expect: 1)
            XCTAssertEqual(result.stderr,
                           "roadtrip: Nights \(nights) is outside 0…365 (a stay of more than a year is a typo)\n")
        }
        XCTAssertEqual(try Data(contentsOf: dataFile), before, "nothing was saved")
        try roadtrip("add-stop", "big", "--name", "A", "--lat", "1", "--lon", "1", "--nights", "365")
        try roadtrip("add-stop", "big", "--name", "B", "--lat", "1", "--lon", "2", "--nights", "365")
        XCTAssertEqual(try roadtrip("show", "big").stdout.split(separator: "\n")[1],
                       "2 stops · ≈145 km · ≈1 h 48 driving · 730 nights · 731 days")
    }

    /// A file written by hand with a huge stay is refused like any invalid file, naming the field.
    func testAFileWithAHugeStayIsRefused() throws {
        try roadtrip("new", "Big")
        try roadtrip("add-stop", "big", "--name", "A", "--lat", "1", "--lon", "1", "--nights", "3")
        let text = try String(contentsOf: dataFile, encoding: .utf8)
            .replacingOccurrences(of: "\"nights\" : 3", with: "\"nights\" : 9223372036854775807")
        try text.write(to: dataFile, atomically: true, encoding: .utf8)
        let result = try roadtrip("show", "big", expect: 2)
        XCTAssertTrue(result.stderr.contains("Nights 9223372036854775807 is outside 0…365"), result.stderr)
    }

    func testCoordinatesTakeTheFormsTheAppTakesButNotHexAndPositionsSayTheirRange() throws {
        try roadtrip("new", "T")
        var result = try roadtrip("add-stop", "t", "--name", "A", "--lat", "0x10", "--lon", "1", expect: 1)
        XCTAssertEqual(result.stderr, "roadtrip: Not a coordinate: 0x10\n", "as typed")
        result = try roadtrip("add-stop", "t", "--name", "Chicago", "--lat", "41°52'48\"N", "--lon", "87.6298 W")
        XCTAssertEqual(result.stdout, "Added stop 1 \"Chicago\" (41.8800, -87.6298)\n")
        result = try roadtrip("add-stop", "t", "--name", "B", "--lat", "1", "--lon", "1", "--at", "-1", expect: 1)
        XCTAssertEqual(result.stderr, "roadtrip: --at -1 is outside 1…2\n")
    }

    func testShowJSONEscapesEveryTerminalControl() throws {
        try roadtrip("new", "T\u{9B}31m\u{202E}x\u{7F}\u{1B}[2J")
        let json = try roadtrip("show", "t", "--json").stdout
        XCTAssertFalse(json.unicodeScalars.contains { [0x1B, 0x7F, 0x9B, 0x202E].contains($0.value) }, json)
        XCTAssertTrue(json.contains(#""name" : "T\u009b31m\u202ex\u007f\u001b[2J""#), json)
        // Still JSON meaning the same name.
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let trip = try XCTUnwrap(object?["trip"] as? [String: Any])
        XCTAssertEqual(trip["name"] as? String, "T\u{9B}31m\u{202E}x\u{7F}\u{1B}[2J")
    }

    func testParserErrorsNeverEchoEscapeSequences() throws {
        let result = try roadtrip("rename", "x", "y", "\u{1B}]0;T\u{07}", expect: 1)
        XCTAssertFalse(result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, result.stderr)
        XCTAssertTrue(result.stderr.contains("^[]0;T^G"), result.stderr)
    }

    func testOutputThatCannotBeWrittenIsAFailure() throws {
        try roadtrip("new", "T")
        let full = try runShell("'\(BuiltProducts.url("roadtrip").path)' --data '\(dataFile.path)' list > /dev/full")
        XCTAssertEqual(full.status, 2)
        XCTAssertEqual(full.stderr, "roadtrip: cannot write the output: No space left on device\n")
        // A reader that closed the pipe: an error exit with one line, not a silent death by SIGPIPE.
        let closed = try runShell("'\(BuiltProducts.url("roadtrip").path)' --data '\(dataFile.path)' places paris "
                                  + "| (exec 0<&-; sleep 0.2); exit ${PIPESTATUS[0]}")
        XCTAssertEqual(closed.status, 2, closed.stderr)
        XCTAssertEqual(closed.stderr, "roadtrip: cannot write the output: Broken pipe\n")
    }

    /// "No" to "Delete …?" deletes nothing and is not an error (exit 0), like `rm -i`.
    func testAnsweringNoDeletesNothingAndExitsZero() throws {
        try roadtrip("new", "Keep me")
        try roadtrip("add-stop", "keep", "--name", "A", "--lat", "1", "--lon", "1")
        let binary = BuiltProducts.url("roadtrip").path
        for command in ["rm keep", "rm-stop keep 1"] {
            // script(1) gives the command a terminal; the answer comes once the question is asked.
            let result = try runShell("(sleep 0.5; printf 'n\\n'; sleep 0.5) | "
                                      + "script -qec \"'\(binary)' --data '\(dataFile.path)' \(command)\" /dev/null")
            XCTAssertEqual(result.status, 0, "\(command): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("Nothing deleted."), result.stdout)
        }
        XCTAssertEqual(try roadtrip("show", "keep").stdout.split(separator: "\n")[1], "1 stop · 1 day")
    }

    private func runShell(_ script: String) throws -> CommandResult {
        try CommandRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script])
    }
}
