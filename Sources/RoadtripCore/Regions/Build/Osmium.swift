import Foundation

/// Debian's `osmium` (package osmium-tool) as a child process: it reads the extract, we read its output.
enum Osmium {
    /// Runs `osmium COMMAND ARGUMENTS…`. With `showProgress` it draws its own progress bar on our stderr
    /// (a terminal); otherwise its output is captured and returned, and what it said on stderr goes into a
    /// failure.
    static func run(_ command: String, _ arguments: [String], showProgress: Bool = false,
                    executable: String) throws -> Data {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, arguments: [command] + (showProgress ? ["--progress"] : []) + arguments,
                                          captureOutput: !showProgress, timeout: nil, tied: true)
        } catch ChildProcess.Failure.notFound {
            throw RegionBuildError.notInstalled(tool: "osmium", package: "osmium-tool")
        }
        switch result.termination {
        case .exited(0): return result.stdout
        case .signaled(SIGINT): throw RegionBuildError.interrupted
        case let .exited(code): throw RegionBuildError.failed("osmium \(command) failed (exit \(code))" + result.stderrLines)
        case let .signaled(signal): throw RegionBuildError.failed("osmium \(command) was killed by signal \(signal)")
        }
    }
}
