import Foundation

/// Web Mercator onto a grid of square pixels (braille dots), fitted to a set of points.
///
/// Longitudes are continuous across the antimeridian: a trip from Kamchatka to Alaska is fitted
/// as one piece, its western end on the left, by placing the view's seam in the widest gap between
/// the points rather than at ±180°. `project` puts any coordinate at its copy nearest the view.
/// Latitudes are clamped to ±85°, where Mercator's scale is still finite.
///
/// ```swift
/// let projection = MapProjection(fitting: stops.map(\.coordinate), width: 240, height: 160)
/// let p = projection.project(stop.coordinate)     // p.x, p.y in dots from the top left
/// ```
public struct MapProjection: Equatable, Sendable {
    public static let maxLatitude = 85.0
    /// The smallest view (degrees of longitude, or the same distance north–south) a fit zooms to.
    public static let minimumSpan = 0.2
    /// The view around a single point.
    public static let singlePointSpan = 4.0
    /// With no points: the inhabited world, Antarctica and the Arctic Ocean left out.
    public static let worldView = GeoBox(west: -180, south: -60, east: 180, north: 80)

    public private(set) var width: Int
    public private(set) var height: Int
    /// World coordinates (the whole Mercator square is 0…1, x from 180° W, y from the north edge)
    /// of the view's centre, and pixels per world unit.
    public private(set) var centerX: Double
    public private(set) var centerY: Double
    public private(set) var scale: Double

    /// Fits `points` inside `width`×`height` pixels with `margin` pixels free on every side (less when
    /// the grid is too small for it).
    public init(fitting points: [Coordinate], width: Int, height: Int, margin: Int = 4) {
        let box: GeoBox
        switch points.count {
        case 0:
            box = Self.worldView
        case 1:
            box = GeoBox(west: points[0].longitude, south: points[0].latitude, east: points[0].longitude, north: points[0].latitude)
        default:
            let range = Self.continuousRange(points.map(\.longitude))
            box = GeoBox(west: range.west, south: points.map(\.latitude).min()!, east: range.east,
                         north: points.map(\.latitude).max()!)
        }
        self.init(west: Self.worldX(box.west), east: Self.worldX(box.east), top: Self.worldY(box.north),
                  bottom: Self.worldY(box.south), minimumSpan: points.count == 1 ? Self.singlePointSpan : Self.minimumSpan,
                  width: width, height: height, margin: margin)
    }

    /// The same for lines given as longitudes (each line continuous, the lines one after another) and Mercator ys
    /// (`worldY`), as a map's route keeps them: no latitude is needed, so none is computed. `farthestYs` adds the
    /// tops of arcs drawn in chords (`TripMapModel.Route.farthestYs`).
    init(fittingLongitudes longitudes: [Double], worldYs: [Double], farthestYs: [Double?] = [], width: Int, height: Int,
         margin: Int) {
        let count = longitudes.count
        guard count > 0 else {
            self.init(fitting: [], width: width, height: height, margin: margin)
            return
        }
        // Most routes span well under half the world: their range is the wrapped longitudes' least and greatest,
        // found without an array of 16,000 of them (`continuousRange` gives the same).
        var westmost = Double.infinity, eastmost = -Double.infinity
        var top = Double.infinity, bottom = -Double.infinity
        longitudes.withUnsafeBufferPointer { longitudes in
            worldYs.withUnsafeBufferPointer { worldYs in
                // Compared by hand, one instruction each: `min` and `max` keep the first of two equal values (0 and −0,
                // one longitude here), which the processor's own do not, and cost four (a route has 15,000 points).
                for index in 0..<min(longitudes.count, worldYs.count) {
                    let longitude = longitudes[index], y = worldYs[index]
                    westmost = longitude < westmost ? longitude : westmost
                    eastmost = longitude > eastmost ? longitude : eastmost
                    top = y < top ? y : top
                    bottom = y > bottom ? y : bottom
                }
            }
        }
        for case let y? in farthestYs {
            top = y < top ? y : top
            bottom = y > bottom ? y : bottom
        }
        // Within one turn of 360° from −180° (nearly always), wrapping takes the same 360·k off every longitude and
        // keeps their order: the ends wrapped are the wrapped ends, found without wrapping each point.
        if Self.turn(westmost) == Self.turn(eastmost) {
            (westmost, eastmost) = (Self.wrapped(westmost), Self.wrapped(eastmost))
        } else {
            (westmost, eastmost) = (Double.infinity, -Double.infinity)
            for longitude in longitudes {
                let wrapped = Self.wrapped(longitude)
                westmost = min(westmost, wrapped)
                eastmost = max(eastmost, wrapped)
            }
        }
        let range = eastmost - westmost < Self.narrowRange ? (west: westmost, east: eastmost)
            : Self.continuousRange(longitudes.map(Self.wrapped))
        self.init(west: Self.worldX(range.west), east: Self.worldX(range.east), top: top, bottom: bottom,
                  minimumSpan: count == 1 ? Self.singlePointSpan : Self.minimumSpan, width: width, height: height,
                  margin: margin)
    }

