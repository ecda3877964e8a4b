import Foundation

/// A stop on a trip.
public struct Waypoint: Codable, Equatable, Identifiable, Sendable {
    public let id: UUID
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
