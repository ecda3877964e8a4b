import Foundation

extension GreatCircle {
    /// Points along the great circle from `a` to `b`, about every `stepKm` (at least the two ends, at most
    /// `maxPoints`), handed to `body` in order as longitude and the sine of the latitude: what Mercator needs
    /// (`MapProjection.worldY(sineOfLatitude:)`), without a latitude's arcsine, tangent and logarithm per point.
    /// Longitudes are continuous from `a`'s: an arc across the antimeridian runs past ±180° (170 → 190).
    static func arc(from a: Coordinate, to b: Coordinate, stepKm: Double, maxPoints: Int,
                    _ body: (_ longitude: Double, _ sineOfLatitude: Double) -> Void) {
        GreatCircleArc(from: a, to: b, stepKm: stepKm, maxPoints: maxPoints).forEach(body)
    }

    /// `longitude` moved by a multiple of 360° to lie within 180° of `previous`.
    @inline(__always)
    static func unwrapped(_ longitude: Double, after previous: Double) -> Double {
        let turns = (previous - longitude) / 360
        // Within half a turn (nearly always): no turn to add, and no call to `round` to say so. `0 * turns` is the
        // zero `turns.rounded()` would give, its sign included.
        guard abs(turns) >= 0.5 else { return longitude + 0 * turns }
        return longitude + 360 * turns.rounded()
    }
}

/// The points of `GreatCircle.arc`, counted before they are made (`count`): a caller fills arrays of that size.
struct GreatCircleArc {
    let a: Coordinate
    let b: Coordinate
    let km: Double
    /// Segments: the points are one more.
    let steps: Int

    init(from a: Coordinate, to b: Coordinate, stepKm: Double, maxPoints: Int) {
        self.a = a
        self.b = b
        km = GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
        steps = min(max(1, Int((km / max(stepKm, 1e-3)).rounded(.up))), max(1, maxPoints - 1))
    }

    var count: Int { steps + 1 }

    /// Hands each point to `body` in order (see `GreatCircle.arc`).
    @inline(__always)
    func forEach(_ body: (_ longitude: Double, _ sineOfLatitude: Double) -> Void) {
        let φ1 = a.latitude * .pi / 180, λ1 = a.longitude * .pi / 180
        let φ2 = b.latitude * .pi / 180, λ2 = b.longitude * .pi / 180
        let p1 = (cos(φ1) * cos(λ1), cos(φ1) * sin(λ1), sin(φ1))
        let p2 = (cos(φ2) * cos(λ2), cos(φ2) * sin(λ2), sin(φ2))
        let angle = km / GreatCircle.meanRadiusKm
        var previousLongitude = a.longitude
        body(a.longitude, p1.2)
        // Nearly the same point, or nearly antipodal (no single great circle): a straight line will do.
        guard sin(angle) >= 1e-9 else {
            for step in 1...steps {
                let f = Double(step) / Double(steps)
                let latitude = a.latitude + f * (b.latitude - a.latitude)
                previousLongitude = GreatCircle.unwrapped(a.longitude + f * (b.longitude - a.longitude), after: previousLongitude)
                body(previousLongitude, sin(latitude * .pi / 180))
            }
            return
        }
        // Points an equal angle δ apart on a great circle obey P(k+1) = 2·cos δ·P(k) − P(k−1) (the slerp
        // weights are sines of kδ), so only the first step needs sines; the error grows by an ulp or so a step.
        let δ = angle / Double(steps), twiceCos = 2 * cos(δ)
        let w0 = sin(angle - δ) / sin(angle), w1 = sin(δ) / sin(angle)
        var before = p1
        var current = (w0 * p1.0 + w1 * p2.0, w0 * p1.1 + w1 * p2.1, w0 * p1.2 + w1 * p2.2)
        for step in 1...steps {
            if step == steps {
                // The last point is `b` itself, not where the recurrence drifted to.
                body(GreatCircle.unwrapped(atan2(p2.1, p2.0) * 180 / .pi, after: previousLongitude), p2.2)
                return
            }
            let (x, y, z) = current
            // The longitude turned since the point before: the angle between their meridians, whose tangent is
            // t. A step of tens of kilometres turns a hundredth of a radian or so, where a short series is atan
            // to 1e-13 (an arcsecond's millionth) at a tenth of atan2's cost; near a pole, atan2 itself.
            let cross = before.0 * y - before.1 * x, dot = before.0 * x + before.1 * y
            let t = cross / dot
            if dot > 0, abs(t) < Self.seriesLimit {
                let t2 = t * t
                previousLongitude += t * (1 - t2 * (1.0 / 3 - t2 * (1.0 / 5 - t2 * (1.0 / 7)))) * (180 / .pi)
            } else {
                previousLongitude = GreatCircle.unwrapped(atan2(y, x) * 180 / .pi, after: previousLongitude)
            }
            body(previousLongitude, z)
            let next = (twiceCos * current.0 - before.0, twiceCos * current.1 - before.1, twiceCos * current.2 - before.2)
            before = current
            current = next
        }
    }

    /// Below this, `t − t³/3 + t⁵/5 − t⁷/7` is within 2·10⁻¹³ of atan t (and of atanh t with the signs all +).
    static let seriesLimit = 0.05
}
