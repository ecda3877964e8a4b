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

    /// The north-south part of the distance between points at these latitudes: never more than `distanceKm` (less
    /// a rounding margin of a metre), and no trigonometry. A search rejects far points with it before measuring them.
    static func latitudeGapKm(_ lat1: Double, _ lat2: Double) -> Double {
        abs(lat1 - lat2) * (meanRadiusKm * .pi / 180) - 0.001
    }

    public static func distanceKm(_ a: Waypoint, _ b: Waypoint) -> Double {
        distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
    }

    /// Initial bearing from the first point to the second, in degrees clockwise from north (0..<360).
    public static func bearing(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
        let dλ = (lon2 - lon1) * .pi / 180
        let y = sin(dλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(dλ)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// "N", "NE", "E" ... : the nearest of the eight compass points to a bearing.
    public static func compassPoint(_ degrees: Double) -> String {
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let normalized = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return points[Int((normalized / 45).rounded()) % 8]
    }
}
