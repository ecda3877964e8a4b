import Foundation
import RoadtripCore

/// The generated country's map (`CountryExtract`), drawn strip by strip from south to north so that ids grow with
/// position, as in a real extract. A PBF holds every node before any way, so the layout runs twice with the same
/// seeds: the first pass writes the nodes, the second the ways and relations. Both draw the same numbers, so a way
/// finds its nodes' ids without a table of them; only the road junctions, which the next strip's roads end at,
/// are kept.
///
/// The roads are a lattice of `cell` metres with a class per line (`rank`: motorways every 32 lines from the middle
/// one, then trunk, primary, secondary, tertiary); the edges of the lines between are unclassified roads or
/// tracks, some missing, a few ferries. Every other line is whole, so the network is connected. Towns, villages and
/// hamlets sit at junctions, larger where larger roads cross, with streets, buildings and points of interest
/// (`+Settlements`); each cell has farms, forest tracks, houses along the road and landuse.
final class CountryLayout {
    enum Pass { case nodes, ways }

    static let cell = 1_500.0
    static let center = (latitude: 50.4, longitude: 25.5)
    static let metresPerDegree = 111_320.0

    let cells: Int
    private let seed: UInt64
    private let west: Double, south: Double, metresPerLongitude: Double
    private(set) var pass = Pass.nodes
    private var writer: OPLWriter
    private var relations: [(Int64, OPLStamp, [(String, String)], [(Character, Int64, String)])] = []
    private var junctions: [Int64]
    private var nextNode: Int64 = 0, nextWay: Int64 = 0, nextRelation: Int64 = 0
    var random = SplitMix64(seed: 0)
    var names = CountryNames(generator: SplitMix64(seed: 0))
    private var stamp = OPLStamp(seconds: 0, jitter: 0)
    var composition = CountryExtract.Composition()

    init(cells: Int, seed: UInt64, writer: OPLWriter) {
        self.cells = cells
        self.seed = seed
        self.writer = writer
        let half = Double(cells) * Self.cell / 2
        metresPerLongitude = Self.metresPerDegree * cos(Self.center.latitude * .pi / 180)
        west = Self.center.longitude - half / metresPerLongitude
        south = Self.center.latitude - half / Self.metresPerDegree
        junctions = [Int64](repeating: 0, count: (cells + 1) * (cells + 1))
        composition.sideKm = Double(cells) * Self.cell / 1000
    }

    /// The box the map fills, a little wider (the `.poly` file's ring).
    var box: (west: Double, south: Double, east: Double, north: Double) {
        let margin = 0.02
        return (west - margin, south - margin, 2 * Self.center.longitude - west + margin, 2 * Self.center.latitude - south + margin)
    }

    /// Writes the whole file: nodes, ways, then relations.
    func write() throws {
        for pass in [Pass.nodes, .ways] {
            self.pass = pass
            nextNode = 0
            nextWay = 0
            nextRelation = 0
            for row in 0...cells { try strip(row) }
        }
        for (id, stamp, tags, members) in relations { try writer.relation(id, stamp: stamp, tags: tags, members: members) }
        composition.relations = relations.count
        try writer.flush()
        composition.oplBytes = writer.bytesWritten
    }

    // MARK: - A strip: the junctions of one lattice row, the roads from them east and north, and the cells above

    struct Point {
        let id: Int64
        let x: Double, y: Double
    }

    private func strip(_ row: Int) throws {
        random = SplitMix64(seed: seed &+ UInt64(row) &* 0x9E37_79B9_7F4A_7C15)
        names = CountryNames(generator: SplitMix64(seed: random.next()))
        var west: [Point] = []
        for column in 0...cells {
            let (x, y) = junctionPosition(column, row)
            let major = rank(column) >= 2 && rank(row) >= 2
            newFeature()
            let id = try node(x, y, major && random.next() % 3 == 0 ? [("highway", "traffic_signals")] : [])
            junctions[row * (cells + 1) + column] = id
            west.append(Point(id: id, x: x, y: y))
        }
        var previousEast: Int64?
        for column in 0...cells {
            let here = west[column]
            let east = column < cells ? try edge(from: here, to: west[column + 1], line: row) : ([], nil)
            let north = row < cells ? try edge(from: here, to: junction(column, row + 1), line: column) : ([], nil)
            if let from = previousEast, let to = north.1, rank(row) >= 2, rank(column) >= 2, random.next() % 4 == 0 {
                restriction(from: from, via: here.id, to: to)
            }
            try settlement(at: here, column: column, row: row)
            if column < cells && row < cells { try countryside(column, row, roads: east.0 + north.0) }
            previousEast = east.1
        }
    }

