import Foundation

/// An invented extract that takes planetsplitter seconds (about 9 s on the build machine) though its PBF is
/// 38 kB: 600 parallel residential streets of 1,500 nodes each, 900,000 nodes on a regular grid west of
/// Bergen. For the tests of stopping a build while its child is at work. No real data: nothing to attribute.
public enum GridExtract {
    public static func write(into folder: URL, streets: Int = 600, nodesPerStreet: Int = 1_500) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var nodes: [String] = [], ways: [String] = []
        nodes.reserveCapacity(streets * nodesPerStreet)
        var next = 1
        for street in 0..<streets {
            var refs: [String] = []
            for step in 0..<nodesPerStreet {
                let longitude = 5 + Double(step) * 0.0005, latitude = 60 + Double(street) * 0.001
                nodes.append("n\(next) v1 x\(longitude) y\(latitude)")
                refs.append("n\(next)")
                next += 1
            }
            ways.append("w\(street + 1) v1 Thighway=residential N" + refs.joined(separator: ","))
        }
        // OPL, osmium's line format: one object a line.
        let opl = folder.appendingPathComponent("grid.opl")
        try (nodes + ways).joined(separator: "\n").appending("\n").write(to: opl, atomically: true, encoding: .utf8)
        let pbf = folder.appendingPathComponent("grid.osm.pbf")
        _ = try RoutingTools.run(try FjordExtract.osmium(), ["cat", opl.path, "-o", pbf.path, "--overwrite"])
        try? FileManager.default.removeItem(at: opl)
        return pbf
    }
}
