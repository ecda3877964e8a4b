import Foundation

/// The one-writer rule: an exclusive `flock` on `trips.json.lock`, held while the store is open.
///
/// The kernel drops the lock when its holder exits, however it exits (SIGKILL included), so a crash
/// never leaves a stale lock behind. The lock file is never deleted (deleting it would let a second
/// writer lock a new file while the first still holds the old one); it records the holder's pid so that
/// others can say who is editing.
final class FileLock {
    enum Attempt {
        case acquired(FileLock)
        /// Another process holds the lock; its pid when it recorded one.
        case held(pid: Int32?)
        /// The lock file cannot be created or locked (read-only folder, no permission...).
        case unavailable(SystemCallError)
    }

    private let fd: Int32
    private let fileSystem: FileSystem

    private init(fd: Int32, fileSystem: FileSystem) {
        self.fd = fd
        self.fileSystem = fileSystem
    }

    deinit {
        // Closing the last descriptor releases the lock.
        try? fileSystem.close(fd)
    }

    /// `creating`: creates the lock file if missing; without it, a missing one is `.unavailable(ENOENT)`.
    static func acquire(_ path: String, creating: Bool, fileSystem fs: FileSystem) -> Attempt {
        let fd: Int32
        do {
            fd = try openLockFile(path, creating: creating, fileSystem: fs)
        } catch {
            return .unavailable(error as? SystemCallError ?? SystemCallError("open", code: EIO))
        }
        do {
            try fs.flock(fd, operation: LOCK_EX | LOCK_NB)
        } catch let error as SystemCallError {
            let pid = error.code == EWOULDBLOCK ? recordedPID(fd, fileSystem: fs) : nil
            try? fs.close(fd)
            return error.code == EWOULDBLOCK ? .held(pid: pid) : .unavailable(error)
        } catch {
            try? fs.close(fd)
            return .unavailable(SystemCallError("flock", code: EIO))
        }
        // Best effort: the pid only improves the message others show.
        try? fs.ftruncate(fd, length: 0)
        try? fs.writeAll(fd, Data("\(getpid())\n".utf8))
        return .acquired(FileLock(fd: fd, fileSystem: fs))
    }

    private static func openLockFile(_ path: String, creating: Bool, fileSystem fs: FileSystem) throws -> Int32 {
        do {
            return try fs.open(path, flags: O_RDWR | O_CLOEXEC | (creating ? O_CREAT : 0), mode: 0o600)
        } catch let error as SystemCallError where error.code == EACCES {
            // An existing lock file we may not write can still be locked (the pid is just not recorded).
            // (On a read-only file system it could too, but nothing could be saved: EROFS goes up.)
            return try fs.open(path, flags: O_RDONLY | O_CLOEXEC, mode: 0)
        }
    }

    private static func recordedPID(_ fd: Int32, fileSystem fs: FileSystem) -> Int32? {
        guard let data = try? fs.readAll(fd, expectedSize: 16) else { return nil }
        return Int32(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
