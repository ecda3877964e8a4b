import Foundation

/// The extract a region is built from, checked before any tool runs, so that a wrong file gets our clear
/// message rather than a parser's.
enum ExtractFile {
    /// The suffixes both osmium and planetsplitter read (planetsplitter goes by the suffix).
    static let otherFormats = [".osm", ".osm.bz2", ".osm.gz", ".o5m"]

    /// Throws unless `url` is a readable regular file that is a PBF (its first block an `OSMHeader`) or has the name
    /// of another format osmium and planetsplitter read (they judge its content). Returns its size in bytes.
    static func check(_ url: URL) throws -> Int64 {
        let fm = FileManager.default
        guard let type = (try? fm.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType else {
            throw RegionBuildError.noInput(url.path)
        }
        // Not a FIFO or a device, which opening would wait on, nor a folder.
        guard type == .typeRegular else { throw RegionBuildError.notAFile(url.path) }
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw RegionBuildError.noInput(url.path) }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 32)) ?? Data()
        let size = ((try? fm.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
        if url.lastPathComponent.hasSuffix(".pbf") {
            guard isPBF(head) else { throw RegionBuildError.notOSM(url.path) }
            return size
        }
        guard otherFormats.contains(where: url.lastPathComponent.hasSuffix) else { throw RegionBuildError.notOSM(url.path) }
        return size
    }

    /// A PBF starts with the length of its first blob header (4 bytes, big-endian), then that header, whose
    /// field 1 (tag 0x0A) is the blob's type: "OSMHeader".
    static func isPBF(_ head: Data) -> Bool {
        let bytes = [UInt8](head)
        let type = Array("OSMHeader".utf8)
        guard bytes.count >= 6 + type.count, bytes[0] == 0, bytes[4] == 0x0A, Int(bytes[5]) == type.count else { return false }
        return Array(bytes[6..<(6 + type.count)]) == type
    }
}
