import Foundation

/// A whole file mapped read-only: its pages are read from disk (or the page cache) when first touched, so a
/// lookup that reads a few pages of a large index costs those pages, not the file. Files read this way are only
/// ever replaced by a rename, never rewritten in place, so the mapped bytes cannot change or shrink under it.
final class MappedFile: @unchecked Sendable {  // immutable
    let bytes: UnsafeRawBufferPointer
    /// Device, inode, size, modification and change times (ns): which file this is, and that it has not been
    /// written since. The change time cannot be set back, so a file altered in place gets another stamp.
    let stamp: String

    enum Failure: Error, Equatable {
        case cannotOpen(String)
        case empty
    }

    init(_ url: URL) throws {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure.cannotOpen(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure.cannotOpen(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure.cannotOpen("not a regular file") }
        let size = Int(info.st_size)
        guard size > 0 else { throw Failure.empty }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw Failure.cannotOpen(String(cString: strerror(errno)))
        }
        // Lookups jump about the file: read ahead only what is touched.
        _ = madvise(address, size, MADV_RANDOM)
        bytes = UnsafeRawBufferPointer(start: address, count: size)
        stamp = [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(size),
                 UInt64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ UInt64(info.st_mtim.tv_nsec),
                 UInt64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ UInt64(info.st_ctim.tv_nsec)]
            .map(String.init).joined(separator: " ")
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
