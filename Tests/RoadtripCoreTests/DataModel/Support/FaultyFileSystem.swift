import Foundation
import RoadtripCore

/// The real file system, except for the calls a test tells it to fail or to misbehave. Also records
/// every call with the path it concerns, so tests can check the order of operations, and can run another
/// program's action right after a file is synced (`afterFsync`).
final class FaultyFileSystem: FileSystem {
    enum Call: String {
        case open, close, read, write, fsync, ftruncate, fchmod, fchown, flock, fstat, stat, lstat, readlink
        case rename, link, unlink, mkdir, contentsOfDirectory
    }

    struct Fault {
        let call: Call
        let code: Int32
        /// Which calls, by path (for descriptor calls: the path it was opened with; for rename and link:
        /// "source -> destination").
        let matches: (String) -> Bool
        var remaining: Int
    }

    private let real = PosixFileSystem()
    private var faults: [Fault] = []
    private var afterFsyncActions: [(pathPart: String, run: () -> Void)] = []
    private var openPaths: [Int32: String] = [:]
    private(set) var log: [(call: Call, path: String)] = []
    /// When set, each write(2) writes at most this many bytes.
    var writeChunk: Int?
    /// When set, every other write(2) fails with EINTR before writing anything.
    var interruptWrites = false
    private var writeCount = 0

    func fail(_ call: Call, with code: Int32, pathContains part: String? = nil, times: Int = .max) {
        fail(call, with: code, times: times) { part.map($0.contains) ?? true }
    }

    func fail(_ call: Call, with code: Int32, times: Int = .max, where matches: @escaping (String) -> Bool) {
        faults.append(Fault(call: call, code: code, matches: matches, remaining: times))
    }

    func heal() { faults.removeAll() }

    /// Runs `action` once, right after the next successful fsync of a file whose path contains `part`.
    func afterFsync(pathContains part: String, run action: @escaping () -> Void) {
        afterFsyncActions.append((part, action))
    }

    func calls(_ call: Call, pathContains part: String = "") -> Int {
        log.filter { $0.call == call && ($0.path.contains(part) || part.isEmpty) }.count
    }

    private func enter(_ call: Call, _ path: String) throws {
        log.append((call, path))
        guard let index = faults.firstIndex(where: {
            $0.call == call && $0.remaining > 0 && $0.matches(path)
        }) else { return }
        faults[index].remaining -= 1
        throw SystemCallError(call.rawValue, code: faults[index].code)
    }

    private func path(_ fd: Int32) -> String { openPaths[fd] ?? "fd \(fd)" }

    func open(_ path: String, flags: Int32, mode: mode_t) throws -> Int32 {
        try enter(.open, path)
        let fd = try real.open(path, flags: flags, mode: mode)
        openPaths[fd] = path
        return fd
    }

    func close(_ fd: Int32) throws {
        let path = path(fd)
        openPaths[fd] = nil
        do {
            try enter(.close, path)
        } catch {
            try? real.close(fd)  // close(2) frees the descriptor even when it reports an error
            throw error
        }
        try real.close(fd)
    }

    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try enter(.read, path(fd))
        return try real.read(fd, into: buffer)
    }

    func write(_ fd: Int32, from buffer: UnsafeRawBufferPointer) throws -> Int {
        try enter(.write, path(fd))
        writeCount += 1
        if interruptWrites, writeCount % 2 == 1 { throw SystemCallError("write", code: EINTR) }
        let count = min(buffer.count, writeChunk ?? buffer.count)
        return try real.write(fd, from: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }

    func fsync(_ fd: Int32) throws {
        try enter(.fsync, path(fd))
        try real.fsync(fd)
        if let index = afterFsyncActions.firstIndex(where: { path(fd).contains($0.pathPart) }) {
            afterFsyncActions.remove(at: index).run()
        }
    }
    func ftruncate(_ fd: Int32, length: off_t) throws { try enter(.ftruncate, path(fd)); try real.ftruncate(fd, length: length) }
    func fchmod(_ fd: Int32, mode: mode_t) throws { try enter(.fchmod, path(fd)); try real.fchmod(fd, mode: mode) }
    func fchown(_ fd: Int32, owner: uid_t, group: gid_t) throws {
        try enter(.fchown, path(fd)); try real.fchown(fd, owner: owner, group: group)
    }
    func flock(_ fd: Int32, operation: Int32) throws { try enter(.flock, path(fd)); try real.flock(fd, operation: operation) }
    func fstat(_ fd: Int32) throws -> stat { try enter(.fstat, path(fd)); return try real.fstat(fd) }
    func stat(_ path: String) throws -> stat { try enter(.stat, path); return try real.stat(path) }
    func lstat(_ path: String) throws -> stat { try enter(.lstat, path); return try real.lstat(path) }
    func readlink(_ path: String) throws -> String { try enter(.readlink, path); return try real.readlink(path) }
    func rename(_ source: String, to destination: String) throws {
        try enter(.rename, source + " -> " + destination); try real.rename(source, to: destination)
    }
    func link(_ source: String, to destination: String) throws {
        try enter(.link, source + " -> " + destination); try real.link(source, to: destination)
    }
    func unlink(_ path: String) throws { try enter(.unlink, path); try real.unlink(path) }
    func mkdir(_ path: String, mode: mode_t) throws { try enter(.mkdir, path); try real.mkdir(path, mode: mode) }
    func contentsOfDirectory(_ path: String) throws -> [String] {
        try enter(.contentsOfDirectory, path); return try real.contentsOfDirectory(path)
    }
}
