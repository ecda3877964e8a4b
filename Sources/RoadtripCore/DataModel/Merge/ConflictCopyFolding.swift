import Foundation

/// A sync tool's conflict copy merged into the store, or why it was left where it is.
public struct FoldedCopy: Equatable, Sendable {
    public let copy: ConflictCopy
    /// What the merge changed; nil when the copy could not be merged (`problem` says why) and stays beside the file.
    public let summary: MergeSummary?
    public let problem: String?
    /// Where the copy was kept.
    public let keptAt: URL?

    /// For the message line and stderr: "merged Syncthing's conflict copy trips.sync-conflict-….json: 1 trip changed".
    public var message: String {
        let name = TerminalSafe.line(copy.url.lastPathComponent)
        guard let summary else { return "left \(copy.tool.owner) conflict copy \(name) as it is: \(problem ?? "")" }
        return "merged \(copy.tool.owner) conflict copy \(name): \(summary)"
    }
}

extension SyncTool {
    /// "Syncthing's".
    var owner: String {
        switch self {
        case .syncthing: return "Syncthing's"
        case .dropbox: return "Dropbox's"
        case .nextcloud: return "Nextcloud's"
        case .oneDrive: return "OneDrive's"
        case .resilio: return "Resilio's"
        }
    }
}

extension TripStore {
    /// The folder beside the data file where merged conflict copies are kept: `trips.json.backups/`.
    public var backupsFolder: URL {
        URL(fileURLWithPath: resolvedPath + ".backups", isDirectory: true)
    }

    /// Merges every conflict copy a sync tool left beside the data file (`ConflictCopies`) into the trips, in the
    /// order their names give, and moves each merged copy into `backupsFolder`. One that cannot be read (a newer
    /// schema, a broken file) stays where it is and says why; `skipping` names copies already said so. Unsaved until
    /// `save`. Nothing for a read-only store.
    public func foldConflictCopies(skipping: Set<String> = []) -> [FoldedCopy] {
        guard access == .readWrite, let copies = try? ConflictCopies.find(besides: URL(fileURLWithPath: resolvedPath)),
              !copies.isEmpty else { return [] }
        var folded: [FoldedCopy] = []
        for copy in copies where !skipping.contains(copy.url.lastPathComponent) {
            let before = trips
            do {
                let other = try MergeDocument.read(contentsOf: copy.url)
                try merge(other)
                let kept = try keep(copy.url)
                folded.append(FoldedCopy(copy: copy, summary: MergeSummary(from: before, to: trips), problem: nil, keptAt: kept))
            } catch {
                folded.append(FoldedCopy(copy: copy, summary: nil, problem: "\(error)", keptAt: nil))
            }
        }
        return folded
    }

    /// Moves `file` into the backups folder (made 0700), under a new name if one is taken.
    public func keep(_ file: URL) throws -> URL {
        let folder = backupsFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var target = folder.appendingPathComponent(file.lastPathComponent)
        var number = 1
        while FileManager.default.fileExists(atPath: target.path) {
            number += 1
            target = folder.appendingPathComponent("\(number)-" + file.lastPathComponent)
        }
        try FileManager.default.moveItem(at: file, to: target)
        return target
    }
}