    /// How large the road along lattice line `index` is: the trailing zero bits of its distance from the middle
    /// line (a motorway, so that a small country has one too), 0 for the odd (minor) lines.
    func rank(_ index: Int) -> Int {
        let offset = index - cells / 2
        return offset == 0 ? 5 : min(5, offset.trailingZeroBitCount)
    }

    private static let classes = ["", "tertiary", "secondary", "primary", "trunk", "motorway"]

    private func junctionPosition(_ column: Int, _ row: Int) -> (Double, Double) {
        var hash = SplitMix64(seed: seed ^ (UInt64(column) << 32 | UInt64(row)))
        let jitter = { Double(hash.next() % 600) - 300 }
        return (Double(column) * Self.cell + jitter(), Double(row) * Self.cell + jitter())
    }

    private func junction(_ column: Int, _ row: Int) -> Point {
        let (x, y) = junctionPosition(column, row)
        return Point(id: junctions[row * (cells + 1) + column], x: x, y: y)
    }

    /// The road from `a` to `b` along lattice line `line`: its shape nodes and way (none when the edge is missing).
    private func edge(from a: Point, to b: Point, line: Int) throws -> ([Point], Int64?) {
        var highway = Self.classes[rank(line)]
        if highway.isEmpty {
            switch random.next() % 1000 {
            case 0..<5: return try ([], ferry(from: a, to: b))
            case 5..<150: return ([], nil)
            case 150..<500: highway = "track"
            default: highway = "unclassified"
            }
        }
        newFeature()
        let spacing: Double = ["motorway": 180, "trunk": 140, "primary": 110, "track": 45][highway] ?? 70
        let length = hypot(b.x - a.x, b.y - a.y)
        let count = max(1, Int(length / spacing))
        let amplitude = Double(random.next() % 200), waves = Double(1 + random.next() % 3)
        var points = [a]
        for step in 1..<count {
            let t = Double(step) / Double(count)
            let bend = amplitude * sin(.pi * t * waves) + Double(random.next() % 21) - 10
            let x = a.x + (b.x - a.x) * t - (b.y - a.y) / length * bend
            let y = a.y + (b.y - a.y) * t + (b.x - a.x) / length * bend
            let gate = highway == "track" && step == 1 && random.next() % 5 == 0
            points.append(Point(id: try node(x, y, gate ? [("barrier", "gate")] : []), x: x, y: y))
        }
        points.append(b)
        var tags = [("highway", highway)]
        switch highway {
        case "motorway": tags += [("ref", "E \(40 + line % 60)"), ("maxspeed", "130"), ("lanes", "2"), ("surface", "asphalt")]
        case "trunk", "primary": tags += [("ref", "\(line % 97 + 1)"), ("maxspeed", "90"), ("surface", "asphalt")]
        case "secondary": tags += [("ref", "\(100 + line % 900)"), ("maxspeed", "80")]
        case "tertiary": tags += [("name", names.street()), ("maxspeed", "70")]
        case "track": tags += [("tracktype", "grade\(1 + random.next() % 4)"), ("surface", "gravel")]
        default: tags += [("surface", random.next() % 3 == 0 ? "gravel" : "asphalt")]
        }
        let way = try way(points.map(\.id), tags, counted: highway)
        return (Array(points.dropFirst().dropLast()), way)
    }

    /// A ferry instead of a minor road, with a terminal at each end.
    private func ferry(from a: Point, to b: Point) throws -> Int64 {
        newFeature()
        let name = names.place()
        for end in [a, b] { try poi(end.x + 30, end.y + 30, "amenity", "ferry_terminal", name: "Przystań \(name)") }
        return try way([a.id, b.id], [("route", "ferry"), ("motor_vehicle", "yes"), ("name", "Prom \(name)")], counted: "ferry")
    }

