import Foundation
import RoadtripCore

/// An invented OpenStreetMap extract for electric trips (OSM XML, converted to PBF by osmium): a 1,250 km trunk road
/// east along 50° N from 3.6° E (a node every kilometre, zigzagging 22 m either side), the towns Alder, Birchby, Cedarholm and Dunmore on it at
/// 0, 400, 800 and 1,200 km, and charging stations along it of several powers and sockets, tagged as mappers do
/// (`socket:type2_combo=2`, `socket:type2_combo:output=150 kW`, `22kW`, `50`, `350000 W`):
///
/// - CCS (`type2_combo`) at 50, 150 and 300 kW, Type 2 AC at 22 kW, a hotel at Cedarholm with Type 2 at 11 kW;
/// - CHAdeMO only (no use to a CCS car) at 170, 620 and 980 km; a private 350 kW CCS depot at 200 km
///   (`access=private`); a bicycle charger at 50 km (`motorcar=no`: no charger for a car);
/// - Juniper Hub, 300 kW CCS at the end of a 2.5 km side road north from 300 km, so its detour is real;
/// - a station by each town, within a kilometre of it, for the nights;
/// - a street through each town and a drive to each station from the road.
///
/// A 60 kWh car using 18 kWh/100 km needs 72 kWh for a 400 km day, more than its battery holds, so each day charges
/// at least once, and the CHAdeMO and private stations alone would not get it there. For a car with Type 2 and CCS
/// the widest gap between stations it may use is 150 km (Pine Services to Rowan Fast), 160.5 km when it will not
/// drive to Juniper Hub; its first DC charger is Elm Services, 110 km from Alder. No real data: nothing to attribute.
public enum ChargeExtract {
    public static let latitude = 50.0
    public static let west = 3.6
    /// Degrees of longitude per kilometre along 50° N.
    public static let degreesPerKm = 1 / (GreatCircle.meanRadiusKm * .pi / 180 * cos(latitude * .pi / 180))
    public static let roadKm = 1_250

    public struct Town: Sendable {
        public let osmID: String
        public let name: String
        /// Where along the road, km from its west end.
        public let km: Double
        public let latitude: Double
        public let longitude: Double
        public var coordinate: Coordinate { try! Coordinate(latitude: latitude, longitude: longitude) }
    }

    public struct Station: Sendable {
        /// The charger the build should read from the tags (its name cleaned, its sockets parsed).
        public let charger: Charger
        /// Where along the road, km; and how far off it by side road (0: beside it).
        public let km: Double
        public let offRoadKm: Double
        let tags: [(String, String)]
        /// Mapped as a small square area (a way) rather than a node.
        let isArea: Bool
        public var osmID: String { charger.osmID }
        public var coordinate: Coordinate { try! Coordinate(latitude: charger.latitude, longitude: charger.longitude) }
    }

    /// A point beside the road `km` from its west end, `north` degrees north of it, to 1e-7° as the extract holds it.
    public static func position(km: Double, north: Double = 0) -> (latitude: Double, longitude: Double) {
        (exact(latitude + north), exact(west + km * degreesPerKm))
    }

    private static func exact(_ degrees: Double) -> Double { (degrees * 1e7).rounded() / 1e7 }

    public static let alder = town(1, "Alder", km: 0)
    public static let birchby = town(2, "Birchby", km: 400)
    public static let cedarholm = town(3, "Cedarholm", km: 800)
    public static let dunmore = town(4, "Dunmore", km: 1_200)
    public static let towns = [alder, birchby, cedarholm, dunmore]

    private static func town(_ number: Int, _ name: String, km: Double) -> Town {
        let at = position(km: km, north: 0.001)
        return Town(osmID: "n\(900_000 + number)", name: name, km: km, latitude: at.latitude, longitude: at.longitude)
    }

