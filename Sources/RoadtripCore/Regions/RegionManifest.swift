import Foundation

/// `region.json` in a region folder: what was built, from what, when; written last by a build, so a folder
/// without it is not a region. Reading checks every number and the outline (the file comes from outside): a
/// manifest that decodes is one the app can use.
public struct RegionManifest: Equatable, Sendable, Codable {
    /// 3: several sources, each with its checksum; 2: the outline is rings (`RegionOutlineCoding`). Formats 1 and
    /// 2 (one source, no checksum; format 1's single ring) are still read.
    public static let currentFormat = 3
    public static let readableFormats = 1...3

    /// An extract the region was built from.
    public struct Source: Equatable, Sendable, Codable {
        /// Absolute path, as given when built.
        public var path: String
        /// Its size in bytes then.
        public var bytes: Int64
        /// `SourceChecksum` of it then; nil when not known (formats 1–2).
        public var checksum: String?

        public init(path: String, bytes: Int64, checksum: String?) {
            self.path = path
            self.bytes = bytes
            self.checksum = checksum
        }
    }

    public var format: Int
    public var name: String
    /// One or more, in the order they were given.
    public var sources: [Source]
    /// When the build finished (ISO 8601, UTC).
    public var built: String
    public var outline: RegionOutline
    public var places: Int
    public var pois: Int

    /// Why a manifest cannot be used, in words ("is format 4, which…", "has an outline corner that…").
    public struct Damage: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// More sources than `RegionBuilder.maxSources` are never written; a file with many more is not ours.
    static let maxStoredSources = 1_000

    public init(name: String, sources: [Source], built: String, outline: RegionOutline, places: Int, pois: Int) {
        self.format = Self.currentFormat
        self.name = name
        self.sources = sources
        self.built = built
        self.outline = outline
        self.places = places
        self.pois = pois
    }

    /// A region of one source whose checksum is not known (what the tests and the benchmark install).
    public init(name: String, source: String, sourceBytes: Int64, built: String, outline: RegionOutline,
                places: Int, pois: Int) {
        self.init(name: name, sources: [Source(path: source, bytes: sourceBytes, checksum: nil)], built: built,
                  outline: outline, places: places, pois: pois)
    }

    enum CodingKeys: String, CodingKey {
        case format, name, sources, source, built, outline, places, pois
        case sourceBytes = "source_bytes"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        guard Self.readableFormats.contains(format) else {
            throw Damage(description: "is format \(format), which this roadtrip does not read")
        }
        name = try container.decode(String.self, forKey: .name)
        if format >= 3 {
            sources = try container.decode([Source].self, forKey: .sources)
        } else {
            sources = [Source(path: try container.decode(String.self, forKey: .source),
                              bytes: try container.decode(Int64.self, forKey: .sourceBytes), checksum: nil)]
        }
        built = try container.decode(String.self, forKey: .built)
        do {
            outline = try container.decode(RegionOutline.self, forKey: .outline)
        } catch let invalid as RegionOutline.Invalid {
            throw Damage(description: invalid.description)
        }
        places = try container.decode(Int.self, forKey: .places)
        pois = try container.decode(Int.self, forKey: .pois)
        guard (1...Self.maxStoredSources).contains(sources.count) else {
            throw Damage(description: "has \(sources.isEmpty ? "no" : "\(sources.count)") sources")
        }
        guard sources.allSatisfy({ $0.bytes >= 0 }), places >= 0, pois >= 0 else {
            throw Damage(description: "has a size or a count below zero")
        }
        guard sources.allSatisfy({ $0.checksum.map(SourceChecksum.isWellFormed) ?? true }) else {
            throw Damage(description: "has a source checksum that is not one")
        }
        guard (try? Date.ISO8601FormatStyle().parse(built)) != nil else {
            throw Damage(description: "has a build time that is not a date")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(name, forKey: .name)
        // As read: a manifest of format 1 or 2 keeps its one source's keys.
        if format >= 3 {
            try container.encode(sources, forKey: .sources)
        } else {
            try container.encode(sources[0].path, forKey: .source)
            try container.encode(sources[0].bytes, forKey: .sourceBytes)
        }
        try container.encode(built, forKey: .built)
        try container.encode(outline, forKey: .outline)
        try container.encode(places, forKey: .places)
        try container.encode(pois, forKey: .pois)
    }
}
