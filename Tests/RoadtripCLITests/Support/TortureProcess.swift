import Foundation
import XCTest

/// A running `roadtrip-torture` (or any program) whose output lines can be awaited with a time limit.
final class TortureProcess {
    let process = Process()
    private let output = Pipe()
    private var buffer = Data()
    private var ended = false

    init(_ arguments: [String], executable: URL = BuiltProducts.url("roadtrip-torture")) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// The next line of output, or nil when the program ended or `timeout` passed first.
    func readLine(timeout: TimeInterval = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard !ended, remaining > 0, fill(waitingUpTo: remaining) else { return nil }
        }
    }

    /// Every remaining line, once the program has ended.
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = readLine(timeout: 10) { lines.append(line) }
        return lines
    }

    func kill() {
        Foundation.kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// Reads what is available; false at the end of the output or on timeout.
    private func fill(waitingUpTo seconds: TimeInterval) -> Bool {
        let fd = output.fileHandleForReading.fileDescriptor
        var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard Foundation.poll(&poll, 1, Int32(min(seconds, 60) * 1000)) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(fd, &chunk, chunk.count)
        guard count > 0 else {
            ended = true
            return false
        }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    deinit {
        if process.isRunning { kill() }
    }
}
