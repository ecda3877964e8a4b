import Foundation

/// Replaces a file so that at every instant, whatever happens (a crash, SIGKILL, a full disk, a power
/// cut), its path holds either the complete old version or the complete new one:
/// temporary file beside it (O_EXCL, 0600) → write every byte → fsync → rename over → fsync the folder.
///
/// `Data.write(options: .atomic)` is not used: on Linux it never syncs the folder, drops the file's mode
/// and replaces a symbolic link with a regular file.
enum AtomicFile {
    struct Outcome {
        /// The new version, to recognise it later.
        let fingerprint: FileFingerprint
        /// Set when the new version is in place but the folder could not be synced: it is visible, but
        /// might not survive a power cut.
        let directorySyncError: SystemCallError?
    }

    /// Writes `data` as the new content of `paths.target`, with the given permissions (and owner, when
    /// the process may set it). `beforeRename` runs once the new version is safely on disk and just
    /// before it replaces the old one (the store checks there, last, that no one else changed the file).
    /// On any error the old file is untouched and the temporary file is gone.
    static func replace(_ paths: StorePaths, with data: Data, mode: mode_t, owner: (uid_t, gid_t)?,
                        fileSystem fs: FileSystem, beforeRename: () throws -> Void) throws -> Outcome {
        let (temporary, fd) = try createTemporaryFile(paths, fileSystem: fs)
        var isOpen = true
        do {
            try fs.fchmod(fd, mode: mode)
            if let (user, group) = owner, user != geteuid() || group != getegid() {
                // Keeps someone else's file theirs when root edits it; others may not give files away.
                try? fs.fchown(fd, owner: user, group: group)
            }
            try fs.writeAll(fd, data)
            // Never retried: after a failed fsync the kernel may have dropped the dirty pages, and a second
            // fsync would report success for data that is not on disk.
            try fs.fsync(fd)
            let written = FileFingerprint(try fs.fstat(fd))
            isOpen = false
            try fs.close(fd)
            try beforeRename()
            try fs.rename(temporary, to: paths.target)
            return Outcome(fingerprint: renamed(paths, written: written, fileSystem: fs),
                           directorySyncError: syncDirectory(paths.directory, fileSystem: fs))
        } catch {
            if isOpen { try? fs.close(fd) }
            try? fs.unlink(temporary)
            throw error
        }
    }

    /// The new version's fingerprint now that it is in place: rename(2) set its change time. Should another
    /// program have written it already (it is no longer the version written), the fingerprint as written, so
    /// that the next save notices.
    private static func renamed(_ paths: StorePaths, written: FileFingerprint,
                                fileSystem fs: FileSystem) -> FileFingerprint {
        guard let info = try? fs.stat(paths.target) else { return written }
        let now = FileFingerprint(info)
        return now.equalsIgnoringChangeTime(written) ? now : written
    }

    /// Makes a finished rename (or link, or unlink) in `directory` durable.
    static func syncDirectory(_ directory: String, fileSystem fs: FileSystem) -> SystemCallError? {
        do {
            let fd = try fs.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
            defer { try? fs.close(fd) }
            try fs.fsync(fd)
            return nil
        } catch let error as SystemCallError {
            // EINVAL: this file system cannot sync folders (it has nothing to make durable).
            return error.code == EINVAL ? nil : error
        } catch {
            return SystemCallError("fsync", code: EIO)
        }
    }

    private static func createTemporaryFile(_ paths: StorePaths, fileSystem fs: FileSystem) throws -> (String, Int32) {
        var attempt = 0
        while true {
            let path = paths.temporaryPath()
            do {
                return (path, try fs.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600))
            } catch let error as SystemCallError where error.code == EEXIST && attempt < 10 {
                attempt += 1
            }
        }
    }
}
