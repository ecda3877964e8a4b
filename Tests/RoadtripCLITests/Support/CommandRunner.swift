import Foundation
import XCTest

/// Runs the built `roadtrip` binary with a time limit, capturing stdout and stderr.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

enum CommandRunner {
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                    stdin: FileHandle? = nil, timeout: TimeInterval = 30,
                    workingDirectory: URL? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        // Files, not pipes: a chatty child can never block on a full pipe.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rt-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "ROADTRIP_DATA")
        // The user's own settings, leg cache and data never take part (nor are they changed): each run gets
        // empty ones unless the test gives its own.
        for name in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] {
            env[name] = scratch.appendingPathComponent(name).path
        }
        env.merge(environment) { $1 }
        process.environment = env
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("\(executable.lastPathComponent) \(arguments) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return CommandResult(status: process.terminationStatus,
                             stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }
}
