import Foundation
import RoadtripCore

/// An invented road network for the vehicle-profile and avoid tests (OSM XML the test writes, made a PBF by
/// osmium): one primary road 580 km straight south through central France (2.5° E, 49.4° N to 44.2° N), and on
/// it five places where the quickest way takes something a traveller may avoid, each with a paved secondary road
/// round it to the east, from a kilometre before it to a kilometre after:
///
/// - `motorway`: 40 km of motorway (round: 62 km);
/// - `ferry`: a 2 km ferry (`route=ferry`; round: 204 km, as Routino counts a ferry's time five times over);
/// - `underpass`: 10 km of primary road with 300 m under a bridge of `maxheight=2.5` (round: 28 km);
/// - `toll`: 20 km of tolled primary road (`toll=yes`, `charge=12 EUR`; round: 52 km);
/// - `unpaved`: 10 km of gravel road (`highway=unclassified`, `surface=gravel`; round: 52 km).
///
/// Each case's stops (`from`, `to`) are on the main road either side. `towns` are a day's drive apart along it:
/// the first three places lie between the first two towns, the last two between the last two. Builds in well
/// under a second (Routino and OSRM). No real data: nothing to attribute.
public enum AvoidExtract {
    /// A place where the quickest way takes what may be avoided.
    public enum Case: String, CaseIterable, Sendable {
        case motorway, ferry, underpass, toll, unpaved

        /// Where the shortcut begins and ends on the main road: km north of the southern end.
        var span: (north: Double, south: Double) {
            switch self {
            case .motorway: return (560, 520)
            case .ferry: return (470, 468)
            case .underpass: return (400, 390)
            case .toll: return (250, 230)
            case .unpaved: return (150, 140)
            }
        }

        /// How far east the way round goes, km.
        var roundEastKm: Double {
            switch self {
            case .motorway: return 10
            case .ferry: return 100
            case .underpass: return 8
            case .toll: return 15
            case .unpaved: return 20
            }
        }

        /// The tags of the way that is avoided.
        var tags: [(String, String)] {
            switch self {
            case .motorway: return [("highway", "motorway"), ("oneway", "no"), ("name", "A 99")]
            case .ferry: return [("route", "ferry"), ("motor_vehicle", "yes"), ("name", "Bac du Lac")]
            case .underpass: return AvoidExtract.mainRoad + [("maxheight", "2.5")]
            case .toll: return AvoidExtract.mainRoad + [("toll", "yes"), ("charge", "\(Int(AvoidExtract.tollChargeEUR)) EUR")]
            case .unpaved: return [("highway", "unclassified"), ("surface", "gravel"), ("name", "Chemin Blanc")]
            }
        }

        /// The leg's stops, on the main road north and south of the shortcut.
        public var from: Coordinate { AvoidExtract.coordinate(eastKm: 0, northKm: span.north + approachKm) }
        public var to: Coordinate { AvoidExtract.coordinate(eastKm: 0, northKm: span.south - approachKm) }

        /// 3 km; the ferry's 30, so that its way round (five times the leg's straight line) is a plausible road
        /// between them (`RoutedLeg.implausibility`).
        var approachKm: Double { self == .ferry ? 30 : 3 }

        /// The tagged way's points, first to last (the underpass: only its 300 m under the bridge).
        public var shortcut: [Coordinate] {
            shortcutPoints.map { AvoidExtract.coordinate(eastKm: $0.0, northKm: $0.1) }
        }

        /// The way round's points, from the main road north of the shortcut to the main road south of it.
        public var wayRound: [Coordinate] {
            roundKm.map { AvoidExtract.coordinate(eastKm: $0.0, northKm: $0.1) }
        }

        /// The tagged way's length, km.
        public var shortcutKm: Double { shortcutPoints.first!.1 - shortcutPoints.last!.1 }

