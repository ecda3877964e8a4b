import Foundation

/// Debian's `osmium` (package osmium-tool) as a child process: it reads the extract, we read its output.
enum Osmium {
    /// Runs `osmium COMMAND ARGUMENTS…`. With `showProgress` it draws its own progress bar on our stderr
    /// (a terminal); otherwise its output is captured and returned, and its last words go into a failure.
    static func run(_ command: String, _ arguments: [String], showProgress: Bool = false,
                    executable: String) throws -> Data {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, arguments: [command] + (showProgress ? ["--progress"] : []) + arguments,
                                          captureOutput: !showProgress, timeout: nil)
        } catch ChildProcess.Failure.notFound {
            throw RegionBuildError.notInstalled(tool: "osmium", package: "osmium-tool")
        }
        switch result.termination {
        case .exited(0): return result.stdout
        case .signaled(SIGINT): throw RegionBuildError.interrupted
        case let .exited(code):
            let words = String(decoding: result.stderr.suffix(4096), as: UTF8.self)
                .split(whereSeparator: \.isNewline).last.map { TerminalSafe.line(String($0)) }
            throw RegionBuildError.failed("osmium \(command) failed (exit \(code))" + (words.map { ": \($0)" } ?? ""))
        case let .signaled(signal): throw RegionBuildError.failed("osmium \(command) was killed by signal \(signal)")
        }
    }
}
