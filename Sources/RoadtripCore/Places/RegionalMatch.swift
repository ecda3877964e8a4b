import Foundation

/// What a search result taken from an installed region adds to its `Place`: which region, which
/// OpenStreetMap object, and for a point of interest what it is and where.
public struct RegionalMatch: Equatable, Sendable {
    /// The region's name (its folder).
    public let region: String
    public let feature: RegionFeature
    /// For a point of interest, the nearest place (of the regions or the gazetteer): "Portree".
    public let nearPlace: String?

    public init(region: String, feature: RegionFeature, nearPlace: String? = nil) {
        self.region = region
        self.feature = feature
        self.nearPlace = nearPlace
    }

    public var isPOI: Bool { feature.category != nil }

    /// "fuel", "camp site", "charging station", "village": the OSM value, in words.
    public var kindWords: String { feature.kind.replacingOccurrences(of: "_", with: " ") }

    /// "camp site (sleep) near Austvik", "village": what the feature is and, for a POI, where.
    public var summary: String {
        guard let category = feature.category else { return kindWords }
        let what = kindWords == category.rawValue ? kindWords : "\(kindWords) (\(category.rawValue))"
        return nearPlace.map { "\(what) near \($0)" } ?? what
    }
}

extension RegionFeature {
    /// The name to show: `name`, else the English one, else another (a fuel station's brand), else the kind
    /// ("Fuel", "Camp site").
    public var displayName: String {
        if !name.isEmpty { return name }
        if !englishName.isEmpty { return englishName }
        if let other = otherNames.first(where: { !$0.isEmpty }) { return other }
        let words = kind.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The id a stop made from this feature keeps in `Waypoint.placeId`: minus the OSM node id ("n123" → -123),
    /// so it never meets a GeoNames id (positive); nil (0 in a `Place`) for a way or relation, whose centre is no
    /// stable point. OSM node ids pass 2^32 but are far below Int64's range.
    public var placeID: Int {
        guard osmID.first == "n", let number = Int(osmID.dropFirst()), number > 0 else { return 0 }
        return -number
    }
}
