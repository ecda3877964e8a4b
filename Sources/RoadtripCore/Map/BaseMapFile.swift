import Foundation

/// Reads `basemap.bin` (format: Resources/map/README.md). Every count, length and coordinate is
/// checked, so a damaged file is refused with a reason instead of drawing garbage or trapping.
enum BaseMapFile {
    static let relativePath = "map/basemap.bin"
    static let magic: [UInt8] = Array("RTBM".utf8)
    static let version = 1
    static let headerSize = 12
    static let sectionEntrySize = 16

    /// The sections, and the file's units per degree (every coordinate is a whole number of them).
    static func decode(_ data: Data) throws -> (sections: [BaseMap.Section], unitsPerDegree: Int) {
        try data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return try decode(&reader)
        }
    }

    private struct Entry {
        let layer: BaseMap.Layer
        let resolution: BaseMap.Resolution
        let polylineCount: Int
        let pointCount: Int
        let byteLength: Int
    }

    private static func decode(_ reader: inout Reader) throws -> (sections: [BaseMap.Section], unitsPerDegree: Int) {
        guard reader.bytes.count >= headerSize, Array(reader.bytes[0..<4]) == magic else {
            throw BaseMapError.corrupt("not a roadtrip base map")
        }
        reader.offset = 4
        let version = Int(try reader.uint16())
        guard version == Self.version else { throw BaseMapError.corrupt("format version \(version), expected \(Self.version)") }
        let sectionCount = Int(try reader.uint16())
        let units = Double(try reader.uint32())
        guard units > 0 else { throw BaseMapError.corrupt("zero units per degree") }

        var entries: [Entry] = []
        for _ in 0..<sectionCount {
            let layerCode = Int(try reader.byte()), resolutionCode = Int(try reader.byte())
            _ = try reader.uint16()
            guard let layer = BaseMap.Layer(rawValue: layerCode), let resolution = BaseMap.Resolution(rawValue: resolutionCode) else {
                throw BaseMapError.corrupt("unknown layer \(layerCode) or resolution \(resolutionCode)")
            }
            guard !entries.contains(where: { $0.layer == layer && $0.resolution == resolution }) else {
                throw BaseMapError.corrupt("section \(layer) \(resolution) listed twice")
            }
            entries.append(Entry(layer: layer, resolution: resolution, polylineCount: Int(try reader.uint32()),
                                 pointCount: Int(try reader.uint32()), byteLength: Int(try reader.uint32())))
        }
        let bodies = entries.reduce(0) { $0 + $1.byteLength }
        guard bodies == reader.bytes.count - reader.offset else {
            throw BaseMapError.corrupt("sections hold \(bodies) bytes, the file \(reader.bytes.count - reader.offset)")
        }
        return (try entries.map { try decodeSection($0, units: units, reader: &reader) }, Int(units))
    }

    private static func decodeSection(_ entry: Entry, units: Double, reader: inout Reader) throws -> BaseMap.Section {
        let name = "\(entry.layer) \(entry.resolution)"
        // Each point takes at least two bytes: bounds the allocation by the file's real size.
        guard entry.pointCount <= entry.byteLength / 2, entry.polylineCount * 2 <= entry.pointCount else {
            throw BaseMapError.corrupt("\(name): \(entry.polylineCount) lines of \(entry.pointCount) points in \(entry.byteLength) bytes")
        }
        let end = reader.offset + entry.byteLength
        reader.limit = end
        defer { reader.limit = reader.bytes.count }
        let maxX = Int(180 * units), maxY = Int(90 * units)
        var points: [BaseMap.Point] = []
        points.reserveCapacity(entry.pointCount)
        var bounds: [(start: Int, box: GeoBox)] = []
        bounds.reserveCapacity(entry.polylineCount)
        for _ in 0..<entry.polylineCount {
            let count = try reader.varint()
            let west = try reader.signedVarint(), south = try reader.signedVarint()
            let east = west + (try reader.varint()), north = south + (try reader.varint())
            guard count >= 2, points.count + count <= entry.pointCount,
                  west >= -maxX, east <= maxX, south >= -maxY, north <= maxY else {
                throw BaseMapError.corrupt("\(name): a line's size or bounding box is out of range")
            }
            var x = west + (try reader.varint()), y = south + (try reader.varint())
            let start = points.count
            for i in 0..<count {
                if i > 0 {
                    x += try reader.signedVarint()
                    y += try reader.signedVarint()
                }
                guard x >= west, x <= east, y >= south, y <= north else {
                    throw BaseMapError.corrupt("\(name): a point lies outside its line's bounding box")
                }
                points.append(BaseMap.Point(longitude: Float(Double(x) / units), latitude: Float(Double(y) / units)))
            }
            bounds.append((start, GeoBox(west: Double(west) / units, south: Double(south) / units,
                                         east: Double(east) / units, north: Double(north) / units)))
        }
        guard reader.offset == end, points.count == entry.pointCount else {
            throw BaseMapError.corrupt("\(name): the section's length or point count does not match its lines")
        }
        let polylines = bounds.indices.map { i in
            let upper = i + 1 < bounds.count ? bounds[i + 1].start : points.count
            return BaseMap.Polyline(layer: entry.layer, box: bounds[i].box, points: points[bounds[i].start..<upper])
        }
        return BaseMap.Section(layer: entry.layer, resolution: entry.resolution, polylines: polylines, pointCount: points.count)
    }

    /// A cursor over the file's bytes that never reads past `limit`.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        var limit: Int

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            limit = bytes.count
        }

        mutating func byte() throws -> UInt8 {
            guard offset < limit else { throw BaseMapError.corrupt("unexpected end of data at byte \(offset)") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint16() throws -> UInt16 {
            UInt16(try byte()) | UInt16(try byte()) << 8
        }

        mutating func uint32() throws -> UInt32 {
            UInt32(try uint16()) | UInt32(try uint16()) << 16
        }

        /// An unsigned LEB128 value of at most 32 bits.
        mutating func varint() throws -> Int {
            var value = 0, shift = 0
            while true {
                let b = try byte()
                value |= Int(b & 0x7F) << shift
                if b & 0x80 == 0 { return value }
                shift += 7
                guard shift < 35 else { throw BaseMapError.corrupt("an over-long number at byte \(offset)") }
            }
        }

        mutating func signedVarint() throws -> Int {
            let z = try varint()
            return (z >> 1) ^ -(z & 1)
        }
    }
}
