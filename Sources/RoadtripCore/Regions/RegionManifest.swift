import Foundation

/// `region.json` in a region folder: what was built, from what, when; written last by a build, so a folder
/// without it is not a region.
public struct RegionManifest: Equatable, Sendable, Codable {
    public static let currentFormat = 1

    public var format: Int
    public var name: String
    /// The extract it was built from (absolute path) and its size in bytes then.
    public var source: String
    public var sourceBytes: Int64
    /// When the build finished (ISO 8601, UTC).
    public var built: String
    public var outline: RegionOutline
    public var places: Int
    public var pois: Int

    public init(name: String, source: String, sourceBytes: Int64, built: String, outline: RegionOutline,
                places: Int, pois: Int) {
        self.format = Self.currentFormat
        self.name = name
        self.source = source
        self.sourceBytes = sourceBytes
        self.built = built
        self.outline = outline
        self.places = places
        self.pois = pois
    }

    enum CodingKeys: String, CodingKey {
        case format, name, source, built, outline, places, pois
        case sourceBytes = "source_bytes"
    }
}
