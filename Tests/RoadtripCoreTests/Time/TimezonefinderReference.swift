import Foundation
import RoadtripTestSupport
import XCTest

/// The pinned timezonefinder, through scripts/timezonefinder-reference in the reference venv `make test-deps` makes.
enum TimezonefinderReference {
    private static let venvPython = RoutingTools.directory.appendingPathComponent("python/bin/python")

    /// The script's output lines for `arguments`, with `input` on its standard input.
    static func run(_ arguments: [String], input: String = "") throws -> [Substring] {
        guard FileManager.default.isExecutableFile(atPath: venvPython.path) else {
            throw RoutingTools.Missing(description: "\(venvPython.path) missing: run `make test-deps` "
                + "(it makes a venv with the pinned reference libraries, timezonefinder among them, from PyPI)")
        }
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("tz-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: inputFile) }
        try Data(input.utf8).write(to: inputFile)
        let process = Process()
        process.executableURL = venvPython
        process.arguments = [RoutingTools.checkout.appendingPathComponent("scripts/timezonefinder-reference").path] + arguments
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: output, as: UTF8.self).split(separator: "\n")
    }
}
