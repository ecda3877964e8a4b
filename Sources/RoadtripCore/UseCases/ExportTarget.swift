import Foundation

/// Where an export is written, decided before anything is: a regular file (or a link to one, followed) is
/// replaced atomically; a terminal, `/dev/null`, `/dev/stdout` or a FIFO is written into as a shell's `>`
/// would, never renamed over (as root that would replace the system's devices); anything else is refused,
/// and so are the trips file and the files that keep it safe (its lock, its backups).
enum ExportTarget: Equatable {
    /// A new or regular file, its symbolic links followed.
    case file(String)
    /// A character device or a FIFO: the path as given, so that `/dev/stdout` means this process's.
    case stream(String)

    static func resolve(_ path: String, tripsFile: URL?, fileSystem fs: FileSystem = PosixFileSystem()) throws
        -> ExportTarget {
        let info: stat
        do {
            info = try fs.stat(path)
        } catch let error as SystemCallError where error.code == ENOENT || error.code == ENOTDIR {
            // A file that is not there yet is written; a folder that is not there is said, not found on writing.
            if let problem = MissingFolder.of(path, fileSystem: fs) { throw TripExport.Failure.noFolder(path: path, problem) }
            guard error.code == ENOENT else { throw TripExport.Failure.cannotWrite(path: path, reason: "\(error)") }
            let paths = try StorePaths.resolve(path, fileSystem: fs)
            try refuseStoreFiles(paths.target, tripsFile: tripsFile, fileSystem: fs)
            return .file(paths.target)
        } catch {
            throw TripExport.Failure.cannotWrite(path: path, reason: "\(error)")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let paths = try StorePaths.resolve(path, fileSystem: fs)
            try refuseStoreFiles(paths.target, tripsFile: tripsFile, fileSystem: fs)
            return .file(paths.target)
        case S_IFCHR, S_IFIFO:
            return .stream(path)
        case S_IFDIR:
            throw TripExport.Failure.notAFile(path: path, kind: "a folder")
        case S_IFBLK:
            throw TripExport.Failure.notAFile(path: path, kind: "a block device")
        case S_IFSOCK:
            throw TripExport.Failure.notAFile(path: path, kind: "a socket")
        default:
            throw TripExport.Failure.notAFile(path: path, kind: "not a regular file")
        }
    }

    /// The trips file, its lock (another instance may hold it right now), its backups and temporary files.
    private static func refuseStoreFiles(_ target: String, tripsFile: URL?, fileSystem fs: FileSystem) throws {
        guard let tripsFile, let store = try? StorePaths.resolve(tripsFile.path, fileSystem: fs) else { return }
        let name = (target as NSString).lastPathComponent
        guard (target as NSString).deletingLastPathComponent == store.directory else { return }
        let role: String?
        if name == store.fileName {
            role = "the trips file itself"
        } else if target == store.lock {
            role = "the trips file's lock"
        } else if name.hasPrefix(store.fileName + ".bak") {
            role = "a backup of the trips file"
        } else if name.hasPrefix(store.temporaryPrefix) || name.hasPrefix(store.corruptCopyPrefix) {
            role = "a copy the trips file keeps"
        } else {
            role = nil
        }
        if let role { throw TripExport.Failure.storeFile(path: target, role: role) }
    }

    /// Writes into a device or FIFO without replacing it. A FIFO that nobody reads is an error, not a wait.
    static func writeInto(_ path: String, _ data: Data, fileSystem fs: FileSystem = PosixFileSystem()) throws {
        let fd: Int32
        do {
            fd = try fs.open(path, flags: O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK, mode: 0)
        } catch let error as SystemCallError where error.code == ENXIO {
            throw TripExport.Failure.cannotWrite(path: path, reason: "nothing is reading from it")
        }
        defer { try? fs.close(fd) }
        // Blocking again, so a slow reader gets every byte.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        try fs.writeAll(fd, data)
    }
}
