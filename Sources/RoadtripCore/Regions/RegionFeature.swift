/// A place (`place=village`…) or point of interest of an installed region, as its build wrote it to
/// `places.tsv` or `pois.tsv` (see `RegionTable`).
public struct RegionFeature: Equatable, Hashable, Sendable {
    /// The OpenStreetMap object: "n123" (node), "w456" (way, at its centre), "r789" (relation, at its centre).
    public var osmID: String
    public var latitude: Double
    public var longitude: Double
    /// For a place, its `place=` value ("village", "hamlet"); for a POI, its tag's value ("camp_site", "fuel").
    public var kind: String
    /// For a POI, its category; nil for a place.
    public var category: POICategory?
    /// `population=` when tagged as a plain number; 0 otherwise.
    public var population: Int
    /// `name` (may be empty for a POI without one: "fuel" stations often have only a brand).
    public var name: String
    /// `name:en` when it differs from `name`; empty otherwise.
    public var englishName: String
    /// `name:*`, `alt_name`, `old_name` (and, for a POI, `brand`): each once, none equal to `name`.
    public var otherNames: [String]

    public init(osmID: String, latitude: Double, longitude: Double, kind: String, category: POICategory? = nil,
                population: Int = 0, name: String, englishName: String = "", otherNames: [String] = []) {
        self.osmID = osmID
        self.latitude = latitude
        self.longitude = longitude
        self.kind = kind
        self.category = category
        self.population = population
        self.name = name
        self.englishName = englishName
        self.otherNames = otherNames
    }
}
