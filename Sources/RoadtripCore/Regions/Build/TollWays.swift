import Foundation

/// The tolled roads of a region's roads file, for its `TollFile`: osmium keeps the ways tagged `toll=yes` (with
/// their nodes) and exports them as lines with their nodes' positions, which are read here. A way that is not a
/// road (a tolled car park), or not a line of valid positions, is left out.
enum TollWays {
    /// A line of osmium's output longer than this is not one way's (2,000 nodes at most).
    static let maxLine = 1 << 20

    static func extract(from roads: URL, scratch: URL, osmium: String) throws -> [TollWay] {
        let tolled = scratch.appendingPathComponent(".tolls.osm.pbf"), lines = scratch.appendingPathComponent(".tolls.geojsonseq")
        defer {
            try? FileManager.default.removeItem(at: tolled)
            try? FileManager.default.removeItem(at: lines)
        }
        _ = try Osmium.run("tags-filter", [roads.path, "w/toll=yes", "-o", tolled.path], executable: osmium)
        // Lines only: a closed way is otherwise exported a second time, as an area.
        _ = try Osmium.run("export", [tolled.path, "-f", "geojsonseq", "--geometry-types=linestring", "-o", lines.path],
                           executable: osmium)
        var ways: [TollWay] = []
        var reader = LineReader(maxLine: maxLine)
        try reader.forEachLine(in: lines) { line in
            if let way = way(line.first == 0x1E ? line.dropFirst() : line) { ways.append(way) }
        }
        return ways
    }

    /// One exported feature as a tolled road; nil when it is not one.
    static func way(_ line: Data) -> TollWay? {
        guard let feature = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
              let properties = feature["properties"] as? [String: Any],
              properties["highway"] is String, properties["toll"] as? String == "yes",
              let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "LineString",
              let positions = geometry["coordinates"] as? [[Any]] else { return nil }
        var points: [TollWay.Point] = []
        for position in positions {
            guard position.count >= 2, let longitude = (position[0] as? NSNumber)?.doubleValue,
                  let latitude = (position[1] as? NSNumber)?.doubleValue,
                  let point = TollWay.Point(degrees: latitude, longitude) else { return nil }
            points.append(point)
        }
        return TollWay(points: points, charge: (properties["charge"] as? String).flatMap(TollCharge.init(tag:)))
    }
}
