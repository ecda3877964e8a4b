import Foundation

/// Keeps the versions that saves replace: `trips.json.bak` is the version before the last save,
/// `trips.json.bak.1` the one before that, and so on.
///
/// A backup is a hard link to the old version, made just before the new version is renamed over it: no
/// bytes are copied, and the old file simply stays reachable under the backup's name. File systems
/// without hard links get a copy instead.
enum Backups {
    static func rotate(_ paths: StorePaths, generations: Int, fileSystem fs: FileSystem) throws {
        guard generations > 0 else { return }
        // Link under a temporary name first: if that fails, nothing has moved yet.
        let temporary = paths.temporaryPath()
        do {
            do {
                try fs.link(paths.target, to: temporary)
            } catch let error as SystemCallError where [EPERM, EMLINK, EOPNOTSUPP, ENOTSUP].contains(error.code) {
                try copy(paths.target, to: temporary, fileSystem: fs)
            }
            for generation in stride(from: generations - 1, to: 0, by: -1) {
                do {
                    try fs.rename(paths.backup(generation - 1), to: paths.backup(generation))
                } catch let error as SystemCallError where error.code == ENOENT {
                    continue
                }
            }
            // Replaces `.bak` in one step whether or not it still exists.
            try fs.rename(temporary, to: paths.backup(0))
        } catch {
            try? fs.unlink(temporary)
            throw error
        }
    }

    /// Paths of the backups that exist, newest first.
    static func existing(_ paths: StorePaths, generations: Int, fileSystem fs: FileSystem) -> [String] {
        (0..<max(generations, 1)).map(paths.backup).filter { (try? fs.lstat($0)) != nil }
    }

    private static func copy(_ source: String, to destination: String, fileSystem fs: FileSystem) throws {
        guard let version = try fs.readVersion(of: source) else { throw SystemCallError("open", code: ENOENT) }
        let fd = try fs.open(destination, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        do {
            try fs.fchmod(fd, mode: version.info.st_mode & 0o7777)
            try fs.writeAll(fd, version.data)
            try fs.fsync(fd)
        } catch {
            try? fs.close(fd)
            throw error
        }
        try fs.close(fd)
    }
}