    private func restriction(from: Int64, via: Int64, to: Int64) {
        newFeature()
        relation([("w", from, "from"), ("n", via, "via"), ("w", to, "to")],
                 [("type", "restriction"), ("restriction", "no_left_turn")])
    }

    // MARK: - Countryside

    private func countryside(_ column: Int, _ row: Int, roads: [Point]) throws {
        let x0 = Double(column) * Self.cell, y0 = Double(row) * Self.cell
        func inside() -> (Double, Double) {
            (x0 + 200 + Double(random.next() % UInt64(Self.cell - 400)), y0 + 200 + Double(random.next() % UInt64(Self.cell - 400)))
        }
        // Houses along the road, then farms up a drive, then tracks into the forest.
        if random.next() % 2 == 0 {
            for point in roads where random.next() % 3 == 0 {
                try building(at: point.x + 25, point.y + 25, angle: Double(random.next() % 314) / 100,
                             tags: [("building", random.next() % 4 == 0 ? "yes" : "house")])
            }
        }
        for _ in 0..<(roads.isEmpty ? 0 : Int(random.next() % 3)) {
            let from = roads[Int(random.next() % UInt64(roads.count))]
            let drive = try drive(from: from, angle: Double(random.next() % 628) / 100, length: 120, kind: "service")
            if let yard = drive.last {
                for index in 0..<(2 + Int(random.next() % 4)) {
                    try building(at: yard.x + Double(index) * 25, yard.y + 20, angle: 0.1 * Double(index), width: 14, depth: 20,
                                 tags: [("building", ["farm", "barn", "farm_auxiliary", "shed"][index % 4])])
                }
            }
        }
        if !roads.isEmpty && random.next() % 2 == 0 {
            _ = try drive(from: roads[Int(random.next() % UInt64(roads.count))], angle: Double(random.next() % 628) / 100,
                           length: 400 + Double(random.next() % 600), kind: "track")
        }
        let covers = [("landuse", "forest"), ("landuse", "farmland"), ("landuse", "meadow"), ("natural", "wood"),
                      ("natural", "water"), ("natural", "wetland"), ("landuse", "farmland"), ("natural", "scrub")]
        for _ in 0..<(2 + Int(random.next() % 3)) {
            let (x, y) = inside()
            try landuse(around: Point(id: 0, x: x, y: y), radius: 150 + Double(random.next() % 450), tags: [names.pickTag(covers)])
        }
        try ruralPOIs(inside)
    }

    /// A drive or track: a way of nodes 40 m apart, no houses.
    private func drive(from start: Point, angle: Double, length: Double, kind: String) throws -> [Point] {
        newFeature()
        var points = [start]
        for step in 1...max(2, Int(length / 40)) {
            let heading = angle + Double(Int(random.next() % 21) - 10) / 100
            let x = points[step - 1].x + 40 * cos(heading), y = points[step - 1].y + 40 * sin(heading)
            points.append(Point(id: try node(x, y, []), x: x, y: y))
        }
        _ = try way(points.map(\.id), [("highway", kind)] + (kind == "track" ? [("tracktype", "grade3")] : []), counted: kind)
        return Array(points.dropFirst())
    }

    /// A ring of 12 to 60 corners round a point; one in twenty a multipolygon with a clearing in it.
    func landuse(around centre: Point, radius: Double, tags: [(String, String)]) throws {
        newFeature()
        func ring(_ radius: Double) throws -> [Int64] {
            let corners = 12 + Int(random.next() % 49)
            var ids: [Int64] = []
            for corner in 0..<corners {
                let angle = 2 * .pi * Double(corner) / Double(corners)
                let r = radius * (0.75 + Double(random.next() % 50) / 100)
                ids.append(try node(centre.x + r * cos(angle), centre.y + r * sin(angle), []))
            }
            return ids + [ids[0]]
        }
        let outer = try ring(radius)
        guard random.next() % 20 == 0 else {
            _ = try way(outer, tags, counted: "landuse")
            return
        }
        let inner = try ring(radius / 4)
        let outerWay = try way(outer, [], counted: nil), innerWay = try way(inner, [], counted: nil)
        relation([("w", outerWay, "outer"), ("w", innerWay, "inner")], [("type", "multipolygon")] + tags)
        if pass == .ways { composition.kinds["landuse", default: 0] += 1 }
    }

