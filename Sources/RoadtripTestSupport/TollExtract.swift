import Foundation
import RoadtripCore

/// A small invented OpenStreetMap extract with tolled roads (OSM XML, converted to PBF by osmium), for the region
/// build and router `auto`: four villages in a row west to east, then north,
///
///     Vest ── priced toll road (`toll=yes`, `charge=12 EUR`) ── Midt ── toll road, no charge ── Aust
///                                                                                                │ free road
///                                                                                               Nord
///
/// each toll road joined to its villages by short free roads. The toll roads zigzag (planetsplitter keeps their
/// nodes) except for a straight stretch of the priced one, whose middle nodes it drops, and the unpriced one's east
/// end, which runs straight on into the free road (`unpricedRoad`). Positions carry all seven decimals OpenStreetMap
/// has. No real data: nothing to attribute.
public enum TollExtract {
    public static let vest = try! Coordinate(latitude: 61.0, longitude: 7.0)
    public static let midt = try! Coordinate(latitude: 61.0, longitude: 7.32)
    public static let aust = try! Coordinate(latitude: 61.0, longitude: 7.62)
    public static let nord = try! Coordinate(latitude: 61.15, longitude: 7.62)

    /// The priced toll road's nodes, west to east: a zigzag, five in a straight line, a zigzag.
    public static let pricedRoad: [(Double, Double)] = zigzag(from: 7.02, through: 7.14)
        + (0...4).map { (step: Int) -> (Double, Double) in (61.0012345, 7.16 + 0.02 * Double(step)) }
        + zigzag(from: 7.26, through: 7.30)
    /// The unpriced toll road's, west to east: a zigzag, then straight on along 61° into the free road to Aust. It is
    /// two ways, split in the straight stretch (as a motorway is at each bridge): planetsplitter drops the node where
    /// they meet and the one where the toll ends, so no point of a leg's answer lies there.
    public static let unpricedRoad: [(Double, Double)] = zigzag(from: 7.34, through: 7.46)
        + (0...6).map { (step: Int) -> (Double, Double) in (61.0, 7.48 + 0.02 * Double(step)) }
    /// Its two ways share the node at 7.54° E.
    public static let unpricedWest = Array(unpricedRoad[...10]), unpricedEast = Array(unpricedRoad[10...])
    /// Where the two ways meet, and where the toll ends.
    public static let unpricedJoints = [unpricedRoad[10], unpricedRoad.last!]
    /// The priced road's nodes that planetsplitter drops: the straight stretch's middle three.
    public static let straightMiddle = Array(pricedRoad[8...10])

    public static var pricedKm: Double { km(pricedRoad) }
    public static var unpricedKm: Double { km(unpricedRoad) }

    /// A node every 0.02° of longitude from `west` to `east`, alternately north and south of 61° by a few hundred
    /// metres (uneven, to the seventh decimal).
    private static func zigzag(from west: Double, through east: Double) -> [(Double, Double)] {
        let steps = Int(((east - west) / 0.02).rounded())
        return (0...steps).map { (step: Int) -> (Double, Double) in
            let latitude: Double = step % 2 == 0 ? 61.0031234 : 60.9972341
            return (latitude, west + 0.02 * Double(step))
        }
    }

    /// The length of the line through `nodes` (latitude, longitude), km.
    public static func km(_ nodes: [(Double, Double)]) -> Double {
        zip(nodes, nodes.dropFirst()).reduce(0) {
            $0 + GreatCircle.distanceKm(lat1: $1.0.0, lon1: $1.0.1, lat2: $1.1.0, lon2: $1.1.1)
        }
    }

    /// Writes `tolls.osm` and `tolls.osm.pbf` into `folder` and returns the PBF.
    public static func write(into folder: URL) throws -> URL {
        try RoutingTools.pbf(osmXML: osmXML(), named: "tolls", in: folder)
    }

    public static func osmXML() -> String {
        var nodes: [String] = [], ways: [String] = []
        var ids: [String: Int] = [:]
        /// A node's id, the same for the same position: roads meet where they share one.
        func node(_ position: (Double, Double), _ tags: [(String, String)] = []) -> Int {
            let lat = String(format: "%.7f", position.0), lon = String(format: "%.7f", position.1)
            if let id = ids["\(lat) \(lon)"] { return id }
            let id = ids.count + 1
            ids["\(lat) \(lon)"] = id
            nodes.append("  <node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\">"
                         + tags.map { "<tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined() + "</node>")
            return id
        }
        func way(_ positions: [(Double, Double)], _ tags: [(String, String)]) {
            let refs = positions.map { "<nd ref=\"\(node($0))\"/>" }.joined()
            ways.append("  <way id=\"\(ways.count + 1)\" version=\"1\">\(refs)"
                        + tags.map { "<tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined() + "</way>")
        }
        for (stop, name) in [(vest, "Vest"), (midt, "Midt"), (aust, "Aust"), (nord, "Nord")] {
            _ = node((stop.latitude, stop.longitude), [("place", "village"), ("name", name)])
        }
        // Two corners beyond the villages: the region's outline is the box round its data, and stops on its edge fall
        // outside it.
        _ = node((60.9, 6.9))
        _ = node((61.25, 7.72))
        let free = [("highway", "secondary")], toll = [("highway", "trunk"), ("toll", "yes")]
        let (v, m, a, n) = ((vest.latitude, vest.longitude), (midt.latitude, midt.longitude),
                            (aust.latitude, aust.longitude), (nord.latitude, nord.longitude))
        way([v, (61.004, 7.01), pricedRoad.first!], free)
        way(pricedRoad, toll + [("charge", "12 EUR"), ("name", "Bomvegen")])
        way([pricedRoad.last!, (60.997, 7.31), m, (61.005, 7.33), unpricedRoad.first!], free)
        way(unpricedWest, toll + [("name", "Fjellvegen")])
        way(unpricedEast, toll + [("name", "Fjellvegen")])
        way([unpricedRoad.last!, (61.0, 7.61), a], [("highway", "trunk"), ("name", "Fjellvegen")])
        way([a, (61.05, 7.63), (61.1, 7.61), n], free)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="roadtrip tests">
            \(nodes.joined(separator: "\n"))
            \(ways.joined(separator: "\n"))
            </osm>

            """
    }
}
