import Foundation

/// One region folder under `InstalledRegions.directory`:
///
///     NAME/region.json   the manifest (written last)
///     NAME/routino/      the Routino database (planetsplitter's *.mem files)
///     NAME/places.tsv    its places (RegionTable)
///     NAME/pois.tsv      its points of interest (RegionTable)
public struct InstalledRegion: Equatable, Sendable {
    public var folder: URL
    public var manifest: RegionManifest

    /// The folder's name: what `region list` shows and `region remove` takes (a manifest's `name` is the
    /// one it was built with, and the folder may have been renamed since).
    public var name: String { folder.lastPathComponent }
    public var routinoDirectory: URL { folder.appendingPathComponent("routino") }
    public var placesFile: URL { folder.appendingPathComponent("places.tsv") }
    public var poisFile: URL { folder.appendingPathComponent("pois.tsv") }

    public static let manifestName = "region.json"

    public init(folder: URL, manifest: RegionManifest) {
        self.folder = folder
        self.manifest = manifest
    }

    public func covers(_ coordinate: Coordinate) -> Bool {
        manifest.outline.contains(coordinate)
    }
}