        var shortcutPoints: [(Double, Double)] {
            if self == .underpass {
                let middle = (span.north + span.south) / 2
                return [(0, middle + 0.15), (0, middle - 0.15)]
            }
            return [(0, span.north), (0, span.south)]
        }

        /// From a kilometre north of the shortcut to a kilometre south of it: were both ways between the same two
        /// junctions, planetsplitter would keep only one of them in its graph of long-distance segments.
        var roundKm: [(Double, Double)] {
            [(0, span.north + 1), (roundEastKm, span.north + 1), (roundEastKm, span.south - 1), (0, span.south - 1)]
        }
    }

    /// The toll road's charge (`charge=12 EUR`), euros.
    public static let tollChargeEUR = 12.0
    /// The main road's southern end; it runs north from here.
    public static let south = 44.2, longitude = 2.5
    /// Its length, km.
    public static let lengthKm = 580.0
    /// Three stops on the main road, north to south, about a day's drive apart (300 and 270 km by the main road).
    public static let towns = [580.0, 280, 10].map { coordinate(eastKm: 0, northKm: $0) }

    static let mainRoad = [("highway", "primary"), ("name", "Route Nationale")]
    static let roundRoad = [("highway", "secondary"), ("surface", "asphalt"), ("name", "Route du Détour")]
    /// Nodes at most this far apart along a way, km.
    static let nodeStepKm = 0.5

    /// The point `eastKm` east and `northKm` north of the main road's southern end, on a plane (a kilometre
    /// east is the same longitude step all the way: the shape only has to be the same on every run).
    public static func coordinate(eastKm: Double, northKm: Double) -> Coordinate {
        try! Coordinate(latitude: south + northKm / kmPerDegree,
                        longitude: longitude + eastKm / (kmPerDegree * cos(middleLatitude * .pi / 180)))
    }

    static let kmPerDegree = 111.32
    static var middleLatitude: Double { south + lengthKm / 2 / kmPerDegree }

    /// Writes `avoid.osm` and `avoid.osm.pbf` into `folder` and returns the PBF.
    public static func write(into folder: URL) throws -> URL {
        try RoutingTools.pbf(osmXML: osmXML(), named: "avoid", in: folder)
    }

    /// Writes the extract and its Routino database (`folder/routino`), which it returns.
    public static func routinoDatabase(in folder: URL) throws -> URL {
        let database = folder.appendingPathComponent("routino")
        try RoutinoDatabase.build(from: try write(into: folder), into: database, progress: .hidden)
        return database
    }

    /// OSRM's car profile with no class a request may exclude (`excludable` emptied), written into `folder` beside
    /// a link to the profile's `lib`: a server that cannot avoid anything.
    public static func carProfileWithoutExclusions(in folder: URL) throws -> URL {
        let car = try String(contentsOf: RoutingTools.osrmCarProfile, encoding: .utf8)
        guard let start = car.range(of: "excludable = Sequence {"),
              let end = car.range(of: "\n    },", range: start.upperBound..<car.endIndex) else {
            throw RoutingTools.Missing(description: "no `excludable` list in \(RoutingTools.osrmCarProfile.path)")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let profile = folder.appendingPathComponent("car.lua"), lib = folder.appendingPathComponent("lib")
        try car.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "excludable = Sequence {},")
            .write(to: profile, atomically: true, encoding: .utf8)
        if !FileManager.default.fileExists(atPath: lib.path) {
            try FileManager.default.createSymbolicLink(at: lib, withDestinationURL: RoutingTools.osrmCarProfile
                .deletingLastPathComponent().appendingPathComponent("lib"))
        }
        return profile
    }

