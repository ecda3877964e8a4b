import Foundation

/// Reading and writing whole files through a `FileSystem`: loops over short reads and writes and
/// retries calls interrupted by a signal (EINTR).
extension FileSystem {
    func writeAll(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                do {
                    let count = try write(fd, from: UnsafeRawBufferPointer(rebasing: raw[written...]))
                    // write(2) returns 0 only when it cannot make progress; looping would never end.
                    guard count > 0 else { throw SystemCallError("write", code: EIO) }
                    written += count
                } catch let error as SystemCallError where error.code == EINTR {
                    continue
                }
            }
        }
    }

    func readAll(_ fd: Int32, expectedSize: Int) throws -> Data {
        var data = Data(count: max(expectedSize, 0) + 1)
        var total = 0
        _ = try read(fd, into: &data, filled: &total, upTo: .max)
        data.count = total
        return data
    }

    /// Reads into `data` after its first `filled` bytes until `limit` bytes are filled or the file ends, growing
    /// `data` when it is full. Returns whether the file ended.
    func read(_ fd: Int32, into data: inout Data, filled total: inout Int, upTo limit: Int) throws -> Bool {
        while total < limit {
            if total == data.count { data.count *= 2 }
            let count: Int
            do {
                let end = min(data.count, limit)
                count = try data.withUnsafeMutableBytes { raw in
                    try read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[total..<end]))
                }
            } catch let error as SystemCallError where error.code == EINTR {
                continue
            }
            if count == 0 { return true }
            total += count
        }
        return false
    }

    /// The file's bytes and the fingerprint of exactly that version, or nil if there is no file.
    /// Anything but a regular file (a folder, a device, a FIFO) is refused with EINVAL.
    /// Reads again when the file changes while it is being read (an editor writing in place).
    func readVersion(of path: String) throws -> (data: Data, fingerprint: FileFingerprint, info: stat)? {
        for _ in 0..<3 {
            guard let file = try FileVersionRead(path, fileSystem: self) else { return nil }
            try file.readToEnd()
            if let version = try file.version() { return version }
        }
        throw SystemCallError("read", code: EAGAIN)
    }

    /// Writes `data` as a new file at `path` (0600), synced before it returns; never replaces a file that
    /// exists (EEXIST). A file left half-written by a failure is removed.
    func writeNewFile(_ path: String, _ data: Data) throws {
        let fd = try open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        do {
            try writeAll(fd, data)
            try fsync(fd)
            try close(fd)
        } catch {
            try? close(fd)
            try? unlink(path)
            throw error
        }
    }
}
