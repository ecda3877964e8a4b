import Foundation

/// Douglas–Peucker, bounded by a count: keeps a track's first and last points, then again and again the point
/// farthest from the line between the kept points around it, until `limit` points are kept or every other
/// point lies on those lines (`negligible`). The points kept are where the track turns most, in track order.
///
/// Distances are measured on a local plane (longitude scaled by the cosine of the latitude), which is
/// enough to rank turns; a track across the antimeridian is not unwrapped.
enum TrackSimplifier {
    /// About 0.1 mm: a point this close to the line is on it (rounding makes collinear points not quite so).
    static let negligible = 1e-9

    static func simplify(_ points: [Coordinate], limit: Int) -> [Coordinate] {
        guard points.count > limit, limit >= 2 else { return points }
        var kept: Set<Int> = [0, points.count - 1]
        // Each span between neighbouring kept points, with its farthest point (computed once per span).
        var spans: [(from: Int, to: Int, farthest: Int, distance: Double)] = []
        func addSpan(_ from: Int, _ to: Int) {
            guard to - from >= 2 else { return }
            var best = (index: from + 1, distance: -1.0)
            for i in (from + 1)..<to {
                let d = distance(points[i], from: points[from], to: points[to])
                if d > best.distance { best = (i, d) }
            }
            spans.append((from, to, best.index, best.distance))
        }
        addSpan(0, points.count - 1)
        while kept.count < limit, let widest = spans.indices.max(by: { spans[$0].distance < spans[$1].distance }),
              spans[widest].distance > negligible {
            let span = spans.remove(at: widest)
            kept.insert(span.farthest)
            addSpan(span.from, span.farthest)
            addSpan(span.farthest, span.to)
        }
        return kept.sorted().map { points[$0] }
    }

    /// The distance from `p` to the segment a–b (to `a` when a and b are the same point), in degrees of
    /// latitude on a plane around them.
    static func distance(_ p: Coordinate, from a: Coordinate, to b: Coordinate) -> Double {
        let scale = cos((a.latitude + b.latitude) / 2 * .pi / 180)
        let (bx, by) = ((b.longitude - a.longitude) * scale, b.latitude - a.latitude)
        let (px, py) = ((p.longitude - a.longitude) * scale, p.latitude - a.latitude)
        let length2 = bx * bx + by * by
        let t = length2 == 0 ? 0 : min(1, max(0, (px * bx + py * by) / length2))
        let (dx, dy) = (px - t * bx, py - t * by)
        return (dx * dx + dy * dy).squareRoot()
    }
}
