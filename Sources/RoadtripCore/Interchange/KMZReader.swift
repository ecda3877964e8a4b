import Foundation

/// KMZ: a zip holding the KML, as `doc.kml` by convention (Google Earth), else the first `.kml` in it. A small
/// reader of the zip's central directory (stored and deflated entries; no ZIP64, no encryption), the entry
/// inflated in memory and refused once larger than the import limit, whatever the zip's header says.
enum KMZReader {
    static func read(_ data: Data, limit: Int) throws -> ImportedContent {
        let kml = try kmlEntry(of: [UInt8](data), limit: limit)
        guard case .kml = try ImportFormat.sniff(Data(kml), fileExtension: "kml") else {
            throw ImportError.malformed(format: .kmz, reason: "its .kml file is not KML")
        }
        return try KMLReader.read(Data(kml))
    }

    private struct Entry {
        let name: String
        let method: Int
        let flags: Int
        let compressedSize: Int
        let uncompressedSize: Int
        let localHeader: Int
    }

    static func kmlEntry(of zip: [UInt8], limit: Int) throws -> [UInt8] {
        let entries = try centralDirectory(zip)
        let kmlFiles = entries.filter { $0.name.lowercased().hasSuffix(".kml") }
        guard let entry = kmlFiles.first(where: { $0.name.lowercased() == "doc.kml" }) ?? kmlFiles.first else {
            throw malformed("the zip holds no .kml file")
        }
        guard entry.flags & 1 == 0 else { throw malformed("\(entry.name) is encrypted") }
        guard entry.uncompressedSize <= limit else { throw ImportError.tooLarge(bytes: entry.uncompressedSize, limit: limit) }
        // The local header repeats the name and has its own extra field: the data follows them.
        let header = entry.localHeader
        guard header + 30 <= zip.count, uint32(zip, header) == 0x0403_4B50 else { throw malformed("a damaged local header") }
        let start = header + 30 + uint16(zip, header + 26) + uint16(zip, header + 28)
        guard start + entry.compressedSize <= zip.count else { throw malformed("\(entry.name) is cut short") }
        let stored = Array(zip[start..<(start + entry.compressedSize)])
        switch entry.method {
        case 0: return stored
        case 8:
            do {
                return try Inflate.decompress(stored, limit: limit)
            } catch Inflate.InflateError.tooLarge {
                throw ImportError.tooLarge(bytes: limit + 1, limit: limit)
            } catch {
                throw malformed("\(entry.name) cannot be inflated (\(error))")
            }
        default: throw malformed("\(entry.name) is compressed with method \(entry.method) (only stored and deflate are read)")
        }
    }

    /// The entries listed in the central directory, found through its end record (within the last 64 KiB).
    private static func centralDirectory(_ zip: [UInt8]) throws -> [Entry] {
        guard zip.count >= 22 else { throw malformed("too short for a zip") }
        let lowest = max(0, zip.count - 22 - 0xFFFF)
        guard let end = stride(from: zip.count - 22, through: lowest, by: -1).first(where: { uint32(zip, $0) == 0x0605_4B50 })
        else { throw malformed("no zip directory (truncated?)") }
        let count = uint16(zip, end + 10)
        var offset = Int(uint32(zip, end + 16))
        var entries: [Entry] = []
        for _ in 0..<count {
            guard offset + 46 <= zip.count, uint32(zip, offset) == 0x0201_4B50 else { throw malformed("a damaged zip directory") }
            let nameLength = uint16(zip, offset + 28)
            guard offset + 46 + nameLength <= zip.count else { throw malformed("a damaged zip directory") }
            let entry = Entry(name: String(decoding: zip[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self),
                              method: uint16(zip, offset + 10), flags: uint16(zip, offset + 8),
                              compressedSize: Int(uint32(zip, offset + 20)), uncompressedSize: Int(uint32(zip, offset + 24)),
                              localHeader: Int(uint32(zip, offset + 42)))
            guard entry.compressedSize != 0xFFFF_FFFF, entry.localHeader != 0xFFFF_FFFF else {
                throw malformed("ZIP64 archives are not read")
            }
            entries.append(entry)
            offset += 46 + nameLength + uint16(zip, offset + 30) + uint16(zip, offset + 32)
        }
        return entries
    }

    private static func malformed(_ reason: String) -> ImportError {
        .malformed(format: .kmz, reason: TerminalSafe.line(reason))
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
