import Foundation

/// A stop on a trip.
public struct Waypoint: Codable, Equatable, Identifiable, Sendable {
    public private(set) var id: UUID
    public var name: String
    /// WGS84 decimal degrees.
    public var latitude: Double
    public var longitude: Double
    /// GeoNames id when the stop was picked from the gazetteer.
    public var placeId: Int?
    /// First-level administrative region ("Illinois"), when known.
    public var region: String?
    /// ISO 3166-1 alpha-2, when known.
    public var countryCode: String?
    /// 0…365 (`Limits.nights`).
    public var nights: Int
    public var notes: String
    /// Members a newer roadtrip wrote that this build does not know: kept and written back.
    public var unknownFields = UnknownFields()

    private enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, placeId, region, countryCode, nights, notes
    }

    public init(id: UUID = UUID(), name: String, latitude: Double, longitude: Double, placeId: Int? = nil,
                region: String? = nil, countryCode: String? = nil, nights: Int = 0, notes: String = "") {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.placeId = placeId
        self.region = region
        self.countryCode = countryCode
        self.nights = nights
        self.notes = notes
    }

    /// The same stop under a new id (a copied trip's): every field kept, those this build does not know too.
    public func withNewID() -> Waypoint {
        var copy = self
        copy.id = UUID()
        return copy
    }

    /// The stop moved to `place`: its name, position, place id, region and country become the place's; what the
    /// user gave the stop (its id, nights, notes, fields this build does not know) stays.
    public func placed(at place: Place) -> Waypoint {
        var copy = self
        copy.name = place.name
        copy.latitude = place.latitude
        copy.longitude = place.longitude
        copy.placeId = place.id == 0 ? nil : place.id
        copy.region = place.admin1
        copy.countryCode = place.countryCode.isEmpty ? nil : place.countryCode
        return copy
    }

    /// Checks every rule and returns the waypoint with its name trimmed. Throws `ValidationError`.
    public func validated() throws -> Waypoint {
        var copy = self
        copy.name = try Limits.checkedName(name, field: "Stop name")
        _ = try Coordinate(latitude: latitude, longitude: longitude)
        try Limits.checkNights(nights)
        try Limits.checkNotes(notes, field: "Stop notes")
        return copy
    }
}
