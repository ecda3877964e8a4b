/// A WGS84 position in decimal degrees. Only valid values can be constructed.
public struct Coordinate: Equatable, Hashable, Sendable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) throws {
        try Self.check(latitude, field: "Latitude", range: Limits.latitude)
        try Self.check(longitude, field: "Longitude", range: Limits.longitude)
        self.latitude = latitude
        self.longitude = longitude
    }

    /// For values validated already (a stored stop): no second check on a hot path.
    init(checked latitude: Double, _ longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    private static func check(_ value: Double, field: String, range: ClosedRange<Double>) throws {
        guard value.isFinite else { throw ValidationError.notFinite(field: field) }
        guard range.contains(value) else {
            throw ValidationError.outOfRange(field: field, value: value, range: range)
        }
    }
}
