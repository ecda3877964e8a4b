import Foundation
import RoadtripCore

/// An invented country of any size as a real extract is made (issue 35): roads of every class from motorways to
/// tracks and ferries, towns, villages and hamlets as named `place=*` nodes, points of interest of the app's
/// categories and others a build must skip (restaurants, schools, benches), buildings and landuse that are most of
/// its nodes, turn restrictions and multipolygons; ids, versions, changesets and times as real files carry them,
/// so its PBF holds about 10 bytes a node. A square round 50.4° N 25.5° E (land only), larger with more nodes:
/// about 870 km a side at 100 M nodes. Written as OPL piped to `osmium cat`, with a `.poly` file beside it as
/// Geofabrik's downloads have. No real data: nothing to attribute.
///
/// `cached(nodes:)` keeps each one (by size, seed and generator version) in the temporary folder, so the bench
/// and the tests make it once.
public enum CountryExtract {
    /// Bump when the layout changes: cached files of another version are made again.
    public static let version = 3
    /// What one lattice cell (1.5 km square) holds on average, nodes: sizes the square for a wanted count.
    static let nodesPerCell = 250.0

    /// What the generator wrote, counted as it wrote it.
    public struct Composition: Codable, Equatable, Sendable {
        public var nodes = 0
        public var ways = 0
        public var relations = 0
        /// Ways by what they are: a `highway=*` value, "ferry", "building", "landuse" (multipolygons counted once).
        public var kinds: [String: Int] = [:]
        /// Named `place=*` nodes by kind.
        public var places: [String: Int] = [:]
        /// Points of interest by `POICategory` raw value; "other" for tagged nodes in no category.
        public var pois: [String: Int] = [:]
        public var sideKm = 0.0
        /// The OPL text osmium read.
        public var oplBytes: Int64 = 0
    }

    public struct Extract: Sendable {
        public let pbf: URL
        public let poly: URL
        public let composition: Composition
        public let seed: UInt64
        /// False when it came from the cache.
        public var madeNow = true
        public var bytes: Int64 {
            ((try? FileManager.default.attributesOfItem(atPath: pbf.path))?[.size] as? NSNumber)?.int64Value ?? 0
        }
        public var bytesPerNode: Double { Double(bytes) / Double(max(1, composition.nodes)) }
    }

    public static var cacheDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-country-extracts")
    }

    /// The extract of about `nodes` nodes from `seed`, made now unless a complete one is in `folder`.
    public static func cached(nodes: Int, seed: UInt64 = 35, in folder: URL = cacheDirectory) throws -> Extract {
        let stem = "country-\(nodes)-s\(seed)-v\(version)"
        let pbf = folder.appendingPathComponent(stem + ".osm.pbf")
        let summary = folder.appendingPathComponent(stem + ".json")
        if FileManager.default.fileExists(atPath: pbf.path), let data = try? Data(contentsOf: summary),
           let composition = try? JSONDecoder().decode(Composition.self, from: data) {
            return Extract(pbf: pbf, poly: folder.appendingPathComponent(stem + ".poly"), composition: composition, seed: seed,
                           madeNow: false)
        }
        return try write(nodes: nodes, seed: seed, to: pbf)
    }

    /// Writes `pbf` (an `.osm.pbf` name), `STEM.poly` and `STEM.json` (the composition) beside it. The PBF is
    /// renamed into place last, so a cut-short run leaves none.
    public static func write(nodes: Int, seed: UInt64 = 35, to pbf: URL) throws -> Extract {
        let folder = pbf.deletingLastPathComponent()
        let stem = RegionName.from(file: pbf)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".\(stem).part-\(getpid())")
        defer { try? FileManager.default.removeItem(at: partial) }

        let osmium = Process()
        osmium.executableURL = URL(fileURLWithPath: try FjordExtract.osmium())
        osmium.arguments = ["cat", "-F", "opl", "-", "-f", "pbf", "-o", partial.path, "--overwrite"]
        let input = Pipe(), errors = Pipe()
        osmium.standardInput = input
        osmium.standardError = errors
        osmium.standardOutput = FileHandle.nullDevice
        try osmium.run()
        // osmium failing mid-stream must be an error here, not a SIGPIPE that ends the tests or the bench.
        signal(SIGPIPE, SIG_IGN)
        let cells = max(2, Int((Double(nodes) / nodesPerCell).squareRoot().rounded()))
        let layout = CountryLayout(cells: cells, seed: seed, writer: OPLWriter(descriptor: input.fileHandleForWriting.fileDescriptor))
        var failure: Error?
        do { try layout.write() } catch { failure = error }
        try input.fileHandleForWriting.close()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        osmium.waitUntilExit()
        guard osmium.terminationStatus == 0, failure == nil else {
            throw RoutingTools.Missing(description: "osmium cat of the generated country failed: "
                + (failure.map { "\($0); " } ?? "") + String(decoding: said.suffix(2000), as: UTF8.self))
        }
        let poly = folder.appendingPathComponent(stem + ".poly")
        let box = layout.box
        let ring = [(box.west, box.south), (box.east, box.south), (box.east, box.north), (box.west, box.north), (box.west, box.south)]
        try (["country", "1"] + ring.map { "   \($0.0)   \($0.1)" } + ["END", "END", ""]).joined(separator: "\n")
            .write(to: poly, atomically: true, encoding: .utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(layout.composition).write(to: folder.appendingPathComponent(stem + ".json"), options: .atomic)
        if FileManager.default.fileExists(atPath: pbf.path) { try FileManager.default.removeItem(at: pbf) }
        try FileManager.default.moveItem(at: partial, to: pbf)
        return Extract(pbf: pbf, poly: poly, composition: layout.composition, seed: seed)
    }
}
