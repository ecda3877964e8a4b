import Foundation

/// Reads `timezones.bin` (format: Resources/timezones/README.md). The whole tree is walked once, so every
/// reference, zone number and vertex a lookup can reach is known to be in range: a damaged file is refused with a
/// reason, and a lookup in an accepted one never reads out of bounds. A file checked before (`TimeZoneCheck`) is
/// only mapped: the walk and the checksum were 10 of a cold command's 30 ms.
enum TimeZoneFile {
    static let relativePath = "timezones/timezones.bin"
    static let magic: [UInt8] = Array("RTTZ".utf8)
    static let version = 1
    static let headerSize = 24
    static let trailerSize = 8
    /// Far above the shipped file (under 3 MB): a larger file is refused before it is read.
    static let maximumSize = 64 << 20

    static let uniformFlag: UInt32 = 0x8000_0000
    static let leafFlag: UInt32 = 0x4000_0000
    static let offsetMask: UInt32 = 0x3FFF_FFFF

    /// The bytes a `Contents` reads and what keeps them alive: the mapped file, or a copy.
    final class Bytes: @unchecked Sendable {  // immutable
        let buffer: UnsafeRawBufferPointer
        private let mapped: MappedFile?

        init(_ mapped: MappedFile) {
            self.mapped = mapped
            buffer = mapped.bytes
        }

        init(copying data: Data) {
            mapped = nil
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
            data.copyBytes(to: copy)
            buffer = UnsafeRawBufferPointer(rebasing: copy[..<data.count])
        }

