import Foundation

/// A region's main roads as a Routino database of their own, beside its full one (`NAME/atlas/`): motorways,
/// trunk and primary roads with their links, ferries, and the junctions where they meet (`junctions.tsv`). A long
/// leg is driven from its stop to a main junction on the full database, between two junctions on this one, and
/// on to its end on the full one again (`RoutinoEngine+Atlas`): over a country's every road Routino looks at most
/// of its junctions for 1,000 km (seconds), over its main roads at a few thousand (a tenth of a second).
public struct RoutinoAtlas: Sendable {
    public let directory: URL
    /// Nodes where three or more main-road segments meet, none on a one-way road: a carriageway is entered one
    /// way only, so a leg could not go on from it the way it came.
    let junctions: [Coordinate]
    /// When it was built: what a part of a leg asked of it (and of the region's full database) is known under.
    let built: Date

    /// Legs shorter than this, as the crow flies, are asked directly: their search stays local (0.06 s for 150 km
    /// in the generated country), and the way to the main roads would be a large part of them.
    static let shortestKm = 250.0
    /// Below this a leg tries two junctions at each end and keeps the quickest of the four roads: with one junction
    /// chosen by distance, 2 legs of 29 of 250–900 km in the generated country were 6.5 and 9 % slower than the
    /// quickest (both about 330 km); with two, none of 13 of 250–400 km was over 0.8 %, and with one none of 16
    /// longer legs over 3.1 %.
    static let twoJunctionsBelowKm = 400.0
    static let junctionsFile = "junctions.tsv"

    /// The junctions a leg from `from` to `to` may drive between: for each end the nearest on the way to the other
    /// end (least 1.5 times the way to it plus the way from it to the other end), two of them for a leg under
    /// `twoJunctionsBelowKm`. nil for a short leg, and where reaching the main roads would be half the leg (a stop
    /// deep in the country, or the main roads all behind it).
    func junctions(from: Coordinate, to: Coordinate) -> (entries: [Coordinate], exits: [Coordinate])? {
        let km = Self.km(from, to)
        guard km >= Self.shortestKm else { return nil }
        let count = km < Self.twoJunctionsBelowKm ? 2 : 1
        let entries = nearest(count, from, toward: to), exits = nearest(count, to, toward: from)
        guard let entry = entries.first, let exit = exits.first, entry != exit,
              Self.km(from, entry) + Self.km(exit, to) <= km / 2 else { return nil }
        return (entries, exits)
    }

    private func nearest(_ count: Int, _ stop: Coordinate, toward end: Coordinate) -> [Coordinate] {
        let score = { (junction: Coordinate) in 1.5 * Self.km(stop, junction) + Self.km(junction, end) }
        return Array(junctions.map { ($0, score($0)) }.sorted { $0.1 < $1.1 }.prefix(count).map(\.0))
    }

    static func km(_ a: Coordinate, _ b: Coordinate) -> Double {
        GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
    }

    /// The atlas in `directory`, read once per process (again when it was rebuilt); nil when there is none, or no
    /// junction in it.
    public static func load(_ directory: URL) -> RoutinoAtlas? {
        let file = directory.appendingPathComponent(junctionsFile)
        guard RoutinoDatabase.exists(in: directory),
              let stamp = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        else { return nil }
        return loaded.atlas(directory, stamp: stamp) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
            let junctions = text.split(separator: "\n").compactMap { line -> Coordinate? in
                let fields = line.split(separator: "\t")
                guard fields.count == 2, let latitude = Double(fields[0]), let longitude = Double(fields[1]) else { return nil }
                return try? Coordinate(latitude: latitude, longitude: longitude)
            }
            return junctions.isEmpty ? nil : RoutinoAtlas(directory: directory, junctions: junctions, built: stamp)
        }
    }

    private static let loaded = Loaded()

    private final class Loaded: @unchecked Sendable {
        private let lock = NSLock()
        private var atlases: [String: (stamp: Date, atlas: RoutinoAtlas?)] = [:]

        func atlas(_ directory: URL, stamp: Date, read: () -> RoutinoAtlas?) -> RoutinoAtlas? {
            lock.withLock {
                if let known = atlases[directory.path], known.stamp == stamp { return known.atlas }
                let atlas = read()
                atlases[directory.path] = (stamp, atlas)
                return atlas
            }
        }
    }
}

extension InstalledRegion {
    /// The region's main roads (`RoutinoAtlas`); absent in regions built before it.
    public var atlasDirectory: URL { folder.appendingPathComponent("atlas") }
}
