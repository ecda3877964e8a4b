import Foundation

/// A file of named sections of plain values, mapped and read in place (`Column`): the search indexes that a
/// command maps instead of building (`PlaceIndexCache`, `RegionSearchFile`).
///
///     "RTSF"  format version (UInt32)  section count (UInt32)  0 (UInt32)  file length (UInt64)
///     per section: its name (32 bytes, NUL-padded UTF-8), offset (UInt64), length in bytes (UInt64)
///     the sections, each at a multiple of 64 bytes
///
/// Numbers are little-endian, values are laid out as in memory: a file is only ever read by the build of roadtrip
/// that wrote it (its `identity` section says which, `CodeIdentity`). Opening checks the header and that every
/// section lies inside the file; the values themselves are trusted, as roadtrip wrote them (atomically) itself.
final class SectionFile: @unchecked Sendable {  // immutable
    static let magic = Array("RTSF".utf8)
    static let version: UInt32 = 1
    static let headerSize = 24, entrySize = 48, nameSize = 32, alignment = 64
    static let maxSections = 4096

    private let file: MappedFile
    private let sections: [String: Range<Int>]

    enum Failure: Error, CustomStringConvertible, Equatable {
        case unreadable(String)
        case damaged(String)
        case missing(String)

        var description: String {
            switch self {
            case let .unreadable(reason): return "cannot be read (\(reason))"
            case let .damaged(reason): return "is damaged (\(reason))"
            case let .missing(name): return "has no \(name) section"
            }
        }
    }

    init(_ url: URL) throws {
        do {
            file = try MappedFile(url)
        } catch let failure as MappedFile.Failure {
            switch failure {
            case let .cannotOpen(reason): throw Failure.unreadable(reason)
            case .empty: throw Failure.damaged("empty")
            }
        }
        let bytes = file.bytes
        func number<T: FixedWidthInteger>(_ offset: Int, _ type: T.Type) -> T {
            T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        guard bytes.count >= Self.headerSize, Array(bytes[0..<4]) == Self.magic else { throw Failure.damaged("not a section file") }
        guard number(4, UInt32.self) == Self.version else { throw Failure.damaged("format \(number(4, UInt32.self))") }
        let count = Int(number(8, UInt32.self))
        guard count <= Self.maxSections, Self.headerSize + count * Self.entrySize <= bytes.count,
              number(16, UInt64.self) == UInt64(bytes.count) else {
            throw Failure.damaged("its header does not match its length")
        }
        var sections: [String: Range<Int>] = [:]
        for i in 0..<count {
            let entry = Self.headerSize + i * Self.entrySize
            let name = String(decoding: bytes[entry..<entry + Self.nameSize].prefix { $0 != 0 }, as: UTF8.self)
            let offset = number(entry + Self.nameSize, UInt64.self), length = number(entry + Self.nameSize + 8, UInt64.self)
            guard offset % UInt64(Self.alignment) == 0, offset <= UInt64(bytes.count),
                  length <= UInt64(bytes.count) - offset, sections[name] == nil else {
                throw Failure.damaged("section \(i) lies outside the file")
            }
            sections[name] = Int(offset)..<Int(offset + length)
        }
        self.sections = sections
    }

    func has(_ name: String) -> Bool { sections[name] != nil }

    /// The section's bytes, in place.
    func bytes(_ name: String) throws -> UnsafeRawBufferPointer {
        guard let range = sections[name] else { throw Failure.missing(name) }
        return UnsafeRawBufferPointer(rebasing: file.bytes[range])
    }

    /// The section as values of `type`, in place; with `count`, it must hold exactly that many.
    func column<T: BitwiseCopyable>(_ name: String, _ type: T.Type, count: Int? = nil) throws -> Column<T> {
        let raw = try bytes(name)
        let stride = MemoryLayout<T>.stride
        guard raw.count % stride == 0, count.map({ $0 * stride == raw.count }) ?? true else {
            throw Failure.damaged("section \(name) holds \(raw.count) bytes")
        }
        guard let base = raw.baseAddress else { return Column() }
        return Column(UnsafeBufferPointer(start: base.assumingMemoryBound(to: T.self), count: raw.count / stride), owner: file)
    }

    /// A section of strings (`SectionFileWriter.add(_:strings:)`), decoded: for small tables.
    func strings(_ name: String) throws -> [String] {
        let raw = try bytes(name)
        var strings: [String] = [], at = 0
        while at < raw.count {
            guard raw.count - at >= 4 else { throw Failure.damaged("section \(name) is cut short") }
            let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            at += 4
            guard length <= raw.count - at else { throw Failure.damaged("section \(name) is cut short") }
            strings.append(String(decoding: raw[at..<at + length], as: UTF8.self))
            at += length
        }
        return strings
    }
}
