import Foundation

/// One version of a file, read in as many steps as its reader wants (`readVersion` reads it at once; a large
/// trips file's first bytes are read before the rest, see `TripStore.Options.readInBackgroundAbove`). The file
/// stays open until the reader lets go of it.
final class FileVersionRead {
    private let fileSystem: FileSystem
    private let fd: Int32
    private let before: stat
    /// The bytes read so far: the first `filled` of `buffer`.
    private var buffer: Data
    private var filled = 0
    private var isComplete = false

    /// Opens the file at `path`; nil if there is none. Anything but a regular file (a folder, a device, a FIFO)
    /// is refused with EINVAL.
    init?(_ path: String, fileSystem: FileSystem) throws {
        let fd: Int32
        do {
            // O_NONBLOCK: a FIFO given as the data file must not hang the open (it is refused below).
            fd = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK, mode: 0)
        } catch let error as SystemCallError where error.code == ENOENT {
            return nil
        }
        do {
            before = try fileSystem.fstat(fd)
            guard before.st_mode & S_IFMT == S_IFREG else { throw SystemCallError("open", code: EINVAL) }
        } catch {
            try? fileSystem.close(fd)
            throw error
        }
        self.fd = fd
        self.fileSystem = fileSystem
        // One byte more than its size, so that the read that finds the end needs no bigger buffer.
        buffer = Data(count: max(Int(before.st_size), 0) + 1)
    }

    deinit { try? fileSystem.close(fd) }

    /// The file's size when it was opened.
    var size: Int { Int(before.st_size) }

    /// The bytes read so far.
    var bytesRead: Data { buffer.prefix(filled) }

    /// Reads until at least `count` bytes are in, or the file ends.
    func read(upTo count: Int) throws {
        guard !isComplete else { return }
        isComplete = try fileSystem.read(fd, into: &buffer, filled: &filled, upTo: count)
    }

    func readToEnd() throws {
        try read(upTo: .max)
    }

    /// The whole file and the fingerprint of exactly that version, read to its end; nil when the file changed
    /// while it was read (an editor writing in place): then read it again.
    func version() throws -> (data: Data, fingerprint: FileFingerprint, info: stat)? {
        try readToEnd()
        let after = try fileSystem.fstat(fd)
        guard FileFingerprint(after) == FileFingerprint(before) else { return nil }
        buffer.count = filled
        return (buffer, FileFingerprint(after), after)
    }
}
