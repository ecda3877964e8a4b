import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip git-setup`: the trips file's repository merges it with roadtrip's merge driver (`merge-file`)
/// instead of writing conflict markers into the JSON.
struct GitSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup", abstract: "Make git merge the trips file with roadtrip instead of conflict markers.",
        discussion: """
            For a trips file kept in a git repository. Adds `/PATH merge=roadtrip` to the repository's \
            .gitattributes and sets merge.roadtrip.name and merge.roadtrip.driver (this roadtrip's path, \
            merge-file %O %A %B) in its local config. Running it again changes nothing. Needs git on PATH.
            """)

    @OptionGroup var data: DataOptions
    @Flag(name: .long, help: "Print what it would do; change nothing.") var dryRun = false

    static let driverName = "roadtrip trips file"

    func run() throws {
        let folder = data.url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIFailure.user("the trips file's folder \(folder) does not exist")
        }
        let place = try GitRepository.holding(folder)
        let attributes = place.top + "/.gitattributes"
        let path = place.prefix + data.url.lastPathComponent, line = GitAttributesLine.line(for: path)
        let contents = try Self.contents(of: attributes)
        if let added = GitAttributesLine.adding(lineFor: path, to: contents) {
            if !dryRun { try write(added, to: attributes) }
            report("\(attributes): \(dryRun ? "would add" : "added") \(line)")
        } else {
            report("\(attributes): already has \(line)")
        }
        try configure(place, "merge.roadtrip.name", Self.driverName)
        try configure(place, "merge.roadtrip.driver", "\(try Self.executable()) merge-file %O %A %B")
    }

    private func configure(_ place: GitRepository, _ key: String, _ value: String) throws {
        if try place.config(key) == value {
            report("\(key): already \(value)")
            return
        }
        if !dryRun { try place.setConfig(key, value) }
        report("\(key): \(dryRun ? "would set to" : "set to") \(value)")
    }

    private func report(_ line: String) { print(TerminalSafe.line(line)) }

    /// The file's bytes, none when there is no file; one that cannot be read is not taken for empty and replaced.
    private static func contents(of path: String) throws -> Data {
        guard FileManager.default.fileExists(atPath: path) else { return Data() }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw CLIFailure.data("cannot read \(path)")
        }
        return contents
    }

    private func write(_ contents: Data, to path: String) throws {
        let mode = (try? PosixFileSystem().stat(path).st_mode).map { $0 & 0o7777 } ?? 0o644
        do {
            try AtomicWrite.write(contents, to: URL(fileURLWithPath: path), mode: mode)
        } catch {
            throw CLIFailure.data("cannot write \(path): \(error)")
        }
    }

    /// This binary's own path, one word for the shell git runs the driver with.
    static func executable() throws -> String {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw CLIFailure.data("cannot find this roadtrip's own path (/proc/self/exe)")
        }
        return ShellWord.quoted(path)
    }
}
