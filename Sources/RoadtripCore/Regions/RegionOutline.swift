import Foundation

/// The area a region's extract covers: a closed polygon of (longitude, latitude) corners — the extract's
/// bounding polygon, its bounding box, or the hull of its nodes. Only a stop inside it is routed by the region.
public struct RegionOutline: Equatable, Sendable, Codable {
    /// Corners in order, the first not repeated at the end; at least three.
    public var corners: [[Double]]

    public init(corners: [[Double]]) {
        self.corners = corners
    }

    /// The rectangle from `west` to `east`, `south` to `north`.
    public init(west: Double, south: Double, east: Double, north: Double) {
        corners = [[west, south], [east, south], [east, north], [west, north]]
    }

    /// Even-odd rule on the plane of longitude and latitude (extracts do not cross the antimeridian).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        guard corners.count >= 3 else { return false }
        var inside = false
        var previous = corners[corners.count - 1]
        for corner in corners {
            let (x1, y1, x2, y2) = (previous[0], previous[1], corner[0], corner[1])
            if (y1 > latitude) != (y2 > latitude),
               longitude < (x2 - x1) * (latitude - y1) / (y2 - y1) + x1 {
                inside.toggle()
            }
            previous = corner
        }
        return inside
    }

    public func contains(_ coordinate: Coordinate) -> Bool {
        contains(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// The area in km² (shoelace formula on an equirectangular projection at the polygon's mean latitude):
    /// to say which of two regions is smaller, and for `region list`.
    public var areaKm2: Double {
        guard corners.count >= 3 else { return 0 }
        let meanLatitude = corners.reduce(0) { $0 + $1[1] } / Double(corners.count)
        let kmPerDegree = GreatCircle.meanRadiusKm * Double.pi / 180
        let xScale = kmPerDegree * cos(meanLatitude * Double.pi / 180)
        var twice = 0.0
        var previous = corners[corners.count - 1]
        for corner in corners {
            twice += (previous[0] * xScale) * (corner[1] * kmPerDegree) - (corner[0] * xScale) * (previous[1] * kmPerDegree)
            previous = corner
        }
        return abs(twice) / 2
    }
}