    /// A box in world coordinates fitted inside `width`×`height` pixels, `margin` free on every side (less when
    /// the grid is too small for it), at least `minimumSpan` degrees across.
    private init(west: Double, east: Double, top: Double, bottom: Double, minimumSpan: Double, width: Int, height: Int,
                 margin: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        let spanX = max(east - west, minimumSpan / 360), spanY = max(bottom - top, minimumSpan / 360)
        let usableX = Double(max(1, self.width - 2 * margin)), usableY = Double(max(1, self.height - 2 * margin))
        centerX = (west + east) / 2
        centerY = (top + bottom) / 2
        scale = min(usableX / spanX, usableY / spanY)
    }

    /// The pixel position of a coordinate, at its copy (±360°) nearest the view's centre.
    public func project(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        project(coordinate, worldY: Self.worldY(coordinate.latitude))
    }

    /// The same with the latitude's Mercator y (`worldY`) already worked out (a route's stops).
    func project(_ coordinate: Coordinate, worldY: Double) -> (x: Double, y: Double) {
        let center = centerLongitude
        var longitude = coordinate.longitude
        longitude += 360 * ((center - longitude) / 360).rounded()
        return project(longitude: longitude, worldY: worldY)
    }

    /// The pixel position of a longitude taken as given (a base-map point already shifted by its
    /// polyline's `longitudeShift`).
    public func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        project(longitude: longitude, worldY: Self.worldY(latitude))
    }

    /// The same with the latitude given as its Mercator y (`worldY`), computed once for a line drawn in many views.
    func project(longitude: Double, worldY: Double) -> (x: Double, y: Double) {
        ((Self.worldX(longitude) - centerX) * scale + Double(width) / 2, (worldY - centerY) * scale + Double(height) / 2)
    }

    /// The longitude and latitude at a pixel (longitude continuous, possibly past ±180°).
    public func coordinate(x: Double, y: Double) -> (longitude: Double, latitude: Double) {
        let wx = (x - Double(width) / 2) / scale + centerX
        let wy = (y - Double(height) / 2) / scale + centerY
        return (wx * 360 - 180, atan(sinh(.pi * (1 - 2 * wy))) * 180 / .pi)
    }

    /// What the grid shows (longitudes continuous, latitudes within ±85°).
    public var visibleBox: GeoBox {
        let topLeft = coordinate(x: 0, y: 0), bottomRight = coordinate(x: Double(width), y: Double(height))
        return GeoBox(west: topLeft.longitude, south: max(-Self.maxLatitude, bottomRight.latitude),
                      east: bottomRight.longitude, north: min(Self.maxLatitude, topLeft.latitude))
    }

    public var centerLongitude: Double { centerX * 360 - 180 }

    /// Kilometres a dot at the equator (a dot at latitude φ is cos φ of them).
    public var kmPerDot: Double { 40_075.017 / scale }

    /// Degrees of longitude per pixel (for choosing the base map's resolution).
    public var degreesPerPixel: Double { 360 / scale }

    /// The same view magnified `factor` times (below 1 zooms out) about its centre.
    public func zoomed(by factor: Double) -> MapProjection {
        var copy = self
        copy.scale *= factor
        return copy
    }

    /// The same view moved by whole pixels (positive `dx` shows more of the east, `dy` more of the south).
    public func panned(dx: Double, dy: Double) -> MapProjection {
        var copy = self
        copy.centerX += dx / scale
        copy.centerY = min(max(copy.centerY + dy / scale, Self.worldY(Self.maxLatitude)), Self.worldY(-Self.maxLatitude))
        return copy
    }

    /// The same centre and scale on a grid of another size (the terminal was resized).
    public func resized(width: Int, height: Int) -> MapProjection {
        var copy = self
        copy.width = max(0, width)
        copy.height = max(0, height)
        return copy
    }

    /// The same view centred on a coordinate (at its copy nearest the current centre).
    public func centered(on coordinate: Coordinate) -> MapProjection {
        let p = project(coordinate)
        return panned(dx: p.x - Double(width) / 2, dy: p.y - Double(height) / 2)
    }

    static func worldX(_ longitude: Double) -> Double { (longitude + 180) / 360 }

    static func worldY(_ latitude: Double) -> Double {
        let phi = min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180
        return (1 - log(tan(.pi / 4 + phi / 2)) / .pi) / 2
    }

    /// The same from the latitude's sine (ln tan(π/4 + φ/2) = ½ ln((1 + sin φ)/(1 − sin φ)): one logarithm).
    static func worldY(sineOfLatitude z: Double) -> Double {
        guard abs(z) < sineOfMaxLatitude else { return worldY(z < 0 ? -maxLatitude : maxLatitude) }
        return (1 - 0.5 * log((1 + z) / (1 - z)) / .pi) / 2
    }

    /// Mercator ys of points met one after another along a line (an arc's), each from the one before by
    /// atanh z₂ − atanh z₁ = atanh((z₂ − z₁)/(1 − z₁z₂)): a short series while the step is small (see
    /// `GreatCircleArc.seriesLimit`) instead of a logarithm per point.
    struct WorldYWalk {
        private var z = 0.0, h = 0.0, started = false

        mutating func y(sineOfLatitude next: Double) -> Double {
            guard abs(next) < sineOfMaxLatitude else {
                started = false
                return worldY(sineOfLatitude: next)
            }
            let u = (next - z) / (1 - next * z)
            if started, abs(u) < GreatCircleArc.seriesLimit {
                let u2 = u * u
                h += u * (1 + u2 * (1.0 / 3 + u2 * (1.0 / 5 + u2 * (1.0 / 7))))
            } else {
                h = 0.5 * log((1 + next) / (1 - next))
            }
            (z, started) = (next, true)
            return (1 - h / .pi) / 2
        }
    }

    /// sin(85°), `sin(maxLatitude * .pi / 180)` to the last bit (`MapProjectionTests`), as a literal: a computed
    /// static is fetched through a lazy initialiser's check, once per point of every arc.
    static let sineOfMaxLatitude = 0.9961946980917455

    /// Longitudes spread over less than this have no gap wider than the one across ±180°.
    static let narrowRange = 170.0

    /// The longitudes' range made continuous: the seam goes in the widest gap between them, so a trip across
    /// ±180° gets one range (e.g. 158…210) from west to east.
    static func continuousRange(_ longitudes: [Double]) -> (west: Double, east: Double) {
        var westmost = longitudes[0], eastmost = westmost
        for longitude in longitudes {
            westmost = min(westmost, longitude)
            eastmost = max(eastmost, longitude)
        }
        // Points within well under half the world: no gap between them is as wide as the one across ±180°, so
        // the range is the same as below without sorting a long route's thousands of points.
        if eastmost - westmost < narrowRange {
            return (westmost, eastmost)
        }
        let sorted = longitudes.sorted()
        // The gap across ±180° (from the easternmost back round to the westernmost) is the default.
        var widest = sorted[0] + 360 - sorted[sorted.count - 1]
        var west = sorted[0]
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > widest {
            widest = b - a
            west = b
        }
        return (west, west + 360 - widest)
    }

    /// `longitude` within −180…180.
    static func wrapped(_ longitude: Double) -> Double {
        longitude - 360 * turn(longitude)
    }

    /// How many whole turns `longitude` lies east of −180° (negative west of it): what `wrapped` takes off.
    static func turn(_ longitude: Double) -> Double {
        ((longitude + 180) / 360).rounded(.down)
    }
}
