import Foundation
import XCTest

/// A test of the built `roadtrip` binary on a data file in a fresh temporary folder, removed afterwards.
class CLITestCase: XCTestCase {
    private(set) var directory: URL!
    var dataFile: URL { directory.appendingPathComponent("trips.json") }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `roadtrip ARGUMENTS --data FILE` (the test's data file unless `data` names another) and checks
    /// its exit status.
    @discardableResult
    func roadtrip(_ arguments: String..., data: URL? = nil, stdin: FileHandle? = nil, expect status: Int32 = 0,
                  file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        // The state folder (the device id a change stamps with) is the test's, never the user's.
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments + ["--data", (data ?? dataFile).path],
                                           environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path],
                                           stdin: stdin)
        XCTAssertEqual(result.status, status, "stderr: \(result.stderr)", file: file, line: line)
        return result
    }

    /// Runs `roadtrip ARGUMENTS` with its data, settings and cache under `home` (`XDG_*`), never the user's, and
    /// checks its exit status.
    @discardableResult
    func roadtrip(_ arguments: [String], home: URL, timeout: TimeInterval = 60, expect status: Int32 = 0,
                  file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try CommandRunner.run(BuiltProducts.url("roadtrip"), arguments,
                                           environment: ["XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                                                         "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                                         "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                                         "XDG_STATE_HOME": home.appendingPathComponent("state").path],
                                           timeout: timeout)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stdout)\(result.stderr)", file: file, line: line)
        return result
    }
}
