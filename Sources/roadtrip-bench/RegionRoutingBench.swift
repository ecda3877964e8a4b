import Foundation
import RoadtripCore
import RoadtripTestSupport

/// Figures of issue 35 for routing inside a big region (Routino), on `BENCH_ROUTING_EXTRACT` (the generated
/// country's PBF, with its `.poly` beside it) or else a generated lattice of 1,200 × 600 km (`RoadLatticeExtract`).
/// Its Routino database and atlas are built once into `BENCH_ROUTING_REGION` (default: a folder in the temporary
/// directory named after the extract) and kept.
/// - `routing.long1000` / `routing.long150`: a leg of 1,000 km (150 km) as the crow flies, seconds, median of 3
///   legs between different seeded points (each cold: no part asked before), as `show` asks it (through the
///   atlas from 250 km); `ref.routino.long1000` / `.long150`: the same legs as one `routino-router` run each (the engine before
///   the atlas), and how much slower the atlas's road is (largest of the 3);
/// - `routing.table.region15`: the 15 × 15 matrix of seeded stops as `optimise` asks it (a fresh leg cache, the
///   route service's parallel runs), seconds; `ref.routing.table.region15.serial`: the same cells one run after
///   another as before (direct, no reuse); `optimise.region15`: the whole `optimise` search on 15 other stops.
func runRegionRoutingBenchmarks() {
    do {
        let region = try BenchRegion.prepare()
        var random = SeededGenerator(seed: 35)
        for km in [1_000.0, 150] {
            let pairs = try (0..<3).map { _ in try region.pair(km: km, using: &random) }
            var atlas: [Double] = [], direct: [Double] = [], slower = 0.0
            for (from, to) in pairs {
                let (leg, seconds) = try timed { try region.engine.leg(from: from, to: to) }
                let (plain, plainSeconds) = try timed { try region.plain.leg(from: from, to: to) }
                atlas.append(seconds)
                direct.append(plainSeconds)
                slower = max(slower, leg.durationSeconds / plain.durationSeconds - 1)
            }
            let name = "long\(Int(km))"
            print(String(format: "routing.%@ %.3f s (%.0f km as the crow flies; %@)", name, UIBench.percentile(atlas.sorted(), 0.5),
                         km, region.engine.atlas == nil ? "no atlas" : "through the atlas from 250 km"))
            print(String(format: "ref.routino.%@ %.3f s (one routino-router run); the atlas's road %+.1f %% of its time at most",
                         name, UIBench.percentile(direct.sorted(), 0.5), slower * 100))
        }
        let stops = try (0..<15).map { _ in try region.stop(using: &random) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-table-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (_, table) = timed {
            region.service(cache: scratch.appendingPathComponent("table")).searchMatrix(stops, requester: .commandLine)
        }
        let (_, serial) = try timed { try LegMatrix(stops, source: .routino) { try region.plain.leg(from: $0, to: $1) } }
        // Other stops than the table's: a leg's parts asked there are remembered in this process.
        let others = try (0..<15).map { _ in try region.stop(using: &random) }
        let trip = Trip(name: "Bench", waypoints: others.enumerated().map {
            Waypoint(name: "S\($0.offset + 1)", latitude: $0.element.latitude, longitude: $0.element.longitude)
        })
        let (preview, optimise) = try timed {
            TripOrderSearch.preview(of: trip, routes: region.service(cache: scratch.appendingPathComponent("optimise")),
                                    requester: .commandLine)
        }
        print(String(format: "routing.table.region15 %.2f s (%d runs at once)", table, ProcessInfo.processInfo.activeProcessorCount))
        print(String(format: "ref.routing.table.region15.serial %.2f s (one run after another, direct)", serial))
        let basis = preview.map { $0.searchedOnEstimates ? "searched on estimates" : "searched on roads" } ?? "no answer"
        print(String(format: "optimise.region15 %.2f s (%@)", optimise, basis))
    } catch {
        print("routing.region.error \(error)")
    }
}

private func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

/// The region the figures are measured in, and seeded points on its roads.
private struct BenchRegion {
    let folder: URL
    let box: (south: Double, west: Double, north: Double, east: Double)
    let engine: RoutinoEngine
    let plain: RoutinoEngine

    static func prepare() throws -> BenchRegion {
        let environment = ProcessInfo.processInfo.environment
        let extract: URL, box: (Double, Double, Double, Double)
        if let path = environment["BENCH_ROUTING_EXTRACT"] {
            extract = URL(fileURLWithPath: path)
            box = try polyBox(extract)
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-lattice-v1")
            extract = folder.appendingPathComponent("lattice.osm.pbf")
            if !FileManager.default.fileExists(atPath: extract.path) {
                _ = try RoadLatticeExtract.write(into: folder, widthKm: 1_200, heightKm: 600)
            }
            let corner = RoadLatticeExtract.point(eastKm: 1_200, northKm: 600, heightKm: 600)
            box = (RoadLatticeExtract.south, RoadLatticeExtract.west, corner.latitude, corner.longitude)
        }
        let size = (try FileManager.default.attributesOfItem(atPath: extract.path)[.size] as? NSNumber)?.int64Value ?? 0
        let folder = environment["BENCH_ROUTING_REGION"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-region-\(extract.lastPathComponent)-\(size)")
        let routino = folder.appendingPathComponent("routino"), atlas = folder.appendingPathComponent("atlas")
        if !RoutinoDatabase.exists(in: routino) { try RoutinoDatabase.build(from: extract, into: routino, progress: .hidden) }
        if RoutinoAtlas.load(atlas) == nil {
            try? FileManager.default.removeItem(at: atlas)
            try RoutinoAtlas.build(from: extract, into: atlas)
        }
        return BenchRegion(folder: folder, box: box, engine: RoutinoEngine(databaseDirectory: routino, atlas: RoutinoAtlas.load(atlas)),
                           plain: RoutinoEngine(databaseDirectory: routino, timeout: 600))
    }

    /// The box of the `.poly` file beside `extract` (as Geofabrik's and the generated country's).
    private static func polyBox(_ extract: URL) throws -> (Double, Double, Double, Double) {
        let stem = extract.lastPathComponent.replacingOccurrences(of: ".osm.pbf", with: "")
        let text = try String(contentsOf: extract.deletingLastPathComponent().appendingPathComponent(stem + ".poly"), encoding: .utf8)
        let points = text.split(separator: "\n").compactMap { line -> (Double, Double)? in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return fields.count == 2 ? (fields[1], fields[0]) : nil
        }
        guard let south = points.map(\.0).min(), let north = points.map(\.0).max(), let west = points.map(\.1).min(),
              let east = points.map(\.1).max() else { throw RoutingTools.Missing(description: "no box in the .poly beside \(extract.path)") }
        return (south, west, north, east)
    }

    /// A route service on this region alone, with its leg cache in `cache`.
    func service(cache: URL) -> RouteService {
        let engine = engine
        var settings = Settings()
        settings.router = .routino
        return RouteService(settings: { settings }, makeEngine: { _ in engine }, cache: LegCache(directory: cache))
    }

    /// A seeded point in the box (5 % in from its sides) with a road within Routino's reach.
    func stop(using random: inout SeededGenerator) throws -> Coordinate {
        for _ in 0..<200 {
            let latitude = box.south + (box.north - box.south) * Double.random(in: 0.05...0.95, using: &random)
            let longitude = box.west + (box.east - box.west) * Double.random(in: 0.05...0.95, using: &random)
            let point = try Coordinate(latitude: latitude, longitude: longitude)
            if onRoad(point) { return point }
        }
        throw RoutingTools.Missing(description: "no point near a road in 200 tries")
    }

    /// Two seeded points `km` apart as the crow flies, both near a road and inside the box.
    func pair(km: Double, using random: inout SeededGenerator) throws -> (Coordinate, Coordinate) {
        for _ in 0..<200 {
            let from = try stop(using: &random)
            let bearing = Double.random(in: 0..<360, using: &random) * .pi / 180
            let latitude = from.latitude + km * cos(bearing) / 111.32
            let longitude = from.longitude + km * sin(bearing) / (111.32 * cos(from.latitude * .pi / 180))
            guard (box.south...box.north).contains(latitude), (box.west...box.east).contains(longitude),
                  let to = try? Coordinate(latitude: latitude, longitude: longitude), onRoad(to) else { continue }
            return (from, to)
        }
        throw RoutingTools.Missing(description: "no two points \(km) km apart near roads in 200 tries")
    }

    /// Whether Routino finds a road near `point` (a leg of 300 m from it answers).
    private func onRoad(_ point: Coordinate) -> Bool {
        guard let near = try? Coordinate(latitude: point.latitude + 0.0027, longitude: point.longitude) else { return false }
        return (try? plain.leg(from: point, to: near)) != nil
    }
}
