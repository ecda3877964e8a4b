import Foundation

extension GreatCircle {
    /// Points along the great circle from `a` to `b`, about every `stepKm` (at least the two ends, at most
    /// `maxPoints`). Longitudes are continuous from `a`'s: an arc across the antimeridian runs past ±180°
    /// (170 → 190) instead of jumping back.
    public static func arc(from a: Coordinate, to b: Coordinate, stepKm: Double = 50, maxPoints: Int = 400) -> [(longitude: Double, latitude: Double)] {
        let φ1 = a.latitude * .pi / 180, λ1 = a.longitude * .pi / 180
        let φ2 = b.latitude * .pi / 180, λ2 = b.longitude * .pi / 180
        let p1 = (cos(φ1) * cos(λ1), cos(φ1) * sin(λ1), sin(φ1))
        let p2 = (cos(φ2) * cos(λ2), cos(φ2) * sin(λ2), sin(φ2))
        let km = distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
        let angle = km / meanRadiusKm
        let steps = min(max(1, Int((km / max(stepKm, 1e-3)).rounded(.up))), max(1, maxPoints - 1))
        var points = [(longitude: a.longitude, latitude: a.latitude)]
        // Nearly the same point, or nearly antipodal (no single great circle): a straight line will do.
        let straight = sin(angle) < 1e-9
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            var longitude: Double, latitude: Double
            if straight {
                longitude = a.longitude + f * (b.longitude - a.longitude)
                latitude = a.latitude + f * (b.latitude - a.latitude)
            } else {
                let wa = sin((1 - f) * angle) / sin(angle), wb = sin(f * angle) / sin(angle)
                let x = wa * p1.0 + wb * p2.0, y = wa * p1.1 + wb * p2.1, z = wa * p1.2 + wb * p2.2
                latitude = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
                longitude = atan2(y, x) * 180 / .pi
            }
            points.append((unwrapped(longitude, after: points[points.count - 1].longitude), latitude))
        }
        return points
    }

    /// `longitude` moved by a multiple of 360° to lie within 180° of `previous`.
    static func unwrapped(_ longitude: Double, after previous: Double) -> Double {
        longitude + 360 * ((previous - longitude) / 360).rounded()
    }
}
