import Foundation

/// The regions' place search as a mapped file (`SectionFile`), so a command with a country installed maps it in a
/// millisecond instead of parsing and indexing its tables at every start. `places.tsv` and `pois.tsv` stay the
/// source of truth; the index is marked (`identity`) by this build of roadtrip (`CodeIdentity`) and the tables'
/// inode, size and modification time, and is rebuilt from them on first use wherever it is missing or stale (an
/// older region, another build, a table replaced).
///
/// - One region installed: `search.index` in its folder, written by `region add` (`write(places:pois:into:)`), or
///   on first use.
/// - Several: one index of them all (overlapping extracts share OSM objects, kept once) in the cache,
///   `regions-*.index`, named after what it stands on; the newest other one is kept, older ones removed.
public enum RegionSearchFile {
    public static let fileName = "search.index"
    static let cachePrefix = "regions-"
    static let kind = "roadtrip region search index"

    /// Writes the search index of region `name`'s features into `folder` (where it is being built, beside the tables
    /// already written there: the build's last step for its places).
    public static func write(places: [RegionFeature], pois: [RegionFeature], name: String, into folder: URL) throws {
        let index = RegionPlaceIndex([(name, .success(places), .success(pois))])
        guard let identity = identity([(name, folder)]) else { return }
        try index.write(to: folder.appendingPathComponent(fileName), identity: identity)
    }

    static func load(_ installed: InstalledRegions, cacheDirectory: URL?) -> RegionPlaceIndex {
        let notices = RegionPlaceIndex.notices(installed.problems)
        let single = installed.regions.count == 1
        guard let first = installed.regions.first,
              let identity = identity(installed.regions.map { ($0.name, $0.folder) }),
              let url = single ? first.folder.appendingPathComponent(fileName)
                  : cacheDirectory?.appendingPathComponent(cachePrefix + PlaceIndexCache.fingerprint(identity)
                                                           + PlaceIndexCache.fileSuffix) else {
            return RegionPlaceIndex(RegionTables.read(installed), problems: installed.problems)
        }
        if let mapped = try? open(url, identity: identity, notices: notices) { return mapped }
        let built = RegionPlaceIndex(RegionTables.read(installed))
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try built.write(to: url, identity: identity)
            PlaceIndexCache.removeOthers(in: url.deletingLastPathComponent(), keeping: url, prefix: single ? "search" : cachePrefix)
            // Mapped like every later start's (the built one is freed on return).
            if let mapped = try open(url, identity: identity, notices: notices) { return mapped }
        } catch {
            // A folder or cache that cannot be written: the built index serves this process.
        }
        return built.adding(notices)
    }

    /// This build, and each region's name with its tables' inode, size and modification time: nil when a table is
    /// missing (the index built then names the region in `skipped`, and is not kept).
    static func identity(_ regions: [(name: String, folder: URL)]) -> [String]? {
        var identity = [CodeIdentity.current]
        for (name, folder) in regions {
            identity.append("region \(name)")
            for table in ["places.tsv", "pois.tsv"] {
                let stamp = RegionsStamp.fingerprint(folder.appendingPathComponent(table).path)
                guard stamp != [0, 0, 0, 0] else { return nil }
                identity.append("\(table) " + stamp.map(String.init).joined(separator: " "))
            }
        }
        return identity
    }

    private static func open(_ url: URL, identity: [String], notices: [String]) throws -> RegionPlaceIndex? {
        let file = try SectionFile(url)
        guard try file.strings("identity") == [kind] + identity else { return nil }
        return try RegionPlaceIndex(file, notices: notices)
    }
}

extension RegionPlaceIndex {
    func write(to url: URL, identity: [String]) throws {
        var writer = SectionFileWriter()
        writer.add("identity", strings: [RegionSearchFile.kind] + identity)
        writer.add("regionNames", strings: regionNames)
        writer.add("skipped", strings: skipped)
        writer.add("placeCount", [UInt64(placeCount)])
        writer.add("circle", [circle.latitude, circle.longitude, circle.km])
        writer.add("latitude", features.latitude)
        writer.add("longitude", features.longitude)
        writer.add("population", features.population)
        writer.add("category", features.category)
        writer.add("textStart", features.textStart)
        writer.add("text", features.text)
        writer.add("regionOf", regionOf)
        keys.write(into: &writer, as: "keys.")
        writer.add("places.latitude", placeGrid.latitude)
        writer.add("places.longitude", placeGrid.longitude)
        placeGrid.write(into: &writer, as: "places.")
        for (category, poi) in poiGrids {
            let prefix = "poi.\(category.rawValue)."
            writer.add(prefix + "latitude", poi.grid.latitude)
            writer.add(prefix + "longitude", poi.grid.longitude)
            poi.grid.write(into: &writer, as: prefix)
            writer.add(prefix + "members", poi.members)
            writer.add(prefix + "kinds", poi.kinds)
        }
        try writer.write(to: url)
    }

    /// The index as written, with `notices` (folders that are no region) before the regions it left out.
    convenience init(_ file: SectionFile, notices: [String]) throws {
        let count = try file.column("latitude", Double.self).count
        let placeCount = try file.column("placeCount", UInt64.self, count: 1)[0]
        let circle = try file.column("circle", Double.self, count: 3)
        guard placeCount <= count else { throw SectionFile.Failure.damaged("more places than features") }
        let features = RegionFeatures(
            latitude: try file.column("latitude", Double.self), longitude: try file.column("longitude", Double.self, count: count),
            population: try file.column("population", UInt32.self, count: count),
            category: try file.column("category", UInt8.self, count: count),
            textStart: try file.column("textStart", UInt64.self, count: count + 1), text: try file.column("text", UInt8.self))
        func grid(_ prefix: String) throws -> NearestPlaceGrid {
            try NearestPlaceGrid(file, as: prefix, latitude: try file.column(prefix + "latitude", Float.self),
                                 longitude: try file.column(prefix + "longitude", Float.self))
        }
        var poiGrids: [POICategory: POIGrid] = [:]
        for category in POICategory.allCases where file.has("poi.\(category.rawValue).members") {
            let prefix = "poi.\(category.rawValue)."
            let poiGrid = try grid(prefix)
            poiGrids[category] = POIGrid(grid: poiGrid,
                                         members: try file.column(prefix + "members", UInt32.self, count: poiGrid.items.count),
                                         kinds: try file.column(prefix + "kinds", UInt8.self, count: poiGrid.items.count))
        }
        self.init(features: features, placeCount: Int(placeCount), regionOf: try file.column("regionOf", UInt16.self, count: count),
                  regionNames: try file.strings("regionNames"), skipped: notices + (try file.strings("skipped")),
                  keys: try KeyIndex(file, as: "keys."), placeGrid: try grid("places."), poiGrids: poiGrids,
                  circle: Circle(latitude: circle[0], longitude: circle[1], km: circle[2]))
    }

    /// The same index with `notices` before its own.
    func adding(_ notices: [String]) -> RegionPlaceIndex {
        guard !notices.isEmpty else { return self }
        return RegionPlaceIndex(features: features, placeCount: placeCount, regionOf: regionOf, regionNames: regionNames,
                                skipped: notices + skipped, keys: keys, placeGrid: placeGrid, poiGrids: poiGrids, circle: circle)
    }
}
