/// How a query met a place, best first.
public enum PlaceMatchKind: Equatable, Hashable, Sendable {
    /// The whole query is the place's name (or one of its alternate names).
    case exact
    /// The query starts the name or an alternate name: "chic" → Chicago.
    case prefix
    /// The query starts a later word of a name: "york" → New York City.
    case wordPrefix
    /// Within `edits` typing mistakes of a name or of its start: "albuqerque" → Albuquerque.
    case fuzzy(edits: Int)
    /// The query was a coordinate; the match's place is that point (id 0).
    case coordinate
    /// The known place nearest to a coordinate query.
    case nearest
    /// The query named a kind of point of interest ("fuel", "camp near Portree"): the nearest of that kind.
    case category
}

/// One search result.
public struct PlaceMatch: Equatable, Sendable {
    public let place: Place
    public let kind: PlaceMatchKind
    /// Higher is better; only comparable within one query's results.
    public let score: Double
    /// The alternate name that matched, when it was not the place's own name ("Bombay" for Mumbai).
    public let matchedName: String?
    /// Kilometres from the `near` point of the query, or for `.nearest` from the typed coordinate.
    public let distanceKm: Double?
    /// Direction from the `near` point, in degrees clockwise from north.
    public let bearing: Double?
    /// Set when the match comes from an installed region rather than the gazetteer (`RegionPlaceIndex`).
    public let regional: RegionalMatch?

    public init(place: Place, kind: PlaceMatchKind, score: Double, matchedName: String? = nil, distanceKm: Double? = nil,
                bearing: Double? = nil, regional: RegionalMatch? = nil) {
        self.place = place
        self.kind = kind
        self.score = score
        self.matchedName = matchedName
        self.distanceKm = distanceKm
        self.bearing = bearing
        self.regional = regional
    }
}

extension PlaceMatch {
    /// Whether the place bears the name typed: the query, less its qualifiers ("springfield, il", "paris tx"), is the
    /// place's name or another of its names, accents, case and punctuation aside ("tromso" is Tromsø, "bombay"
    /// Mumbai, "st louis" St. Louis); or the query was a point or a kind of place. Otherwise the place is only the
    /// closest match ("flåm, norway" → Flå, 150 km from Flåm; "chic" → Chicago): `add-stop --place` takes it only
    /// with `--first`, and the stop form and `roadtrip places` mark it.
    public var isNamedAsTyped: Bool {
        switch kind {
        case .exact, .coordinate, .category: return true
        case .prefix, .wordPrefix, .fuzzy, .nearest: return false
        }
    }
}
