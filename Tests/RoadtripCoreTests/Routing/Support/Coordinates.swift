import RoadtripCore

/// A coordinate known to be valid, for the routing tests.
func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
    try! Coordinate(latitude: latitude, longitude: longitude)
}