    /// Whether `geometry` (a leg's road) passes within `metres` of the middle of `way` (a case's shortcut or way
    /// round): the two ends are shared by both ways, the middle by one only.
    public static func passes(_ geometry: [Coordinate], middleOf way: [Coordinate], within metres: Double = 50) -> Bool {
        let middle = plane(midpoint(of: way))
        let points = geometry.map(plane)
        // A single point is a segment of no length.
        return zip(points, points.count > 1 ? Array(points.dropFirst()) : points).contains { a, b in
            let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
            let u = length > 0 ? min(1, max(0, ((middle.x - a.x) * dx + (middle.y - a.y) * dy) / length)) : 0
            return hypot(a.x + u * dx - middle.x, a.y + u * dy - middle.y) * 1000 <= metres
        }
    }

    /// Halfway along the way's points.
    static func midpoint(of way: [Coordinate]) -> Coordinate {
        let points = way.map(plane)
        let lengths = zip(points, points.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        var left = lengths.reduce(0, +) / 2
        for (index, length) in lengths.enumerated() {
            if left <= length, length > 0 {
                let a = points[index], b = points[index + 1], u = left / length
                return coordinate(eastKm: a.x + u * (b.x - a.x), northKm: a.y + u * (b.y - a.y))
            }
            left -= length
        }
        return way[0]
    }

    /// A coordinate on the extract's plane, km.
    static func plane(_ point: Coordinate) -> (x: Double, y: Double) {
        ((point.longitude - longitude) * kmPerDegree * cos(middleLatitude * .pi / 180), (point.latitude - south) * kmPerDegree)
    }

    /// The extract as OSM XML: the main road cut at each case's ends, each shortcut, each way round.
    public static func osmXML() -> String {
        var nodes: [String] = [], ways: [String] = []
        var ids: [String: Int] = [:]
        // One node per point (to the metre), so that ways meeting at a point share it. Each moved 10 m off the
        // straight line, one way and then the other along the way, so that planetsplitter keeps it as a bend:
        // Routino finds the road nearest a stop only within a kilometre of a node.
        func node(_ point: (Double, Double), bend: Double) -> Int {
            let key = String(format: "%.3f %.3f", point.0, point.1)
            if let id = ids[key] { return id }
            let id = ids.count + 1
            ids[key] = id
            let position = coordinate(eastKm: point.0 + bend, northKm: point.1 + bend)
            nodes.append(String(format: "  <node id=\"%d\" version=\"1\" lat=\"%.7f\" lon=\"%.7f\"/>", id,
                                position.latitude, position.longitude))
            return id
        }
        func way(_ corners: [(Double, Double)], _ tags: [(String, String)]) {
            var refs = [node(corners[0], bend: 0)]
            for (a, b) in zip(corners, corners.dropFirst()) {
                let steps = max(1, Int((hypot(b.0 - a.0, b.1 - a.1) / nodeStepKm).rounded(.up)))
                for step in 1...steps {
                    let t = Double(step) / Double(steps)
                    let bend = step == steps ? 0 : step % 2 == 0 ? 0.01 : -0.01
                    refs.append(node((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t), bend: bend))
                }
            }
            let body = refs.map { "    <nd ref=\"\($0)\"/>" } + tags.map { "    <tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }
            ways.append("  <way id=\"\(ways.count + 1)\" version=\"1\">\n" + body.joined(separator: "\n") + "\n  </way>")
        }
        // The main road from north to south, each case's span left to its shortcut (the underpass's main road
        // on either side of the bridge is main road).
        var north = lengthKm
        for place in Case.allCases {
            way([(0, north), (0, place.span.north)], mainRoad)
            let cut = place.shortcutPoints
            if cut[0].1 < place.span.north { way([(0, place.span.north), cut[0]], mainRoad) }
            way(cut, place.tags)
            if cut[1].1 > place.span.south { way([cut[1], (0, place.span.south)], mainRoad) }
            way(place.roundKm, roundRoad)
            north = place.span.south
        }
        way([(0, north), (0, 0)], mainRoad)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="roadtrip tests">
            \(nodes.joined(separator: "\n"))
            \(ways.joined(separator: "\n"))
            </osm>

            """
    }
}
