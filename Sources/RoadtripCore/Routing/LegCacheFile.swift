import Foundation

/// The leg cache's file on disk: read within a bound, and the temporary files of saves that never finished.
enum LegCacheFile {
    /// The file's lines after its first (nil when there is no file), whether that first line is `header`, and
    /// whether lines were left out: at most `byteLimit` bytes are read, past it the end of the file (where the
    /// newest legs are) from its first whole line. Anything but a regular file is refused without waiting on it
    /// (a FIFO).
    static func read(_ url: URL, header: String, byteLimit: Int) throws
        -> (header: Bool, lines: [Substring], cut: Bool)? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw SystemCallError("open", code: errno)
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemCallError("fstat", code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SystemCallError("open", code: EINVAL) }
        let size = UInt64(max(0, info.st_size))
        let first = try handle.read(upToCount: header.utf8.count + 1) ?? Data()
        let hasHeader = first == Data((header + "\n").utf8) || (size == UInt64(header.utf8.count) && first == Data(header.utf8))
        let start = size > UInt64(byteLimit) ? size - UInt64(byteLimit) : UInt64(first.count)
        try handle.seek(toOffset: start)
        let data = try handle.read(upToCount: byteLimit) ?? Data()
        var text = String(decoding: data, as: UTF8.self)[...]
        if start > UInt64(first.count), let newline = text.firstIndex(of: "\n") {
            text = text[text.index(after: newline)...]   // the line the cut fell in
        }
        return (hasHeader, text.split(separator: "\n"), start > UInt64(first.count))
    }

    /// Removes `.legs.tsv.roadtrip-tmp-<pid>-…` files whose process is gone (killed during a save).
    /// A live process's file is its save under way: left alone.
    static func removeAbandonedTemporaries(of url: URL) {
        let paths = StorePaths(requested: url.path, target: url.path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: paths.directory) else { return }
        for name in names where name.hasPrefix(paths.temporaryPrefix) {
            let rest = name.dropFirst(paths.temporaryPrefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ pid_t($0) }), pid > 0,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(paths.directory + "/" + name)
        }
    }
}
