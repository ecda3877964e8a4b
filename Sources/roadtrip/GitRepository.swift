import Foundation
import RoadtripCore

/// The git repository that holds a folder, read and configured through the `git` on PATH.
struct GitRepository {
    /// Its top folder.
    let top: String
    /// The folder's path from the top, "" or ending in "/".
    let prefix: String

    /// The repository holding `folder`; a user error when git is missing or the folder is in none.
    static func holding(_ folder: String) throws -> GitRepository {
        let result = try git(["-C", folder, "rev-parse", "--show-toplevel", "--show-prefix"])
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard result.termination == .exited(0), lines.count >= 2, !lines[0].isEmpty else {
            throw CLIFailure.user("\(folder) is not in a git repository: run `git init` there, or give --data a file "
                + "inside one")
        }
        return GitRepository(top: String(lines[0]), prefix: String(lines[1]))
    }

    /// The key's value in the repository's local config, nil when it is not set.
    func config(_ key: String) throws -> String? {
        let result = try Self.git(["-C", top, "config", "--local", "--get", key])
        guard result.termination == .exited(0) else { return nil }
        return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    func setConfig(_ key: String, _ value: String) throws {
        let result = try Self.git(["-C", top, "config", "--local", key, value])
        guard result.termination == .exited(0) else {
            throw CLIFailure.data("git config \(key) failed\(result.stderrLines)")
        }
    }

    private static func git(_ arguments: [String]) throws -> ChildProcess.Result {
        do {
            return try ChildProcess.run("git", arguments: arguments, captureOutput: true, timeout: 60)
        } catch ChildProcess.Failure.notFound {
            throw CLIFailure.user("git-setup needs git, and there is no git on PATH")
        } catch {
            throw CLIFailure.data("cannot run git: \(error)")
        }
    }
}
