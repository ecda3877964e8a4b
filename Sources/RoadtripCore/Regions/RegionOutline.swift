import Foundation

/// The area a region's extract covers: one or more rings of (longitude, latitude) corners, each a closed
/// polygon on the plane of longitude and latitude — the extract's bounding polygon, its bounding box, or a
/// hull. No ring crosses the antimeridian: an extract across ±180° has a ring on each side (as Geofabrik's
/// polygon files have), so the plane's even-odd rule is right on the globe. Only a stop inside a ring is
/// routed by the region.
public struct RegionOutline: Equatable, Sendable {
    public struct Corner: Equatable, Sendable {
        public var longitude: Double
        public var latitude: Double

        public init(longitude: Double, latitude: Double) {
            self.longitude = longitude
            self.latitude = latitude
        }
    }

    /// Each ring's corners in order, the first not repeated at the end.
    public var rings: [[Corner]]

    public init(rings: [[Corner]]) {
        self.rings = rings
    }

    /// One ring of `[longitude, latitude]` pairs (what is not a pair is left out).
    public init(corners: [[Double]]) {
        rings = [corners.compactMap { $0.count == 2 ? Corner(longitude: $0[0], latitude: $0[1]) : nil }]
    }

    /// The rectangle from `west` to `east`, `south` to `north`; when `west` is east of `east` it crosses the
    /// antimeridian and is two rectangles, one each side.
    public init(west: Double, south: Double, east: Double, north: Double) {
        func box(_ west: Double, _ east: Double) -> [Corner] {
            [Corner(longitude: west, latitude: south), Corner(longitude: east, latitude: south),
             Corner(longitude: east, latitude: north), Corner(longitude: west, latitude: north)]
        }
        rings = west <= east ? [box(west, east)] : [box(west, 180), box(-180, east)]
    }

    /// Inside any ring (the even-odd rule on the plane of longitude and latitude).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        rings.contains { ring in
            guard ring.count >= 3 else { return false }
            var inside = false
            var previous = ring[ring.count - 1]
            for corner in ring {
                let (x1, y1, x2, y2) = (previous.longitude, previous.latitude, corner.longitude, corner.latitude)
                if (y1 > latitude) != (y2 > latitude), longitude < (x2 - x1) * (latitude - y1) / (y2 - y1) + x1 {
                    inside.toggle()
                }
                previous = corner
            }
            return inside
        }
    }

    public func contains(_ coordinate: Coordinate) -> Bool {
        contains(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// The Earth's surface in km² (a sphere of the mean radius): no outline measures more.
    public static let earthKm2 = 4 * Double.pi * GreatCircle.meanRadiusKm * GreatCircle.meanRadiusKm

    /// The area in km² on the sphere of what the rings enclose, with their edges as straight lines of
    /// longitude and latitude (as `contains` takes them): to say which of two regions is smaller, and for
    /// `region list`. Rings that overlap count twice, up to the Earth's surface.
    public var areaKm2: Double {
        min(Self.earthKm2, rings.reduce(0) { $0 + Self.area(of: $1) })
    }

    /// R² |∮ sin(latitude) d(longitude)| (Green's theorem on R² cos φ dφ dλ), exact along each straight edge.
    private static func area(of ring: [Corner]) -> Double {
        guard ring.count >= 3 else { return 0 }
        let radians = Double.pi / 180
        var sum = 0.0
        var previous = ring[ring.count - 1]
        for corner in ring {
            let dLongitude = (corner.longitude - previous.longitude) * radians
            let (from, to) = (previous.latitude * radians, corner.latitude * radians)
            let half = (to - from) / 2
            // The mean of sin φ along the edge: sin(mid) · sin(h)/h, which tends to sin(mid) on a parallel.
            let meanSine = sin(from + half) * (abs(half) < 1e-9 ? 1 : sin(half) / half)
            sum += dLongitude * meanSine
            previous = corner
        }
        return abs(sum) * GreatCircle.meanRadiusKm * GreatCircle.meanRadiusKm
    }
}
