import Foundation

/// Great-circle geometry on a sphere of the WGS84 mean radius.
public enum GreatCircle {
    /// IUGG mean Earth radius R1 = (2a + b) / 3 for WGS84, in kilometres.
    public static let meanRadiusKm = 6_371.0088

    /// Haversine distance in kilometres between two points in decimal degrees.
    /// Haversine stays accurate for short legs, where the spherical law of cosines loses precision.
    public static func distanceKm(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
        let dφ = (lat2 - lat1) * .pi / 180
        let dλ = (lon2 - lon1) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * meanRadiusKm * asin(min(1, sqrt(a)))
    }

    public static func distanceKm(_ a: Waypoint, _ b: Waypoint) -> Double {
        distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
    }
}
