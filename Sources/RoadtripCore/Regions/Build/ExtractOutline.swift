import Foundation

/// The outline of an extract, best first: the Geofabrik `.poly` file beside it (`norway.poly` beside
/// `norway-latest.osm.pbf`), else the bounding box in the PBF's header, else the bounding box of its data
/// (osmium reads the whole file for it). Not the hull of every node: that would stream each node's position
/// out of osmium as text, a second pass as long as the rest of the build for a country, for an outline the
/// `.poly` file gives exactly.
///
/// An extract across the antimeridian (Alaska, Russia, Fiji…) keeps a ring on each side of it: its polygon
/// file has one each side already; its boxes span most of the globe (osmium writes a header box across ±180°
/// with west and east swapped, and its data's box runs from one side to the other), so such a box is
/// replaced by the box of its nodes on each side of 0°, which costs osmium one more pass, for those only.
enum ExtractOutline {
    typealias Corner = RegionOutline.Corner

    enum Source: String {
        case poly = "polygon file"
        case header = "bounding box in the file's header"
        case data = "bounding box of its data"
    }

    /// A polygon file larger than this is not Geofabrik's.
    static let maxPolyBytes = 16 << 20
    /// An outline with more corners becomes their convex hull (it covers more, never less), so that every
    /// `region.json` stays quick to read.
    static let maxCorners = 5_000

    /// The outline and how it was found ("polygon file norway.poly"). `scratch` is a folder for osmium's
    /// output, emptied again; `progress` hears how far osmium read when it must read the whole file.
    static func of(_ extract: URL, osmium: String, scratch: URL,
                   progress: ((Double) -> Void)? = nil) throws -> (RegionOutline, String) {
        for poly in polyFiles(beside: extract) {
            guard let data = try? Data(contentsOf: poly), data.count <= maxPolyBytes else { continue }
            if let outline = parsePoly(String(decoding: data, as: UTF8.self)) {
                return (outline, "\(Source.poly.rawValue) \(poly.lastPathComponent)")
            }
        }
        for source in [Source.header, .data] {
            guard let box = try box(of: extract, source, osmium: osmium, progress: progress) else { continue }
            guard box.east - box.west > 180 else {
                return (RegionOutline(west: box.west, south: box.south, east: box.east, north: box.north), source.rawValue)
            }
            return (try halves(of: extract, osmium: osmium, scratch: scratch),
                    source.rawValue + ", split at the antimeridian")
        }
        throw RegionBuildError.failed("\(extract.lastPathComponent) holds no nodes: nothing to build a region from")
    }

    static func polyFiles(beside extract: URL) -> [URL] {
        let folder = extract.deletingLastPathComponent()
        var stem = extract.lastPathComponent
        for suffix in [".osm.pbf", ".pbf"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
            break
        }
        let names = [stem, RegionName.from(file: extract)]
        return names.enumerated().filter { !names[..<$0.offset].contains($0.element) }
            .map { folder.appendingPathComponent($0.element + ".poly") }
    }

