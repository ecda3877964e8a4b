/// A populated place of the gazetteer (GeoNames).
public struct Place: Equatable, Hashable, Codable, Sendable {
    /// GeoNames id (stored in `Waypoint.placeId`); minus the OSM node id for a place or POI of an installed region
    /// (`RegionFeature.placeID`); 0 for a coordinate typed by the user or a region's way.
    public let id: Int
    /// Native spelling: "Zürich", "São Paulo".
    public let name: String
    /// ASCII transliteration: "Zurich", "Sao Paulo".
    public let asciiName: String
    /// The few alternate names kept in the data (ASCII): "Zuerich", "Bombay", "Cologne".
    public let alternateNames: [String]
    /// The name in the script of the place's own country when it differs from `name`: "東京" for Tokyo.
    public let nativeName: String?
    /// First-level region as people write it ("Illinois", "São Paulo"); nil when GeoNames has none.
    public let admin1: String?
    /// GeoNames admin1 code ("IL", "ZH", "08"); empty when unknown.
    public let admin1Code: String
    /// The county (admin2), kept only where two places of a region share a name: "Lamar County".
    public let admin2: String?
    /// ISO 3166-1 alpha-2.
    public let countryCode: String
    public let countryName: String
    public let latitude: Double
    public let longitude: Double
    public let population: Int
    /// IANA time zone ("America/Chicago") as the gazetteer gives it; empty when unknown. A stop takes
    /// `groundTimeZone`, the boundary index's, where the two disagree.
    public let timezone: String
    /// The country's capital.
    public let isCapital: Bool

    public init(id: Int, name: String, asciiName: String, alternateNames: [String] = [], nativeName: String? = nil,
                admin1: String?, admin1Code: String = "", admin2: String? = nil, countryCode: String,
                countryName: String, latitude: Double, longitude: Double, population: Int, timezone: String,
                isCapital: Bool = false) {
        self.id = id
        self.name = name
        self.asciiName = asciiName
        self.alternateNames = alternateNames
        self.nativeName = nativeName
        self.admin1 = admin1
        self.admin1Code = admin1Code
        self.admin2 = admin2
        self.countryCode = countryCode
        self.countryName = countryName
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.timezone = timezone
        self.isCapital = isCapital
    }

    /// "Chicago, Illinois, US" — name, county where needed, region when known and different from the
    /// name, country code.
    public var label: String {
        ([name] + region + (countryCode.isEmpty ? [] : [countryCode])).joined(separator: ", ")
    }

    /// "Tokyo 東京": the name, and beside it the native one when there is one.
    public var displayName: String {
        nativeName.map { "\(name) \($0)" } ?? name
    }

    /// Where in its country the place is: ["Lamar County", "Texas"], ["Illinois"], [] (a city-state).
    public var region: [String] {
        var parts: [String] = []
        if let admin2, !admin2.isEmpty { parts.append(admin2) }
        if let admin1, !admin1.isEmpty, admin1 != name, admin1 != asciiName { parts.append(admin1) }
        return parts
    }

    /// A waypoint at this place, with its place id, region and country filled in.
    public func waypoint(nights: Int = 0, notes: String = "") -> Waypoint {
        Waypoint(name: name, latitude: latitude, longitude: longitude, nights: nights, notes: notes).placed(at: self)
    }
}
