import Foundation

/// An outline in `region.json`: `{"rings": [[[lon, lat], …], …]}`; before rings (manifest format 1),
/// `{"corners": [[lon, lat], …]}`, one ring. The file comes from outside, so what is read is checked: every
/// corner two finite numbers in range, every ring three corners or more.
extension RegionOutline: Codable {
    /// Why an outline read from a file cannot be used, in words ("has an outline corner that is not …").
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// More corners than this make reading every `region.json` slow (a build writes at most 5,000).
    public static let maxStoredCorners = 100_000

    enum CodingKeys: String, CodingKey {
        case rings, corners
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let rings = try container.decodeIfPresent([[[Double]]].self, forKey: .rings) {
            try self.init(checking: rings)
        } else {
            try self.init(checking: [container.decode([[Double]].self, forKey: .corners)])
            // A hull or box of an extract on both sides of ±180° spans nearly 360° of longitude and
            // covers the globe: the builders of format 1 made one for Alaska, Russia, Fiji…
            let longitudes = rings[0].map(\.longitude)
            if let west = longitudes.min(), let east = longitudes.max(), east - west > 180 {
                throw Invalid(description: "has an outline joined across the antimeridian (made by an older roadtrip)")
            }
        }
    }

    private init(checking lists: [[[Double]]]) throws {
        guard !lists.isEmpty else { throw Invalid(description: "has an outline of no rings") }
        guard lists.reduce(0, { $0 + $1.count }) <= Self.maxStoredCorners else {
            throw Invalid(description: "has an outline of more than \(Self.maxStoredCorners) corners")
        }
        self.init(rings: try lists.map { ring in
            guard ring.count >= 3 else { throw Invalid(description: "has an outline ring of fewer than 3 corners") }
            return try ring.map { pair in
                guard pair.count == 2, (-180...180).contains(pair[0]), (-90...90).contains(pair[1]) else {
                    throw Invalid(description: "has an outline corner that is not a longitude and latitude")
                }
                return Corner(longitude: pair[0], latitude: pair[1])
            }
        })
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rings.map { $0.map { [$0.longitude, $0.latitude] } }, forKey: .rings)
    }
}