    /// Osmium's `.poly` format: a name line, then rings (a name line, `lon lat` lines, `END`; a ring whose
    /// name starts with `!` is a hole), then `END`. One outer ring is the outline; several become the convex
    /// hull of them all (`hull`). Nil when the text is not such a file.
    static func parsePoly(_ text: String) -> RegionOutline? {
        var lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }[...]
        guard lines.popFirst() != nil else { return nil }
        var rings: [[Corner]] = []
        while let header = lines.popFirst(), header != "END" {
            var ring: [Corner] = []
            while let line = lines.popFirst(), line != "END" {
                let numbers = line.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
                guard numbers.count == 2, (-180...180).contains(numbers[0]), (-90...90).contains(numbers[1]) else { return nil }
                ring.append(Corner(longitude: numbers[0], latitude: numbers[1]))
            }
            if ring.count > 1, ring.first == ring.last { ring.removeLast() }
            if !header.hasPrefix("!") { rings.append(ring) }
        }
        let points = rings.flatMap { $0 }
        guard !rings.isEmpty, rings.allSatisfy({ $0.count >= 3 }) else { return nil }
        if rings.count == 1, points.count <= maxCorners { return RegionOutline(rings: rings) }
        let hull = rings.count == 1 ? [convexHull(points)] : hull(points)
        return hull.allSatisfy({ $0.count >= 3 }) ? RegionOutline(rings: hull) : nil
    }

    /// The convex hull of the rings of one extract, where they lie closest together: the longitudes west of
    /// the widest gap between them move 360° east (none when the widest is the one across ±180°), and the
    /// hull is cut at 180° into a ring on each side. Alaska's rings (172°…180°, −180°…−130°) give one hull
    /// from 172° to 230°, two rings; Norway's, one ring as on the plane.
    static func hull(_ points: [Corner]) -> [[Corner]] {
        let longitudes = Set(points.map(\.longitude)).sorted()
        guard let first = longitudes.first, let last = longitudes.last else { return [] }
        var (widest, cut) = (first + 360 - last, -Double.infinity)
        for (west, east) in zip(longitudes, longitudes.dropFirst()) where east - west > widest {
            (widest, cut) = (east - west, west)
        }
        let hull = convexHull(points.map { $0.longitude <= cut ? Corner(longitude: $0.longitude + 360, latitude: $0.latitude) : $0 })
        let east = clip(hull, at: 180, keepingWest: false).map { Corner(longitude: $0.longitude - 360, latitude: $0.latitude) }
        return [clip(hull, at: 180, keepingWest: true), east].filter { $0.count >= 3 }
    }

    /// The part of a convex ring west (or east) of the meridian `longitude` (Sutherland–Hodgman).
    static func clip(_ ring: [Corner], at longitude: Double, keepingWest: Bool) -> [Corner] {
        func kept(_ corner: Corner) -> Bool { keepingWest ? corner.longitude <= longitude : corner.longitude >= longitude }
        func crossing(_ a: Corner, _ b: Corner) -> Corner {
            let t = (longitude - a.longitude) / (b.longitude - a.longitude)
            return Corner(longitude: longitude, latitude: a.latitude + t * (b.latitude - a.latitude))
        }
        var clipped: [Corner] = []
        guard var previous = ring.last else { return [] }
        for corner in ring {
            if kept(corner) != kept(previous) { clipped.append(crossing(previous, corner)) }
            if kept(corner) { clipped.append(corner) }
            previous = corner
        }
        return clipped
    }

    /// Andrew's monotone chain, counter-clockwise.
    static func convexHull(_ points: [Corner]) -> [Corner] {
        let sorted = points.sorted { $0.longitude != $1.longitude ? $0.longitude < $1.longitude : $0.latitude < $1.latitude }
        func cross(_ o: Corner, _ a: Corner, _ b: Corner) -> Double {
            (a.longitude - o.longitude) * (b.latitude - o.latitude) - (a.latitude - o.latitude) * (b.longitude - o.longitude)
        }
        func chain(_ points: [Corner]) -> [Corner] {
            var chain: [Corner] = []
            for point in points {
                while chain.count >= 2, cross(chain[chain.count - 2], chain[chain.count - 1], point) <= 0 { chain.removeLast() }
                chain.append(point)
            }
            return chain.dropLast()
        }
        return chain(sorted) + chain(sorted.reversed())
    }

    /// The box of the extract's nodes west of 0° and east of it, each a ring (osmium extract writes both
    /// halves in one pass; fileinfo measures each).
    static func halves(of extract: URL, osmium: String, scratch: URL) throws -> RegionOutline {
        let halves = [(".west.osm.pbf", [-180, -90, 0, 90]), (".east.osm.pbf", [0, -90, 180, 90])]
            .map { (scratch.appendingPathComponent($0.0), $0.1) }
        let config = scratch.appendingPathComponent(".halves.json")
        defer { for file in [config] + halves.map(\.0) { try? FileManager.default.removeItem(at: file) } }
        let extracts = halves.map { ["output": $0.0.path, "bbox": $0.1] as [String: Any] }
        try JSONSerialization.data(withJSONObject: ["extracts": extracts]).write(to: config)
        _ = try Osmium.run("extract", ["-c", config.path, "-s", "simple", "--overwrite", extract.path], executable: osmium)
        let rings = try halves.compactMap { try box(of: $0.0, .data, osmium: osmium) }.flatMap {
            RegionOutline(west: $0.west, south: $0.south, east: $0.east, north: $0.north).rings
        }
        guard !rings.isEmpty else {
            throw RegionBuildError.failed("\(extract.lastPathComponent) holds no nodes: nothing to build a region from")
        }
        return RegionOutline(rings: rings)
    }

    typealias Box = (west: Double, south: Double, east: Double, north: Double)

    /// osmium's `fileinfo -j`: the header's first box (`header.boxes[0]`), or with `-e` the data's
    /// (`data.bbox`); nil when there is none or it is not a box of positions (west to east as osmium writes
    /// them, even across ±180°).
    private static func box(of extract: URL, _ source: Source, osmium: String,
                            progress: ((Double) -> Void)? = nil) throws -> Box? {
        let key = source == .header ? "header" : "data"
        let json = try Osmium.run("fileinfo", (source == .header ? ["-j"] : ["-e", "-j"]) + [extract.path],
                                  progress: source == .header ? nil : progress, executable: osmium)
        guard let root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
              let section = root[key] as? [String: Any] else {
            throw RegionBuildError.failed("osmium fileinfo gave no \(key) section")
        }
        let numbers = ((source == .header ? (section["boxes"] as? [Any])?.first : section["bbox"]) as? [NSNumber])?
            .map(\.doubleValue)
        guard let box = numbers, box.count == 4,
              (-180...180).contains(box[0]), (-90...90).contains(box[1]),
              (-180...180).contains(box[2]), (-90...90).contains(box[3]), box[0] < box[2], box[1] < box[3] else { return nil }
        return (box[0], box[1], box[2], box[3])
    }
}
