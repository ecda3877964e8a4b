import Foundation

/// A Routino database folder: where it lives by default, whether one is there, and building one from an
/// OpenStreetMap extract with `planetsplitter` (a region's roads: `RegionBuilder`).
public enum RoutinoDatabase {
    /// The files `planetsplitter` writes; `routino-router` needs all of them.
    static let files = ["nodes.mem", "segments.mem", "ways.mem", "relations.mem"]
    /// Debian's tagging rules (package routino-common); planetsplitter falls back to them by itself too.
    static let tagging = "/usr/share/routino/tagging.xml"

    public enum BuildError: Error, Equatable, CustomStringConvertible {
        case notInstalled
        case noInput(String)
        case failed(String)
        case interrupted

        public var description: String {
            switch self {
            case .notInstalled: return "planetsplitter is not installed (Debian: apt install routino)"
            case let .noInput(path): return "no such file: \(path)"
            case let .failed(reason): return reason
            case .interrupted: return "interrupted; the database was not changed"
            }
        }
    }

    /// How planetsplitter's progress shows.
    public enum Progress: Sendable {
        /// On our stdout, redrawn in place (for a person at a terminal).
        case terminal
        /// On our stdout, a line per step (for a log file or a pipe).
        case lines
        /// Not at all; what it said on stderr goes into the failure.
        case hidden
    }

    /// `$XDG_DATA_HOME/roadtrip/routino`, else `~/.local/share/roadtrip/routino`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("roadtrip/routino")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/roadtrip/routino")
    }

    public static func exists(in directory: URL) -> Bool {
        files.allSatisfy { FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
    }

    /// Builds the database for `extract` into `directory`: in a new folder beside it, which replaces the old
    /// one only when complete (`BuildBeside`), so a failed or interrupted build leaves the old database as it was.
    /// Returns the size of the database in bytes.
    @discardableResult
    public static func build(from extract: URL, into directory: URL, progress: Progress,
                             executable: String = "planetsplitter") throws -> Int64 {
        guard FileManager.default.isReadableFile(atPath: extract.path) else { throw BuildError.noInput(extract.path) }
        do {
            return try BuildBeside.build(directory) { building in
                try split(extract, into: building, progress: progress, executable: executable)
            }
        } catch ChildProcess.Failure.stopped {
            throw BuildError.interrupted
        }
    }

    /// Runs planetsplitter on `extract`, writing the database into the existing empty folder `folder`, with its
    /// `options` besides. Returns the size of the database in bytes. `watch` takes its output as it comes (a region
    /// build's own progress bar), instead of our stdout.
    static func split(_ extract: URL, into folder: URL, progress: Progress, executable: String = "planetsplitter",
                      options: [String] = [], watch: ((Data) -> Void)? = nil) throws -> Int64 {
        let fm = FileManager.default
        var arguments = ["--dir=\(folder.path)"] + options
        if fm.fileExists(atPath: tagging) { arguments.append("--tagging=\(tagging)") }
        if progress == .lines && watch == nil { arguments.append("--loggable") }
        arguments.append(extract.path)
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, arguments: arguments, captureOutput: progress == .hidden || watch != nil,
                                          timeout: nil, tied: true, watch: watch.map { watch in { stdout, _ in watch(stdout) } })
        } catch ChildProcess.Failure.notFound {
            throw BuildError.notInstalled
        } catch ChildProcess.Failure.stopped {
            throw BuildError.interrupted
        }
        switch result.termination {
        case .exited(0): break
        case .signaled(SIGINT): throw BuildError.interrupted
        case let .exited(code): throw BuildError.failed("planetsplitter failed (exit \(code))" + result.stderrLines)
        case let .signaled(signal): throw BuildError.failed("planetsplitter was killed by signal \(signal)")
        }
        guard exists(in: folder) else { throw BuildError.failed("planetsplitter wrote no database") }
        return files.reduce(Int64(0)) { total, file in
            let attributes = try? fm.attributesOfItem(atPath: folder.appendingPathComponent(file).path)
            return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}
