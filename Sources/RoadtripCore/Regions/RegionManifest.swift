import Foundation

/// `region.json` in a region folder: what was built, from what, when; written last by a build, so a folder
/// without it is not a region. Reading checks every number and the outline (the file comes from outside): a
/// manifest that decodes is one the app can use.
public struct RegionManifest: Equatable, Sendable, Codable {
    /// 2: the outline is rings (`RegionOutlineCoding`); format 1's single ring is still read.
    public static let currentFormat = 2
    public static let readableFormats = 1...2

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

    /// Why a manifest cannot be used, in words ("is format 3, which…", "has an outline corner that…").
    public struct Damage: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

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

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        guard Self.readableFormats.contains(format) else {
            throw Damage(description: "is format \(format), which this roadtrip does not read")
        }
        name = try container.decode(String.self, forKey: .name)
        source = try container.decode(String.self, forKey: .source)
        sourceBytes = try container.decode(Int64.self, forKey: .sourceBytes)
        built = try container.decode(String.self, forKey: .built)
        do {
            outline = try container.decode(RegionOutline.self, forKey: .outline)
        } catch let invalid as RegionOutline.Invalid {
            throw Damage(description: invalid.description)
        }
        places = try container.decode(Int.self, forKey: .places)
        pois = try container.decode(Int.self, forKey: .pois)
        guard sourceBytes >= 0, places >= 0, pois >= 0 else {
            throw Damage(description: "has a size or a count below zero")
        }
        guard (try? Date.ISO8601FormatStyle().parse(built)) != nil else {
            throw Damage(description: "has a build time that is not a date")
        }
    }
}
