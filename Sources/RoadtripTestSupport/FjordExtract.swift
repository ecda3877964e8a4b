import Foundation
import RoadtripCore

/// A small invented OpenStreetMap extract the region tests write themselves (OSM XML, converted to PBF by
/// Debian's osmium-tool), on the west coast of Norway so clocks and zones are real:
///
/// - a fjord whose only crossing is a ferry (`route=ferry`, 6 km) between Vestvik (village, 180 people,
///   `name:en` Westbay) and Austvik (hamlet, 45 people, `name:en` Eastbay), each with a ferry terminal;
///   a campsite beside Austvik;
/// - a 256 km road south from Vestvik to Sørby (town, 2,100 people, `name:en` Southtown) with fuel only at
///   its two ends, and on the way the village Midtre (300 people: a hotel, a charging station) and a viewpoint.
///
/// Every place is below the gazetteer's 500 people except Sørby. No real data: nothing to attribute.
public enum FjordExtract {
    public struct Feature {
        public let name: String
        public let latitude: Double
        public let longitude: Double
        public var coordinate: Coordinate { try! Coordinate(latitude: latitude, longitude: longitude) }
    }

    public static let vestvik = Feature(name: "Vestvik", latitude: 63.0, longitude: 5.0)
    public static let austvik = Feature(name: "Austvik", latitude: 63.0, longitude: 5.2)
    public static let midtre = Feature(name: "Midtre", latitude: 61.5, longitude: 5.0)
    public static let sorby = Feature(name: "Sørby", latitude: 60.7, longitude: 5.0)
    public static let westTerminal = Feature(name: "Vestvik ferjekai", latitude: 63.0, longitude: 5.04)
    public static let eastTerminal = Feature(name: "Austvik ferjekai", latitude: 63.0, longitude: 5.16)
    public static let campsite = Feature(name: "Austvik Camping", latitude: 63.002, longitude: 5.205)
    public static let vestvikFuel = Feature(name: "Vestvik Bensin", latitude: 63.001, longitude: 5.001)
    public static let sorbyFuel = Feature(name: "Sørby Drivstoff", latitude: 60.701, longitude: 5.001)
    public static let hotel = Feature(name: "Midtre Hotell", latitude: 61.5, longitude: 5.002)
    public static let charger = Feature(name: "Midtre Lading", latitude: 61.501, longitude: 5.001)
    public static let viewpoint = Feature(name: "Utsikten", latitude: 61.85, longitude: 5.003)

    /// The ferry's length in km along its way (straight, at 63° N).
    public static let ferryKm = GreatCircle.distanceKm(lat1: 63, lon1: 5.04, lat2: 63, lon2: 5.16)
    /// The road from Vestvik to Sørby, km (straight south).
    public static let southRoadKm = GreatCircle.distanceKm(lat1: 63, lon1: 5, lat2: 60.7, lon2: 5)

    /// Writes `fjord.osm` and `fjord.osm.pbf` into `folder` and returns the PBF.
    public static func write(into folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xml = folder.appendingPathComponent("fjord.osm")
        try osmXML().write(to: xml, atomically: true, encoding: .utf8)
        let pbf = folder.appendingPathComponent("fjord.osm.pbf")
        _ = try RoutingTools.run(try osmium(), ["cat", xml.path, "-o", pbf.path, "--overwrite"])
        return pbf
    }

    /// Debian's osmium (package osmium-tool), which `make test-deps` installs.
    public static func osmium() throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(folder)/osmium") {
            return "\(folder)/osmium"
        }
        throw RoutingTools.Missing(description: "osmium not found in PATH: run `make test-deps` (it installs Debian's osmium-tool)")
    }

    /// The extract as OSM XML.
    public static func osmXML() -> String {
        var nodes: [String] = []
        var ways: [String] = []
        var nextNode = 1
        func node(_ lat: Double, _ lon: Double, _ tags: [(String, String)] = []) -> Int {
            defer { nextNode += 1 }
            let attributes = "id=\"\(nextNode)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\""
            nodes.append(tags.isEmpty ? "  <node \(attributes)/>"
                         : "  <node \(attributes)>\n\(tagLines(tags))\n  </node>")
            return nextNode
        }
        func way(_ id: Int, _ refs: [Int], _ tags: [(String, String)]) {
            ways.append("  <way id=\"\(id)\" version=\"1\">\n"
                        + refs.map { "    <nd ref=\"\($0)\"/>" }.joined(separator: "\n") + "\n\(tagLines(tags))\n  </way>")
        }
        func line(from a: (Double, Double), to b: (Double, Double), steps: Int) -> [Int] {
            (0...steps).map { i in
                let t = Double(i) / Double(steps)
                return node(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
            }
        }
        let road: [(String, String)] = [("highway", "primary"), ("maxspeed", "80")]
        // West shore: Vestvik to its ferry terminal; the ferry; east shore to Austvik.
        let west = line(from: (63.0, 5.0), to: (63.0, 5.04), steps: 4)
        way(1, west, road + [("name", "Fjordvegen")])
        let ferry = [west.last!] + line(from: (63.0, 5.06), to: (63.0, 5.14), steps: 2) + [node(63.0, 5.16)]
        let east = [ferry.last!] + line(from: (63.0, 5.17), to: (63.0, 5.2), steps: 3)
        way(2, ferry, [("route", "ferry"), ("motor_vehicle", "yes"), ("name", "Vestvik–Austvik")])
        way(3, east, road + [("name", "Fjordvegen")])
        // The road south, a node every 0.02° (about 2.2 km), sharing Vestvik's node.
        let south = [west.first!] + line(from: (62.98, 5.0), to: (60.7, 5.0), steps: 114)
        way(4, south, road + [("name", "Kystvegen"), ("ref", "Fv 1")])

        _ = node(vestvik.latitude + 0.0005, vestvik.longitude - 0.001,
                 [("place", "village"), ("name", "Vestvik"), ("name:en", "Westbay"), ("population", "180")])
        _ = node(austvik.latitude + 0.0005, austvik.longitude + 0.001,
                 [("place", "hamlet"), ("name", "Austvik"), ("name:en", "Eastbay"), ("population", "45")])
        _ = node(midtre.latitude, midtre.longitude - 0.002,
                 [("place", "village"), ("name", "Midtre"), ("population", "300"), ("old_name", "Mitre")])
        _ = node(sorby.latitude - 0.001, sorby.longitude - 0.002,
                 [("place", "town"), ("name", "Sørby"), ("name:en", "Southtown"), ("population", "2100")])
        for (feature, tags) in [
            (westTerminal, [("amenity", "ferry_terminal")]), (eastTerminal, [("amenity", "ferry_terminal")]),
            (campsite, [("tourism", "camp_site")]), (vestvikFuel, [("amenity", "fuel")]),
            (sorbyFuel, [("amenity", "fuel")]), (hotel, [("tourism", "hotel")]),
            (charger, [("amenity", "charging_station")]), (viewpoint, [("tourism", "viewpoint")]),
        ] {
            _ = node(feature.latitude + 0.0003, feature.longitude + 0.0003, tags + [("name", feature.name)])
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="roadtrip tests">
            \(nodes.joined(separator: "\n"))
            \(ways.joined(separator: "\n"))
            </osm>

            """
    }

    private static func tagLines(_ tags: [(String, String)]) -> String {
        tags.map { "    <tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined(separator: "\n")
    }
}
