/// A longitude/latitude rectangle in degrees. Longitudes may run past ±180° (west 170, east 190)
/// when a view spans the antimeridian; `west <= east` always.
public struct GeoBox: Equatable, Hashable, Sendable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    public var isValid: Bool { west <= east && south <= north }

    public func intersects(_ other: GeoBox) -> Bool {
        west <= other.east && other.west <= east && south <= other.north && other.south <= north
    }

    /// The same box moved east by `degrees` of longitude.
    public func shifted(by degrees: Double) -> GeoBox {
        GeoBox(west: west + degrees, south: south, east: east + degrees, north: north)
    }
}
