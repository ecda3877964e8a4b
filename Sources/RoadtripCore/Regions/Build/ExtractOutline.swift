import Foundation

/// The outline of an extract, best first: the Geofabrik `.poly` file beside it (`norway.poly` beside
/// `norway-latest.osm.pbf`), else the bounding box in the PBF's header, else the bounding box of its data
/// (osmium reads the whole file for it). Not the hull of every node: that would stream each node's position
/// out of osmium as text, a second pass as long as the rest of the build for a country, for an outline the
/// `.poly` file gives exactly.
enum ExtractOutline {
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

    static func of(_ extract: URL, osmium: String) throws -> (RegionOutline, Source, URL?) {
        for poly in polyFiles(beside: extract) {
            guard let data = try? Data(contentsOf: poly), data.count <= maxPolyBytes else { continue }
            if let outline = parsePoly(String(decoding: data, as: UTF8.self)) { return (outline, .poly, poly) }
        }
        if let box = try bbox(Osmium.run("fileinfo", ["-j", extract.path], executable: osmium), key: "header") {
            return (box, .header, nil)
        }
        if let box = try bbox(Osmium.run("fileinfo", ["-e", "-j", extract.path], executable: osmium), key: "data") {
            return (box, .data, nil)
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
    /// hull of them all. Nil when the text is not such a file.
    static func parsePoly(_ text: String) -> RegionOutline? {
        var lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }[...]
        guard lines.popFirst() != nil else { return nil }
        var rings: [[[Double]]] = []
        while let header = lines.popFirst(), header != "END" {
            var ring: [[Double]] = []
            while let line = lines.popFirst(), line != "END" {
                let numbers = line.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
                guard numbers.count == 2, (-180...180).contains(numbers[0]), (-90...90).contains(numbers[1]) else { return nil }
                ring.append(numbers)
            }
            if ring.count > 1, ring.first == ring.last { ring.removeLast() }
            if !header.hasPrefix("!") { rings.append(ring) }
        }
        let points = rings.flatMap { $0 }
        guard !rings.isEmpty, rings.allSatisfy({ $0.count >= 3 }) else { return nil }
        if rings.count == 1, points.count <= maxCorners { return RegionOutline(corners: points) }
        let hull = convexHull(points)
        return hull.count >= 3 ? RegionOutline(corners: hull) : nil
    }

    /// Andrew's monotone chain, counter-clockwise.
    static func convexHull(_ points: [[Double]]) -> [[Double]] {
        let sorted = points.sorted { $0[0] != $1[0] ? $0[0] < $1[0] : $0[1] < $1[1] }
        func cross(_ o: [Double], _ a: [Double], _ b: [Double]) -> Double {
            (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
        }
        func chain(_ points: [[Double]]) -> [[Double]] {
            var chain: [[Double]] = []
            for point in points {
                while chain.count >= 2, cross(chain[chain.count - 2], chain[chain.count - 1], point) <= 0 { chain.removeLast() }
                chain.append(point)
            }
            return chain.dropLast()
        }
        return chain(sorted) + chain(sorted.reversed())
    }

    /// `[west, south, east, north]` from osmium's `fileinfo -j`: `header.boxes[0]` or `data.bbox`.
    private static func bbox(_ json: Data, key: String) throws -> RegionOutline? {
        guard let root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
              let section = root[key] as? [String: Any] else {
            throw RegionBuildError.failed("osmium fileinfo gave no \(key) section")
        }
        let numbers = ((key == "header" ? (section["boxes"] as? [Any])?.first : section["bbox"]) as? [NSNumber])?
            .map(\.doubleValue)
        guard let box = numbers, box.count == 4,
              (-180...180).contains(box[0]), (-90...90).contains(box[1]),
              (-180...180).contains(box[2]), (-90...90).contains(box[3]), box[0] < box[2], box[1] < box[3] else { return nil }
        return RegionOutline(west: box[0], south: box[1], east: box[2], north: box[3])
    }
}
