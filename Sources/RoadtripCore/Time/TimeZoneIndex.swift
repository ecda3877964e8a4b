import Foundation

/// The IANA time zone of any point on Earth, offline: the timezone-boundary-builder polygons (with the
/// nautical `Etc/GMT±N` zones over open water) as a quadtree whose mixed cells hold simplified polygon
/// pieces (Resources/timezones/README.md). Immutable once loaded, so any thread may ask.
///
/// ```swift
/// let index = try TimeZoneIndex.bundled()          // loaded once, on first use
/// index.zone(latitude: 41.88, longitude: -87.63)   // "America/Chicago"
/// index.zone(latitude: 0, longitude: -150)         // "Etc/GMT+10"
/// ```
public final class TimeZoneIndex: @unchecked Sendable {  // immutable; `bytes` keeps `tree` alive
    public static let attribution =
        "Time-zone boundaries from timezone-boundary-builder, \(Credits.openStreetMap)."

    /// Every zone name the index can answer, in the file's order.
    public let zoneNames: [String]
    private let tree: UnsafeRawBufferPointer
    /// Keeps `tree`'s bytes alive.
    private let bytes: TimeZoneFile.Bytes
    private let root: UInt32
    private let unitShift: Int
    private let rootShift: Int

    init(_ contents: TimeZoneFile.Contents) {
        zoneNames = contents.names
        tree = contents.tree
        bytes = contents.bytes
        root = contents.root
        unitShift = contents.unitShift
        rootShift = contents.rootShift
    }

    /// The zone at a point. Longitudes wrap, latitudes are held to ±90°; a coordinate that is not a number
    /// is at no place and gets UTC's zone, `Etc/GMT`.
    public func zone(latitude: Double, longitude: Double) -> String {
        guard latitude.isFinite, longitude.isFinite else { return "Etc/GMT" }
        let units = Double(1 << unitShift)
        var east = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if east < 0 { east += 360 }
        let x = min(Int((east * units).rounded(.down)), 360 << unitShift - 1)
        let y = min(max(Int(((min(max(latitude, -90), 90) + 90) * units).rounded(.down)), 0), 180 << unitShift - 1)
        return zoneNames[zoneNumber(x: x, y: y)]
    }

    /// Descends to the cell holding (x, y) in units from (180° W, 90° S). The file was checked whole (at load, or
    /// unchanged since an earlier load), so every offset, zone number and vertex reached here is in range.
    private func zoneNumber(x: Int, y: Int) -> Int {
        let bytes = tree
        var reference = root
        var cellX = 0, cellY = 0, size = 1 << rootShift
        while true {
            if reference & TimeZoneFile.uniformFlag != 0 { return Int(reference & 0xFFFF) }
            let offset = Int(reference & TimeZoneFile.offsetMask)
            if reference & TimeZoneFile.leafFlag != 0 {
                return Self.zoneInLeaf(bytes, at: offset, x: x - cellX, y: y - cellY)
            }
            size >>= 1
            let east = x >= cellX + size, north = y >= cellY + size
            if east { cellX += size }
            if north { cellY += size }
            let at = offset + 4 * ((east ? 1 : 0) | (north ? 2 : 0))
            reference = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
    }

    /// The first zone of the leaf whose rings hold the point (even-odd rule), else the leaf's default.
    /// Coordinates are relative to the cell's south-west corner, as the leaf's vertices are.
    private static func zoneInLeaf(_ bytes: UnsafeRawBufferPointer, at start: Int, x: Int, y: Int) -> Int {
        var offset = start
        func varint() -> Int {
            var value = 0, shift = 0
            while true {
                let b = Int(bytes[offset])
                offset += 1
                value |= (b & 0x7F) << shift
                if b & 0x80 == 0 { return value }
                shift += 7
            }
        }
        func signedVarint() -> Int {
            let z = varint()
            return (z >> 1) ^ -(z & 1)
        }
        let fallback = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
        let stored = Int(bytes[offset + 2])
        offset += 3
        for _ in 0..<stored {
            let zone = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
            offset += 2
            var inside = false
            for _ in 0..<varint() {
                let count = varint()
                let firstX = signedVarint(), firstY = signedVarint()
                var ax = firstX, ay = firstY
                for i in 1...count {
                    // The ring closes on its first vertex.
                    let bx = i == count ? firstX : ax + signedVarint()
                    let by = i == count ? firstY : ay + signedVarint()
                    if (ay > y) != (by > y) {
                        // x left of the edge's crossing at height y, without a division (as the build script tests).
                        let lhs = (x - ax) * (by - ay), rhs = (y - ay) * (bx - ax)
                        if by > ay ? lhs < rhs : lhs > rhs { inside.toggle() }
                    }
                    ax = bx
                    ay = by
                }
            }
            if inside { return zone }
        }
        return fallback
    }
}

extension TimeZoneIndex {
    /// Where the shipped index is, if anywhere.
    public static var bundledDataURL: URL? { ResourceLocator.url(for: TimeZoneFile.relativePath) }

    private static let bundledLoad = Result { () throws(TimeZoneIndexError) -> TimeZoneIndex in try loadBundled() }

    /// The shipped index, read on the first call (from any thread) and kept.
    public static func bundled() throws(TimeZoneIndexError) -> TimeZoneIndex {
        try bundledLoad.get()
    }

    /// The index in `url`, mapped. Checked whole unless `checks` remembers this very file as checked before; a file
    /// checked now is remembered there.
    public static func load(from url: URL, checks: TimeZoneCheck? = nil) throws(TimeZoneIndexError) -> TimeZoneIndex {
        let mapped: MappedFile
        do {
            mapped = try MappedFile(url)
        } catch MappedFile.Failure.empty {
            throw .corrupt("not a roadtrip time-zone index")
        } catch let MappedFile.Failure.cannotOpen(reason) {
            throw .unreadable(path: url.path, reason: reason)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        guard mapped.bytes.count <= TimeZoneFile.maximumSize else {
            throw .corrupt("\(mapped.bytes.count) bytes, more than an index can be")
        }
        let checkedBefore = checks?.knows(mapped.stamp) ?? false
        let index = TimeZoneIndex(try TimeZoneFile.decode(TimeZoneFile.Bytes(mapped), checkedBefore: checkedBefore))
        if !checkedBefore { checks?.remember(mapped.stamp) }
        return index
    }

    /// Loads the index shipped in `Resources/timezones/` (found by `ResourceLocator`), remembering in the cache
    /// folder that it was checked.
    public static func loadBundled() throws(TimeZoneIndexError) -> TimeZoneIndex {
        guard let url = bundledDataURL else { throw .dataNotFound }
        return try load(from: url, checks: TimeZoneCheck(directory: LegCache.defaultDirectory()))
    }
}

public enum TimeZoneIndexError: Error, Equatable, CustomStringConvertible {
    case dataNotFound
    case unreadable(path: String, reason: String)
    case corrupt(String)

    public var description: String {
        switch self {
        case .dataNotFound:
            return "The time-zone index (timezones/timezones.bin) was not found; set ROADTRIP_RESOURCES to the Resources folder."
        case .unreadable(let path, let reason): return "Cannot read the time-zone index \(path): \(reason)"
        case .corrupt(let detail):
            return "The time-zone index is damaged (\(detail)); reinstall roadtrip or rebuild it with scripts/build-timezones."
        }
    }
}