        deinit {
            if mapped == nil { buffer.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).deallocate() } }
        }
    }

    struct Contents {
        let names: [String]
        /// The file's bytes past the header and the names (within `bytes`: not copied).
        let tree: UnsafeRawBufferPointer
        let bytes: Bytes
        let root: UInt32
        let unitShift: Int
        let rootShift: Int
    }

    static func decode(_ data: Data) throws(TimeZoneIndexError) -> Contents {
        try decode(Bytes(copying: data), checkedBefore: false)
    }

    /// `checkedBefore`: these very bytes were walked and summed before (`TimeZoneCheck`), so only the header is read.
    static func decode(_ file: Bytes, checkedBefore: Bool) throws(TimeZoneIndexError) -> Contents {
        let bytes = file.buffer
        guard bytes.count >= headerSize + trailerSize, bytes.prefix(4).elementsEqual(magic) else {
            throw .corrupt("not a roadtrip time-zone index")
        }
        let stored = bytes.suffix(trailerSize).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard checkedBefore || fnv1a(bytes[..<(bytes.count - trailerSize)]) == stored else {
            throw .corrupt("checksum mismatch: the file is truncated or altered")
        }
        let version = Int(uint16(bytes, 4))
        guard version == Self.version else { throw .corrupt("format version \(version), expected \(Self.version)") }
        let zoneCount = Int(uint16(bytes, 6))
        let unitShift = Int(bytes[8]), rootShift = Int(bytes[9]), maxDepth = Int(bytes[10])
        let namesLength = Int(uint32(bytes, 12)), treeLength = Int(uint32(bytes, 16))
        let root = uint32(bytes, 20)
        // Longitude 0...360° in units must fit the root cell, and the smallest cell must be a whole unit.
        guard (1...20).contains(unitShift), rootShift <= 30, 360 << unitShift <= 1 << rootShift,
              (1...rootShift).contains(maxDepth) else {
            throw .corrupt("grid of 2^\(unitShift) units per degree, root 2^\(rootShift), depth \(maxDepth)")
        }
        guard headerSize + namesLength + treeLength + trailerSize == bytes.count else {
            throw .corrupt("header lists \(namesLength) + \(treeLength) bytes, the file holds \(bytes.count - headerSize - trailerSize)")
        }
        let names = try decodeNames(bytes[headerSize..<(headerSize + namesLength)], count: zoneCount)
        let tree = UnsafeRawBufferPointer(rebasing: bytes[(headerSize + namesLength)..<(headerSize + namesLength + treeLength)])
        if !checkedBefore {
            var walker = Walker(tree: tree, zoneCount: zoneCount, maxDepth: maxDepth, rootShift: rootShift)
            try walker.check(root, depth: 0, x: 0, y: 0)
        }
        return Contents(names: names, tree: tree, bytes: file, root: root, unitShift: unitShift, rootShift: rootShift)
    }

    private static func decodeNames(_ bytes: Slice<UnsafeRawBufferPointer>, count: Int) throws(TimeZoneIndexError) -> [String] {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_+-".utf8)
        let names = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard count > 0, names.count == count else {
            throw .corrupt("\(names.count) zone names where the header says \(count)")
        }
        return try names.map { (name: Slice<UnsafeRawBufferPointer>) throws(TimeZoneIndexError) -> String in
            guard !name.isEmpty, name.count <= 64, name.allSatisfy(allowed.contains) else {
                throw .corrupt("a zone name is empty, too long or holds characters no IANA name has")
            }
            return String(decoding: name, as: UTF8.self)
        }
    }

    /// Walks the tree once, checking what a lookup relies on.
    private struct Walker {
        let tree: UnsafeRawBufferPointer
        let zoneCount: Int
        let maxDepth: Int
        let rootShift: Int
        /// Each node is reached once; a reference to a node already seen (a loop, a shared node) is refused. A bit per
        /// byte of the tree (a byte each was 2.8 MB more at load).
        var seen: [UInt64]

        init(tree: UnsafeRawBufferPointer, zoneCount: Int, maxDepth: Int, rootShift: Int) {
            self.tree = tree
            self.zoneCount = zoneCount
            self.maxDepth = maxDepth
            self.rootShift = rootShift
            seen = [UInt64](repeating: 0, count: (tree.count + 63) / 64)
        }

        mutating func check(_ reference: UInt32, depth: Int, x: Int, y: Int) throws(TimeZoneIndexError) {
            if reference & TimeZoneFile.uniformFlag != 0 {
                guard reference & ~TimeZoneFile.uniformFlag < zoneCount else { throw .corrupt("zone number out of range") }
                return
            }
            let offset = Int(reference & TimeZoneFile.offsetMask)
            guard offset < tree.count, seen[offset >> 6] & (1 << (offset & 63)) == 0 else {
                throw .corrupt("a node reference is out of range or repeated")
            }
            seen[offset >> 6] |= 1 << (offset & 63)
            let size = 1 << (rootShift - depth)
            if reference & TimeZoneFile.leafFlag != 0 {
                try checkLeaf(at: offset, x: x, y: y, size: size)
                return
            }
            guard depth < maxDepth, offset + 16 <= tree.count else { throw .corrupt("a split node is too deep or cut short") }
            let half = size / 2
            for quarter in 0..<4 {
                try check(TimeZoneFile.uint32(tree, offset + 4 * quarter), depth: depth + 1,
                          x: x + half * (quarter & 1), y: y + half * (quarter >> 1))
            }
        }

        private func checkLeaf(at start: Int, x: Int, y: Int, size: Int) throws(TimeZoneIndexError) {
            var reader = LeafReader(tree: tree, offset: start)
            guard let fallback = reader.uint16(), fallback < zoneCount, let stored = reader.byte() else {
                throw .corrupt("a leaf's default zone is missing or out of range")
            }
            for _ in 0..<stored {
                guard let zone = reader.uint16(), zone < zoneCount, let rings = reader.varint(), rings > 0 else {
                    throw .corrupt("a leaf's zone is out of range or has no rings")
                }
                for _ in 0..<rings {
                    // A vertex takes at least two bytes: bounds the count by what is left.
                    guard let count = reader.varint(), count >= 3, count <= (tree.count - reader.offset) / 2 else {
                        throw .corrupt("a ring's vertex count is out of range")
                    }
                    var px = x, py = y
                    for _ in 0..<count {
                        guard let dx = reader.signedVarint(), let dy = reader.signedVarint() else {
                            throw .corrupt("a ring is cut short")
                        }
                        px += dx
                        py += dy
                        guard px >= x, px <= x + size, py >= y, py <= y + size else {
                            throw .corrupt("a vertex lies outside its cell")
                        }
                    }
                }
            }
        }
    }

    /// Reads a leaf (`offset` from the tree's start); nil past the end of the tree or on an over-long number.
    struct LeafReader {
        let tree: UnsafeRawBufferPointer
        var offset: Int

        mutating func byte() -> Int? {
            guard offset < tree.count else { return nil }
            defer { offset += 1 }
            return Int(tree[offset])
        }

        mutating func uint16() -> Int? {
            guard let low = byte(), let high = byte() else { return nil }
            return low | high << 8
        }

        /// An unsigned LEB128 value of at most 35 bits.
        mutating func varint() -> Int? {
            var value = 0, shift = 0
            while shift < 35, let b = byte() {
                value |= (b & 0x7F) << shift
                if b & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }

        mutating func signedVarint() -> Int? {
            varint().map { ($0 >> 1) ^ -($0 & 1) }
        }
    }

    /// The little-endian number `at` bytes from the start.
    static func uint16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func uint32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16
    }

    /// FNV-1a, 64 bits: the file's trailer.
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
