import Foundation

/// The bytes of a file to import, for the command and the app alike. Only a regular file is read: a named pipe
/// would block `open` until a writer comes (forever, holding whatever the caller holds), a device or a socket
/// is not a file someone exported. The path is checked before it is opened, so that opening has no effect on
/// such a thing; it is opened without blocking and checked again in case it was replaced meanwhile.
enum ImportFile {
    /// The file's bytes, refused by its size before reading, and again if it grew past `limit` meanwhile.
    static func contents(of url: URL, limit: Int) throws -> Data {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else { throw ImportError.unreadable(path: path, reason: whyNotThere(path, errno)) }
        try requireRegular(info, path: path)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ImportError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw ImportError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        try requireRegular(info, path: path)
        guard info.st_size <= limit else { throw ImportError.tooLarge(bytes: Int(info.st_size), limit: limit) }
        var data = Data(count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == data.count { data.count = min(limit + 1, count * 2 + 4096) }
            let room = data.count - count
            guard room > 0 else { break }
            let got = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, room) }
            if got < 0 {
                if errno == EINTR { continue }
                throw ImportError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw ImportError.tooLarge(bytes: count, limit: limit) }
        data.count = count
        return data
    }

    /// Why `stat` found nothing at `path`: the folder that is missing, or the file alone; else the system's words.
    private static func whyNotThere(_ path: String, _ code: Int32) -> String {
        guard code == ENOENT || code == ENOTDIR else { return String(cString: strerror(code)) }
        if let problem = MissingFolder.of(path) { return TerminalSafe.line(problem.description) }
        return "there is no such file in \(TerminalSafe.line(MissingFolder.parent(of: path)))"
    }

    private static func requireRegular(_ info: stat, path: String) throws {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "not a file"
        }
        throw ImportError.unreadable(path: path, reason: "\(kind), not a regular file")
    }
}
