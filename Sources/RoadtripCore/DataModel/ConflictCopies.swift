import Foundation

/// The file-sync tools whose conflict copies roadtrip knows by name.
public enum SyncTool: String, CaseIterable, Sendable {
    case syncthing, dropbox, nextcloud, oneDrive, resilio
}

/// A copy a sync tool left beside the data file when two machines changed it before syncing.
public struct ConflictCopy: Equatable, Sendable {
    /// The copy, beside the data file.
    public let url: URL
    public let tool: SyncTool

    public init(url: URL, tool: SyncTool) {
        self.url = url
        self.tool = tool
    }
}

/// Finds the conflict copies of the data file by their names alone (`ConflictCopyName` holds the patterns).
public enum ConflictCopies {
    /// The conflict copies of `dataFile` in its folder, oldest name first (stable order), for a data file
    /// named e.g. trips.json. Never the data file itself, its backups (trips.json.bak*), temporary files,
    /// or copies of other files. The order is the time the name carries (names with none first: OneDrive's
    /// and Resilio's), the tool's count, then the name. Pass the file the sync tool sees: when the data path is
    /// a symbolic link, its target (`StorePaths.target`).
    public static func find(besides dataFile: URL, fileSystem: FileSystem = PosixFileSystem()) throws -> [ConflictCopy] {
        let folder = dataFile.deletingLastPathComponent()
        let dataName = dataFile.lastPathComponent
        var found: [(name: ConflictCopyName, file: String)] = []
        for file in try fileSystem.contentsOfDirectory(folder.path) {
            guard let name = ConflictCopyName(file, of: dataName),
                  isRegularFile(folder.appendingPathComponent(file).path, fileSystem)
            else { continue }
            found.append((name, file))
        }
        found.sort { ($0.name.stamp, $0.name.number, $0.file) < ($1.name.stamp, $1.name.number, $1.file) }
        return found.map { ConflictCopy(url: folder.appendingPathComponent($0.file), tool: $0.name.tool) }
    }

    /// Whether `name` is a conflict copy of a file named `dataName`, and whose.
    public static func tool(ofCopyNamed name: String, of dataName: String) -> SyncTool? {
        ConflictCopyName(name, of: dataName)?.tool
    }

    /// Sync tools write plain files; a folder or link of such a name, or one gone since the listing, is not a copy.
    private static func isRegularFile(_ path: String, _ fileSystem: FileSystem) -> Bool {
        guard let info = try? fileSystem.lstat(path) else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }
}
