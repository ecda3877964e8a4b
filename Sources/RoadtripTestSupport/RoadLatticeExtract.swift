import Foundation
import RoadtripCore

/// An invented road network of any size, for the long-leg tests and `make bench`: primary roads on a square
/// lattice every 10 km, a trunk road along every tenth line (offset by 5 km, crossing the primaries), and a block
/// of 5 × 5 residential streets 200 m apart at every other junction. Nodes every 200 m, moved by up to 15 m so
/// that planetsplitter keeps them as a real road's bends; no one-way road. The south-west corner is at 48° N 2° E.
/// No real data: nothing to attribute.
public enum RoadLatticeExtract {
    public static let south = 48.0, west = 2.0
    /// Lattice steps of 200 m.
    static let step = 0.2, primaryEvery = 50, trunkEvery = 500, trunkOffset = 25, block = 5

    /// Writes `lattice.osm.pbf` of `widthKm` × `heightKm` into `folder` (through OPL and `osmium cat`).
    public static func write(into folder: URL, widthKm: Int, heightKm: Int) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let columns = Int(Double(widthKm) / step), rows = Int(Double(heightKm) / step)
        let metresPerLongitude = 111_320 * cos((south + Double(heightKm) / 2 / 111.32) * .pi / 180)
        var used = Set<Int>(), ways: [String] = []
        func id(_ row: Int, _ column: Int) -> Int { row * (columns + 1) + column + 1 }
        func way(_ tags: String, _ points: [(Int, Int)]) {
            // Ways of at most 200 nodes, as real ones are cut.
            for start in stride(from: 0, to: points.count - 1, by: 199) {
                let part = points[start...min(start + 199, points.count - 1)]
                part.forEach { used.insert(id($0.0, $0.1)) }
                ways.append("w\(ways.count + 1) v1 T\(tags) N" + part.map { "n\(id($0.0, $0.1))" }.joined(separator: ","))
            }
        }
        for row in stride(from: 0, through: rows, by: primaryEvery) { way("highway=primary", (0...columns).map { (row, $0) }) }
        for column in stride(from: 0, through: columns, by: primaryEvery) { way("highway=primary", (0...rows).map { ($0, column) }) }
        for row in stride(from: trunkOffset, through: rows, by: trunkEvery) { way("highway=trunk", (0...columns).map { (row, $0) }) }
        for column in stride(from: trunkOffset, through: columns, by: trunkEvery) { way("highway=trunk", (0...rows).map { ($0, column) }) }
        for row in stride(from: 0, to: rows, by: primaryEvery) {
            for column in stride(from: 0, to: columns, by: primaryEvery) where (row + column) / primaryEvery % 2 == 0 {
                for street in 1...block {
                    way("highway=residential", (0...block).map { (row + street, column + $0) })
                    way("highway=residential", (0...block).map { (row + $0, column + street) })
                }
            }
        }
        var lines: [String] = []
        lines.reserveCapacity(used.count + ways.count)
        for node in used.sorted() {
            let row = (node - 1) / (columns + 1), column = (node - 1) % (columns + 1)
            // A fixed wobble per node: the same on every run.
            var hash = UInt64(node) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            let dx = Double(hash & 0xFFFF) / 65535 * 30 - 15, dy = Double(hash >> 16 & 0xFFFF) / 65535 * 30 - 15
            let longitude = west + (Double(column) * step * 1000 + dx) / metresPerLongitude
            let latitude = south + (Double(row) * step * 1000 + dy) / 111_320
            lines.append("n\(node) v1 x\(String(format: "%.7f", longitude)) y\(String(format: "%.7f", latitude))")
        }
        let opl = folder.appendingPathComponent("lattice.opl")
        try (lines + ways).joined(separator: "\n").appending("\n").write(to: opl, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: opl) }
        let pbf = folder.appendingPathComponent("lattice.osm.pbf")
        _ = try RoutingTools.run(try FjordExtract.osmium(), ["cat", opl.path, "-o", pbf.path, "--overwrite"], timeout: 600)
        return pbf
    }

    /// The point `eastKm` east and `northKm` north of the south-west corner, on no road in particular.
    public static func point(eastKm: Double, northKm: Double, heightKm: Int) -> Coordinate {
        let metresPerLongitude = 111_320 * cos((south + Double(heightKm) / 2 / 111.32) * .pi / 180)
        return try! Coordinate(latitude: south + northKm * 1000 / 111_320, longitude: west + eastKm * 1000 / metresPerLongitude)
    }
}
