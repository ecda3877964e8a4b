import Foundation
import RoadtripCore

/// An installed region the routing tests build themselves: `NAME/routino/` from an extract with the project's
/// own Routino builder, and `NAME/region.json` with the given outline (written last, as a build does). No
/// places or POIs: routing needs none.
public enum TestRegion {
    @discardableResult
    public static func install(_ name: String, from extract: URL, outline: RegionOutline, into regions: URL,
                               built: String = "2026-11-27T07:00:00Z") throws -> InstalledRegion {
        let folder = regions.appendingPathComponent(name)
        let region = InstalledRegion(folder: folder, manifest: RegionManifest(
            name: name, source: extract.path, sourceBytes: 0, built: built, outline: outline, places: 0, pois: 0))
        if !RoutinoDatabase.exists(in: region.routinoDirectory) {
            try RoutinoDatabase.build(from: extract, into: region.routinoDirectory, progress: .hidden,
                                      executable: try RoutingTools.routino("planetsplitter"))
        }
        try writeManifest(of: region)
        return region
    }

    /// Rewrites the manifest (a rebuild says so by its new `built`).
    public static func writeManifest(of region: InstalledRegion) throws {
        let data = try JSONEncoder().encode(region.manifest)
        try data.write(to: region.folder.appendingPathComponent(InstalledRegion.manifestName), options: .atomic)
    }

    /// The fjord extract's region: a box round its roads.
    public static let fjordOutline = RegionOutline(west: 4.9, south: 60.6, east: 5.3, north: 63.1)
    /// The Helsinki extract's bounding box (osmium fileinfo).
    public static let helsinkiOutline = RegionOutline(west: 24.9351762, south: 60.164155, east: 24.9534145, north: 60.179113)
}
