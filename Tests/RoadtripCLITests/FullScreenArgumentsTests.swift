import ArgumentParser
import RoadtripCore
import RoadtripTestSupport
import XCTest
@testable import roadtrip

/// The full-screen app's plain arguments are read without the command-line parser (start-up time): whatever that
/// reading accepts, the parser must read alike, and everything else must be left to the parser.
final class FullScreenArgumentsTests: XCTestCase {
    func testWhatIsReadWithoutTheParserTheParserReadsAlike() throws {
        let vocabulary = ["--data", "/tmp/trips.json", "list", "--units", "km", "mi", "furlongs", "--router", "osrm",
                          "estimate", "routino", "--demo", "--exit-after-first-frame", "--help", "-h", "--version",
                          "--data=x", "--units=km", "", "-", "--", "show", "--unknown", "ünï ☕", "-d"]
        var generator = SeededGenerator(seed: 23)
        var read = 0
        for _ in 0..<2_000 {
            let arguments = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                vocabulary.randomElement(using: &generator)!
            }
            guard let plain = FullScreenArguments(plain: arguments) else { continue }
            read += 1
            let command = try Roadtrip.parseAsRoot(arguments)
            let root = try XCTUnwrap(command as? Roadtrip, "\(arguments) is the full-screen app for the parser too")
            XCTAssertEqual(root.fullScreen, plain, "\(arguments)")
        }
        XCTAssertGreaterThan(read, 200, "enough plain vectors were tried")
    }

    func testPlainFormsAreReadAndTheRestDeclined() {
        XCTAssertEqual(FullScreenArguments(plain: []),
                       FullScreenArguments(data: nil, units: nil, router: nil, demo: false, exitAfterFirstFrame: false))
        XCTAssertEqual(FullScreenArguments(plain: ["--router", "osrm", "--data", "a b.json", "--units", "mi", "--demo"]),
                       FullScreenArguments(data: "a b.json", units: .mi, router: .osrm, demo: true,
                                           exitAfterFirstFrame: false))
        for declined in [["list"], ["--help"], ["-h"], ["--version"], ["--data"], ["--data", "--demo"], ["--data=x"],
                         ["--units", "furlongs"], ["--demo", "--demo"], ["--data", "a", "--data", "b"], ["--"],
                         ["--generate-completion-script", "bash"]] {
            XCTAssertNil(FullScreenArguments(plain: declined), "\(declined)")
        }
    }
}
