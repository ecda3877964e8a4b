import Foundation

/// How far a point lies from an outline's edge, for the few km an outline's simplification may have moved it
/// (`ExtractCover.toleranceKm`): the edges as straight lines on a plane tangent at the point (longitude scaled by
/// the cosine of its latitude), within a few metres of the sphere's answer at that range.
enum OutlineDistance {
    /// Km from `point` to the nearest edge of `ring` (corners in order, the last joined to the first).
    static func km(from point: Coordinate, toRing ring: [RegionOutline.Corner]) -> Double {
        guard var previous = ring.last else { return .infinity }
        let kmPerDegree = GreatCircle.meanRadiusKm * .pi / 180
        let xScale = kmPerDegree * cos(point.latitude * .pi / 180)
        func plane(_ corner: RegionOutline.Corner) -> (x: Double, y: Double) {
            ((corner.longitude - point.longitude) * xScale, (corner.latitude - point.latitude) * kmPerDegree)
        }
        var nearest = Double.infinity
        for corner in ring {
            let (a, b) = (plane(previous), plane(corner))
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length2 = dx * dx + dy * dy
            // The foot of the perpendicular from the point (the origin), kept on the edge.
            let t = length2 > 0 ? min(1, max(0, -(a.x * dx + a.y * dy) / length2)) : 0
            nearest = min(nearest, hypot(a.x + t * dx, a.y + t * dy))
            previous = corner
        }
        return nearest
    }
}