    private func ruralPOIs(_ inside: () -> (Double, Double)) throws {
        let rare: [(String, String, UInt64)] = [("natural", "peak", 30), ("tourism", "viewpoint", 40), ("natural", "waterfall", 150),
                                              ("tourism", "alpine_hut", 300), ("tourism", "camp_site", 60),
                                              ("tourism", "caravan_site", 200), ("tourism", "attraction", 150),
                                              ("historic", "monument", 150), ("highway", "rest_area", 80),
                                              ("tourism", "motel", 300), ("highway", "services", 300),
                                              ("amenity", "charging_station", 150), ("amenity", "fuel", 120),
                                              ("amenity", "hunting_stand", 10), ("amenity", "bench", 8)]
        for (key, value, oneIn) in rare where random.next() % oneIn == 0 {
            let (x, y) = inside()
            try poi(x, y, key, value, name: random.next() % 4 == 0 ? nil : names.poi(at: names.place()))
        }
    }

    // MARK: - Objects

    /// A new feature starts with a jump in the ids (other areas' objects between: a real extract's are ~80 apart) and its
    /// own edit: its nodes and ways share one changeset.
    func newFeature() {
        nextNode += 1 + Int64(random.next() % 1_600)
        nextWay += Int64(random.next() % 40)
        stamp = OPLStamp(seconds: Int64(random.next() % 400_000_000), jitter: Int64(random.next() % 1_000))
    }

    func node(_ x: Double, _ y: Double, _ tags: [(String, String)]) throws -> Int64 {
        nextNode += 1
        guard pass == .nodes else { return nextNode }
        composition.nodes += 1
        var mixed = SplitMix64(seed: UInt64(nextNode))
        let roll = mixed.next() % 20, version = roll < 13 ? 1 : roll < 18 ? 2 : Int(3 + roll % 5)
        let lon = Int64(((west + x / metresPerLongitude) * 1e7).rounded())
        let lat = Int64(((south + y / Self.metresPerDegree) * 1e7).rounded())
        // A node edited again was saved later, in another changeset, than the way it was drawn with.
        let edited = version == 1 || roll % 2 == 0 ? stamp : stamp.later(by: Int64(mixed.next() % 140_000_000))
        try writer.node(nextNode, version: version, stamp: edited, lon: lon, lat: lat, tags: tags)
        return nextNode
    }

    /// A way; `counted` names what it counts as in the composition (a highway class, "ferry", "building", "landuse").
    func way(_ refs: [Int64], _ tags: [(String, String)], counted: String?) throws -> Int64 {
        nextWay += 1
        guard pass == .ways else { return nextWay }
        composition.ways += 1
        if let counted { composition.kinds[counted, default: 0] += 1 }
        try writer.way(nextWay, stamp: stamp, tags: tags, refs: refs)
        return nextWay
    }

    private func relation(_ members: [(Character, Int64, String)], _ tags: [(String, String)]) {
        nextRelation += 1 + Int64(random.next() % 20)
        guard pass == .ways else { return }
        relations.append((nextRelation, stamp, tags, members))
    }

    func place(_ x: Double, _ y: Double, _ tags: [(String, String)], kind: String) throws {
        _ = try node(x, y, tags)
        if pass == .nodes { composition.places[kind, default: 0] += 1 }
    }

    func poi(_ x: Double, _ y: Double, _ key: String, _ value: String, name: String?) throws {
        newFeature()
        _ = try node(x, y, [(key, value)] + (name.map { [("name", $0)] } ?? []))
        guard pass == .nodes else { return }
        let category = POICategory.category(key: key, value: value)?.rawValue ?? "other"
        composition.pois[category, default: 0] += 1
    }
}

extension CountryNames {
    mutating func pickTag(_ tags: [(String, String)]) -> (String, String) {
        tags[Int(generator.next() % UInt64(tags.count))]
    }
}
