import Foundation
import RoadtripCore

/// Two invented neighbouring extracts, cut as Geofabrik cuts a planet (shared ids, the ways that reach the
/// border whole in both), for the tests of regions built from several extracts. The border runs along 10.5° E;
/// a road leaves Westby (west) east to the border, follows it north for 0.2° (the border road, in both
/// extracts), and goes on east to Eastby (east): about 55 km, where the straight line is about 40 km. Each
/// extract has its Geofabrik-style polygon file beside it (`west.poly`, `east.poly`), which meet at the border.
/// No real data: nothing to attribute.
public enum BorderExtracts {
    public static let westby = FjordExtract.Feature(name: "Westby", latitude: 60.0, longitude: 10.2)
    public static let eastby = FjordExtract.Feature(name: "Eastby", latitude: 60.2, longitude: 10.8)
    public static let borderLongitude = 10.5

    /// The road's corners: Westby, the border crossing, north along the border, Eastby.
    static let corners = [(westby.latitude, westby.longitude), (60.0, borderLongitude), (60.2, borderLongitude),
                          (eastby.latitude, eastby.longitude)]

    /// The road from Westby to Eastby, km: its three straight stretches.
    public static var roadKm: Double {
        zip(corners, corners.dropFirst()).reduce(0) { $0 + GreatCircle.distanceKm(lat1: $1.0.0, lon1: $1.0.1, lat2: $1.1.0, lon2: $1.1.1) }
    }

    /// Writes `west.osm.pbf`, `west.poly`, `east.osm.pbf` and `east.poly` into `folder`.
    public static func write(into folder: URL) throws -> (west: URL, east: URL) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A node every 0.01° (about 1 km) along each stretch; a stretch's last node is the next one's first.
        var nodes: [(id: Int, latitude: Double, longitude: Double)] = []
        func stretch(_ from: (Double, Double), _ to: (Double, Double)) -> [Int] {
            let steps = Int((max(abs(to.0 - from.0), abs(to.1 - from.1)) / 0.01).rounded())
            return (0...steps).map { step in
                let t = Double(step) / Double(steps)
                let point = (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
                if let known = nodes.first(where: { abs($0.latitude - point.0) < 1e-9 && abs($0.longitude - point.1) < 1e-9 }) {
                    return known.id
                }
                nodes.append((nodes.count + 1, point.0, point.1))
                return nodes.count
            }
        }
        let westRoad = stretch(corners[0], corners[1]), borderRoad = stretch(corners[1], corners[2])
        let eastRoad = stretch(corners[2], corners[3])
        let places = [(westby, "n\(nodes.count + 1) v1 x\(westby.longitude - 0.001) y\(westby.latitude + 0.001) Tplace=village,name=Westby"),
                      (eastby, "n\(nodes.count + 2) v1 x\(eastby.longitude + 0.001) y\(eastby.latitude + 0.001) Tplace=village,name=Eastby")]
        let ways = [(1, westRoad, "Westroad"), (2, borderRoad, "Borderroad"), (3, eastRoad, "Eastroad")].map { id, refs, name in
            (refs: refs, line: "w\(id) v1 Thighway=primary,maxspeed=80,name=\(name) N" + refs.map { "n\($0)" }.joined(separator: ","))
        }
        var files: [URL] = []
        for (side, wayIndexes, place, west, east) in [("west", [0, 1], places[0].1, 10.0, borderLongitude),
                                                      ("east", [1, 2], places[1].1, borderLongitude, 11.0)] {
            let used = Set(wayIndexes.flatMap { ways[$0].refs })
            // Sorted by type, then id: what osmium merge expects of its inputs.
            let lines = nodes.filter { used.contains($0.id) }.map { "n\($0.id) v1 x\($0.longitude) y\($0.latitude)" }
                + [place] + wayIndexes.map { ways[$0].line }
            let opl = folder.appendingPathComponent("\(side).opl")
            try lines.joined(separator: "\n").appending("\n").write(to: opl, atomically: true, encoding: .utf8)
            let pbf = folder.appendingPathComponent("\(side).osm.pbf")
            _ = try RoutingTools.run(try FjordExtract.osmium(), ["cat", opl.path, "-o", pbf.path, "--overwrite"])
            try? FileManager.default.removeItem(at: opl)
            let ring = [(west, 59.9), (east, 59.9), (east, 60.3), (west, 60.3), (west, 59.9)]
            let poly = "\(side)\n1\n" + ring.map { "   \($0.0)   \($0.1)" }.joined(separator: "\n") + "\nEND\nEND\n"
            try poly.write(to: folder.appendingPathComponent("\(side).poly"), atomically: true, encoding: .utf8)
            files.append(pbf)
        }
        return (files[0], files[1])
    }
}
