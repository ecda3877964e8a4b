import Foundation

/// A failed system call: which call and its `errno`.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    public let call: String
    public let code: Int32

    public init(_ call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// `strerror` text, e.g. "No space left on device".
    public var message: String { String(cString: strerror(code)) }
    public var description: String { "\(call): \(message)" }
}

/// The system calls the store makes, one method per call, so that tests can make any of them fail
/// (ENOSPC on write, EIO on fsync, EACCES on rename...) or misbehave (short writes, EINTR).
/// `PosixFileSystem` is the real thing. Methods throw `SystemCallError`; paths are absolute.
public protocol FileSystem {
    func open(_ path: String, flags: Int32, mode: mode_t) throws -> Int32
    func close(_ fd: Int32) throws
    /// One `read(2)`; may return fewer bytes than asked, 0 at the end of the file.
    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// One `write(2)`; may write fewer bytes than given.
    func write(_ fd: Int32, from buffer: UnsafeRawBufferPointer) throws -> Int
    func fsync(_ fd: Int32) throws
    func ftruncate(_ fd: Int32, length: off_t) throws
    func fchmod(_ fd: Int32, mode: mode_t) throws
    func fchown(_ fd: Int32, owner: uid_t, group: gid_t) throws
    func flock(_ fd: Int32, operation: Int32) throws
    func fstat(_ fd: Int32) throws -> stat
    /// Follows symbolic links.
    func stat(_ path: String) throws -> stat
    /// Does not follow a symbolic link at the end of `path`.
    func lstat(_ path: String) throws -> stat
    func readlink(_ path: String) throws -> String
    func rename(_ source: String, to destination: String) throws
    func link(_ source: String, to destination: String) throws
    func unlink(_ path: String) throws
    func mkdir(_ path: String, mode: mode_t) throws
    /// Names in the directory, without "." and "..".
    func contentsOfDirectory(_ path: String) throws -> [String]
}

/// The real file system, through the C library.
public struct PosixFileSystem: FileSystem {
    public init() {}

    public func open(_ path: String, flags: Int32, mode: mode_t) throws -> Int32 {
        try check("open", Foundation.open(path, flags, mode))
    }

    public func close(_ fd: Int32) throws {
        // Never retried: on Linux the descriptor is gone even when close reports EINTR.
        _ = try check("close", Foundation.close(fd))
    }

    public func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try check("read", Foundation.read(fd, buffer.baseAddress, buffer.count))
    }

    public func write(_ fd: Int32, from buffer: UnsafeRawBufferPointer) throws -> Int {
        try check("write", Foundation.write(fd, buffer.baseAddress, buffer.count))
    }

    public func fsync(_ fd: Int32) throws {
        _ = try check("fsync", Foundation.fsync(fd))
    }

    public func ftruncate(_ fd: Int32, length: off_t) throws {
        _ = try check("ftruncate", Foundation.ftruncate(fd, length))
    }

    public func fchmod(_ fd: Int32, mode: mode_t) throws {
        _ = try check("fchmod", Foundation.fchmod(fd, mode))
    }

    public func fchown(_ fd: Int32, owner: uid_t, group: gid_t) throws {
        _ = try check("fchown", Foundation.fchown(fd, owner, group))
    }

    public func flock(_ fd: Int32, operation: Int32) throws {
        _ = try check("flock", cFlock(fd, operation))
    }

    public func fstat(_ fd: Int32) throws -> stat {
        var info = Foundation.stat()
        _ = try check("fstat", cFstat(fd, &info))
        return info
    }

    public func stat(_ path: String) throws -> stat {
        var info = Foundation.stat()
        _ = try check("stat", cStat(path, &info))
        return info
    }

    public func lstat(_ path: String) throws -> stat {
        var info = Foundation.stat()
        _ = try check("lstat", cLstat(path, &info))
        return info
    }

    public func readlink(_ path: String) throws -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = try check("readlink", buffer.withUnsafeMutableBufferPointer {
            Foundation.readlink(path, $0.baseAddress!, $0.count - 1)
        })
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    public func rename(_ source: String, to destination: String) throws {
        _ = try check("rename", Foundation.rename(source, destination))
    }

    public func link(_ source: String, to destination: String) throws {
        _ = try check("link", Foundation.link(source, destination))
    }

    public func unlink(_ path: String) throws {
        _ = try check("unlink", Foundation.unlink(path))
    }

    public func mkdir(_ path: String, mode: mode_t) throws {
        _ = try check("mkdir", Foundation.mkdir(path, mode))
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw SystemCallError("opendir", code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private func check<T: BinaryInteger>(_ call: String, _ result: T) throws -> T {
        guard result >= 0 else { throw SystemCallError(call, code: errno) }
        return result
    }
}

// At file scope, where the C functions are not hidden by the struct's methods and types of the same names.
private func cFlock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }
private func cFstat(_ fd: Int32, _ info: inout stat) -> Int32 { fstat(fd, &info) }
private func cStat(_ path: String, _ info: inout stat) -> Int32 { stat(path, &info) }
private func cLstat(_ path: String, _ info: inout stat) -> Int32 { lstat(path, &info) }
