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
    typealias Vector = (x: Double, y: Double, z: Double)

    let a: Coordinate
    let b: Coordinate
    let km: Double
    /// Segments: the points are one more.
    let steps: Int
    /// The ends on the unit sphere.
    let p1: Vector
    let p2: Vector
    /// The sine of the latitude of the arc's point farthest from the equator, signed, when that point lies between
    /// the ends (nil when an end is the farthest): the top of a long east–west leg, which its chords cut under.
    let farthestSine: Double?

    init(from a: Coordinate, to b: Coordinate, stepKm: Double, maxPoints: Int) {
        self.a = a
        self.b = b
        (p1, p2) = (Self.vector(a), Self.vector(b))
        farthestSine = Self.farthestSine(p1, p2)
        km = GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
        steps = Self.steps(km: km, stepKm: stepKm, maxPoints: maxPoints)
    }

    /// The arc as a map of `kmPerDot` kilometres a dot at the equator draws it: its points as far apart as they can
    /// be with each chord within `sagDots` of the curve in Mercator, and never nearer than `minimumStepKm`. The
    /// ends' vectors (`vector`) are given: a route's stop ends one arc and starts the next.
    init(from a: Coordinate, _ p1: Vector, to b: Coordinate, _ p2: Vector, kmPerDot: Double, sagDots: Double,
         minimumStepKm: Double, maxPoints: Int) {
        self.a = a
        self.b = b
        (self.p1, self.p2) = (p1, p2)
        farthestSine = Self.farthestSine(p1, p2)
        // The angle between the ends from their vectors (|p1 × p2| its sine, p1 · p2 its cosine): one arctangent,
        // where the haversine takes four sines and cosines and an arcsine.
        let n = Self.cross(p1, p2)
        km = atan2((n.x * n.x + n.y * n.y + n.z * n.z).squareRoot(), Self.dot(p1, p2)) * GreatCircle.meanRadiusKm
        let farthest = max(abs(p1.z), abs(p2.z), abs(farthestSine ?? 0))
        steps = Self.steps(km: km, stepKm: max(minimumStepKm, Self.longestChordKm(kmPerDot: kmPerDot, sagDots: sagDots,
                                                                                 sineOfLatitude: farthest)),
                           maxPoints: maxPoints)
    }

    /// `c` on the unit sphere.
    static func vector(_ c: Coordinate) -> Vector {
        let φ = c.latitude * .pi / 180, λ = c.longitude * .pi / 180, cosφ = cos(φ)
        return (cosφ * cos(λ), cosφ * sin(λ), sin(φ))
    }

    private static func steps(km: Double, stepKm: Double, maxPoints: Int) -> Int {
        min(max(1, Int((km / max(stepKm, 1e-3)).rounded(.up))), max(1, maxPoints - 1))
    }

    /// `farthestSine` of the arc between `p1` and `p2`. The great circle's northernmost point is along
    /// ẑ − (ẑ·n̂) n̂, n = p1 × p2, its southernmost the opposite; one of them is on the arc exactly when p1 × v and
    /// v × p2 both point along n. No trigonometry: a leg costs little.
    private static func farthestSine(_ p1: Vector, _ p2: Vector) -> Double? {
        let n = cross(p1, p2)
        let north: Vector = (-n.z * n.x, -n.z * n.y, n.x * n.x + n.y * n.y)
        let length = (north.x * north.x + north.y * north.y + north.z * north.z).squareRoot()
        guard length > 0 else { return nil }
        let south: Vector = (-north.x, -north.y, -north.z)
        @inline(__always) func onTheArc(_ v: Vector) -> Bool { dot(cross(p1, v), n) > 0 && dot(cross(v, p2), n) > 0 }
        return onTheArc(north) ? north.z / length : onTheArc(south) ? south.z / length : nil
    }

    private static func cross(_ u: Vector, _ v: Vector) -> Vector {
        (u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    }

    private static func dot(_ u: Vector, _ v: Vector) -> Double { u.x * v.x + u.y * v.y + u.z * v.z }

    /// The longest chord of a great circle that sags at most `sagDots` off it in Mercator, on an arc that keeps within
    /// the latitude whose sine is `sineOfLatitude`, at `kmPerDot` at the equator. A great circle's image bends by at
    /// most sin φ / R a map kilometre, where a ground kilometre is sec φ of them, so a chord of L km sags
    /// L² sin φ / (8 R cos² φ) map kilometres, each 1 / `kmPerDot` of a dot.
    static func longestChordKm(kmPerDot: Double, sagDots: Double, sineOfLatitude: Double) -> Double {
        // Kept within 1°–89°: the chord would be endless at the equator and nil at a pole (a leg is one chord at
        // least, and its points are never nearer than the caller's least step).
        let sine = min(max(sineOfLatitude, 0.0174524064), 0.9998476952), cosine = (1 - sine * sine).squareRoot()
        return cosine * (8 * GreatCircle.meanRadiusKm * kmPerDot * sagDots / sine).squareRoot()
    }

    var count: Int { steps + 1 }

    /// Hands each point to `body` in order (see `GreatCircle.arc`).
    @inline(__always)
    func forEach(_ body: (_ longitude: Double, _ sineOfLatitude: Double) -> Void) {
        let p1 = (p1.x, p1.y, p1.z), p2 = (p2.x, p2.y, p2.z)
        let angle = km / GreatCircle.meanRadiusKm
        var previousLongitude = a.longitude
        body(a.longitude, p1.2)
        // Nearly the same point, or nearly antipodal (no single great circle): a straight line will do.
        let sinAngle = sin(angle)
        guard sinAngle >= 1e-9 else {
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
        let w0 = sin(angle - δ) / sinAngle, w1 = sin(δ) / sinAngle
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
            } else if dot > 0, abs(t) < Self.longSeriesLimit {
                // A step of a view's arc (hundreds of kilometres): the series to t¹⁵, as close as the short one.
                let t2 = t * t
                let tail = 1.0 / 9 - t2 * (1.0 / 11 - t2 * (1.0 / 13 - t2 * (1.0 / 15)))
                previousLongitude += t * (1 - t2 * (1.0 / 3 - t2 * (1.0 / 5 - t2 * (1.0 / 7 - t2 * tail)))) * (180 / .pi)
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
    /// Below this, the same series to t¹⁵ is within 10⁻¹³ of atan t.
    static let longSeriesLimit = 0.2
}