    public static let alderSquare = station(1, "Alder Square", km: 0.6,
                                            [(.type2, "2", "22 kW", 22)])
    public static let bikeDock = station(2, "Bike Dock", km: 50, [(.schuko, "2", "3.7 kW", 3.7)],
                                         extra: [("bicycle", "yes"), ("motorcar", "no")])
    public static let elmServices = station(3, "Elm Services", km: 110,
                                            [(.type2, "1", "22kW", 22), (.type2Combo, "2", "50 kW", 50)])
    public static let firRest = station(4, "Fir Rest", km: 170, [(.chademo, "2", "50", 50)])
    public static let gorseDepot = station(5, "Gorse Depot", km: 200, [(.type2Combo, "4", "350000 W", 350)],
                                           extra: [("access", "private")])
    public static let hazelFast = station(6, "Hazel Fast", km: 240, [(.type2Combo, "4", "150 kW", 150)])
    public static let juniperHub = station(7, "Juniper Hub", km: 300, offRoadKm: 2.5,
                                           [(.type2Combo, "6", "300 kW", 300)])
    public static let birchbyMarket = station(8, "Birchby Market", km: 400.5,
                                              [(.type2, "2", "22 kW", 22), (.type2Combo, "2", "50 kW", 50)])
    public static let larchLayby = station(9, "Larch Lay-by", km: 500, [(.type2, "yes", "11 kW;22 kW", 22)])
    public static let mapleServices = station(10, "Maple Services", km: 560, [(.type2Combo, "2", "150 kW", 150)],
                                              area: true)
    public static let nettleStop = station(11, "Nettle Stop", km: 620, [(.chademo, "1", "50 kW", 50)])
    /// Named with an emoji, and a CHAdeMO socket beside its CCS ones.
    public static let oakPlaza = station(12, "⚡ Oak Plaza", km: 700,
                                         [(.type2Combo, "2", "300 kW", 300), (.chademo, "1", "50 kW", 50)])
    /// A hotel, not a charging station: its sockets make it one.
    public static let cedarholmHotel = station(13, "Cedarholm Hotel", km: 800.4, [(.type2, "2", "11 kW", 11)],
                                               extra: [("tourism", "hotel")], amenity: false)
    public static let pineServices = station(14, "Pine Services", km: 900, [(.type2Combo, "1", "50 kW", 50)])
    public static let quinceStop = station(15, "Quince Stop", km: 980, [(.chademo, "2", "100 kW", 100)])
    public static let rowanFast = station(16, "Rowan Fast", km: 1_050, [(.type2Combo, "4", "150 kW", 150)])
    /// Tagged with a tab in its name, which the build turns into a space.
    public static let sorrelRest = station(17, "Sorrel\tRest", km: 1_120, [(.type2Combo, "1", "50", 50)])
    public static let dunmoreStation = station(18, "Dunmore Station", km: 1_200.5,
                                               [(.type2, "2", "22 kW", 22), (.type2Combo, "2", "150 kW", 150)])

    public static let stations = [alderSquare, bikeDock, elmServices, firRest, gorseDepot, hazelFast, juniperHub,
                                  birchbyMarket, larchLayby, mapleServices, nettleStop, oakPlaza, cedarholmHotel,
                                  pineServices, quinceStop, rowanFast, sorrelRest, dunmoreStation]
    /// What a region built from it holds: every station but the bicycle one.
    public static var chargers: [Charger] { stations.filter { $0.osmID != bikeDock.osmID }.map(\.charger) }

    /// A station: its tags from `sockets` (kind, count as tagged, output as tagged, kW as it should read), 40 m north
    /// of the road (or at the end of its side road).
    private static func station(_ number: Int, _ name: String, km: Double, offRoadKm: Double = 0,
                                _ sockets: [(SocketKind, String, String, Double)], extra: [(String, String)] = [],
                                amenity: Bool = true, area: Bool = false) -> Station {
        var tags = (amenity ? [("amenity", "charging_station")] : []) + [("name", name)] + extra
        for (kind, count, output, _) in sockets {
            tags += [("socket:\(kind.rawValue)", count), ("socket:\(kind.rawValue):output", output)]
        }
        let at = position(km: km, north: offRoadKm > 0 ? offRoadKm * sideDegreesPerKm : 0.00036)
        let charger = Charger(
            osmID: area ? "w\(800_000 + number)" : "n\(800_000 + number)", latitude: at.latitude, longitude: at.longitude,
            name: name.replacingOccurrences(of: "\t", with: " "),
            sockets: sockets.sorted { SocketKind.allCases.firstIndex(of: $0.0)! < SocketKind.allCases.firstIndex(of: $1.0)! }
                .map { Charger.Socket(kind: $0.0, count: $0.1 == "yes" ? 1 : Int($0.1)!, kw: $0.3) },
            isPrivate: extra.contains { $0 == ("access", "private") })
        return Station(charger: charger, km: km, offRoadKm: offRoadKm, tags: tags, isArea: area)
    }

