import Foundation

/// Writes a `SectionFile`: sections are added (nothing is copied), then written in one go to a temporary file
/// beside the target, synced and renamed over it, so a reader maps the old file or the new one, never a part.
struct SectionFileWriter {
    private var sections: [(name: String, length: Int, write: (Int32) throws -> Void)] = []

    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    mutating func add<T: BitwiseCopyable>(_ name: String, _ column: Column<T>) {
        precondition(name.utf8.count < SectionFile.nameSize && !sections.contains { $0.name == name }, "section \(name)")
        sections.append((name, column.count * MemoryLayout<T>.stride, { fd in
            try column.withUnsafeBufferPointer { try Self.write(fd, UnsafeRawBufferPointer($0)) }
        }))
    }

    mutating func add<T: BitwiseCopyable>(_ name: String, _ values: [T]) {
        add(name, Column(values))
    }

    /// Strings as a section: for each, its UTF-8 length (UInt32) and bytes.
    mutating func add(_ name: String, strings: [String]) {
        var bytes: [UInt8] = []
        for string in strings {
            withUnsafeBytes(of: UInt32(string.utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: string.utf8)
        }
        add(name, bytes)
    }

    /// Writes the file at `url` (mode 0644 less the umask), replacing any there.
    func write(to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        var renamed = false
        defer {
            if !renamed { unlink(temporary.path) }
        }
        do {
            defer { close(fd) }
            let tableEnd = SectionFile.headerSize + sections.count * SectionFile.entrySize
            var offsets: [Int] = [], at = tableEnd
            for section in sections {
                at = Self.aligned(at)
                offsets.append(at)
                at += section.length
            }
            var header: [UInt8] = SectionFile.magic
            func append<N: FixedWidthInteger>(_ value: N) {
                withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) }
            }
            append(SectionFile.version)
            append(UInt32(sections.count))
            append(UInt32(0))
            append(UInt64(at))
            for (section, offset) in zip(sections, offsets) {
                let name = Array(section.name.utf8)
                header += name + [UInt8](repeating: 0, count: SectionFile.nameSize - name.count)
                append(UInt64(offset))
                append(UInt64(section.length))
            }
            var written = header.count
            try header.withUnsafeBytes { try Self.write(fd, $0) }
            for (section, offset) in zip(sections, offsets) {
                try [UInt8](repeating: 0, count: offset - written).withUnsafeBytes { try Self.write(fd, $0) }
                try section.write(fd)
                written = offset + section.length
            }
            guard fsync(fd) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
            // Out of the page cache: written, it sits there in large folios, and a mapping's fault maps a whole folio
            // at once (hundreds of kB of resident memory for a few bytes read). Read back one page at a time
            // (`MappedFile`), a lookup keeps only the pages it reads.
            _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
        }
        guard rename(temporary.path, url.path) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        renamed = true
    }

    private static func aligned(_ offset: Int) -> Int {
        (offset + SectionFile.alignment - 1) / SectionFile.alignment * SectionFile.alignment
    }

    private static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let wrote = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else { throw Failure(reason: String(cString: strerror(errno))) }
            done += wrote
        }
    }
}
