import Foundation
import RoadtripCore

/// A tiny invented extract on both sides of the antimeridian, as Alaska's is: a road on an Aleutian island at
/// 179.5° E and a road in Anchorage at 149.9° W. No real data: nothing to attribute.
public enum DatelineExtract {
    public static let aleutian = try! Coordinate(latitude: 52.05, longitude: 179.55)
    public static let anchorage = try! Coordinate(latitude: 61.25, longitude: -149.85)

    /// Writes `NAME.osm.pbf` into `folder`. With `header`, the file's header holds Alaska's box as osmium
    /// writes a box across ±180° (west and east swapped: −130…172); without, it has none.
    public static func write(into folder: URL, name: String = "dateline", header: Bool) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xml = folder.appendingPathComponent("\(name).osm")
        let bounds = header ? "<bounds minlat=\"51\" minlon=\"172\" maxlat=\"72\" maxlon=\"-130\"/>" : ""
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="roadtrip tests">
            \(bounds)
              <node id="1" version="1" lat="52.0" lon="179.5"/>
              <node id="2" version="1" lat="52.1" lon="179.6"/>
              <node id="3" version="1" lat="61.2" lon="-149.9"/>
              <node id="4" version="1" lat="61.3" lon="-149.8"/>
              <way id="1" version="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="primary"/></way>
              <way id="2" version="1"><nd ref="3"/><nd ref="4"/><tag k="highway" v="primary"/></way>
            </osm>

            """.write(to: xml, atomically: true, encoding: .utf8)
        let pbf = folder.appendingPathComponent("\(name).osm.pbf")
        _ = try RoutingTools.run(try FjordExtract.osmium(), ["cat", xml.path, "-o", pbf.path, "--overwrite"])
        return pbf
    }
}