    /// Degrees of latitude per km (the side road runs north).
    static let sideDegreesPerKm = 1 / (GreatCircle.meanRadiusKm * .pi / 180)

    /// Writes `charge.osm` and `charge.osm.pbf` into `folder` and returns the PBF.
    public static func write(into folder: URL) throws -> URL {
        try RoutingTools.pbf(osmXML: osmXML(), named: "charge", in: folder)
    }

    public static func osmXML() -> String {
        // osmium wants nodes, then ways, each in the order of their ids.
        var nodes: [(Int, String)] = [], ways: [(Int, String)] = []
        func tagged(_ tags: [(String, String)]) -> String {
            tags.map { "<tag k=\"\(escaped($0.0))\" v=\"\(escaped($0.1))\"/>" }.joined()
        }
        func node(_ id: Int, _ at: (latitude: Double, longitude: Double), _ tags: [(String, String)] = []) {
            nodes.append((id, String(format: "  <node id=\"%d\" version=\"1\" lat=\"%.7f\" lon=\"%.7f\">", id,
                                     at.latitude, at.longitude) + tagged(tags) + "</node>"))
        }
        func way(_ id: Int, _ refs: [Int], _ tags: [(String, String)]) {
            ways.append((id, "  <way id=\"\(id)\" version=\"1\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                               + tagged(tags) + "</way>"))
        }
        // The road: node k at k km, in ways of 250 km (a way holds at most 2,000 nodes), 22 m north and south of
        // 50° in turn: planetsplitter drops the nodes of a straight line, and Routino finds no road near a stop far
        // from every node.
        for km in 0...roadKm { node(km + 1, position(km: Double(km), north: km % 2 == 0 ? 0.0002 : -0.0002)) }
        // Two corners beyond the data: the region's outline is the box round it, and a stop on its edge is outside.
        node(5_001, (49.9, west - 0.1))
        node(5_002, (50.1, west + Double(roadKm) * degreesPerKm + 0.1))
        for town in towns {
            node(Int(town.osmID.dropFirst())!, (town.latitude, town.longitude),
                 [("place", "town"), ("name", town.name), ("population", "5000")])
        }
        var nextNode = 10_001, nextWay = 100
        // A street from the road through each town, and a drive to each station: Routino joins a road's segments
        // between junctions into one, and finds no route across a junction 300 km from the next.
        for town in towns {
            let road = Int(town.km) + 1
            node(nextNode, position(km: town.km, north: 0.002))
            way(nextWay, [road, Int(town.osmID.dropFirst())!, nextNode], [("highway", "residential"), ("name", "Main Street")])
            (nextNode, nextWay) = (nextNode + 1, nextWay + 1)
        }
        for station in stations {
            let id = Int(station.osmID.dropFirst())!
            if station.offRoadKm == 0 {
                node(nextNode, position(km: station.km.rounded(), north: 0.0003))
                way(nextWay, [Int(station.km.rounded()) + 1, nextNode], [("highway", "service")])
                (nextNode, nextWay) = (nextNode + 1, nextWay + 1)
            } else {
                // A side road from the road's node north to the station, a node every half kilometre.
                let steps = Int((station.offRoadKm * 2).rounded())
                var refs = [Int(station.km.rounded()) + 1]
                for step in 1...steps {
                    node(nextNode, position(km: station.km, north: Double(step) * 0.5 * sideDegreesPerKm))
                    refs.append(nextNode)
                    nextNode += 1
                }
                way(nextWay, refs, [("highway", "secondary"), ("name", "Hub Road")])
                nextWay += 1
            }
            let at = (station.charger.latitude, station.charger.longitude)
            guard station.isArea else {
                node(id, at, station.tags)
                continue
            }
            let corners = [(-1.0, -1.0), (-1, 1), (1, 1), (1, -1)].map { (at.0 + $0.0 * 0.0003, at.1 + $0.1 * 0.0005) }
            for corner in corners {
                node(nextNode, corner)
                nextNode += 1
            }
            way(id, Array(nextNode - 4..<nextNode) + [nextNode - 4], station.tags)
        }
        for part in 0..<(roadKm / 250) {
            way(part + 1, Array((part * 250 + 1)...(part * 250 + 251)), [("highway", "trunk"), ("name", "E50")])
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="roadtrip tests">
            \((nodes.sorted { $0.0 < $1.0 } + ways.sorted { $0.0 < $1.0 }).map(\.1).joined(separator: "\n"))
            </osm>

            """
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "\t", with: "&#9;")
    }
}
