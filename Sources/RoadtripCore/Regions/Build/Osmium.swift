import Foundation

/// Debian's `osmium` (package osmium-tool) as a child process: it reads the extract, we read its output.
enum Osmium {
    /// Runs `osmium COMMAND ARGUMENTS…` and returns its stdout; what it said on stderr goes into a failure. With
    /// `progress`, osmium draws its progress bar (`--progress`) into its captured stderr, and each percentage it
    /// reaches is handed on as a share (0 to 1) of the whole command, all its passes over the file included.
    static func run(_ command: String, _ arguments: [String], progress: ((Double) -> Void)? = nil,
                    executable: String) throws -> Data {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, arguments: [command] + (progress == nil ? [] : ["--progress"]) + arguments,
                                          captureOutput: true, timeout: nil, tied: true,
                                          watch: progress.map { report in { _, stderr in percentage(in: stderr).map(report) } })
        } catch ChildProcess.Failure.notFound {
            throw RegionBuildError.notInstalled(tool: "osmium", package: "osmium-tool")
        }
        switch result.termination {
        case .exited(0): return result.stdout
        case .signaled(SIGINT): throw RegionBuildError.interrupted
        case let .exited(code): throw RegionBuildError.failed("osmium \(command) failed (exit \(code))" + said(result))
        case let .signaled(signal): throw RegionBuildError.failed("osmium \(command) was killed by signal \(signal)")
        }
    }

    /// The last `NN%` of osmium's bar in `text` (`[=====>    ]  45% `), as a share.
    static func percentage(in text: Data) -> Double? {
        let bytes = [UInt8](text)
        guard let sign = bytes.lastIndex(of: UInt8(ascii: "%")) else { return nil }
        let digits = bytes[..<sign].reversed().prefix { (0x30...0x39).contains($0) }
        guard !digits.isEmpty, let value = Int(String(decoding: digits.reversed(), as: UTF8.self)) else { return nil }
        return Double(min(value, 100)) / 100
    }

    /// What osmium said on stderr, its progress bar left out.
    private static func said(_ result: ChildProcess.Result) -> String {
        let text = String(decoding: result.stderr, as: UTF8.self).split(whereSeparator: \.isNewline)
            .filter { !($0.hasPrefix("[") && $0.contains("%")) }.joined(separator: "\n")
        return ChildProcess.Result(termination: result.termination, stdout: Data(), stderr: Data(text.utf8)).stderrLines
    }
}
